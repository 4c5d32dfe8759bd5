"""The network layer: a game server, its protocol, and clients that play a seat from afar.

It may use the engine, data, i18n, bots, play and storage layers; never ui or cli.
"""
