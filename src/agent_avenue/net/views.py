"""PlayerView to wire model and back: the serialised view is the engine's view, nothing more."""

from __future__ import annotations

from agent_avenue.engine import (
    Condition,
    Event,
    EventKind,
    Mode,
    Phase,
    PlayerView,
    Result,
    Rules,
    SideView,
    format_action,
    parse_action,
)
from agent_avenue.net.protocol import (
    ConditionModel,
    EventModel,
    LogEntryModel,
    ResultModel,
    SideModel,
    ViewModel,
)
from agent_avenue.play.session import LogEntry

__all__ = [
    "entry_from_model",
    "entry_model",
    "event_from_model",
    "event_model",
    "result_from_model",
    "result_model",
    "view_from_model",
    "view_model",
]


def event_model(event: Event) -> EventModel:
    """An event as sent (already made public or seen_by the receiving seat by the caller)."""
    return EventModel(
        kind=event.kind.value,
        side=event.side,
        agent=event.agent,
        card=event.card,
        count=event.count,
        value=event.value,
        start=event.start,
        end=event.end,
        agents=list(event.agents),
        seat=event.seat,
    )


def event_from_model(model: EventModel) -> Event:
    """The engine's event back from the wire (ValueError for an unknown kind)."""
    return Event(
        EventKind(model.kind),
        model.side,
        model.agent,
        model.card,
        model.count,
        model.value,
        model.start,
        model.end,
        tuple(model.agents),
        model.seat,
    )


def entry_model(entry: LogEntry) -> LogEntryModel:
    """A public log line as sent."""
    return LogEntryModel(turn=entry.turn, events=[event_model(e.public()) for e in entry.events])


def entry_from_model(model: LogEntryModel) -> LogEntry:
    """A log line back from the wire."""
    return LogEntry(model.turn, tuple(event_from_model(e) for e in model.events))


def result_model(result: Result) -> ResultModel:
    """How the game ended, as sent."""
    return ResultModel(
        winner=result.winner,
        conditions=[
            ConditionModel(side=c.side, reason=c.reason, wins=c.wins) for c in result.conditions
        ],
        by_tie_rule=result.by_tie_rule,
    )


def result_from_model(model: ResultModel) -> Result:
    """How the game ended, back from the wire."""
    return Result(
        model.winner,
        tuple(Condition(c.side, c.reason, c.wins) for c in model.conditions),
        model.by_tie_rule,
    )


def _side_model(side: SideView) -> SideModel:
    """One side's public facts as sent."""
    return SideModel(
        index=side.index,
        home=side.home,
        position=side.position,
        progress=side.progress,
        in_play=list(side.in_play),
        ongoing=list(side.ongoing),
        hand_size=side.hand_size,
        discards_left=side.discards_left,
        member_hand_sizes=list(side.member_hand_sizes),
        member_discards_left=list(side.member_discards_left),
    )


def _side_from_model(model: SideModel) -> SideView:
    """One side's public facts back from the wire."""
    return SideView(
        index=model.index,
        home=model.home,
        position=model.position,
        progress=model.progress,
        in_play=tuple(model.in_play),
        ongoing=tuple(model.ongoing),
        hand_size=model.hand_size,
        discards_left=model.discards_left,
        member_hand_sizes=tuple(model.member_hand_sizes),
        member_discards_left=tuple(model.member_discards_left),
    )


def view_model(view: PlayerView) -> ViewModel:
    """A PlayerView as sent: every field of it (it holds only what its seat may know)."""
    return ViewModel(
        seat=view.seat,
        mode=view.mode.value,
        turn=view.turn,
        active=view.active,
        phase=view.phase.value,
        to_act=view.to_act,
        hand=list(view.hand),
        discarded=list(view.discarded),
        sides=[_side_model(side) for side in view.sides],
        deck_size=view.deck_size,
        supply=list(view.supply),
        market_deck_size=view.market_deck_size,
        market_discard=list(view.market_discard),
        face_up=view.face_up,
        face_down=view.face_down,
        pending_card=view.pending_card,
        pending_side=view.pending_side,
        pending_agent=view.pending_agent,
        legal=[format_action(action) for action in view.legal],
        result=None if view.result is None else result_model(view.result),
        events=[event_model(event) for event in view.events],
        leader=view.leader,
    )


def view_from_model(model: ViewModel, rules: Rules) -> PlayerView:
    """The PlayerView a view message carries, with this program's own rules (ValueError, or
    the engine's NotationError, for values that are not the game's)."""
    return PlayerView(
        rules=rules,
        seat=model.seat,
        mode=Mode(model.mode),
        turn=model.turn,
        active=model.active,
        phase=Phase(model.phase),
        to_act=model.to_act,
        hand=tuple(model.hand),
        discarded=tuple(model.discarded),
        sides=tuple(_side_from_model(side) for side in model.sides),
        deck_size=model.deck_size,
        supply=tuple(model.supply),
        market_deck_size=model.market_deck_size,
        market_discard=tuple(model.market_discard),
        face_up=model.face_up,
        face_down=model.face_down,
        pending_card=model.pending_card,
        pending_side=model.pending_side,
        pending_agent=model.pending_agent,
        legal=tuple(parse_action(text, rules) for text in model.legal),
        result=None if model.result is None else result_from_model(model.result),
        events=tuple(event_from_model(event) for event in model.events),
        leader=model.leader,
    )
