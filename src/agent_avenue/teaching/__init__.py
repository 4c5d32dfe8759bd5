"""The teaching layer: sentences from engine facts, hints and the tutorial."""
