"""Errors the engine raises for actions and positions that the rules do not allow."""


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why."""


class InvalidPosition(ValueError):
    """A set-up position that cannot occur (too many copies, a card in two places, ...)."""
