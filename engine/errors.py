"""Errors raised by the engine. Every one carries a stable machine-readable ``code`` and a message in
English and Spanish; errors about a submitted turn also name the failing step and what was legal there.

"Cannot parse" (:class:`ParseError`) and "illegal here" (:class:`IllegalActionError`) are different
classes, both ``ValueError``.
"""
from __future__ import annotations


class EngineError(ValueError):
    """Base of all engine errors."""

    code = "engine_error"

    def __init__(self, en: str, es: str | None = None, *, code: str | None = None,
                 index: int | None = None, legal: list[int] | None = None, at_state=None,
                 details: dict | None = None):
        super().__init__(en)
        if code:
            self.code = code
        self.messages = {"en": en, "es": es or en}
        self.index = index            # position of the failing step in a multi-step submission
        self.legal = legal            # legal decisions at that step (ints), if known
        self.at_state = at_state      # the state at that step (a clone), to render ``legal``
        self.details = details or {}

    def message(self, lang: str = "en") -> str:
        return self.messages.get(lang) or self.messages["en"]

    def with_index(self, index: int) -> "EngineError":
        self.index = index
        return self

    def legal_json(self) -> list:
        if self.legal is None or self.at_state is None:
            return []
        return [self.at_state.action_to_json(a) for a in self.legal]

    def legal_text(self, lang: str = "en") -> list[str]:
        if self.legal is None or self.at_state is None:
            return []
        return [self.at_state.action_to_text(a, lang) for a in self.legal]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.messages['en']!r}, code={self.code!r}, index={self.index!r})"


class UnknownGameError(EngineError):
    """No game is registered under that name."""
    code = "unknown_title"


class OptionError(EngineError):
    """An option is unknown or its value is out of range."""
    code = "invalid_option"


class ParseError(EngineError):
    """A step of a turn could not be read (JSON object or text notation)."""
    code = "unparsable_step"


class IllegalActionError(EngineError):
    """A step was understood but is not legal in the position it was played in."""
    code = "illegal_action"
