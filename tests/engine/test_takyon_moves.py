"""Takyon: moving the time machine, landing zones and their fees (rules file "A turn", step 2)."""
import engine
from tests.engine.takyon_util import Edit, act, aid, new


def moves(state):
    return [state.action_to_json(a)["space"] for a in state.legal_actions()
            if state.action_to_json(a)["type"] == "move"]


def test_machine_must_move_to_another_space():
    state = new()
    with Edit(state) as e:
        e.machine(0, "time-museum")
    assert "time-museum" not in moves(state)
    assert "paradox-agency" in moves(state)


def test_free_landing_zone_is_taken_without_fee():
    state = new()
    act(state, "go black hole")
    d = state.to_json(None)
    assert d["landing_zones"]["black-hole"] == 0 and d["players"][0]["tachyons"] == 5


def test_occupied_landing_zone_costs_one_tachyon_to_the_occupant():
    state = new()
    with Edit(state) as e:
        e.machine(1, "wormhole")
    act(state, "go wormhole")
    d = state.to_json(None)
    assert d["players"][0]["tachyons"] == 4 and d["players"][1]["tachyons"] == 6
    assert d["landing_zones"]["wormhole"] == 1
    assert d["players"][0]["machine_in_landing_zone"] is False
    assert state.check_invariants() == 0


def test_occupied_landing_zone_is_refused_to_a_player_who_cannot_pay():
    state = new()
    with Edit(state) as e:
        e.machine(1, "wormhole")
        e.money(0, 0)
    assert "wormhole" not in moves(state) and "black-hole" in moves(state)
    msg = state.explain_illegal({"type": "move", "space": "wormhole"}, "es")
    assert "tasa de aterrizaje" in msg


def test_leaving_a_landing_zone_frees_it_without_paying_the_common_area():
    state = new()
    with Edit(state) as e:
        e.machine(0, "black-hole")
        e.machine(1, "black-hole")     # seat 1 in the common area
    assert state.to_json(None)["landing_zones"]["black-hole"] == 0
    act(state, "go time museum, stories, end turn")      # seat 0 leaves
    assert state.to_json(None)["landing_zones"]["black-hole"] is None
    act(state, "go low gravity")                          # seat 1's turn; its own zone next time
    assert state.to_json(None)["landing_zones"]["low-gravity"] == 1


def test_free_landing_anomaly_waives_the_fee_this_turn():
    state = new()
    with Edit(state) as e:
        e.machine(1, "wormhole")
        e.anomaly(0, "free-landing")
        e.money(0, 0)
    assert "wormhole" not in moves(state)
    act(state, "play free landing")
    assert "wormhole" in moves(state)
    act(state, "go wormhole")
    d = state.to_json(None)
    assert d["players"][0]["tachyons"] == 0 and d["players"][1]["tachyons"] == 5
    assert d["turn"]["anomalies"] == "played"


def test_no_warp_spaces_have_no_landing_zone():
    state = new()
    act(state, "go paradox agency")
    assert state.to_json(None)["players"][0]["machine_in_landing_zone"] is False
    assert state.legal_actions() == [aid({"type": "no_clear"})]
