"""The game log as a viewer may see it.

The rule, the same for every game: in a perfect-information game every entry is shown. In a
hidden-information game an entry (a seat's decision or a chance outcome) is shown to viewer ``v`` when
``v`` took it, or when ``v`` could tell it anyway: among the states ``v`` cannot tell from the true one
(the true one and a few redraws of ``resample_from_infostate``), no alternative decision leaves ``v``
seeing the same thing while reading differently. Otherwise the entry is ``redacted``: its number,
seat, actor and time stay, its JSON and text do not. So a deal to another seat, or a card another seat
keeps face down, never appears; a bet on the table, or one's own deal, does.
"""
from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from service import games, models

#: Redraws of the viewer's information set checked per entry (besides the true state).
RESAMPLES = 4


def visible(before, action: int, seat: int, viewer: int) -> bool:
    """Whether ``viewer`` may see decision ``action`` taken by ``seat`` (-1: chance) in ``before``."""
    if seat == viewer:
        return True
    after = before.clone()
    after.apply_action(action)
    seen = after.info_hash(viewer)
    shown = before.action_to_json(action)
    # Redraws are seeded by their index only: they depend on nothing the viewer cannot see.
    candidates = [before] + [before.resample_from_infostate(viewer, k) for k in range(RESAMPLES)]
    for cand in candidates:
        for alt in cand.legal_actions():
            if cand is before and alt == action:
                continue
            nxt = cand.clone()
            nxt.apply_action(alt)
            if nxt.info_hash(viewer) == seen and cand.action_to_json(alt) != shown:
                return False
    return True


def render(game, seed: int, decisions, viewer: int | None, lang: str) -> list[dict]:
    """Log entries for ``decisions`` (rows with number, seat, actor, created_at, action) of a game
    started from ``seed``, redacted for ``viewer`` (None: everything)."""
    check = game.spec.hidden_information and viewer is not None
    state = game.new_initial_state(seed)
    out = []
    for d in decisions:
        show = not check or visible(state, d.action, d.seat, viewer)
        out.append({
            "number": d.number, "seat": d.seat, "actor": d.actor, "at": games.iso(d.created_at),
            "redacted": not show,
            "action": state.action_to_json(d.action) if show else None,
            "text": state.action_to_text(d.action, lang) if show else None,
        })
        state.apply_action(d.action)
    return out


def log_entries(session: Session, row: models.Game, viewer: int | None, lang: str) -> list[dict]:
    """Every decision of the stored game in order, redacted for ``viewer`` (None: everything)."""
    decisions = session.scalars(select(models.Decision).where(models.Decision.game_id == row.id)
                                .order_by(models.Decision.number))
    return render(games.game_of(row), row.seed, decisions, viewer, lang)
