"""The transactional outbox: rows written in the same transaction as the decisions they follow, and
relayed to RQ afterwards by the runtime (``workers/``). A crash between commit and relay loses nothing:
the relay picks pending rows (``relayed_at IS NULL``) up again.

Kinds and payloads (the contract with ``workers/``):

* ``ai_turn`` ``{"game_id", "seat", "decision"}``: the next decision belongs to an AI seat.
* ``notify_turn`` ``{"game_id", "seat", "decision"}``: the decision passed to a human seat from
  someone else (not after each of that seat's own steps).
* ``game_over`` ``{"game_id"}``: the game ended (by its rules, or by a resignation).
* ``seat_resigned`` ``{"game_id", "seat"}``: a player resigned and the AI plays their seat to the end
  (games that go on without them; see :mod:`service.resign`).
"""
from __future__ import annotations

import logging

from flask import current_app, has_app_context
from sqlalchemy.orm import Session

from service.models import Outbox

log = logging.getLogger(__name__)

KINDS = ("ai_turn", "notify_turn", "game_over", "seat_resigned")


def add(session: Session, kind: str, payload: dict) -> Outbox:
    """Queue a message in the current transaction (it exists only if the transaction commits)."""
    if kind not in KINDS:
        raise ValueError(f"unknown outbox kind {kind!r}")
    row = Outbox(kind=kind, payload=payload)
    session.add(row)
    return row


def after_commit(app=None) -> None:
    """Nudge the relay once a transaction with outbox rows has committed.

    The runtime installs the relay as ``app.extensions["turnpost_relay"]`` (a callable taking no
    arguments). Without it (pure API tests) the rows simply stay pending. A failing relay must not
    fail the request that already committed: the rows stay pending and are retried.
    """
    if app is None:
        if not has_app_context():
            return
        app = current_app
    hook = app.extensions.get("turnpost_relay")
    if hook is None:
        return
    try:
        hook()
    except Exception:
        log.exception("outbox relay failed; rows stay pending")
