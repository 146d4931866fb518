"""Resigning: one game-agnostic operation behind ``POST /v1/games/{id}/resign`` and the email
command RESIGN / ABANDONO.

The rule (the same for every title; it reads only ``num_players`` and ``spec.cooperative``):

* **Two seats, not cooperative**: resigning ends the game at once. The resigner's return is the lowest
  possible, -1, the opponent's +1; the game is ``finished`` with ``result = {"returns": [...],
  "resigned": <seat>, "reason": "resignation"}`` and a ``game_over`` outbox row (so everyone gets the
  "game over" mail and ``game_over`` webhooks). The decision log is not touched: nobody moved.
* **Any other game** (three or more seats, or cooperative): the game goes on without the player. The
  AI takes the seat for the rest of the game (``seat_control.ai_mode = "resigned"``, which
  :func:`service.seats.reclaim` refuses), plays it at once if it is the seat's decision, and a
  ``seat_resigned`` outbox row tells the other players.

Only your own seat can be resigned (the caller's seat is the one resigned), an unseen game is 404,
a finished game 409 ``game_finished``. Resigning again is harmless: the same answer, nothing new
stored or sent.
"""
from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.orm import Session

from service import games, models, outbox, seats
from service.errors import Conflict, Forbidden
from service.models import utcnow

#: The returns of a resignation that ends a two-seat game.
LOSS, WIN = -1.0, 1.0


def ends_game(row: models.Game) -> bool:
    """Whether resigning ends this game (two seats, not cooperative) or hands the seat to the AI."""
    return row.num_players == 2 and not games.game_of(row).spec.cooperative


def _answer(row: models.Game, seat: int, outcome: str) -> dict:
    return {"game_id": row.id, "seat": seat, "outcome": outcome, "status": row.status,
            "result": row.result}


def resign(session: Session, game_id: str, player_id: int) -> dict:
    """Resign ``player_id``'s seat in ``game_id`` and commit; the answer of the API.

    ``outcome`` is ``game_over`` (the game ended) or ``ai_plays`` (the AI has the seat). Raises 404
    ``game_not_found``, 403 ``not_a_participant`` or 409 ``game_finished``.
    """
    row = games.get_row(session, game_id)
    seat = games.viewer_for(row, games.seats_of(session, game_id), player_id)   # 404 if unseen
    if seat is None:
        raise Forbidden("not_a_participant", game_id=game_id)
    if ends_game(row):
        return _end(session, row, seat)
    return _hand_to_ai(session, row, seat)


def _end(session: Session, row: models.Game, seat: int) -> dict:
    if row.status == "finished":
        if (row.result or {}).get("resigned") == seat:
            return _answer(row, seat, "game_over")          # a repeat: the same answer
        raise Conflict("game_finished", game_id=row.id)
    returns = [WIN] * row.num_players
    returns[seat] = LOSS
    result = {"returns": returns, "resigned": seat, "reason": "resignation"}
    now = utcnow()
    # Guarded like a submission: if a move ended the game meanwhile, its result stands.
    moved = session.execute(
        update(models.Game).where(models.Game.id == row.id, models.Game.status == "active")
        .values(status="finished", next_seat=None, deadline_at=None, result=result, updated_at=now)
        .execution_options(synchronize_session=False)).rowcount
    if moved != 1:
        session.rollback()
        row = games.get_row(session, row.id)
        if (row.result or {}).get("resigned") == seat:
            return _answer(row, seat, "game_over")
        raise Conflict("game_finished", game_id=row.id)
    outbox.add(session, "game_over", {"game_id": row.id})
    session.commit()
    outbox.after_commit()
    session.refresh(row)
    return _answer(row, seat, "game_over")


def _hand_to_ai(session: Session, row: models.Game, seat: int) -> dict:
    control = seats.control_of(session, row.id, seat)
    if control is not None and control.ai_mode == "resigned":
        return _answer(row, seat, "ai_plays")                # a repeat: the same answer
    if row.status != "active":
        raise Conflict("game_finished", game_id=row.id)
    if control is None:
        control = models.SeatControl(game_id=row.id, seat=seat, consecutive_takeovers=0)
        session.add(control)
    control.ai_mode = "resigned"
    control.updated_at = utcnow()
    seat_row = session.get(models.Seat, (row.id, seat))
    if seat_row.ai is None:
        seat_row.ai = seats.takeover_budget()
    if row.next_seat == seat:
        # The decision is the seat's now: the AI plays it without waiting for the deadline.
        row.deadline_at = None
        outbox.add(session, "ai_turn", {"game_id": row.id, "seat": seat,
                                        "decision": row.decision_count})
    outbox.add(session, "seat_resigned", {"game_id": row.id, "seat": seat})
    session.commit()
    outbox.after_commit()
    return _answer(row, seat, "ai_plays")
