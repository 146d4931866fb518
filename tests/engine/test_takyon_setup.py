"""Takyon set-up (rules file "Setup") and the content pack's shape."""
import json

import engine
from engine import takyon as tk
from tests.engine.takyon_util import CONT, new


def test_setup_tachyons_machines_techs_decks_and_markers():
    state = engine.load_game("takyon", players=4).new_initial_state(5)
    d = state.to_json(None)
    assert [p["tachyons"] for p in d["players"]] == [5] * 4
    assert [p["machine"] for p in d["players"]] == ["nova-terra"] * 4
    assert d["nova_terra"] == {"slots": [3, 4, 5], "future_supply": 3}
    assert d["antarctica"]["environmental_pile"] == 8
    assert [len(c["techs"]) for c in d["continents"]] == [3] * 5
    assert d["tech_reserve"] == 66 - 15
    assert (d["anomaly_left_deck"], len([b for b in d["anomaly_belt"] if b]), d["anomaly_right_deck"]) == (10, 4, 10)
    assert (d["era"], d["season"], d["missions_completed"], d["minor_paradox_space"]) == (
        "environmental-crisis", "summer", 0, 1)
    assert state.check_invariants() == 0


def test_setup_each_seat_keeps_one_of_two_missions_then_places_agent_on_a_free_continent():
    state = engine.load_game("takyon", players=3).new_initial_state(9)
    for seat in range(3):
        assert state.current_player() == seat
        drawn = state.to_json(seat)["you"]["drawn"]
        assert len(drawn) == 2 and state.to_json((seat + 1) % 3)["you"]["drawn"] == []
        keep = state.legal_actions()[-1]
        state.apply_action(keep)
        kept = state.action_to_json(keep)["mission"]
        other = ({m["id"] for m in drawn} - {kept}).pop()
        d = state.to_json(None)
        assert d["hidden"]["mission_hands"][seat] == [kept]
        assert d["mission_discard"][-1] == other
        # agent: only continents without an agent
        free = [c["continent"] for c in d["continents"] if c["landing_zone"] is None]
        assert [state.action_to_json(a)["continent"] for a in state.legal_actions()] == free
        state.apply_action(state.legal_actions()[0])
        assert state.to_json(None)["players"][seat]["agent_in_landing_zone"] is True
    assert state.to_json(None)["phase"] == "free_before_move" and state.current_player() == 0


def test_variant_4_setup_draws_three_keeps_two():
    state = engine.load_game("takyon", players=2, more_missions=True).new_initial_state(3)
    assert len(state.to_json(0)["you"]["drawn"]) == 3
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 0 and len(state.legal_actions()) == 2
    state.apply_action(state.legal_actions()[0])
    assert len(state.to_json(None)["hidden"]["mission_hands"][0]) == 2
    assert state.to_json(None)["phase"] == "setup_agent"


def test_variants_2_and_4_cannot_be_combined():
    game = engine.load_game("takyon", sell_missions=True, more_missions=True)
    try:
        game.new_initial_state(1)
    except engine.OptionError as e:
        assert e.code == "invalid_option" and "variante 4" in e.message("es")
    else:
        raise AssertionError("variants 2 and 4 together must be refused")


def test_metadata_names_the_content_pack_and_house_rules():
    md = engine.load_game("takyon").metadata
    assert md["content"] == "placeholder-1" and md["num_players"] == 3
    assert md["house_rules"] == {"max_rounds": 60}


def test_placeholder_missions_have_the_shape_the_rules_file_fixes():
    cards = tk.PACK["missions"]
    assert len(cards) == 36
    for era in range(6):
        assert sum(c["era"] == era for c in cards) == 6
    per_continent = sorted(sum(c["continent"] == k for c in cards) for k in range(5))
    assert per_continent == [7, 7, 7, 7, 8]
    assert sum(c["season"] is not None for c in cards) == 18
    for c in cards:
        assert [t["points"] for t in c["techs"]] == [3, 2, 2]
        assert all(t["era"] != c["era"] and 0 <= t["type"] < 5 for t in c["techs"])
        assert c["en"] and c["es"]


def test_mission_generator_is_reproducible_and_matches_the_committed_file():
    import importlib.util
    import os
    path = os.path.join(tk.DATA_DIR, "make_missions.py")
    spec = importlib.util.spec_from_file_location("make_missions", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    with open(os.path.join(tk.DATA_DIR, "missions.json"), encoding="utf-8") as f:
        assert json.load(f)["missions"] == mod.generate()


def test_every_pack_entry_has_english_and_spanish_names():
    board = tk.PACK["board"]
    for section in ("eras", "seasons", "continents", "spaces", "techs"):
        for entry in board[section]:
            assert entry["en"] and entry["es"]
    for kind in tk.PACK["anomaly_kinds"]:
        assert kind["en"] and kind["es"] and kind["text_en"] and kind["text_es"]
    assert len(tk.PACK["anomaly_cards"]) == 24


def test_seeded_setup_replays_exactly():
    a = new(players=5, seed=77)
    b = new(players=5, seed=77)
    assert a.same_position(b)
    assert not a.same_position(new(players=5, seed=78))
    assert CONT["antarctica"] == 5
