"""The locale files compiled into Python by tools/compile_data.py, one module per language."""
