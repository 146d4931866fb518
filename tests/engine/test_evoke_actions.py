"""The six actions of an agent's turn and the shape of a turn (rules: "An agent's turn")."""
import engine
from tests.engine.evoke_helpers import act, agent, answer_trivia, end_turn, game, position, problems_of


def texts(state):
    return sorted(state.action_to_text(a) for a in state.legal_actions())


def test_moves_go_to_neighbours_that_are_not_blocked():
    s = position(game(), problems={"Y08": ("black", 1)})
    moves = [t for t in texts(s) if t.startswith("move")]
    assert moves == ["move Y03", "move Y09"]           # Y01's neighbours, Y08 blocked


def test_moves_never_leave_the_missions_sections():
    s = position(game(), agents={0: "Y08"})
    assert [t for t in texts(s) if t.startswith("move")] == ["move Y01", "move Y07"]   # not B03
    s5 = position(game(mission=5), agents={0: "Y08"})
    assert "move B03" in texts(s5)


def test_secret_paths_can_be_travelled_in_missions_7_and_8_only():
    assert "move R01" in texts(position(game(mission=7)))
    assert "move R01" in texts(position(game(mission=8)))
    assert "move B11" not in texts(position(game(mission=5), agents={0: "Y04"}))


def test_four_actions_then_the_next_agent_after_a_spread():
    s = position(game(), deck_top=["Y07", "Y12"])
    act(s, "move Y03", "move Y01", "move Y03")
    assert s.to_json(0)["seat"] == 0 and s.to_json(0)["actions_left"] == 1
    act(s, "move Y01")
    d = s.to_json(0)
    assert d["seat"] == 1 and d["actions_left"] == 4
    assert problems_of(s, "Y07") == ("yellow", 1) and problems_of(s, "Y12") == ("yellow", 1)


def test_remove_one_of_two_or_three_problems_without_trivia():
    s = position(game(), problems={"Y01": ("red", 3)})
    act(s, "remove")
    assert problems_of(s, "Y01") == ("red", 2)
    assert s.current_player() == 0 and s.to_json(0)["actions_left"] == 3


def test_remove_a_single_problem_draws_trivia_and_a_right_answer_gives_an_idea():
    s = position(game(), problems={"Y01": ("yellow", 1)})
    act(s, "remove")
    assert s.current_player() == engine.CHANCE
    answer_trivia(s, right=True)
    assert problems_of(s, "Y01") == (None, 0)
    assert agent(s, 0)["ideas"] == 1
    assert s.to_json(0)["actions_left"] == 3


def test_right_answer_on_one_red_leaves_three_yellow():
    s = position(game(), problems={"Y01": ("red", 1)})
    act(s, "remove")
    answer_trivia(s, right=True)
    assert problems_of(s, "Y01") == ("yellow", 3)


def test_wrong_answer_adds_a_problem_which_may_start_a_crisis():
    s = position(game(), problems={"Y01": ("yellow", 1)})
    act(s, "remove")
    answer_trivia(s, right=False)
    assert problems_of(s, "Y01") == ("yellow", 2)
    assert agent(s, 0)["ideas"] == 0
    # a wrong answer on a node that the spread filled meanwhile is impossible; a crisis comes from
    # a red node at one problem only through the next spread, so check the wrong answer's own add:
    s = position(game(), problems={"Y01": ("red", 1)})
    act(s, "remove")
    answer_trivia(s, right=False)
    assert problems_of(s, "Y01") == ("red", 2)


def test_black_problem_cannot_be_removed():
    s = position(game(), problems={"Y01": ("black", 1)})
    assert "remove" not in texts(s)


def test_build_costs_one_idea_on_a_problem_free_node():
    s = position(game(), ideas={1: 2}, seat=1)       # seat 1: the Systems Thinker by default
    act(s, "build")
    assert s.to_json(0)["nodes"][0]["base"] is True
    assert agent(s, 1)["ideas"] == 1


def test_build_needs_an_idea_and_a_clear_node():
    assert "build" not in texts(position(game(), seat=1))
    assert "build" not in texts(position(game(), seat=1, ideas={1: 3}, problems={"Y01": ("yellow", 1)}))


def test_one_base_per_section():
    s = position(game(), seat=1, ideas={1: 3}, bases=["Y12"])
    assert "build" not in texts(s)
    assert "already has a base" in s.explain_illegal({"action": "build"})
    s5 = position(game(mission=5), seat=1, ideas={1: 3}, bases=["B01"])
    assert "build" in texts(s5)                      # the blue base does not block the yellow one


def test_give_an_idea_only_on_the_same_node():
    s = position(game(), ideas={0: 2}, agents={2: "Y03"})
    assert "give agent 2" in texts(s) and "give agent 3" not in texts(s)
    act(s, "give agent 2")
    assert agent(s, 0)["ideas"] == 1 and agent(s, 1)["ideas"] == 1
    assert s.to_json(0)["actions_left"] == 3


def test_solve_needs_five_ideas_on_a_base():
    assert "solve" not in texts(position(game(), ideas={0: 5}))
    assert "solve" not in texts(position(game(), ideas={0: 4}, bases=["Y01"]))
    s = position(game(), ideas={0: 7}, bases=["Y01"])
    act(s, "solve")
    assert agent(s, 0)["ideas"] == 2 and agent(s, 0)["solved"] == 1


def test_pass_ends_the_turn():
    s = position(game())
    act(s, "pass")
    assert s.to_json(0)["seat"] == 1
