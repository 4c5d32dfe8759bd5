"""What every layer may use and none owns: the one lazy-import mechanism (lazy.py)."""
