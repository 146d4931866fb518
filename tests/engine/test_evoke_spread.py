"""Spread, crisis chains, the alert index and the crisis meter (rules: "Map, cards, problems")."""
from tests.engine.evoke_helpers import end_turn, game, position, problems_of

FAR = "Y12"        # drawn as the second spread card where a test needs only one: far from the action


def test_problem_on_empty_node_is_yellow():
    s = end_turn(position(game(), deck_top=["Y07", FAR]))
    assert problems_of(s, "Y07") == ("yellow", 1)


def test_problem_matches_the_nodes_colour():
    s = end_turn(position(game(), problems={"Y07": ("red", 1), "Y03": ("yellow", 2)}, deck_top=["Y07", "Y03"]))
    assert problems_of(s, "Y07") == ("red", 2)
    assert problems_of(s, "Y03") == ("yellow", 3)
    assert not s.to_json(0)["crisis_this_turn"]


def test_fourth_yellow_is_a_crisis_that_turns_red_and_spreads_to_neighbours():
    # Y07's neighbours in mission 1: Y04 and Y08
    s = end_turn(position(game(), problems={"Y07": ("yellow", 3), "Y04": ("yellow", 1)}, deck_top=["Y07", FAR]))
    assert problems_of(s, "Y07") == ("red", 1)
    assert problems_of(s, "Y04") == ("yellow", 2)
    assert problems_of(s, "Y08") == ("yellow", 1)
    assert s.to_json(0)["crisis_this_turn"]


def test_fourth_red_turns_black():
    s = end_turn(position(game(), problems={"Y07": ("red", 3)}, deck_top=["Y07", FAR]))
    assert problems_of(s, "Y07") == ("black", 1)
    assert problems_of(s, "Y08") == ("yellow", 1)


def test_black_node_that_receives_a_problem_has_a_crisis_without_changing():
    s = end_turn(position(game(), problems={"Y07": ("black", 1)}, deck_top=["Y07", FAR]))
    assert problems_of(s, "Y07") == ("black", 1)
    assert problems_of(s, "Y04") == ("yellow", 1) and problems_of(s, "Y08") == ("yellow", 1)
    assert s.to_json(0)["alert"] == "1"


def test_crisis_chain_stops_at_the_origin():
    # Y07 starts the chain; its neighbour Y08 crises too and would send a problem back to Y07
    s = end_turn(position(game(), problems={"Y07": ("yellow", 3), "Y08": ("yellow", 3)}, deck_top=["Y07", FAR]))
    assert problems_of(s, "Y07") == ("red", 1)          # not red 2: the origin takes nothing back
    assert problems_of(s, "Y08") == ("red", 1)
    assert problems_of(s, "Y01") == ("yellow", 1)       # Y08's other neighbour
    assert problems_of(s, "Y04") == ("yellow", 1)       # Y07's other neighbour


def test_each_node_has_at_most_one_crisis_per_chain():
    # Y02, Y03, Y05 form a triangle; all three crisis once and then ignore each other's problems
    s = end_turn(position(game(), problems={n: ("yellow", 3) for n in ("Y02", "Y03", "Y05")},
                          deck_top=["Y02", FAR]))
    for n in ("Y02", "Y03", "Y05"):
        assert problems_of(s, n) == ("red", 1)
    # each outside neighbour receives one problem per neighbouring crisis
    assert problems_of(s, "Y04") == ("yellow", 1)       # from Y02
    assert problems_of(s, "Y01") == ("yellow", 1)       # from Y03
    assert problems_of(s, "Y09") == ("yellow", 1)       # from Y05
    assert problems_of(s, "Y06") == ("yellow", 1)       # from Y05


def test_base_node_takes_no_problem_and_does_not_pass_a_chain_on():
    s = end_turn(position(game(), problems={"Y07": ("yellow", 3)}, bases=["Y08"], deck_top=["Y08", "Y07"]))
    assert problems_of(s, "Y08") == (None, 0)           # drawn and hit by Y07's crisis: still clear
    assert problems_of(s, "Y07") == ("red", 1)
    assert problems_of(s, "Y01") == (None, 0)           # nothing went through the base


def test_nodes_outside_the_mission_take_no_problem():
    # Y08 has a line to B03 (blue): in mission 1 the blue section is not in play
    s = end_turn(position(game(mission=5), problems={"Y08": ("yellow", 3)}, deck_top=["Y08", FAR]))
    assert problems_of(s, "B03") == ("yellow", 1)
    s1 = end_turn(position(game(mission=1), problems={"Y08": ("yellow", 3)}, deck_top=["Y08", FAR]))
    assert "B03" not in [n["id"] for n in s1.to_json(0)["nodes"]]
    assert s1.check_invariants() == 0


def test_secret_paths_spread_only_in_missions_7_and_8():
    # Y01 - R01 is a secret path; mission 7 plays red and yellow with secret paths active
    s7 = end_turn(position(game(mission=7), problems={"Y01": ("yellow", 3)}, deck_top=["Y01", FAR],
                           agents={a: "Y03" for a in range(4)}))
    assert problems_of(s7, "R01") == ("yellow", 1)
    # mission 5 plays both ends of the secret path Y04 - B11, but secret paths are not active
    s5 = end_turn(position(game(mission=5), problems={"Y04": ("yellow", 3)}, deck_top=["Y04", FAR]))
    assert problems_of(s5, "Y04") == ("red", 1)
    assert problems_of(s5, "B11") == (None, 0)


def test_alert_index_moves_once_per_turn_however_many_crises():
    s = position(game(), problems={"Y07": ("yellow", 3), "Y12": ("yellow", 3)}, deck_top=["Y07", "Y12"])
    s = end_turn(s)
    assert problems_of(s, "Y07") == ("red", 1) and problems_of(s, "Y12") == ("red", 1)
    assert s.to_json(0)["alert"] == "1"


def test_alert_index_moves_again_in_the_next_turn_with_a_crisis():
    s = position(game(), problems={"Y07": ("yellow", 3), "Y11": ("yellow", 3)},
                 deck_top=["Y07", "Y02", "Y11", "Y03"])
    s = end_turn(s)
    assert s.to_json(0)["alert"] == "1"
    s = end_turn(s)
    assert s.to_json(0)["alert"] == "2"


def test_no_crisis_leaves_the_alert_index():
    s = end_turn(position(game(), deck_top=["Y07", FAR], alert="2"))
    assert s.to_json(0)["alert"] == "2"


def test_return_to_start_moves_the_meter_and_the_next_spread_draws_more():
    s = position(game(), problems={"Y07": ("yellow", 3)}, deck_top=["Y07", FAR], alert="3")
    s = end_turn(s)
    d = s.to_json(0)
    assert d["alert"] == "!" and d["meter"] == 3 and d["meter_step"] == 1
    before = len(d["deck"]["discards"])
    s = end_turn(s)
    assert len(s.to_json(0)["deck"]["discards"]) == before + 3


def test_meter_steps_are_2_3_4_6_8_12():
    seen = []
    for step in range(6):
        s = position(game(), meter_step=step)
        seen.append(s.to_json(0)["meter"])
        s = end_turn(s)
        if step < 5:
            assert len(s.to_json(0)["deck"]["discards"]) == seen[-1]
        else:       # 12 cards: every node of the section drawn once (then the deck is rebuilt)
            assert all(problems_of(s, n["id"]) == ("yellow", 1) for n in s.to_json(0)["nodes"])
    assert seen == [2, 3, 4, 6, 8, 12]


def test_meter_moving_past_12_loses():
    s = end_turn(position(game(), problems={"Y07": ("yellow", 3)}, deck_top=["Y07", FAR], alert="3", meter_step=5))
    assert s.is_terminal()
    assert s.to_json(0)["outcome"] == "lost_meter"
    assert s.returns() == [0.0] * 4


def test_empty_deck_is_rebuilt_from_the_discards():
    g = game()
    s = position(g, meter_step=5)                  # 12 cards a turn: the whole deck
    s = end_turn(s)
    d = s.to_json(None)
    assert d["deck"]["size"] == 12 and d["deck"]["discards"] == []
    assert sorted(d["hidden"]["deck_order"]) == sorted(n["id"] for n in d["nodes"])
    assert s.check_invariants() == 0
