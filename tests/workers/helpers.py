"""Helpers for the runtime tests: a migrated database and games made through the service's own
functions (the same code paths the API uses)."""
from __future__ import annotations

import hashlib
import secrets
import time

from sqlalchemy import select

from service import games, models
from service.db import make_engine, make_sessionmaker, upgrade


def migrated_sessions(url: str):
    """A session factory for ``url`` after migrating it to the newest schema."""
    upgrade(url)
    return make_sessionmaker(make_engine(url))


def add_player(session, name: str, language: str = "en") -> models.Player:
    """A stored player with a random email address and token."""
    p = models.Player(name=name, email=f"{name.lower()}.{secrets.token_hex(4)}@example.org",
                      language=language, token_hash=hashlib.sha256(secrets.token_bytes(16)).hexdigest())
    session.add(p)
    session.commit()
    return p


def human_vs_ai(sessions, *, title="kuhn_poker", language="en", human_seat=1, seed=11,
                ai=None) -> tuple[str, models.Player]:
    """Create a two-seat game of ``title``, the AI on the other seat; (game id, human player)."""
    ai = ai or {"iterations": 300}
    with sessions() as session:
        human = add_player(session, "Ana" if language == "es" else "Alice", language)
        seats = [{"ai": ai}, {"ai": ai}]
        seats[human_seat] = {"player_id": human.id}
        row = games.create_game(session, human, title, {}, seats, seed=seed)
        return row.id, human


def decisions_of(sessions, game_id: str) -> list[tuple[int, int, int, str]]:
    """The stored log: (number, seat, action, actor) in order."""
    with sessions() as session:
        rows = session.execute(select(models.Decision.number, models.Decision.seat,
                                      models.Decision.action, models.Decision.actor)
                               .where(models.Decision.game_id == game_id)
                               .order_by(models.Decision.number)).all()
        return [tuple(r) for r in rows]


def pending_outbox(sessions) -> list[tuple[str, dict]]:
    """Outbox rows not yet relayed: (kind, payload)."""
    with sessions() as session:
        rows = session.scalars(select(models.Outbox).where(models.Outbox.relayed_at.is_(None))
                               .order_by(models.Outbox.id)).all()
        return [(r.kind, r.payload) for r in rows]


def poll(predicate, timeout: float = 60.0, interval: float = 0.05):
    """Poll ``predicate`` until it is truthy (and return its value) or ``timeout`` passes (then fail).
    For state that gives no event to wait on (database rows, Redis jobs); never a fixed sleep."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError("condition not met in time")
