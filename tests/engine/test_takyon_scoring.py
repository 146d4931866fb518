"""Takyon: end scoring, tie-breaks, returns, and variants 3 and 4 at the end."""
from tests.engine.takyon_util import CONT, MISSION, Edit, act, find_mission, new


def complete_cards(e, seat, mids):
    """Move cards into seat's completed pile (via the hand, keeping cards conserved)."""
    r = e.r
    for mid in mids:
        e.mission(seat, mid)
        h = r["hand"][seat][:r["nhand"][seat]]
        h.remove(MISSION[mid])
        r["nhand"][seat] -= 1
        r["hand"][seat] = h + [-1] * (48 - len(h))
        r["done"][seat][r["ndone"][seat]] = MISSION[mid]
        r["ndone"][seat] += 1


def on(continent, k=0):
    found = [m["id"] for m in __import__("engine.takyon", fromlist=["PACK"]).PACK["missions"]
             if m["continent"] == CONT[continent]]
    return found[k]


def finish(state):
    with Edit(state) as e:
        e["missions_done"] = 12
    act(state, "go time museum, stories, end turn")
    assert state.is_terminal()


def test_end_scoring_adds_every_term_of_the_rules_file():
    state = new(players=2)
    with Edit(state) as e:
        e["prestige"][0] = 10
        e["fut_supply"] -= 1
        e["fut_own"][0] = 1                      # +5
        e["env_pile"] -= 2
        e["env_own"][0] = 2                      # +4
        complete_cards(e, 0, [on("europe"), on("europe", 1), on("asia")])
        e["tokens"][CONT["asia"]] = 2            # asia's mission loses its +1
        e.agent(1, "africa") if e["agent"][1] == CONT["asia"] else None
        e.money(0, 6)                            # +3 after the museum's +1: 7 // 2
    in_hand = state.to_json(None)["players"][0]["missions_in_hand"]
    finish(state)
    # 10 + 5 + 4 + (2 non-locked) + 2*2 distinct continents - missions in hand + 7//2
    assert state.to_json(None)["final_scores"][0] == 10 + 5 + 4 + 2 + 4 - in_hand + 3
    assert state.returns() == [1.0, 0.0]


def test_distinct_continent_bonus_is_at_most_ten():
    state = new(players=2)
    with Edit(state) as e:
        complete_cards(e, 0, [on(c) for c in ("north-america", "south-america", "africa", "europe", "asia")]
                       + [on("asia", 1)])
    in_hand = state.to_json(None)["players"][0]["missions_in_hand"]
    assert state.score_now(0) == 6 + 10 - in_hand + 5 // 2


def test_ties_are_broken_by_tachyons_then_techs_then_shared():
    state = new(players=3)
    with Edit(state) as e:
        for q in range(3):
            e.money(q, 0)
        e["prestige"] = [4, 4, 4, 0, 0]
        e.money(1, 1)              # same score (1 // 2 == 0), more tachyons
    finish(state)                  # seat 0 earns 1 tachyon at the museum too
    assert state.to_json(None)["final_scores"] == [3, 3, 3]
    assert state.returns() == [1.0, 1.0, 0.0]          # 1 tachyon each for seats 0 and 1
    state = new(players=3)
    with Edit(state) as e:
        for q in range(3):
            e.money(q, 0)
        e.money(0, 0)
        e.money(1, 1)
        e.money(2, 1)
        e.board(2, "antiquity", "military")
    finish(state)
    assert state.returns() == [0.0, 0.0, 1.0]          # seat 2 has the most techs
    state = new(players=2)
    with Edit(state) as e:
        e.money(0, 4)
        e.money(1, 5)
    finish(state)
    assert state.returns() == [1.0, 1.0]                # all equal: the victory is shared


def test_variant_3_on_a_loss_the_last_placed_wins_and_the_leader_is_the_grand_loser():
    state = new(players=3, first_loses=True)
    home = None
    mid = find_mission(lambda c: c["season"] is None)
    card = __import__("engine.takyon", fromlist=["PACK"]).PACK["missions"][MISSION[mid]]
    home = card["continent"]
    with Edit(state) as e:
        e["prestige"] = [9, 0, 4, 0, 0]
        for c in range(5):
            if c != home:
                e["tokens"][c] = 1
        for q in range(3):
            e.agent(q, "antarctica")
        e.mission(0, mid)
        e.agent(0, __import__("engine.takyon", fromlist=["CONT_KEYS"]).CONT_KEYS[home])
        e["era"] = card["era"]
        e.board(0, __import__("engine.takyon", fromlist=["ERA_KEYS"]).ERA_KEYS[card["techs"][0]["era"]],
                __import__("engine.takyon", fromlist=["TECH_KEYS"]).TECH_KEYS[card["techs"][0]["type"]])
    act(state, f"complete {mid} 1")
    from tests.engine.takyon_util import roll
    roll(state, home + 1)
    assert state.is_terminal() and state.returns() == [-1.0, 1.0, 0.0]


def test_variant_4_unfinished_missions_cost_two_each():
    plain = new(players=2, seed=4)
    more = new(players=2, seed=4, more_missions=True)
    assert len(more.to_json(None)["hidden"]["mission_hands"][0]) == 2
    assert plain.score_now(0) == 5 // 2 - 1
    assert more.score_now(0) == 5 // 2 - 4


def test_round_cap_ends_and_scores_the_game():
    state = new(players=2, max_rounds=1)
    act(state, "go time museum, stories, end turn")
    assert not state.is_terminal()
    act(state, "go time museum, stories, end turn")
    assert state.is_terminal() and state.to_json(None)["result"] == "finished"
