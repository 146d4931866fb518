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


def test_heuristic_values_a_first_fresh_mission_above_its_hand_penalty_but_not_a_hoard():
    from engine.takyon import MISSION_IDS
    from tests.engine.takyon_util import Edit, new
    state = new(seed=3)
    with Edit(state) as e:          # seat 0 with an empty hand
        e["nhand"][0] = 0
        h = e["hand"][0][0]
        e["hand"][0][0] = -1
        e["mdisc"][e["nmdisc"]] = h
        e["nmdisc"] += 1
    empty = state.heuristic(0)
    ids = MISSION_IDS
    one = state.clone()
    with Edit(one) as e:
        e.mission(0, ids[e["mdeck"][0]])
    assert one.score_now(0) == state.score_now(0) - 1          # the hand penalty
    assert one.heuristic(0) > empty + 0.5                      # worth more than the Console's tachyon
    many = one.clone()
    with Edit(many) as e:
        for m in list(e["mdeck"][1:5]):
            e.mission(0, ids[m])
    assert many.heuristic(0) < one.heuristic(0)                # a third and more cards are a cost


def test_heuristic_rises_as_the_markers_and_agent_near_a_mission_whose_tech_1_is_held():
    from engine.takyon import CONT_KEYS, ERA_KEYS, TECH_KEYS
    from tests.engine.takyon_util import Edit, card, find_mission, new
    mid = find_mission(lambda c: c["season"] is None and c["continent"] == 2)     # Africa
    c = card(mid)
    state = new(seed=3)
    with Edit(state) as e:
        e.mission(0, mid)
        e.board(0, ERA_KEYS[c["techs"][0]["era"]], TECH_KEYS[c["techs"][0]["type"]])
        e.agent(0, "asia")                                     # not adjacent to Africa
        e["era"] = (c["era"] + 3) % 6                          # as far as the ring allows
    values = [state.heuristic(0)]
    for step in ("agent", "era", "era2"):
        with Edit(state) as e:
            if step == "agent":
                e.agent(0, "europe")                           # adjacent to Africa
            else:
                e["era"] = (c["era"] + (2 if step == "era" else 1)) % 6
        values.append(state.heuristic(0))
    assert values == sorted(values) and len(set(values)) == 4, values
