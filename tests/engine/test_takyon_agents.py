"""Takyon: agents, adjacency, continent landing zones, Wormhole, and taking techs."""
import engine
from tests.engine.takyon_util import CONT, Edit, act, aid, new

STAY = aid({"type": "stay"})


def agent_targets(state):
    return [state.action_to_json(a)["continent"] for a in state.legal_actions()
            if state.action_to_json(a)["type"] == "agent"]


def test_adjacent_continents_are_the_neighbours_on_the_ring_and_antarctica():
    state = new()
    with Edit(state) as e:
        e.agent(0, "africa")
    act(state, "go black hole, season, season, stop")
    assert agent_targets(state) == ["south-america", "europe", "antarctica"]
    assert STAY in state.legal_actions()


def test_adjacency_skips_locked_continents():
    state = new()
    with Edit(state) as e:
        e.agent(0, "africa")
        e.agent(1, "asia")
        e["tokens"][CONT["south-america"]] = 1
    act(state, "go black hole, season, season, stop")
    # rulebook example: with South America locked, North America becomes adjacent to Africa
    assert agent_targets(state) == ["north-america", "europe", "antarctica"]


def test_from_antarctica_every_unlocked_continent_is_adjacent():
    state = new()
    with Edit(state) as e:
        e.agent(0, "antarctica")
        e["tokens"][CONT["asia"]] = 1
    act(state, "go black hole, season, season, stop")
    assert agent_targets(state) == ["north-america", "south-america", "africa", "europe"]


def test_agent_landing_on_an_occupied_continent_pays_the_occupant():
    state = new()
    with Edit(state) as e:
        e.agent(2, "asia")
        e.agent(0, "africa")         # on Africa's landing zone
        e.agent(1, "europe")
    act(state, "go black hole, season, season, stop, agent europe")
    d = state.to_json(None)
    assert d["players"][0]["tachyons"] == 4 and d["players"][1]["tachyons"] == 6
    assert d["continents"][CONT["europe"]]["landing_zone"] == 1
    assert d["continents"][CONT["africa"]]["landing_zone"] is None     # seat 0 left its zone
    assert state.check_invariants() == 0


def test_agent_landing_is_refused_to_a_player_who_cannot_pay():
    state = new()
    with Edit(state) as e:
        e.agent(0, "africa")
        e.agent(1, "europe")
        e.money(0, 0)
    act(state, "go black hole, season, season, stop")
    assert "europe" not in agent_targets(state) and "south-america" in agent_targets(state)


def test_wormhole_reaches_any_unlocked_continent_the_current_one_and_antarctica():
    state = new()
    with Edit(state) as e:
        e["tokens"][CONT["asia"]] = 1
        e.agent(0, "north-america")
    act(state, "go wormhole")
    assert agent_targets(state) == ["north-america", "south-america", "africa", "europe", "antarctica"]


def test_taking_a_tech_is_compulsory_and_goes_under_the_current_era():
    state = new()
    with Edit(state) as e:
        e.agent(0, "europe")
        e.slots("europe", ["military", "cultural", "military"])
    act(state, "go wormhole, agent europe")
    takes = [state.action_to_json(a) for a in state.legal_actions()]
    assert takes == [{"type": "take", "tech": "cultural"}, {"type": "take", "tech": "military"}]
    act(state, "take military")
    d = state.to_json(None)
    assert d["players"][0]["board"]["environmental-crisis"] == {"military": 1}
    assert sorted(d["continents"][CONT["europe"]]["techs"]) == ["cultural", "military"]
    assert d["phase"] == "free_after_action"


def test_antarctica_environmental_tech_is_optional_and_costs_one():
    state = new()
    act(state, "go wormhole, agent antarctica")
    assert [state.action_to_json(a)["type"] for a in state.legal_actions()] == ["take", "skip_take"]
    act(state, "take environmental")
    d = state.to_json(None)
    assert d["players"][0]["environmental"] == 1 and d["players"][0]["tachyons"] == 4
    assert d["antarctica"]["environmental_pile"] == 7
    with Edit(state) as e:
        e.money(0, 0)
    state2 = new()
    with Edit(state2) as e:
        e.money(0, 0)
    act(state2, "go wormhole, agent antarctica")
    assert state2.legal_actions() == [aid({"type": "skip_take"})]


def test_taking_the_last_tech_is_a_minor_paradox_refilling_three_and_advancing_the_marker():
    state = new()
    with Edit(state) as e:
        e.agent(0, "europe")
        e.slots("europe", ["political"])
    act(state, "go wormhole, agent europe, take political")
    d = state.to_json(None)
    assert len(d["continents"][CONT["europe"]]["techs"]) == 3
    assert d["minor_paradox_space"] == 2 and d["tech_reserve"] == 51 + 2 - 3
    assert state.current_player() == 0 and state.check_invariants() == 0


def test_an_empty_reserve_is_rebuilt_from_the_discards():
    state = new()
    with Edit(state) as e:
        e.agent(0, "europe")
        e.slots("europe", ["political"])
        r = e.r
        # every reserve tech goes to the discard pile (public), as if sold or delivered
        for t in r["reserve"][:r["nreserve"]]:
            r["tdiscard"][t] += 1
        r["reserve"] = [-1] * len(r["reserve"])
        r["nreserve"] = 0
    act(state, "go wormhole, agent europe, take political")
    d = state.to_json(None)
    assert len(d["continents"][CONT["europe"]]["techs"]) == 3
    assert sum(d["tech_discard"].values()) == 0 and d["tech_reserve"] == 51 + 2 - 3
    assert state.check_invariants() == 0


def test_double_pick_takes_a_second_tech_from_the_same_continent():
    state = new()
    with Edit(state) as e:
        e.agent(0, "europe")
        e.slots("europe", ["military", "cultural", "scientific"])
        e.anomaly(0, "double-pick")
    act(state, "play double pick, go wormhole, agent europe, take military, take scientific")
    d = state.to_json(None)
    assert d["players"][0]["board"]["environmental-crisis"] == {"military": 1, "scientific": 1}
    assert d["phase"] == "free_after_action"


def test_jump_moves_the_agent_without_a_tech():
    state = new()
    with Edit(state) as e:
        e.agent(0, "africa")
        e.anomaly(0, "jump")
    act(state, "play jump asia")
    d = state.to_json(None)
    assert d["players"][0]["agent"] == "asia" and d["phase"] == "free_before_move"
    assert all(not b for b in d["players"][0]["board"].values())
