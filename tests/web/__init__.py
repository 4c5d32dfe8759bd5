"""Tests of the web page (`agent-avenue host --web`)."""
