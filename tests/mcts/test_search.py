"""mcts.search: budgets, determinism, errors, and play that Kuhn poker's dominant strategies pin down.

Kuhn decisions used here (actions: 0 pass/fold, 1 bet/call; deals: 0 J, 1 Q, 2 K):
facing a bet, K always wins a call (+2 against -1 for folding) and J always loses one (-2 against -1),
whatever the opponent holds, so any sound search calls with K and folds with J.
"""
import pytest

import engine
from mcts import SearchResult, search

PASS, BET = 0, 1
J, Q, K = 0, 1, 2


def kuhn(*decisions):
    return engine.load_game("kuhn_poker").replay(0, list(decisions))


def test_same_seed_same_search():
    state = kuhn(Q, J)
    a, b = search(state, iterations=3000, seed=5), search(state, iterations=3000, seed=5)
    assert (a.action, a.visits, a.values, a.simulated_decisions, a.nodes) == (
        b.action, b.visits, b.values, b.simulated_decisions, b.nodes)
    assert a.iterations == b.iterations == 3000


def test_seed_changes_the_samples():
    state = kuhn(Q, J)
    runs = {tuple(sorted(search(state, iterations=3000, seed=s).values.items())) for s in range(4)}
    assert len(runs) > 1


def test_iteration_budget_is_exact_and_every_iteration_reaches_a_root_child():
    result = search(kuhn(K, J), iterations=777, seed=0)
    assert isinstance(result, SearchResult)
    assert result.iterations == 777
    assert sum(result.visits.values()) == 777
    assert set(result.visits) == {PASS, BET}
    assert result.player == 0 and not result.forced
    assert result.simulated_decisions >= 2 * 777   # at least the searcher's action and one more


def test_time_budget_stops_the_search():
    result = search(kuhn(K, J), seconds=0.05, seed=0)
    assert result.iterations > 0
    assert 0.05 <= result.elapsed < 5.0       # loose: a shared machine, not a speed claim


def test_both_budgets_whichever_ends_first():
    assert search(kuhn(K, J), iterations=50, seconds=60.0, seed=0).iterations == 50


@pytest.mark.parametrize("seat_hist", [[BET], [PASS, BET]], ids=["seat1-facing-bet", "seat0-facing-bet"])
@pytest.mark.parametrize("seed", range(5))
def test_king_calls_a_bet(seat_hist, seed):
    mine = K
    deals = [Q, mine] if len(seat_hist) == 1 else [mine, Q]
    state = kuhn(*deals, *seat_hist)
    result = search(state, iterations=2000, seed=seed)
    assert result.action == BET
    # The values are the searcher's own returns, whichever seat searches: calling with K wins 2.
    assert result.values == {PASS: -1.0, BET: 2.0}


@pytest.mark.parametrize("seat_hist", [[BET], [PASS, BET]], ids=["seat1-facing-bet", "seat0-facing-bet"])
@pytest.mark.parametrize("seed", range(5))
def test_jack_folds_to_a_bet(seat_hist, seed):
    deals = [K, J] if len(seat_hist) == 1 else [J, K]
    result = search(kuhn(*deals, *seat_hist), iterations=2000, seed=seed)
    assert result.action == PASS
    assert result.values == {PASS: -1.0, BET: -2.0}
    assert result.visits[PASS] > 0.9 * result.iterations


def test_opponent_nodes_maximise_the_opponents_reward():
    # Seat 0 holds K. Facing a bet, the opponent's tree node picks fold (-1 for it) over call (-2
    # whatever it holds), so seat 0's bet is worth about +1. Were the opponent's node scored with
    # seat 0's reward, it would call and the bet would look worth +2.
    result = search(kuhn(K, J), iterations=20000, seed=3)
    assert result.values[BET] == pytest.approx(1.0, abs=0.1)
    assert result.values[PASS] == pytest.approx(1.0, abs=0.1)


def test_rollout_depth_zero_scores_unfinished_leaves_without_playing_on():
    # Kuhn has no heuristic (c_evaluate returns False), so an unfinished leaf is worth 0 to everyone.
    result = search(kuhn(Q, J), iterations=2, seed=0, rollout_depth=0)
    assert result.visits == {PASS: 1, BET: 1}
    assert result.values == {PASS: 0.0, BET: 0.0}
    assert result.simulated_decisions == 2
    deep = search(kuhn(Q, J), iterations=2, seed=0)
    assert deep.simulated_decisions > 2


def test_node_bound_keeps_searching_without_growing():
    result = search(kuhn(Q, J), iterations=500, seed=0, max_nodes=3)
    assert result.nodes == 3
    assert result.iterations == 500
    assert sum(result.visits.values()) == 500


@pytest.mark.parametrize("decisions,message", [([], "chance"), ([K], "chance"), ([K, J, PASS, PASS], "over")])
def test_chance_and_terminal_states_are_refused(decisions, message):
    with pytest.raises(ValueError, match=message):
        search(kuhn(*decisions), iterations=10)


def test_budget_and_parameters_are_checked():
    with pytest.raises(ValueError):
        search(kuhn(K, J))
    with pytest.raises(ValueError):
        search(kuhn(K, J), iterations=0)
    with pytest.raises(TypeError, match="explore"):
        search(kuhn(K, J), iterations=10, explore=2.0)


def test_search_leaves_the_state_untouched():
    state = kuhn(K, J, PASS)
    before = state.snapshot()
    search(state, iterations=500, seed=1)
    assert state.snapshot() == before and state.history() == [K, J, PASS]
