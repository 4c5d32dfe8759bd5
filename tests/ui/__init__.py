"""Tests of the terminal app, driven through Textual's Pilot."""
