"""Takyon with the search: no peeking, the greedy baseline, and a small seeded strength check.

The full strength figures (100 games per match) come from ``benchmarks/takyon_strength.py``.
"""
import random

import pytest

import engine
from engine.takyon_players import GreedyPlayer
from mcts import search
from mcts.players import MCTSPlayer, RandomPlayer, play_match

#: search settings for Takyon: heuristic cut-off after a few decisions, and a small exploration
#: constant because c_evaluate's win shares differ by a few hundredths between moves
SEARCH = {"rollout_depth": 5, "c": 0.2}


def decision_points(count, players=3):
    """``count`` positions (with a real choice) from seeded games played by greedy seats."""
    out, seed = [], 0
    greedy = GreedyPlayer()
    while len(out) < count:
        state = engine.load_game("takyon", players=players).new_initial_state(seed)
        rng = random.Random(seed)
        k = 0
        while not state.is_terminal() and k < 600:
            seat = state.current_player()
            if seat == engine.CHANCE:
                state.apply_action(state.sample_chance())
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.05:
                out.append(state.clone())
            state.apply_action(greedy.choose(state, rng.randrange(1 << 30)) if rng.random() < 0.7
                               else rng.choice(state.legal_actions()))
            k += 1
        seed += 1
    return out[:count]


def test_search_chooses_the_same_from_the_true_state_as_from_resamples_of_the_seats_view():
    differing = 0
    for i, state in enumerate(decision_points(100)):
        seat = state.current_player()
        truth = search(state, iterations=150, seed=i, **SEARCH)
        for k in (1, 2):
            world = state.resample_from_infostate(seat, seed=1000 * i + k)
            differing += not world.same_position(state)
            other = search(world, iterations=150, seed=i, **SEARCH)
            assert other.action == truth.action
            assert other.visits == truth.visits
    assert differing > 150        # the resamples really hide different cards


def test_greedy_player_only_plays_legal_decisions_and_beats_random_seats():
    figures = play_match(engine.load_game("takyon", players=3), [GreedyPlayer(), RandomPlayer(), RandomPlayer()],
                         games=6, seed=5)
    assert figures["players"][0]["wins"] == 6, figures


def test_greedy_player_decides_from_its_own_view_only():
    for i, state in enumerate(decision_points(30)):
        seat = state.current_player()
        world = state.resample_from_infostate(seat, seed=i + 7)
        assert GreedyPlayer().choose(world, i) == GreedyPlayer().choose(state, i)


@pytest.mark.slow
def test_mcts_1000_beats_greedy_and_random_seats_in_small_seeded_matches():
    game = engine.load_game("takyon", players=3)
    ai = MCTSPlayer(iterations=1000, **SEARCH)
    vs_random = play_match(game, [ai, RandomPlayer(), RandomPlayer()], games=12, seed=31)
    vs_greedy = play_match(game, [ai, GreedyPlayer(), GreedyPlayer()], games=12, seed=31)
    assert vs_random["players"][0]["wins"] >= 11, vs_random
    assert vs_greedy["players"][0]["wins"] >= 8, vs_greedy
