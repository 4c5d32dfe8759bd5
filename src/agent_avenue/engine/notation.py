"""Move notation: a short text form for every action, which parses back to the same action."""

from __future__ import annotations

from agent_avenue.engine.actions import (
    NO,
    RECRUIT_DOWN,
    RECRUIT_UP,
    YES,
    Action,
    Answer,
    Choose,
    Discard,
    Lead,
    Offer,
    PlayDown,
    PlayUp,
    Recruit,
    Take,
)
from agent_avenue.engine.rules import Rules


class NotationError(ValueError):
    """A move text that is not in the notation; the message says what is wrong."""


def format_action(action: Action) -> str:
    """The notation of an action, e.g. `offer enforcer sentinel` or `recruit up`."""
    if isinstance(action, Discard):
        return f"discard {action.agent}"
    if isinstance(action, Offer):
        return f"offer {action.face_up} {action.face_down}"
    if isinstance(action, Recruit):
        return "recruit up" if action.face_up else "recruit down"
    if isinstance(action, Take):
        return f"take {action.card}" if action.seat is None else f"take {action.card} {action.seat}"
    if isinstance(action, Lead):
        return f"lead {action.seat}"
    if isinstance(action, PlayUp):
        return f"up {action.agent}"
    if isinstance(action, PlayDown):
        return f"down {action.agent}"
    if isinstance(action, Choose):
        return f"choose {action.agent}"
    return "yes" if action.yes else "no"


def _seat(word: str) -> int:
    """A seat number, 0 to 3."""
    if word not in ("0", "1", "2", "3"):
        raise NotationError(f"{word!r} is not a seat (seats are 0, 1, 2 and 3)")
    return int(word)


def parse_action(text: str, rules: Rules) -> Action:
    """The action a notation text stands for; raises NotationError for anything else."""
    words = text.strip().lower().split()
    if not words:
        raise NotationError("the move is empty")
    verb, args = words[0], words[1:]
    shapes = {
        "discard": 1,
        "offer": 2,
        "recruit": 1,
        "take": (1, 2),
        "lead": 1,
        "up": 1,
        "down": 1,
        "choose": 1,
        "yes": 0,
        "no": 0,
    }
    if verb not in shapes:
        known = ", ".join(shapes)
        raise NotationError(f"{verb!r} is not a move (moves start with one of: {known})")
    shape = shapes[verb]
    counts = shape if isinstance(shape, tuple) else (shape,)
    if len(args) not in counts:
        wanted = " or ".join(str(c) for c in counts)
        raise NotationError(f"{verb!r} takes {wanted} word(s) after it, not {len(args)}")
    if verb == "yes":
        return YES
    if verb == "no":
        return NO
    if verb == "recruit":
        if args[0] not in ("up", "down"):
            raise NotationError(f"recruit takes 'up' or 'down', not {args[0]!r}")
        return RECRUIT_UP if args[0] == "up" else RECRUIT_DOWN
    if verb == "take":
        if args[0] not in rules.card_by_id:
            raise NotationError(f"{args[0]!r} is not a black market card id")
        return Take(args[0], _seat(args[1])) if len(args) == 2 else Take(args[0])
    if verb == "lead":
        return Lead(_seat(args[0]))
    for agent in args:
        if agent not in rules.agent_by_id:
            raise NotationError(f"{agent!r} is not an agent id")
    if verb == "discard":
        return Discard(args[0])
    if verb == "choose":
        return Choose(args[0])
    if verb == "up":
        return PlayUp(args[0])
    if verb == "down":
        return PlayDown(args[0])
    return Offer(args[0], args[1])


__all__ = ["Answer", "NotationError", "format_action", "parse_action"]
