"""Run the command-line interface with `python -m agent_avenue`."""

from agent_avenue.cli import main

raise SystemExit(main())
