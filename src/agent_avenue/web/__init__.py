"""A seat in a web browser (`agent-avenue host --web`): one `join` per visitor (textual-serve)."""
