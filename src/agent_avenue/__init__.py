"""Agent Avenue for the terminal: rules engine, hot-seat app, tutorial and computer opponent."""

__version__ = "0.1.0"
