"""The log's redaction rule (service/history.py): what a seat reads depends only on what it knows."""
import random
from datetime import datetime, timezone
from types import SimpleNamespace

import engine
import pytest

from service import history

AT = datetime(2030, 1, 1, tzinfo=timezone.utc)


def _rows(actions, seats):
    return [SimpleNamespace(number=i, seat=s, actor="chance" if s < 0 else "human", created_at=AT,
                            action=a) for i, (a, s) in enumerate(zip(actions, seats))]


def test_two_games_a_seat_cannot_tell_apart_give_it_the_same_log():
    kuhn = engine.load_game("kuhn_poker")
    seats = [-1, -1, 0, 1]
    # Seat 1 holds the Q in both; seat 0 holds the J in one game and the K in the other.
    j_game = _rows([0, 1, 1, 1], seats)
    k_game = _rows([2, 1, 1, 1], seats)
    for lang in ("en", "es"):
        assert history.render(kuhn, 3, j_game, 1, lang) == history.render(kuhn, 3, k_game, 1, lang)
        assert history.render(kuhn, 3, j_game, 0, lang) != history.render(kuhn, 3, k_game, 0, lang)
    seen_by_1 = history.render(kuhn, 3, j_game, 1, "en")
    assert [e["redacted"] for e in seen_by_1] == [True, False, False, False]
    assert seen_by_1[1]["action"] == {"deal": "Q"}
    assert history.render(kuhn, 3, j_game, None, "en")[0]["action"] == {"deal": "J"}


PERFECT = [s.name for s in engine.list_games(include_unlisted=True) if not s.hidden_information]


@pytest.mark.skipif(not PERFECT, reason="no perfect-information game is registered")
@pytest.mark.parametrize("name", PERFECT)
def test_perfect_information_logs_hide_nothing(name):
    game = engine.load_game(name)
    state, rng, acts, seats = game.new_initial_state(9), random.Random(9), [], []
    while len(acts) < 30 and not state.is_terminal():
        p = state.current_player()
        a = state.sample_chance() if p == engine.CHANCE else rng.choice(state.legal_actions())
        acts.append(a)
        seats.append(-1 if p == engine.CHANCE else p)
        state.apply_action(a)
    for viewer in range(game.num_players):
        log = history.render(game, 9, _rows(acts, seats), viewer, "en")
        assert not any(e["redacted"] for e in log)


HIDDEN = [s.name for s in engine.list_games(include_unlisted=True) if s.hidden_information]


@pytest.mark.parametrize("name", HIDDEN)
def test_a_seat_always_reads_its_own_decisions(name):
    game = engine.load_game(name)
    state, rng, acts, seats = game.new_initial_state(4), random.Random(4), [], []
    while len(acts) < 60 and not state.is_terminal():
        p = state.current_player()
        a = state.sample_chance() if p == engine.CHANCE else rng.choice(state.legal_actions())
        acts.append(a)
        seats.append(-1 if p == engine.CHANCE else p)
        state.apply_action(a)
    full = history.render(game, 4, _rows(acts, seats), None, "en")
    for viewer in range(game.num_players):
        log = history.render(game, 4, _rows(acts, seats), viewer, "es")
        for e, f in zip(log, full):
            if e["seat"] == viewer:
                assert not e["redacted"] and e["action"] == f["action"]
            if not e["redacted"]:
                assert e["action"] == f["action"]
