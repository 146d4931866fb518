"""The JSON view of a position and its exact round trip."""
import json

import engine
from tests.engine.ttykm_helpers import play, position

X16 = ". " * 15 + "X"


def test_every_view_is_the_whole_position():
    s = engine.load_game("ttykm", chapter="growth+memory").new_initial_state(0)
    assert s.to_json(0) == s.to_json(1) == s.to_json(None)


def test_view_fields():
    s = engine.load_game("ttykm", chapter="growth+influence").new_initial_state(0)
    j = s.to_json()
    assert j["phase"] == "select" and j["to_move"] == "white" and j["turn"] == 1
    assert j["actions_required"] == 2 and j["actions_taken"] == 0 and j["selectable"] == [1]
    assert j["players"]["white"] == {"supply": 4, "focus": "past", "dead": 0, "dead_by": {"white": 0, "black": 0},
                                     "eras_present": ["past", "present", "future"], "statue_built": False}
    assert j["seeds"] == {"supply": 5, "destroyed": 0}
    assert j["eras"]["present"][6] == {"piece": "statue", "owner": "neutral"}
    assert j["result"] is None


def test_round_trip_mid_turn_is_byte_identical_and_keeps_kill_credits():
    s = position(past=". . O X . . . . . . . . . . . X", present="O . . . . . . . . . . . . . . X",
                 future=X16)
    play(s, "select 3, move E")
    j = json.loads(json.dumps(s.to_json()))
    assert j["players"]["black"]["dead_by"] == {"white": 1, "black": 0}
    assert j["phase"] == "act" and j["actions_taken"] == 1 and j["acting"] == {"era": "past", "square": 4}
    back = s.game.state_from_json(0, j)
    assert back.same_position(s)
    # and the rebuilt state plays on identically
    play(s, "move W, focus present")
    play(back, "move W, focus present")
    assert back.same_position(s)


def test_round_trip_of_a_finished_game():
    s = position(past=". . O X . . . . . . . . . . . .", present="O . . . . . . . . . . . . . . X",
                 future=". " * 16)
    play(s, "select 3, move E, move W, focus future")
    j = s.to_json()
    assert j["result"] == {"winner": "white", "reason": "win"} and j["phase"] == "over"
    assert s.game.state_from_json(0, j).same_position(s)


def test_metadata_reports_the_house_rules():
    game = engine.load_game("ttykm", chapter="memory", build_rule="rebound")
    house = game.metadata["house_rules"]
    assert house["build_rule"] == "rebound" and house["own_copy_paradox"] is True
    assert house["repetition"] == 3 and house["turn_limit"] == 300 and house["voluntary_pass"] is False
    assert "chapter" not in house
