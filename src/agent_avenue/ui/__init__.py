"""The Textual user interface: the app, its screens and reusable widgets."""
