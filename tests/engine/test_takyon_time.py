"""Takyon: Black Hole and Low Gravity, displacement points, the era wrap, and the anomaly belt."""
from tests.engine.takyon_util import ERA, SEASON, Edit, act, aid, new

ERA_STEP, SEASON_STEP, STOP = (aid({"type": "time", "step": s}) for s in ("era", "season", "stop"))


def test_black_hole_moves_time_backward_and_both_points_must_be_used():
    state = new()
    act(state, "go black hole")
    assert STOP not in state.legal_actions()
    act(state, "era")
    assert STOP not in state.legal_actions()
    act(state, "season")
    d = state.to_json(None)
    assert (d["era"], d["season"]) == ("technological", "spring")
    assert STOP in state.legal_actions() and d["players"][0]["tachyons"] == 5


def test_low_gravity_moves_time_forward():
    state = new()
    with Edit(state) as e:
        e["era"] = ERA["antiquity"]
    act(state, "go low gravity, era, era")
    assert state.to_json(None)["era"] == "renaissance"


def test_extra_displacement_points_cost_one_tachyon_each():
    state = new()
    act(state, "go black hole, season, season, season, season")
    d = state.to_json(None)
    assert d["season"] == "summer" and d["players"][0]["tachyons"] == 3
    with Edit(state) as e:
        e.money(0, 0)
    assert state.legal_actions() == [STOP]


def test_crossing_between_environmental_crisis_and_prehistoric_costs_two_more():
    state = new()        # era marker starts on Environmental Crisis
    act(state, "go low gravity, era")
    d = state.to_json(None)
    assert d["era"] == "prehistoric" and d["players"][0]["tachyons"] == 3
    assert state.check_invariants() == 0


def test_era_wrap_is_refused_without_two_tachyons():
    state = new()
    with Edit(state) as e:
        e.money(0, 1)
    act(state, "go low gravity")
    assert state.legal_actions() == [SEASON_STEP]


def test_fold_anomaly_makes_the_wrap_free():
    state = new()
    with Edit(state) as e:
        e.anomaly(0, "fold")
    act(state, "play fold, go low gravity, era, era")
    d = state.to_json(None)
    assert d["era"] == "antiquity" and d["players"][0]["tachyons"] == 5


def test_time_skip_gives_one_free_extra_point():
    state = new()
    with Edit(state) as e:
        e.anomaly(0, "time-skip")
    act(state, "play time skip, go black hole, season, season, season")
    assert state.to_json(None)["players"][0]["tachyons"] == 5
    act(state, "season")
    assert state.to_json(None)["players"][0]["tachyons"] == 4


def test_each_forward_season_step_slides_the_belt_right():
    state = new()
    before = state.to_json(None)
    belt = [b["card"] for b in before["anomaly_belt"]]
    left_top = before["hidden"]["anomaly_left_deck"][-1]["card"]
    act(state, "go low gravity, season")
    d = state.to_json(None)
    assert [b["card"] for b in d["anomaly_belt"]] == [left_top] + belt[:3]
    assert d["hidden"]["anomaly_right_deck"][-1]["card"] == belt[3]
    assert (d["anomaly_left_deck"], d["anomaly_right_deck"]) == (9, 11)


def test_each_backward_season_step_slides_the_belt_left():
    state = new()
    before = state.to_json(None)
    belt = [b["card"] for b in before["anomaly_belt"]]
    right_top = before["hidden"]["anomaly_right_deck"][-1]["card"]
    act(state, "go black hole, season")
    d = state.to_json(None)
    assert [b["card"] for b in d["anomaly_belt"]] == belt[1:] + [right_top]
    assert d["hidden"]["anomaly_left_deck"][-1]["card"] == belt[0]


def test_belt_slide_from_an_empty_deck_leaves_a_gap():
    state = new()
    with Edit(state) as e:
        r = e.r
        r["aright"] = r["aright"][:0] + [-1] * len(r["aright"])
        moved = [c for c in state.raw()["aright"][:r["naright"]]]
        r["naright"] = 0
        r["aleft"][r["naleft"]:r["naleft"] + len(moved)] = moved     # keep the cards in the game
        r["naleft"] += len(moved)
    act(state, "go black hole, season")
    assert state.to_json(None)["anomaly_belt"][3] is None
    assert state.check_invariants() == 0


def test_variant_1_every_time_move_includes_an_era_step_and_the_agent_stays():
    state = new(mandatory_era=True)
    with Edit(state) as e:
        e["era"] = ERA["renaissance"]
        e["season"] = SEASON["summer"]
    act(state, "go black hole, season")
    assert state.legal_actions() == [ERA_STEP]          # cannot move the season twice
    act(state, "era")
    assert STOP in state.legal_actions()
    act(state, "stop")
    # no agent move: straight to taking a tech on the agent's continent
    assert state.to_json(None)["phase"] == "take_tech"


def test_variant_1_refuses_a_time_space_whose_forced_era_wrap_is_unaffordable():
    state = new(mandatory_era=True)      # era on Environmental Crisis: Low Gravity must wrap
    with Edit(state) as e:
        e.money(0, 1)
    spaces = [state.action_to_json(a).get("space") for a in state.legal_actions()]
    assert "low-gravity" not in spaces and "black-hole" in spaces


def test_crossing_backward_from_prehistoric_to_environmental_crisis_also_costs_two():
    # rules file, Eras: the wrap costs 2 per crossing "either way"
    state = new()
    with Edit(state) as e:
        e["era"] = ERA["prehistoric"]
    act(state, "go black hole, era")
    d = state.to_json(None)
    assert d["era"] == "environmental-crisis" and d["players"][0]["tachyons"] == 3
    act(state, "era")       # second free point, no crossing: no cost
    assert state.to_json(None)["players"][0]["tachyons"] == 3 and state.check_invariants() == 0
