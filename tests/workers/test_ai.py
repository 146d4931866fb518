"""The AI job in-process: it acts only on the decision it was made for, once, from the seat's view."""
from __future__ import annotations

import threading

import pytest
from sqlalchemy import update

import engine

from service import models
from tests.workers.helpers import decisions_of, human_vs_ai, migrated_sessions
from workers.ai import DEFAULT_BUDGET, budget_of, search_seed, take_decision


@pytest.fixture
def sessions(tmp_path):
    return migrated_sessions(f"sqlite:///{tmp_path}/db.sqlite")


def _ai_decisions(sessions, game_id):
    return [d for d in decisions_of(sessions, game_id) if d[3] == "ai"]


def test_the_ai_moves_once_however_often_the_job_runs(sessions):
    game_id, _ = human_vs_ai(sessions, human_seat=1, seed=4)
    first = take_decision(sessions, game_id, 0, 2)
    assert first["moved"] and first["decision"] == 2 and first["action"] in ({"bet": True}, {"bet": False})
    for _ in range(3):
        assert take_decision(sessions, game_id, 0, 2) == {"moved": False, "reason": "already_moved"}
    assert [(n, seat) for n, seat, _a, _x in _ai_decisions(sessions, game_id)] == [(2, 0)]


def test_racing_duplicates_move_once(sessions):
    # Two runs of the same job at the same moment: both search, exactly one submission lands and
    # the other is told "already moved" by the expected-decision guard (409).
    game_id, _ = human_vs_ai(sessions, human_seat=1, seed=6, ai={"iterations": 3000})
    barrier = threading.Barrier(2)
    reports = []

    def run():
        barrier.wait()
        reports.append(take_decision(sessions, game_id, 0, 2))

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(r["moved"] for r in reports) == [False, True]
    assert len(_ai_decisions(sessions, game_id)) == 1


def test_a_job_for_another_decision_or_seat_does_nothing(sessions):
    game_id, _ = human_vs_ai(sessions, human_seat=1, seed=4)
    assert take_decision(sessions, game_id, 0, 7) == {"moved": False, "reason": "already_moved"}
    assert take_decision(sessions, game_id, 1, 2) == {"moved": False, "reason": "not_an_ai_seat"}
    assert _ai_decisions(sessions, game_id) == []


def test_the_ai_decision_depends_only_on_what_its_seat_has_seen(sessions):
    # Two hands that look the same to the AI (seat 0 holds Q) but differ in what seat 1 holds (J or K):
    # the job's decision and its search statistics must be identical. (Two layers guarantee this: the
    # job searches from resample_from_infostate, and information-set MCTS redraws hidden parts on
    # every iteration; this end-to-end check fails only if both peek.)
    reports = []
    for other_card in (0, 2):
        game_id, _ = human_vs_ai(sessions, human_seat=1, seed=4, ai={"iterations": 4000})
        with sessions() as s:
            s.execute(update(models.Decision).where(models.Decision.game_id == game_id,
                                                    models.Decision.number == 0).values(action=1))
            s.execute(update(models.Decision).where(models.Decision.game_id == game_id,
                                                    models.Decision.number == 1).values(action=other_card))
            s.commit()
        reports.append(take_decision(sessions, game_id, 0, 2))
    assert reports[0]["moved"] and reports[1]["moved"]
    assert reports[0]["action"] == reports[1]["action"]
    assert reports[0]["iterations"] == reports[1]["iterations"] == 4000
    # The same search, visit for visit: it ran on a state drawn from the AI's information only.
    assert reports[0]["visits"] == reports[1]["visits"] and sum(reports[0]["visits"].values()) > 0


def test_search_seed_and_budget():
    assert search_seed(1, 0, 2) == search_seed(1, 0, 2) != search_seed(1, 0, 3)
    assert budget_of({"iterations": 10, "color": "red"}) == {"iterations": 10}
    assert budget_of({"seconds": 0.5, "c": 1.2}) == {"seconds": 0.5, "c": 1.2}
    assert "iterations" in budget_of(None)


def test_the_games_search_settings_apply_unless_the_seat_names_its_own():
    defaults = engine.game_spec("evoke").search_defaults
    depth = defaults["rollout_depth"]
    assert budget_of({"iterations": 10}, defaults) == {"iterations": 10, "rollout_depth": depth}
    assert budget_of({"iterations": 10, "rollout_depth": depth + 1}, defaults)["rollout_depth"] == depth + 1
    # The budget is always the seat's (or the service default), never the game's.
    assert budget_of(None, {"iterations": 5, "rollout_depth": 2}) == {**DEFAULT_BUDGET, "rollout_depth": 2}
