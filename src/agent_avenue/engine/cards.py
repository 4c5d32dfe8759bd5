"""Small pure helpers for hands and piles held as tuples."""

from __future__ import annotations


def remove_one(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The cards without one copy of `card` (which must be there)."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def remove_last(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The cards without the most recently added copy of `card` (which must be there)."""
    i = len(cards) - 1 - cards[::-1].index(card)
    return cards[:i] + cards[i + 1 :]


def add_to_hand(hand: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    """A hand with `cards` added, kept sorted so equal hands are equal tuples."""
    return tuple(sorted(hand + cards))


def draw_up(
    hand: tuple[str, ...], deck: tuple[str, ...], size: int
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Draw from the top of the deck until the hand holds `size` cards or the deck is empty.

    Returns the new hand, the new deck and the cards drawn.
    """
    need = size - len(hand)
    if need <= 0 or not deck:
        return hand, deck, ()
    drawn = deck[:need]
    return tuple(sorted(hand + drawn)), deck[need:], drawn


def distinct(cards: tuple[str, ...], order: tuple[str, ...]) -> tuple[str, ...]:
    """The different names among `cards`, in the order given by `order`."""
    present = set(cards)
    return tuple(a for a in order if a in present)
