"""No peeking: an information-set search is a function of the searcher's information set.

For positions of every registered hidden-information game, searching from the true state and from
states resampled from the searcher's information set (``resample_from_infostate``) must give the same
action and the same root statistics for the same seed. A search that read any hidden part of the true
state (an opponent's card, a deck order) would see different hidden parts in the resamples and diverge.
"""
import random

import pytest

import engine
from mcts import search

HIDDEN = [(spec.name, opts) for spec in engine.list_games(include_unlisted=True)
          if spec.hidden_information for opts in spec.conformance]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'default'}" for name, opts in HIDDEN]

GAMES = 4            # random games walked per rule set
POSITIONS = 2        # decision positions checked per game
RESAMPLES = 3        # resampled information-set mates per position
ITERATIONS = 200


def positions(game, rng):
    """Decision positions (non-chance, non-terminal) from seeded random play."""
    found = []
    for g in range(GAMES):
        state = game.new_initial_state(seed=rng.randrange(1 << 30))
        seen = []
        while not state.is_terminal():
            if state.current_player() == engine.CHANCE:
                state.apply_action(state.sample_chance())
                continue
            seen.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
        found += rng.sample(seen, min(POSITIONS, len(seen)))
    return found


def root_figures(result):
    return result.action, result.visits, result.values, result.simulated_decisions, result.nodes


@pytest.mark.parametrize("name,opts", HIDDEN, ids=IDS)
def test_search_sees_only_the_searchers_information_set(name, opts):
    game = engine.load_game(name, **opts)
    rng = random.Random(f"no-peeking {name} {opts}")
    differing = 0
    for state in positions(game, rng):
        seat = state.current_player()
        seed = rng.randrange(1 << 30)
        truth = root_figures(search(state, iterations=ITERATIONS, seed=seed))
        for k in range(RESAMPLES):
            mate = state.resample_from_infostate(seat, k)
            assert mate.info_hash(seat) == state.info_hash(seat)
            differing += not mate.same_position(state)
            assert root_figures(search(mate, iterations=ITERATIONS, seed=seed)) == truth, (
                f"search from seat {seat} depends on hidden information: {state.to_json()}")
    # Non-vacuous: some resamples really did hide a different truth behind the same information set.
    assert differing > 0


def test_kuhn_hidden_card_does_not_change_the_decision():
    # Seat 1 holds Q facing a bet: the right call depends on seat 0's card, which it cannot see.
    game = engine.load_game("kuhn_poker")
    vs_jack, vs_king = game.replay(0, [0, 1, 1]), game.replay(0, [2, 1, 1])
    a, b = search(vs_jack, iterations=2000, seed=9), search(vs_king, iterations=2000, seed=9)
    assert root_figures(a) == root_figures(b)
