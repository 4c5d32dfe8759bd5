"""The play layer: a game in progress, who sits where, and what the table must show next."""
