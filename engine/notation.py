"""Shared helpers for text turns: apply parsed steps one by one on a copy, so that the first bad step
is reported with its index, the reason and what was legal there."""
from __future__ import annotations

from typing import Callable, Iterable

from engine.errors import EngineError, IllegalActionError, ParseError


def parse_steps(state, steps: Iterable[str], lang: str,
                parse_step: Callable[[object, str, str], int]) -> list[int]:
    """Turn text steps into decisions against ``state`` (not modified).

    ``parse_step(state_now, step, lang)`` returns the decision a step names in ``state_now`` or raises
    :class:`ParseError` / :class:`IllegalActionError`; this function fills in the step index and the
    legal alternatives at that step.
    """
    work = state.clone()
    out: list[int] = []
    for i, step in enumerate(steps):
        legal = work.legal_actions()
        try:
            action = parse_step(work, step, lang)
        except EngineError as e:
            e.index = i
            if e.legal is None:
                e.legal, e.at_state = legal, work.clone()
            raise
        if action not in legal:
            raise IllegalActionError(
                f"Step {i + 1} ('{step}') is not legal here.",
                f"El paso {i + 1} ('{step}') no es legal aquí.",
                index=i, legal=legal, at_state=work.clone())
        work.apply_action(action)
        out.append(action)
    return out


def unknown_step(step: str, i: int | None = None) -> ParseError:
    """The standard 'cannot read this step' error."""
    return ParseError(f"Cannot read the step '{step}'.", f"No se entiende el paso '{step}'.", index=i)


def split_steps(text: str) -> list[str]:
    """Split on commas, semicolons and new lines; drop empty pieces."""
    import re
    return [p.strip() for p in re.split(r"[,;\n]+", text) if p.strip()]
