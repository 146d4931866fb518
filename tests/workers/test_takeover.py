"""The one-turn takeover ends with the AI's own decision that passes the turn on.

The race it closes: the AI plays an absent player's overdue turn; the turn passes to an AI opponent,
whose job runs in another worker *before* the takeover job got round to handing the seat back. The
opponent's move then gave the decision back to a seat that still looked like an AI seat, so an
``ai_turn`` job was queued and the AI played the player's next turn as well. Now the hand-back is in
the same transaction as the decision that ends the turn, so there is no "before" for anyone to win.

The interleaving is replayed deterministically with the same functions the jobs call.
"""
from __future__ import annotations

import pytest
from sqlalchemy import select

from service import models, seats, turns
from service.errors import Forbidden
from tests.workers.helpers import human_vs_ai, migrated_sessions, pending_outbox
from workers import ai, deadlines


@pytest.fixture
def sessions(tmp_path):
    return migrated_sessions(f"sqlite:///{tmp_path}/db.sqlite")


def _claim_turn(sessions, game_id, seat, decision):
    with sessions() as s:
        claimed, mode = deadlines._claim(s, game_id, seat, decision)
    assert (claimed, mode) == (True, "turn")


def test_an_opponent_moving_before_the_hand_back_does_not_give_the_ai_the_next_turn(
        sessions, monkeypatch):
    monkeypatch.setenv("TURNPOST_TAKEOVERS_BEFORE_AI", "3")      # one missed deadline: one turn
    # Kuhn poker: two chance deals, then seat 0 (the absent person) and seat 1 (an AI opponent).
    game_id, human = human_vs_ai(sessions, human_seat=0, seed=2)
    _claim_turn(sessions, game_id, 0, 2)
    with sessions() as s:
        s.query(models.Outbox).update({"relayed_at": models.utcnow()})
        s.commit()
    # The takeover's decision: check. The turn passes to seat 1.
    with sessions() as s:
        turns.submit(s, game_id, 0, 2, actions=[{"bet": False}], actor="ai")
    with sessions() as s:
        # Handed back with that very decision: the seat is the player's again.
        assert s.get(models.Seat, (game_id, 0)).ai is None
        assert seats.control_of(s, game_id, 0).ai_mode is None
    # Now the opponent's AI job runs, before the takeover job's own clean-up: it bets, and the
    # decision comes back to seat 0.
    with sessions() as s:
        turns.submit(s, game_id, 1, 3, actions=[{"bet": True}], actor="ai")
    rows = pending_outbox(sessions)
    # The player is told it is their turn; no AI job is queued for their seat.
    assert ("notify_turn", {"game_id": game_id, "seat": 0, "decision": 4}) in rows
    assert not [p for k, p in rows if k == "ai_turn" and p["seat"] == 0], rows
    # A stray AI job for the player's decision (e.g. a duplicate) refuses to move.
    assert ai.take_decision(sessions, game_id, 0, 4) == {"moved": False, "reason": "not_an_ai_seat"}
    with sessions() as s:
        with pytest.raises(Forbidden):
            turns.submit(s, game_id, 0, 4, actions=[{"bet": True}], actor="ai")
    with sessions() as s:
        game = s.get(models.Game, game_id)
        assert (game.decision_count, game.next_seat, game.deadline_at is None) == (4, 0, True)
        # The person plays their own decision.
        turns.submit(s, game_id, 0, 4, actions=[{"bet": True}], player_id=human.id)
        actors = s.scalars(select(models.Decision.actor).where(models.Decision.game_id == game_id)
                           .order_by(models.Decision.number)).all()
    assert actors == ["chance", "chance", "ai", "ai", "human"]


def test_the_whole_overdue_turn_is_played_and_the_seat_released_once(sessions, monkeypatch):
    monkeypatch.setenv("TURNPOST_TAKEOVERS_BEFORE_AI", "3")
    monkeypatch.setenv("TURNPOST_TAKEOVER_ITERATIONS", "50")
    game_id, _human = human_vs_ai(sessions, human_seat=0, seed=2)
    with sessions() as s:
        game = s.get(models.Game, game_id)
        game.deadline_at = models.utcnow()
        s.commit()
    report = deadlines.play_overdue(sessions, game_id, 0, 2)
    assert (report["played"], report["mode"], report["released"]) == (1, "turn", True)
    with sessions() as s:
        assert s.get(models.Seat, (game_id, 0)).ai is None
    # A late duplicate of the deadline job finds nothing due and releases nothing.
    assert deadlines.play_overdue(sessions, game_id, 0, 2)["reason"] == "not_due"


def test_a_takeover_that_keeps_the_seat_is_not_handed_back_by_the_submission(sessions, monkeypatch):
    monkeypatch.setenv("TURNPOST_TAKEOVERS_BEFORE_AI", "1")      # the AI keeps the seat
    game_id, _human = human_vs_ai(sessions, human_seat=0, seed=2)
    with sessions() as s:
        claimed, mode = deadlines._claim(s, game_id, 0, 2)
    assert mode == "until_reclaim"
    with sessions() as s:
        turns.submit(s, game_id, 0, 2, actions=[{"bet": False}], actor="ai")
        turns.submit(s, game_id, 1, 3, actions=[{"bet": True}], actor="ai")
    rows = pending_outbox(sessions)
    assert ("ai_turn", {"game_id": game_id, "seat": 0, "decision": 4}) in rows
