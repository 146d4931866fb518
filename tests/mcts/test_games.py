"""Search on the project's real games: tactics in That Time You Killed Me (perfect information, UCT)
and the heuristic cut-off with a 3-5 seat reward vector in Takyon (information sets).

Positions come from seeded random play, and what is "winning" or "losing" is decided by brute force
over whole turns (every sequence of the mover's decisions up to the next player), not by the search.
"""
import random

import pytest

import engine
from mcts import search

REGISTERED = {spec.name for spec in engine.list_games(include_unlisted=True)}
needs = {name: pytest.mark.skipif(name not in REGISTERED, reason=f"{name} is not registered")
         for name in ("ttykm", "takyon")}


def turn_ends(state, mover):
    """Every state where ``mover``'s turn is over (terminal or another seat to decide)."""
    if state.is_terminal() or state.current_player() != mover:
        yield state
        return
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        yield from turn_ends(child, mover)


def wins_now(state):
    """Whether the seat to move has a turn that ends the game in its favour."""
    mover = state.current_player()
    return any(e.is_terminal() and e.returns()[mover] > 0 for e in turn_ends(state, mover))


def play_turn(state, iterations, seed):
    """The state after the seat to move plays its whole turn by search."""
    mover, s = state.current_player(), state.clone()
    while not s.is_terminal() and s.current_player() == mover:
        s.apply_action(search(s, iterations=iterations, seed=seed).action)
    return s


def turn_starts(game, games, rng):
    """Positions at the start of a turn, from seeded random games."""
    for g in range(games):
        state, prev = game.new_initial_state(g), None
        while not state.is_terminal():
            if state.current_player() != prev:
                prev = state.current_player()
                yield state.clone()
            state.apply_action(rng.choice(state.legal_actions()))


@needs["ttykm"]
def test_ttykm_search_takes_a_win_in_one_turn():
    # Only positions where a win exists but most turns do not win: the search must find it.
    game, rng = engine.load_game("ttykm"), random.Random(7)
    positions = []
    for state in turn_starts(game, 40, rng):
        ends = list(turn_ends(state, state.current_player()))
        winning = sum(e.is_terminal() and e.returns()[state.current_player()] > 0 for e in ends)
        if 0 < winning < len(ends) / 2:
            positions.append(state)
        if len(positions) == 10:
            break
    assert len(positions) == 10
    for state in positions:
        final = play_turn(state, 2000, seed=1)
        assert final.is_terminal() and final.returns()[state.current_player()] == 1.0, state.render_text()


@needs["ttykm"]
def test_ttykm_search_parries_a_threat():
    # Positions where some turns let the opponent win at once and some do not.
    game, rng = engine.load_game("ttykm"), random.Random(11)
    positions = []
    for state in turn_starts(game, 40, rng):
        ends = list(turn_ends(state, state.current_player()))
        if any(e.is_terminal() for e in ends):
            continue
        losing = [wins_now(e) for e in ends]
        if 0 < sum(losing) < len(losing):
            positions.append(state)
        if len(positions) == 8:
            break
    assert len(positions) == 8
    for state in positions:
        assert not wins_now(play_turn(state, 1000, seed=2)), state.render_text()


@needs["ttykm"]
def test_a_single_legal_action_is_returned_without_search():
    state = engine.load_game("ttykm").new_initial_state(0)
    assert len(state.legal_actions()) == 1          # the opening select: one copy on the past
    result = search(state, iterations=100, seed=0)
    assert result.forced and result.iterations == 0 and result.action == state.legal_actions()[0]


@needs["takyon"]
@pytest.mark.parametrize("players", [3, 4, 5])
def test_takyon_cut_off_scores_the_searchers_share_of_the_heuristic(players):
    # With rollout_depth=0 the single iteration expands one root action and scores it with the
    # game's c_evaluate. The first determinization is resample_from_infostate(seat, seed) (see
    # mcts.search), so the expected value is computable here exactly: the searcher's own component
    # of the heuristic vector, whatever seat it sits in.
    game, rng = engine.load_game("takyon", players=players), random.Random(players)
    state, checked, seats = game.new_initial_state(5), 0, set()
    while checked < 12 and not state.is_terminal():
        seat = state.current_player()
        if seat == engine.CHANCE:
            state.apply_action(state.sample_chance())
            continue
        if len(state.legal_actions()) > 1:
            seed = rng.randrange(1 << 30)
            result = search(state, iterations=1, seed=seed, rollout_depth=0)
            (action,) = result.visits
            child = state.resample_from_infostate(seat, seed)
            child.apply_action(action)
            expected = child.returns()[seat] if child.is_terminal() else child.evaluate()[seat]
            assert result.values[action] == pytest.approx(expected, abs=1e-12)
            checked += 1
            seats.add(seat)
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked == 12 and len(seats) > 1
