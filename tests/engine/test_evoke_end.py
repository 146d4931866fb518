"""How a game of Evoke-Soacha ends: the win, the three losses, the turn limit and the returns."""
import pytest

from tests.engine.evoke_helpers import act, end_turn, game, position

FAR = "Y12"


def test_agent_surrounded_by_blocked_nodes_loses():
    # Y10's only neighbour in mission 1 is Y11; Y11 turns black with an agent on Y10
    s = position(game(), problems={"Y11": ("red", 3)}, agents={2: "Y10"}, deck_top=["Y11", FAR])
    s = end_turn(s)
    assert s.to_json(0)["outcome"] == "lost_stuck"
    assert s.is_terminal() and s.legal_actions() == []
    assert s.returns() == [0.0] * 4


def test_agent_with_a_free_neighbour_is_not_stuck():
    s = position(game(), problems={"Y04": ("red", 3)}, agents={2: "Y07"}, deck_top=["Y04", FAR])
    s = end_turn(s)
    assert not s.is_terminal()


def test_whole_section_black_loses():
    blacks = {f"Y{i:02d}": ("black", 1) for i in range(1, 12)}
    blacks["Y12"] = ("red", 3)
    # the agents stand next to Y12, the last node that is not black, so they are not stuck yet
    s = position(game(), problems=blacks, deck_top=["Y12", "Y01"], agents={a: "Y04" for a in range(4)})
    assert not s.is_terminal()
    s = end_turn(s)
    assert s.to_json(0)["outcome"] == "lost_section"
    assert s.returns() == [0.0] * 4


def test_a_section_with_one_clear_node_is_not_lost_in_a_two_section_mission():
    blacks = {f"B{i:02d}": ("black", 1) for i in range(1, 12)}
    s = position(game(mission=5), problems=blacks, deck_top=["Y07", "Y12"])
    s = end_turn(s)
    assert not s.is_terminal()


def test_turn_limit_ends_the_game_as_a_loss():
    s = position(game(turn_limit=2), deck_top=["Y07", FAR, "Y08", "Y04"])
    s = end_turn(s)
    assert not s.is_terminal()
    s = end_turn(s)
    assert s.is_terminal()
    assert s.to_json(0)["outcome"] == "lost_turn_limit"
    assert s.returns() == [0.0] * 4


@pytest.mark.parametrize("players,reward", [(2, 1.7), (3, 1.9), (4, 2.0)])
def test_last_solution_wins_and_every_agent_gets_the_team_reward(players, reward):
    g = game(players=players)
    solved = {a: a + 1 for a in range(1, players)}
    s = position(g, bases=["Y01"], ideas={0: 5}, solved=solved)
    act(s, "solve")
    d = s.to_json(0)
    assert d["outcome"] == "won" and s.is_terminal()
    assert s.returns() == [pytest.approx(reward)] * players
    assert d["agents"][0]["solved"] == players


def test_evocoins_follow_the_order_of_solving():
    s = position(game(), bases=["Y01"], ideas={0: 5}, solved={1: 1, 2: 2, 3: 3})
    act(s, "solve")
    assert s.to_json(0)["evocoins"] == {"1": 50, "2": 20, "3": 20, "0": 10}


def test_agent_who_solved_keeps_playing_without_winning_alone():
    s = position(game(), bases=["Y01"], ideas={0: 6})
    act(s, "solve")
    assert not s.is_terminal()
    assert s.to_json(0)["agents"][0]["solved"] == 1
    act(s, "move Y03")                 # still moves, and cannot solve twice
    assert "solve" not in [s.action_to_text(a) for a in s.legal_actions()]
