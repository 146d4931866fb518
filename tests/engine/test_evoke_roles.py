"""The four roles at levels 1 and 5 (rules: "Roles")."""
from tests.engine.evoke_helpers import act, agent, answer_trivia, game, position, problems_of


def one_role(role, level, **opts):
    """Mission 1 with agent 1 in ``role`` at ``level`` (the others keep the default roles)."""
    return game(agent1_role=role, agent1_level=level, **opts)


def texts(state):
    return [state.action_to_text(a) for a in state.legal_actions()]


# ------------------------------------------------------------------------------ Creative Visionary
def test_visionary_level_1_sees_the_next_card_for_one_action_once_per_turn():
    s = position(one_role("visionary", 1), deck_top=["Y07", "Y12", "Y04"])
    assert s.to_json(1)["deck"]["top"] == []
    act(s, "peek")
    d = s.to_json(1)                                  # the whole team sees it
    assert d["deck"]["top"] == ["Y07"]
    assert d["actions_left"] == 3
    assert "peek" not in texts(s)


def test_visionary_level_5_sees_four_cards_for_free():
    s = position(one_role("visionary", 5), deck_top=["Y07", "Y12", "Y04", "Y02", "Y03"])
    act(s, "peek")
    d = s.to_json(2)
    assert d["deck"]["top"] == ["Y07", "Y12", "Y04", "Y02"]
    assert d["actions_left"] == 4


def test_seen_cards_are_drawn_in_that_order_and_stop_being_known():
    s = position(one_role("visionary", 5), deck_top=["Y07", "Y12", "Y04", "Y02"])
    act(s, "peek", "pass")                            # the next spread draws Y07 and Y12
    assert problems_of(s, "Y07") == ("yellow", 1) and problems_of(s, "Y12") == ("yellow", 1)
    assert s.to_json(1)["deck"]["top"] == ["Y04", "Y02"]


def test_only_the_visionary_peeks():
    s = position(one_role("thinker", 1))
    assert "peek" not in texts(s)
    assert "Visionary" in s.explain_illegal({"action": "peek"})


# ------------------------------------------------------------------------------ Systems Thinker
def test_thinker_level_1_wrong_answer_adds_no_problem_once_per_turn():
    s = position(one_role("thinker", 1), problems={"Y01": ("yellow", 1)})
    act(s, "remove")
    answer_trivia(s, right=False)
    assert problems_of(s, "Y01") == ("yellow", 1)     # forgiven
    act(s, "remove")
    answer_trivia(s, right=False)
    assert problems_of(s, "Y01") == ("yellow", 2)     # the second wrong answer this turn counts


def test_thinker_level_5_right_answers_cost_no_action_four_times_a_turn():
    s = position(one_role("thinker", 5), problems={"Y01": ("red", 1)})
    act(s, "remove")
    answer_trivia(s, right=True)                      # 1 red -> 3 yellow, free
    assert s.to_json(0)["actions_left"] == 4
    act(s, "remove", "remove")                        # 3 -> 2 -> 1 yellow: two actions
    act(s, "remove")
    answer_trivia(s, right=True)                      # free again
    assert s.to_json(0)["actions_left"] == 2
    assert agent(s, 0)["ideas"] == 2


def test_thinker_level_5_wrong_answers_add_no_problem():
    s = position(one_role("thinker", 5), problems={"Y01": ("yellow", 1)})
    for _ in range(3):
        act(s, "remove")
        answer_trivia(s, right=False)
    assert problems_of(s, "Y01") == ("yellow", 1)
    assert s.to_json(0)["actions_left"] == 1


# ------------------------------------------------------------------------------ Committed Collaborator
def test_collaborator_level_1_sends_one_idea_anywhere_for_one_action():
    s = position(one_role("collaborator", 1), ideas={0: 3}, agents={2: "Y12"})
    act(s, "send agent 3")
    assert agent(s, 2)["ideas"] == 1 and agent(s, 0)["ideas"] == 2
    assert s.to_json(0)["actions_left"] == 3
    act(s, "send agent 3")                            # a second idea is a second action
    assert s.to_json(0)["actions_left"] == 2


def test_collaborator_level_3_sends_three_ideas_to_several_agents_for_one_action():
    s = position(one_role("collaborator", 3), ideas={0: 5}, agents={1: "Y12", 2: "Y07"})
    act(s, "send agent 2", "send agent 3", "send agent 2")
    assert [agent(s, a)["ideas"] for a in range(3)] == [2, 2, 1]
    assert s.to_json(0)["actions_left"] == 3


def test_collaborator_finishes_a_paid_gift_after_the_last_action():
    s = position(one_role("collaborator", 2), ideas={0: 2}, agents={1: "Y12"}, actions=1)
    act(s, "send agent 2")
    d = s.to_json(0)
    assert d["seat"] == 0 and d["actions_left"] == 0 and d["gifts_open"] == 1
    assert texts(s) == ["send agent 2", "send agent 3", "send agent 4", "pass"]
    act(s, "send agent 2")
    assert s.to_json(0)["seat"] == 1 and agent(s, 1)["ideas"] == 2


def test_collaborator_level_5_sends_any_number_for_free():
    s = position(one_role("collaborator", 5), ideas={0: 6}, agents={3: "Y12"})
    act(s, *["send agent 4"] * 6)
    assert agent(s, 3)["ideas"] == 6
    assert s.to_json(0)["actions_left"] == 4


def test_only_the_collaborator_sends_at_a_distance():
    s = position(one_role("leader", 1), ideas={0: 2}, agents={1: "Y12"})
    assert not any(t.startswith("send") for t in texts(s))


# ------------------------------------------------------------------------------ Empathetic Leader
def test_leader_level_1_builds_one_base_for_free():
    s = position(one_role("leader", 1, mission=5))
    act(s, "build")                                   # free: no ideas needed
    assert agent(s, 0)["free_bases_used"] == 1
    act(s, "move Y08", "move B03")
    assert "build" not in texts(s)                    # the second base would cost an idea: none


def test_leader_second_base_costs_an_idea_once_the_free_ones_are_used():
    s = position(one_role("leader", 1, mission=5), ideas={0: 1})
    act(s, "build", "move Y08", "move B03", "build")
    assert agent(s, 0)["ideas"] == 0
    assert [n["id"] for n in s.to_json(0)["nodes"] if n["base"]] == ["Y01", "B03"]


def test_leader_level_5_builds_on_yellow_problems_and_clears_them():
    s = position(one_role("leader", 5), problems={"Y01": ("yellow", 3)})
    act(s, "build")
    assert problems_of(s, "Y01") == (None, 0)
    assert s.to_json(0)["nodes"][0]["base"]


def test_leader_level_5_cannot_build_on_red():
    s = position(one_role("leader", 5), problems={"Y01": ("red", 1)})
    assert "build" not in texts(s)


def test_leader_below_level_5_cannot_build_on_yellow():
    s = position(one_role("leader", 4), problems={"Y01": ("yellow", 1)})
    assert "build" not in texts(s)
