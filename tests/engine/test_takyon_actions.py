"""Takyon: Nova Terra, the Time Museum, the Mission Console and the Paradox Agency."""
import engine
from tests.engine.takyon_util import CONT, ERA, MISSION, Edit, act, aid, card, find_mission, new

PASS_FUTURE = aid({"type": "pass_future"})


def away_from_nova_terra(state, *seats):
    with Edit(state) as e:
        for q in seats:
            e.machine(q, "time-museum")


def test_nova_terra_is_refused_to_a_player_who_cannot_buy():
    state = new()
    away_from_nova_terra(state, 0, 1, 2)
    with Edit(state) as e:
        e.money(0, 2)
    assert aid({"type": "move", "space": "nova-terra"}) not in state.legal_actions()
    with Edit(state) as e:
        e.money(0, 3)
    assert aid({"type": "move", "space": "nova-terra"}) in state.legal_actions()


def test_nova_terra_pulls_every_machine_and_empties_the_landing_zones():
    state = new()
    with Edit(state) as e:
        e.machine(0, "black-hole")
        e.machine(1, "wormhole")
        e.machine(2, "low-gravity")
    act(state, "go nova terra")
    d = state.to_json(None)
    assert {p["machine"] for p in d["players"]} == {"nova-terra"}
    assert set(d["landing_zones"].values()) == {None}
    # the active player must buy: no pass for them
    assert PASS_FUTURE not in state.legal_actions()


def test_nova_terra_others_buy_in_seat_order_then_slots_refill_right_to_left():
    state = new(players=4)
    away_from_nova_terra(state, 0, 1, 2, 3)
    with Edit(state) as e:
        e["active"] = 2
        e.money(2, 5)
        e.money(3, 4)
        e.money(0, 2)       # cannot buy anything: passed over without a decision
        e.money(1, 9)
        e["fut_supply"] = 1
        e["nt_slot"] = [1, 1, 1]
        # the other two future techs sit on seat 1's board, keeping the count
        e["fut_own"][1] = 2
    act(state, "go nova terra, buy future 3")
    assert state.current_player() == 3                 # the next seat after the active one
    state.apply_action(aid({"type": "buy_future", "price": 4}))
    assert state.current_player() == 1                 # seat 0 cannot afford 5: skipped
    assert state.legal_actions() == [aid({"type": "buy_future", "price": 5}), PASS_FUTURE]
    state.apply_action(PASS_FUTURE)
    d = state.to_json(None)
    # one future tech left in the supply refills the rightmost empty slot (price 4)
    assert d["nova_terra"] == {"slots": [None, 4, 5], "future_supply": 0}
    assert [p["future"] for p in d["players"]] == [0, 2, 1, 1]
    assert d["players"][2]["tachyons"] == 2 and d["players"][3]["tachyons"] == 0
    assert d["phase"] == "free_after_action" and state.current_player() == 2
    assert state.check_invariants() == 0


def test_museum_sells_one_tech_at_the_table_price():
    for tech, price in (("religious", 1), ("political", 1), ("military", 1), ("cultural", 2), ("scientific", 2)):
        state = new()
        with Edit(state) as e:
            e.board(0, "antiquity", tech)
        act(state, f"go time museum, sell {tech} antiquity")
        d = state.to_json(None)
        assert d["players"][0]["tachyons"] == 5 + price and d["tech_discard"][tech] == 1
        assert d["phase"] == "free_after_action"


def test_museum_sells_environmental_and_future_techs():
    state = new()
    act(state, "go wormhole, agent antarctica, take environmental, end turn")
    state2 = new()
    with Edit(state2) as e:
        e["env_pile"] -= 1
        e["env_own"][0] = 1
    act(state2, "go time museum, sell environmental")
    d = state2.to_json(None)
    assert d["players"][0]["tachyons"] == 6 and d["antarctica"]["environmental_pile"] == 8
    state3 = new()
    with Edit(state3) as e:
        e["fut_supply"] -= 1
        e["fut_own"][0] = 1
    act(state3, "go time museum, sell future")
    d = state3.to_json(None)
    assert d["players"][0]["tachyons"] == 8 and d["nova_terra"]["future_supply"] == 3
    assert state3.check_invariants() == 0


def test_museum_stories_give_one_tachyon():
    state = new()
    act(state, "go time museum, stories")
    assert state.to_json(None)["players"][0]["tachyons"] == 6


def test_museum_buys_a_mission_level_which_makes_the_card_public_and_pays_on_completion():
    mid = find_mission(lambda c: c["season"] is None and c["techs"][1]["type"] in (2, 4)
                       and c["techs"][0]["era"] != c["techs"][1]["era"])
    c = card(mid)
    state = new()
    with Edit(state) as e:
        e.mission(0, mid)
    act(state, f"go time museum, museum {mid} level 2")
    d = state.to_json(1)
    assert d["players"][0]["tachyons"] == 1                       # cultural/scientific: 4
    assert [m["id"] for m in d["players"][0]["museum_missions"]] == [mid]
    assert d["players"][0]["museum_missions"][0]["museum_level"] == 2
    # only one level per card
    act(state, "end turn")
    with Edit(state) as e:
        e["active"] = 0
        e.machine(0, "black-hole")
        e.money(0, 9)
    act(state, "go time museum")
    assert aid({"type": "museum_buy", "mission": mid, "level": 3}) not in state.legal_actions()
    # completion: tech 1 from the board, level 2 from the museum tachyons
    state = state.clone()
    with Edit(state) as e:
        e["phase"] = 10
        e.board(0, tk_era(c["techs"][0]["era"]), tk_tech(c["techs"][0]["type"]))
        e.agent(0, tk_cont(c["continent"]))
        e["era"] = c["era"]
    act(state, f"complete {mid} 2")
    d = state.to_json(None)
    assert d["players"][0]["prestige"] == 5
    assert d["tech_discard"][tk_tech(c["techs"][0]["type"])] == 1 and sum(d["tech_discard"].values()) == 1
    assert state.check_invariants() == 0


def tk_era(i):
    from engine.takyon import ERA_KEYS
    return ERA_KEYS[i]


def tk_tech(i):
    from engine.takyon import TECH_KEYS
    return TECH_KEYS[i]


def tk_cont(i):
    from engine.takyon import CONT_KEYS
    return CONT_KEYS[i]


def test_variant_5_the_museum_sells_no_mission_techs():
    mid = "M05"
    state = new(no_museum_techs=True)
    with Edit(state) as e:
        e.mission(0, mid)
        e.money(0, 9)
    act(state, "go time museum")
    assert all(state.action_to_json(a)["type"] != "museum_buy" for a in state.legal_actions())
    assert "Variante 5" in state.explain_illegal({"type": "museum_buy", "mission": mid, "level": 2}, "es")


def test_variant_2_the_museum_buys_missions_of_permanently_locked_continents():
    locked = find_mission(lambda c: c["continent"] == CONT["asia"])
    free = find_mission(lambda c: c["continent"] == CONT["europe"])
    for opts, offered in (({}, False), ({"sell_missions": True}, True)):
        state = new(**opts)
        with Edit(state) as e:
            e.mission(0, locked)
            e.mission(0, free)
            e["tokens"][CONT["asia"]] = 2
            e.agent(2, "africa")
        act(state, "go time museum")
        sells = [state.action_to_json(a)["mission"] for a in state.legal_actions()
                 if state.action_to_json(a)["type"] == "sell_mission"]
        assert sells == ([locked] if offered else [])
    act(state, f"sell mission {locked}")
    d = state.to_json(None)
    assert d["players"][0]["tachyons"] == 7 and d["mission_box"] == [locked]
    assert state.check_invariants() == 0


def test_console_costs_one_and_draws_two_keeping_one():
    state = new()
    act(state, "go mission console")
    assert state.to_json(None)["players"][0]["tachyons"] == 4
    drawn = [m["id"] for m in state.to_json(0)["you"]["drawn"]]
    assert len(drawn) == 2 and state.to_json(1)["you"]["drawn"] == []
    act(state, f"keep {drawn[1]}")
    d = state.to_json(None)
    assert drawn[1] in d["hidden"]["mission_hands"][0] and d["mission_discard"][-1] == drawn[0]
    assert d["phase"] == "free_after_action"


def test_console_rebuilds_an_empty_deck_leaving_out_permanently_locked_continents():
    state = new()
    asia = [m["id"] for m in __import__("engine.takyon", fromlist=["PACK"]).PACK["missions"]
            if m["continent"] == CONT["asia"]]
    with Edit(state) as e:
        r = e.r
        deck = r["mdeck"][:r["nmdeck"]]
        r["mdisc"] = r["mdisc"][:r["nmdisc"]] + deck + [-1] * (48 - r["nmdisc"] - len(deck))
        r["nmdisc"] += len(deck)
        r["mdeck"] = [-1] * 48
        r["nmdeck"] = 0
        r["tokens"][CONT["asia"]] = 2
        e.agent(2, "africa")
    act(state, "go mission console")
    d = state.to_json(None)
    assert d["mission_discard"] == []
    assert sorted(d["mission_box"]) == sorted(m for m in asia if m not in
                                              sum(d["hidden"]["mission_hands"], []))
    assert all(m not in asia for m in d["hidden"]["mission_deck"] + d["hidden"]["missions_drawn"])
    assert state.check_invariants() == 0


def test_console_refused_without_a_tachyon():
    state = new()
    with Edit(state) as e:
        e.money(0, 0)
    assert aid({"type": "move", "space": "mission-console"}) not in state.legal_actions()


def test_agency_clears_a_minor_lock_for_two_tachyons_and_two_prestige():
    state = new()
    with Edit(state) as e:
        e["tokens"][CONT["europe"]] = 1
        e["tokens"][CONT["asia"]] = 2
    act(state, "go paradox agency")
    assert state.legal_actions() == [aid({"type": "clear", "continent": "europe"}), aid({"type": "no_clear"})]
    before = state.to_json(1)["continents"][CONT["europe"]]
    assert before["techs"] is None and before["face_down"] == 3
    act(state, "clear europe")
    d = state.to_json(1)
    assert d["continents"][CONT["europe"]]["tokens"] == 0 and len(d["continents"][CONT["europe"]]["techs"]) == 3
    assert d["players"][0]["tachyons"] == 3 and d["players"][0]["prestige"] == 2


def test_agency_may_be_chosen_without_clearing():
    state = new()
    act(state, "go paradox agency, no clear")
    d = state.to_json(None)
    assert d["players"][0]["tachyons"] == 5 and d["phase"] == "free_after_action"


def test_museum_buys_only_a_missing_mission_tech():
    # rules file, Time Museum: "pay the buy price to cover a *missing* level-2 or level-3 tech"
    mid = find_mission(lambda c: len({(t["type"], t["era"]) for t in c["techs"]}) == 3)
    c = card(mid)
    state = new()
    with Edit(state) as e:
        e.mission(0, mid)
        e.money(0, 9)
        t2 = c["techs"][1]
        e.board(0, tk_era(t2["era"]), tk_tech(t2["type"]))       # level 2's tech is on the board
    act(state, "go time museum")
    legal = state.legal_actions()
    assert aid({"type": "museum_buy", "mission": mid, "level": 2}) not in legal
    assert aid({"type": "museum_buy", "mission": mid, "level": 3}) in legal
    assert "missing" in state.explain_illegal({"type": "museum_buy", "mission": mid, "level": 2}, "en")


def test_museum_tech_is_missing_when_a_lower_level_of_the_card_needs_the_same_one():
    # two levels asking for the same tech under the same era need two of them on the board
    mid = find_mission(lambda c: (c["techs"][0]["type"], c["techs"][0]["era"])
                       == (c["techs"][1]["type"], c["techs"][1]["era"]))
    c = card(mid)
    state = new()
    with Edit(state) as e:
        e.mission(0, mid)
        e.money(0, 9)
        e.board(0, tk_era(c["techs"][0]["era"]), tk_tech(c["techs"][0]["type"]))
    act(state, "go time museum")
    assert aid({"type": "museum_buy", "mission": mid, "level": 2}) in state.legal_actions()


def test_variant_4_console_draws_three_and_keeps_two():
    state = new(more_missions=True)
    before = state.to_json(None)["hidden"]["mission_hands"][0]
    act(state, "go mission console")
    drawn = [m["id"] for m in state.to_json(0)["you"]["drawn"]]
    assert len(drawn) == 3
    act(state, f"keep {drawn[0]}")
    assert state.current_player() == 0 and state.to_json(None)["phase"] == "choose_missions"
    act(state, f"keep {drawn[2]}")
    d = state.to_json(None)
    assert d["hidden"]["mission_hands"][0] == before + [drawn[0], drawn[2]]
    assert d["mission_discard"][-1] == drawn[1] and d["phase"] == "free_after_action"


def test_museum_level_3_still_needs_tech_2_to_deliver_three_levels():
    # "tech 3 only with tech 2": a museum-covered tech 3 does not stand in for tech 2
    mid = find_mission(lambda c: c["season"] is None and len({(t["type"], t["era"]) for t in c["techs"]}) == 3)
    c = card(mid)
    state = new()
    with Edit(state) as e:
        e.mission(0, mid)
        e.money(0, 9)
    act(state, f"go time museum, museum {mid} level 3")
    with Edit(state) as e:
        e.board(0, tk_era(c["techs"][0]["era"]), tk_tech(c["techs"][0]["type"]))
        for q in (1, 2):
            if e["agent"][q] == c["continent"]:
                e.agent(q, "antarctica")
        e.agent(0, tk_cont(c["continent"]))
        e["era"] = c["era"]
    levels = [state.action_to_json(a)["levels"] for a in state.legal_actions()
              if state.action_to_json(a)["type"] == "complete"]
    assert levels == [1]
    with Edit(state) as e:
        e.board(0, tk_era(c["techs"][1]["era"]), tk_tech(c["techs"][1]["type"]))
    levels = [state.action_to_json(a)["levels"] for a in state.legal_actions()
              if state.action_to_json(a)["type"] == "complete"]
    assert levels == [1, 2, 3]
