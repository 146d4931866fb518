"""The conformance suite: every registered game, under every rule set it lists in
``GameSpec.conformance``, keeps the State protocol's contracts (see ``engine/core.pyx``)."""
import json
import random

import pytest

import engine

CONFIGS = [(spec.name, opts) for spec in engine.list_games(include_unlisted=True)
           for opts in spec.conformance]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'default'}" for name, opts in CONFIGS]

RANDOM_GAMES = 1000      # C-level random games per rule set
WALKED_GAMES = 4         # Python-level games per rule set, every contract checked at every step


@pytest.mark.parametrize("name,opts", CONFIGS, ids=IDS)
def test_random_games_end_and_keep_invariants(name, opts):
    game = engine.load_game(name, **opts)
    figures = engine.random_playouts(game.new_initial_state(seed=11), RANDOM_GAMES, seed=12345,
                                     check=True)
    assert figures["terminal"] == RANDOM_GAMES, figures
    assert figures["empty_legal"] == 0, figures
    assert figures["legal_after_end"] == 0, figures
    assert figures["unsorted_legal"] == 0, figures
    assert figures["bad_chance_probs"] == 0, figures
    assert figures["invariant_failures"] == 0, figures


def _step(state, rng):
    if state.current_player() == engine.CHANCE:
        return state.sample_chance()
    return rng.choice(state.legal_actions())


@pytest.mark.parametrize("name,opts", CONFIGS, ids=IDS)
def test_protocol_contracts_at_every_step(name, opts):
    game = engine.load_game(name, **opts)
    rng = random.Random(f"{name}{opts}")
    for g in range(WALKED_GAMES):
        seed = 1000 + g
        state = game.new_initial_state(seed)
        steps = 0
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            assert legal == sorted(set(legal)) and legal, "legal actions sorted, distinct, non-empty"
            assert player == engine.CHANCE or 0 <= player < game.num_players
            assert state.returns() == [0.0] * game.num_players
            assert state.check_invariants() == 0
            # actions: JSON and text round trips
            for a in legal:
                obj = state.action_to_json(a)
                json.dumps(obj)
                assert state.json_to_action(json.loads(json.dumps(obj))) == a
                if player != engine.CHANCE:
                    for lang in ("en", "es"):
                        assert state.parse_turn(state.action_to_text(a, lang), lang) == [a]
            # state: full JSON round trip, and every seat's view is JSON
            full = json.loads(json.dumps(state.to_json(None)))
            assert game.state_from_json(seed, full).same_position(state)
            for seat in range(game.num_players):
                json.dumps(state.to_json(seat))
                # a resample is consistent with what that seat has seen
                r = state.resample_from_infostate(seat, seed=steps)
                assert r.to_json(seat) == state.to_json(seat)
                assert r.info_hash(seat) == state.info_hash(seat)
                assert r.current_player() == player
            # clone independence
            before = state.snapshot()
            twin = state.clone()
            twin.apply_action(_step(twin, rng))
            assert state.snapshot() == before
            state.apply_action(_step(state, rng))
            steps += 1
            assert state.decision_count() == steps
        assert state.legal_actions() == []
        assert state.current_player() == engine.TERMINAL
        assert len(state.returns()) == game.num_players
        # replay from (seed, log) is exact
        assert game.replay(seed, state.history()).same_position(state)


@pytest.mark.parametrize("name", sorted({n for n, _ in CONFIGS}))
def test_unknown_option_is_refused(name):
    with pytest.raises(engine.OptionError) as e:
        engine.load_game(name, no_such_option=1)
    assert e.value.code == "invalid_option"
    assert e.value.message("es") != e.value.message("en")


def test_unknown_game_is_refused():
    with pytest.raises(engine.UnknownGameError) as e:
        engine.load_game("no-such-game")
    assert e.value.code == "unknown_title"
