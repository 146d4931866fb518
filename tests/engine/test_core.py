"""The shared engine pieces: registry and options, errors, chance sampling, snapshots, resampling.
Kuhn poker (the reference game) stands in for any game here."""
import pytest

import engine
from engine.registry import GameSpec, Option


def _kuhn_after_deal(seed=3):
    state = engine.load_game("kuhn_poker").new_initial_state(seed)
    while state.current_player() == engine.CHANCE:
        state.apply_action(state.sample_chance())
    return state


def test_option_validation_type_choice_and_range():
    opt = Option("chapter", "base", choices=("base", "growth"))
    assert opt.validate("growth") == "growth"
    with pytest.raises(engine.OptionError) as e:
        opt.validate("nope")
    assert "base, growth" in e.value.message("en") and "debe ser una de" in e.value.message("es")
    with pytest.raises(engine.OptionError):
        opt.validate(3)
    num = Option("turns", 300, minimum=10, maximum=1000)
    assert num.validate(10) == 10
    for bad in (9, 1001, True, "300"):
        with pytest.raises(engine.OptionError):
            num.validate(bad)


def test_players_option_appears_only_for_variable_player_counts():
    fixed = GameSpec("x", "X", "X", object, 2, 2, 1, 1)
    variable = GameSpec("y", "Y", "Y", object, 2, 5, 1, 1, default_players=3)
    assert [o.name for o in fixed.all_options()] == []
    (players,) = variable.all_options()
    assert (players.name, players.default, players.minimum, players.maximum) == ("players", 3, 2, 5)


def test_house_options_are_reported_in_metadata():
    game = engine.load_game("kuhn_poker")
    md = game.metadata
    assert md["title"] == "kuhn_poker" and md["hidden_information"] is True
    assert md["house_rules"] == {}


def test_illegal_action_raises_and_leaves_state_untouched():
    state = _kuhn_after_deal()
    before, log = state.snapshot(), state.history()
    with pytest.raises(engine.IllegalActionError) as e:
        state.apply_action(7)
    assert e.value.code == "illegal_action"
    assert e.value.legal == [0, 1]
    assert e.value.legal_text("es") == ["paso", "apuesto"]
    assert state.snapshot() == before and state.history() == log


def test_parse_error_names_the_bad_step_and_the_legal_alternatives():
    state = _kuhn_after_deal()
    with pytest.raises(engine.ParseError) as e:
        state.parse_turn("pass, dance")
    assert e.value.index == 1 and e.value.code == "unparsable_step"
    # the alternatives are those at the failing step (after "pass"), rendered in the asked language
    assert e.value.legal_text("en") == ["pass", "bet"]


def test_sample_chance_is_a_function_of_seed_and_decision_number():
    game = engine.load_game("kuhn_poker")
    deals = {game.new_initial_state(seed).sample_chance() for seed in range(50)}
    assert deals == {0, 1, 2}  # the seed matters
    a, b = game.new_initial_state(9), game.new_initial_state(9)
    assert a.sample_chance() == b.sample_chance()
    with pytest.raises(engine.IllegalActionError):
        _kuhn_after_deal().sample_chance()


def test_snapshot_restore_and_replay_agree():
    game = engine.load_game("kuhn_poker")
    state = _kuhn_after_deal(5)
    state.apply_action(1)
    rebuilt = game.state_from_snapshot(5, state.snapshot(), state.history())
    assert rebuilt.same_position(state) and rebuilt.history() == state.history()
    assert game.replay(5, state.history()).same_position(state)
    with pytest.raises(ValueError):
        rebuilt.restore(b"short")


def test_resample_keeps_what_the_viewer_saw_and_varies_the_rest():
    state = _kuhn_after_deal(3)
    mine = state.to_json(0)["cards"][0]
    seen = set()
    for k in range(40):
        r = state.resample_from_infostate(0, k)
        assert r.to_json(0) == state.to_json(0)
        seen.add(r.to_json(None)["cards"][1])
    assert mine not in seen and len(seen) == 2
    assert state.resample_from_infostate(None, 1).same_position(state)


def test_random_playouts_are_seeded():
    root = engine.load_game("kuhn_poker").new_initial_state(1)
    a = engine.random_playouts(root, 500, 42)
    b = engine.random_playouts(root, 500, 42)
    c = engine.random_playouts(root, 500, 43)
    assert a == b and a["returns"] != c["returns"]


def test_kuhn_json_decisions_are_read_in_context():
    """A deal is not a bet: {"deal": "J"} while betting is unparsable, not a pass."""
    state = _kuhn_after_deal()
    with pytest.raises(engine.ParseError):
        state.json_to_action({"deal": "J"})
    fresh = engine.load_game("kuhn_poker").new_initial_state(1)
    with pytest.raises(engine.ParseError):
        fresh.json_to_action({"bet": True})
    assert fresh.json_to_action({"deal": "K"}) == 2
