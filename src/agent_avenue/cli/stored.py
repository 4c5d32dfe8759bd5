"""The `agent-avenue` commands that take up a stored game in the app: resume and replay.

Storage (and with it pydantic) is imported only when one of these commands runs, so `play` and
`referee` start as fast as before. Every refusal is one sentence on stderr and exit status 2.
"""

from __future__ import annotations

import argparse

from agent_avenue import storage
from agent_avenue.cli.command import Command, Context, app_status, no_arguments
from agent_avenue.cli.history import add_replay_arguments
from agent_avenue.data import load_rules
from agent_avenue.i18n import t

__all__ = ["REPLAY", "RESUME"]


def run_resume(args: argparse.Namespace, context: Context) -> int:
    """`agent-avenue resume`: the saved game at a handoff screen, or one sentence and exit 2."""
    rules = load_rules()
    load_app, fail = context.load_app, context.fail
    found = storage.load_save(rules=rules)
    if found.save is None:
        return fail(found.problem or t("resume.none"))
    run_app = load_app()
    if run_app is None:
        return fail(t("language.cli.no_app", prog="agent-avenue"))
    return app_status(run_app(rules=rules, resume=True))


def run_replay(args: argparse.Namespace, context: Context) -> int:
    """`agent-avenue replay [GAME]`: a finished game in the app; a bad or unknown GAME exits 2."""
    rules = load_rules()
    load_app, fail = context.load_app, context.fail
    try:
        game = storage.find_game(args.game, rules=rules)
    except storage.StorageError as exc:
        return fail(str(exc))
    if game.result is None:
        return fail(t("replay.unfinished"))
    run_app = load_app()
    if run_app is None:
        return fail(t("language.cli.no_app", prog="agent-avenue"))
    return app_status(run_app(rules=rules, replay=game.record))


RESUME = Command(
    "resume",
    help=lambda: t("resume.command_help"),
    add_arguments=no_arguments,
    run=run_resume,
)
REPLAY = Command(
    "replay",
    help=lambda: t("replay.command_help"),
    add_arguments=add_replay_arguments,
    run=run_replay,
)
