"""Who plays a human seat: its player, or the AI after missed deadlines or a resignation
(``seat_control``).

A takeover (see ``workers.deadlines``) puts the takeover budget in ``seats.ai``, which makes the seat an
AI seat for :func:`service.turns.submit` and the AI job. ``seat_control.ai_mode`` says for how long:

* ``"turn"``: for the rest of one overdue turn. The AI's submission that passes the decision to
  someone else hands the seat back *in the same transaction* (:func:`end_turn_takeover`, called by
  ``submit``), so no other seat's move can slip in while the AI still holds it and make the AI play
  the player's next turn too.
* ``"until_reclaim"``: after several missed deadlines in a row; :func:`reclaim` gives it back. When the
  seat is the one to decide at that moment, the player gets a fresh deadline and a "your turn" mail,
  exactly as if the decision had just passed to them.
* ``"resigned"``: the player resigned in a game that goes on without them (see
  :mod:`service.resign`); the AI plays the seat to the end and it cannot be reclaimed.
"""
from __future__ import annotations

import os
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from service import models, outbox
from service.errors import Conflict, Forbidden, NotFound
from service.models import utcnow

__all__ = ["hand_back", "reclaim", "control_of", "end_turn_takeover", "takeover_budget"]

NOT_TAKEN_OVER = {"en": "The AI is not playing your seat: nothing to reclaim.",
                  "es": "La IA no está jugando por ti: no hay nada que recuperar."}


def takeover_budget() -> dict:
    """The search budget of an AI playing for a person (stored in ``seats.ai`` while it does):
    ``TURNPOST_TAKEOVER_SECONDS`` / ``TURNPOST_TAKEOVER_ITERATIONS``, default 2 s / 2000."""
    return {"seconds": float(os.environ.get("TURNPOST_TAKEOVER_SECONDS", "2")),
            "iterations": int(os.environ.get("TURNPOST_TAKEOVER_ITERATIONS", "2000")),
            "takeover": True}


def end_turn_takeover(session: Session, game_id: str, seat_row: models.Seat) -> bool:
    """Inside the AI's submission that ends a one-turn takeover: give the seat back to its player.

    Called by :func:`service.turns.submit` before it writes the outbox rows, so the hand-back commits
    (or rolls back) with the decision that ended the turn. True if the seat was handed back.
    """
    control = control_of(session, game_id, seat_row.seat)
    if control is None or control.ai_mode != "turn":
        return False
    control.ai_mode = None
    control.updated_at = utcnow()
    seat_row.ai = None
    return True


def control_of(session: Session, game_id: str, seat: int) -> models.SeatControl | None:
    """The takeover record of a seat (None if it was never taken over)."""
    return session.get(models.SeatControl, (game_id, seat))


def hand_back(session: Session, game_id: str, seat: int) -> bool:
    """Return a taken-over seat to its player in the current transaction; True if it was AI-held.

    If the seat decides now, the game gets a new deadline and a ``notify_turn`` outbox row.
    """
    control = control_of(session, game_id, seat)
    seat_row = session.get(models.Seat, (game_id, seat))
    if seat_row is None or seat_row.player_id is None or seat_row.ai is None or control is None \
            or control.ai_mode in (None, "resigned"):
        return False
    control.ai_mode = None
    control.consecutive_takeovers = 0
    control.updated_at = utcnow()
    seat_row.ai = None
    game = session.get(models.Game, game_id)
    if game.status == "active" and game.next_seat == seat:
        now = utcnow()
        game.deadline_at = (now + timedelta(hours=game.turn_deadline_hours)
                            if game.turn_deadline_hours else None)
        outbox.add(session, "notify_turn", {"game_id": game_id, "seat": seat,
                                            "decision": game.decision_count})
    return True


def reclaim(session: Session, game_id: str, player_id: int) -> int:
    """The player takes back their seat from the AI and commits; returns the seat.

    Raises 404 ``game_not_found``, 403 ``not_a_participant``, 409 ``game_finished``,
    409 ``seat_resigned`` or 409 ``seat_not_taken_over``.
    """
    game = session.get(models.Game, game_id)
    if game is None:
        raise NotFound("game_not_found", game_id=game_id)
    seat_row = session.scalar(select(models.Seat).where(models.Seat.game_id == game_id,
                                                        models.Seat.player_id == player_id))
    if seat_row is None:
        raise Forbidden("not_a_participant", game_id=game_id)
    if game.status != "active":
        raise Conflict("game_finished", game_id=game_id)
    control = control_of(session, game_id, seat_row.seat)
    if control is not None and control.ai_mode == "resigned":
        raise Conflict("seat_resigned")
    if not hand_back(session, game_id, seat_row.seat):
        raise Conflict("seat_not_taken_over", message=NOT_TAKEN_OVER)
    session.commit()
    outbox.after_commit()
    return seat_row.seat
