"""Takyon: missions, paradoxes and time locks, the end of the game."""
import engine
from engine.takyon import CONT_KEYS, ERA_KEYS, SEASON_KEYS, TECH_KEYS
from tests.engine.takyon_util import CONT, Edit, act, aid, card, find_mission, new, roll

SEASONED = find_mission(lambda c: c["season"] is not None
                        and len({(t["type"], t["era"]) for t in c["techs"]}) == 3)


def ready(state, mid, seat=0, levels=3):
    """Put seat's agent, the era and season markers and the techs where mission ``mid`` needs them."""
    c = card(mid)
    with Edit(state) as e:
        e.mission(seat, mid)
        for other in range(state.num_players):
            if other != seat and e["agent"][other] == c["continent"]:
                e.agent(other, "antarctica")
        e.agent(seat, CONT_KEYS[c["continent"]])
        e["era"] = c["era"]
        if c["season"] is not None:
            e["season"] = c["season"]
        for t in c["techs"][:levels]:
            e.board(seat, ERA_KEYS[t["era"]], TECH_KEYS[t["type"]])
    return c


def completions(state):
    return [state.action_to_json(a) for a in state.legal_actions()
            if state.action_to_json(a)["type"] == "complete"]


def test_mission_conditions_continent_era_and_season():
    state = new()
    c = ready(state, SEASONED)
    assert [x["levels"] for x in completions(state)] == [1, 2, 3]
    for field, value in (("season", (c["season"] + 1) % 4), ("era", (c["era"] + 1) % 6)):
        s2 = state.clone()
        with Edit(s2) as e:
            e[field] = value
        assert completions(s2) == []
        why = s2.explain_illegal({"type": "complete", "mission": SEASONED, "levels": 1}, "en")
        assert ("season" if field == "season" else "era") in why
    s3 = state.clone()
    with Edit(s3) as e:
        e.agent(0, CONT_KEYS[(c["continent"] + 1) % 5])
    assert completions(s3) == []
    assert "agent" in s3.explain_illegal({"type": "complete", "mission": SEASONED, "levels": 1}, "en")


def test_tech_3_only_with_tech_2():
    state = new()
    c = card(SEASONED)
    ready(state, SEASONED, levels=1)
    t3 = c["techs"][2]
    with Edit(state) as e:
        e.board(0, ERA_KEYS[t3["era"]], TECH_KEYS[t3["type"]])
    assert [x["levels"] for x in completions(state)] == [1]


def test_completion_scores_delivers_techs_advances_the_marker_and_rolls():
    state = new()
    ready(state, SEASONED)
    act(state, f"complete {SEASONED} 3")
    d = state.to_json(None)
    assert d["players"][0]["prestige"] == 7 and d["missions_completed"] == 1
    assert [m["id"] for m in d["players"][0]["completed"]] == [SEASONED]
    assert sum(d["tech_discard"].values()) == 3 and all(not b for b in d["players"][0]["board"].values())
    assert state.current_player() == engine.CHANCE
    assert [a for a, _ in state.chance_outcomes()] == [aid({"type": "roll", "face": f}) for f in range(1, 7)]
    assert state.check_invariants() == 0


def test_minor_paradox_track_cycles_to_the_first_space_with_a_major_roll():
    state = new()
    with Edit(state) as e:
        e["minor"] = 3
        e.agent(0, "europe")
        e.slots("europe", ["political"])
    act(state, "go wormhole, agent europe, take political")
    assert state.to_json(None)["minor_paradox_space"] == 1
    assert state.current_player() == engine.CHANCE


def test_die_six_advances_the_minor_marker_and_may_chain():
    state = new()
    ready(state, SEASONED)
    with Edit(state) as e:
        e["minor"] = 3
    act(state, f"complete {SEASONED} 1")
    roll(state, 6)
    assert state.to_json(None)["minor_paradox_space"] == 1
    assert state.current_player() == engine.CHANCE        # the 4th space wrapped: another roll
    roll(state, 6)
    assert state.to_json(None)["minor_paradox_space"] == 2
    assert state.current_player() == 0


def test_first_token_locks_the_continent_and_the_displaced_owner_chooses():
    state = new()
    ready(state, SEASONED)
    with Edit(state) as e:
        e.agent(1, "europe", zone=True)
        e.agent(2, "europe", zone=False)
    act(state, f"complete {SEASONED} 1")
    roll(state, 4)      # Europe
    d = state.to_json(0)
    assert d["continents"][CONT["europe"]]["lock"] == "minor"
    assert d["continents"][CONT["europe"]]["techs"] is None and d["continents"][CONT["europe"]]["face_down"] == 3
    assert state.current_player() == 1                     # not the active player
    targets = [state.action_to_json(a)["continent"] for a in state.legal_actions()]
    assert targets == ["africa", "asia", "antarctica"]
    act(state, "agent asia")
    assert state.current_player() == 2
    act(state, "agent africa")
    d = state.to_json(None)
    assert (d["players"][1]["agent"], d["players"][2]["agent"]) == ("asia", "africa")
    # displaced agents land outside the landing zone and pay nobody
    assert d["players"][2]["agent_in_landing_zone"] is False
    assert [p["tachyons"] for p in d["players"]][1:] == [5, 5]
    assert state.current_player() == 0 and state.check_invariants() == 0
    # nobody may land there until it is cleared
    act(state, "go time museum, stories, end turn")
    act(state, "go wormhole")
    assert "europe" not in [state.action_to_json(a)["continent"] for a in state.legal_actions()]


def test_second_token_is_a_permanent_lock_the_agency_cannot_clear_and_its_face_is_rolled_again():
    state = new()
    ready(state, SEASONED)
    with Edit(state) as e:
        e["tokens"][CONT["asia"]] = 1
        e.agent(2, "africa") if e["agent"][2] == CONT["asia"] else None
    act(state, f"complete {SEASONED} 1")
    roll(state, 5)      # Asia
    d = state.to_json(None)
    assert d["continents"][CONT["asia"]]["lock"] == "permanent"
    act(state, "go time museum, stories, end turn")
    with Edit(state) as e:
        e["active"] = 0
        e["phase"] = 1
        e.machine(0, "time-museum")
    act(state, "go paradox agency")
    assert state.legal_actions() == [aid({"type": "no_clear"})]
    with Edit(state) as e:
        e["pending_rolls"] = 1
    assert [a for a, _ in state.chance_outcomes()] == [aid({"type": "roll", "face": f}) for f in (1, 2, 3, 4, 6)]
    assert all(abs(p - 0.2) < 1e-12 for _, p in state.chance_outcomes())


def test_three_permanent_locks_everyone_loses():
    state = new()
    ready(state, SEASONED)
    free = [c for c in range(5) if c != card(SEASONED)["continent"]]
    with Edit(state) as e:
        e["tokens"][free[0]] = 2
        e["tokens"][free[1]] = 2
        e["tokens"][free[2]] = 1
        for q in (1, 2):
            e.agent(q, "antarctica")
    act(state, f"complete {SEASONED} 1")
    roll(state, free[2] + 1)
    assert state.is_terminal()
    assert state.returns() == [-1.0, -1.0, -1.0]
    assert state.to_json(None)["result"] == "everyone_lost"


def test_a_token_on_every_continent_everyone_loses():
    state = new()
    ready(state, SEASONED)
    home = card(SEASONED)["continent"]
    with Edit(state) as e:
        for c in range(5):
            if c != home and c != (home + 1) % 5:
                e["tokens"][c] = 1
        for q in (1, 2):
            e.agent(q, "antarctica")
    act(state, f"complete {SEASONED} 1")
    roll(state, (home + 1) % 5 + 1)
    assert not state.is_terminal()            # the agent's continent is still free
    state2 = new()
    ready(state2, SEASONED)
    with Edit(state2) as e:
        for c in range(5):
            if c != home:
                e["tokens"][c] = 1
        for q in (1, 2):
            e.agent(q, "antarctica")
    act(state2, f"complete {SEASONED} 1")
    roll(state2, home + 1)
    assert state2.is_terminal() and state2.returns() == [-1.0] * 3


def test_twelfth_mission_ends_the_game_at_the_end_of_the_turn():
    state = new()
    ready(state, SEASONED)
    with Edit(state) as e:
        e["missions_done"] = 11
    act(state, f"complete {SEASONED} 1")
    roll(state, 6)
    assert not state.is_terminal() and state.current_player() == 0
    act(state, "go time museum, stories")
    assert not state.is_terminal()
    act(state, "end turn")
    assert state.is_terminal() and state.to_json(None)["result"] == "finished"
    assert state.returns()[0] == 1.0


def test_a_loss_overrides_the_twelfth_mission():
    state = new()
    ready(state, SEASONED)
    home = card(SEASONED)["continent"]
    with Edit(state) as e:
        e["missions_done"] = 11
        for c in range(5):
            if c != home:
                e["tokens"][c] = 1
        for q in (1, 2):
            e.agent(q, "antarctica")
    act(state, f"complete {SEASONED} 1")
    roll(state, home + 1)
    assert state.is_terminal() and state.returns() == [-1.0] * 3


def test_reroll_lets_the_active_player_roll_a_major_roll_again():
    state = new()
    ready(state, SEASONED)
    with Edit(state) as e:
        e.anomaly(0, "reroll")
    act(state, f"complete {SEASONED} 1")
    roll(state, 2)
    assert state.current_player() == 0
    assert state.legal_actions() == [aid({"type": "reroll"}), aid({"type": "accept_roll"})]
    assert state.to_json(1)["turn"]["roll_to_confirm"] == 2
    act(state, "reroll")
    assert state.current_player() == engine.CHANCE
    roll(state, 6)
    d = state.to_json(None)
    assert d["continents"][1]["tokens"] == 0 and d["minor_paradox_space"] == 2
    assert d["turn"]["anomalies"] == "played"


def test_accepting_the_roll_applies_it():
    state = new()
    ready(state, SEASONED)
    with Edit(state) as e:
        e.anomaly(0, "reroll")
        for q in (1, 2):
            e.agent(q, "antarctica")
    act(state, f"complete {SEASONED} 1")
    roll(state, 2)
    act(state, "accept roll")
    assert state.to_json(None)["continents"][1]["tokens"] == 1


def test_stabiliser_moves_the_minor_marker_back_and_patch_clears_without_prestige():
    state = new()
    with Edit(state) as e:
        e["minor"] = 2
        e["tokens"][CONT["africa"]] = 1
        e.agent(2, "antarctica")
        e.anomaly(0, "stabiliser")
        e.anomaly(0, "patch")
    act(state, "play stabiliser, play patch africa")
    d = state.to_json(None)
    assert d["minor_paradox_space"] == 2 and d["continents"][CONT["africa"]]["tokens"] == 0
    assert d["players"][0]["prestige"] == 0


def test_remote_delivery_completes_a_mission_on_a_permanently_locked_continent():
    state = new()
    c = ready(state, SEASONED)
    with Edit(state) as e:
        e["tokens"][c["continent"]] = 2
        e.agent(0, "antarctica")
    assert completions(state) == []
    with Edit(state) as e:
        e.anomaly(0, "remote-delivery")
    assert [x["levels"] for x in completions(state) if x["remote"]] == [1, 2, 3]
    act(state, f"complete {SEASONED} 2 remote")
    d = state.to_json(None)
    assert d["players"][0]["prestige"] == 5 and d["players"][0]["anomalies_in_hand"] == 0


def test_an_anomaly_bought_this_turn_forbids_playing_one():
    state = new()
    with Edit(state) as e:
        e.anomaly(0, "fuel-cache")
    act(state, "buy anomaly 1")
    assert all(state.action_to_json(a)["type"] != "play" for a in state.legal_actions())
    assert "compraste" in state.explain_illegal({"type": "play", "anomaly": "fuel-cache"}, "es").lower()


def test_buying_an_anomaly_refills_from_the_nearest_deck_without_sliding():
    for pos, deck in ((2, "anomaly_left_deck"), (3, "anomaly_right_deck")):
        state = new()
        before = state.to_json(None)
        top = before["hidden"][deck][-1]["card"]
        bought = before["anomaly_belt"][pos - 1]["card"]
        act(state, f"buy anomaly {pos}")
        d = state.to_json(None)
        assert d["anomaly_belt"][pos - 1]["card"] == top
        assert [b["card"] for i, b in enumerate(d["anomaly_belt"]) if i != pos - 1] == \
            [b["card"] for i, b in enumerate(before["anomaly_belt"]) if i != pos - 1]
        assert d["players"][0]["anomalies_in_hand"] == 1
        assert [a["card"] for a in state.to_json(0)["you"]["anomalies"]] == [bought]
        assert d["turn"]["anomalies"] == "bought"
        assert all(state.action_to_json(a)["type"] != "buy_anomaly" for a in state.legal_actions())


def test_fuel_cache_gains_two_and_re_date_moves_a_tech_to_an_adjacent_era():
    state = new()
    with Edit(state) as e:
        e.anomaly(0, "fuel-cache")
        e.anomaly(0, "re-date")
        e.board(0, "prehistoric", "military")
    act(state, "play fuel cache, play re-date military prehistoric back")
    d = state.to_json(None)
    assert d["players"][0]["tachyons"] == 7
    assert d["players"][0]["board"]["environmental-crisis"] == {"military": 1}
    assert d["players"][0]["board"]["prehistoric"] == {}


def test_briefing_draws_three_keeps_one():
    state = new()
    with Edit(state) as e:
        e.anomaly(0, "briefing")
    act(state, "play briefing")
    drawn = state.to_json(0)["you"]["drawn"]
    assert len(drawn) == 3 and len(state.legal_actions()) == 3
    act(state, f"keep {drawn[0]['id']}")
    d = state.to_json(None)
    assert d["phase"] == "free_before_move" and len(d["hidden"]["mission_hands"][0]) == 2
