"""The `agent-avenue` command line: one module per command, wired from one command table."""

from agent_avenue.cli.commands import main

__all__ = ["main"]
