"""Make any value from outside safe to print: control characters escaped, long values cut."""

from __future__ import annotations

VALUE_LIMIT = 80
"""How many characters of one value (a name, a path, a move) a message shows at most."""
SENTENCE_LIMIT = 600
"""How many characters one error sentence shows at most."""
WORD_LIMIT = 200
"""How many characters one word of a sentence shows at most (a path is one word)."""
CUT_MARK = "…"

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\x1b": "\\e"}

__all__ = [
    "CUT_MARK",
    "SENTENCE_LIMIT",
    "VALUE_LIMIT",
    "WORD_LIMIT",
    "has_control",
    "shown",
    "shown_sentence",
]


def _escape(char: str) -> str:
    """One character as it may reach a terminal: itself if printable, else an escape."""
    if char.isprintable():
        return char
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _cut(text: str, limit: int) -> str:
    """`text`, or its first characters and the cut mark when it is longer than `limit`."""
    if len(text) <= limit:
        return text
    return text[: max(limit - len(CUT_MARK), 1)] + CUT_MARK


def shown(value: object, limit: int = VALUE_LIMIT) -> str:
    """A value from outside as a message may show it: printable, at most `limit` characters."""
    text = "".join(_escape(char) for char in str(value))
    return _cut(text, limit)


def shown_sentence(message: str, limit: int = SENTENCE_LIMIT, word_limit: int = WORD_LIMIT) -> str:
    """A whole sentence made safe: one line, escaped, every over-long word and the whole cut."""
    words = ("".join(_escape(char) for char in word) for word in message.split())
    return _cut(" ".join(_cut(word, word_limit) for word in words), limit)


def has_control(text: str) -> bool:
    """Whether a text holds a character that a terminal would not simply print."""
    return not all(char.isprintable() for char in text)
