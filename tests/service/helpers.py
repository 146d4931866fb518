"""Helpers of the service tests: reading the database behind the app, and playing through the API."""
from __future__ import annotations

from sqlalchemy import func, select

from service import games, models
from service.db import db


def true_state(app, game_id):
    """The game's full state (``to_json(None)``) straight from storage, for checking redaction."""
    with app.app_context():
        _row, state = games.load_state(db.session, game_id)
        return state


def count(app, model, **where):
    """How many rows of ``model`` match ``where``."""
    with app.app_context():
        q = select(func.count()).select_from(model)
        for k, v in where.items():
            q = q.where(getattr(model, k) == v)
        return db.session.scalar(q)


def outbox_rows(app):
    """(kind, payload) of every outbox row, in order."""
    with app.app_context():
        return [(r.kind, r.payload) for r in
                db.session.scalars(select(models.Outbox).order_by(models.Outbox.id))]


def new_game(client, creator, seats, title="kuhn_poker", **extra):
    """Create a game; ``seats`` holds players or AI budgets (dicts)."""
    body = {"title": title, "seats": [s if isinstance(s, dict) else {"player_id": s.id}
                                      for s in seats], **extra}
    r = client.post("/v1/games", json=body, headers=creator.h)
    assert r.status_code == 201, r.json
    return r.json
