"""End of the game: a win only for the mover at the end of their turn, then the draw rules."""
import engine
from tests.engine.ttykm_helpers import play, position

E16 = ". " * 15


def _result(s):
    return s.to_json()["result"]


def test_mover_wins_when_the_opponent_is_left_on_one_era():
    s = position(past=". . O X . . . . . . . . . . . .", present="O . . . . . . . . . . . . . . X",
                 future=E16 + ".")
    play(s, "select 3, move E, move W")
    # not over before the refocus: the win is checked only at the end of the turn
    assert not s.is_terminal()
    play(s, "focus future")
    assert _result(s) == {"winner": "white", "reason": "win"}
    assert s.returns() == [1.0, -1.0]


def test_wiping_yourself_out_of_two_eras_does_not_lose_on_the_spot():
    # White travels its only past copy forward: white is left on the present alone, but only the
    # mover can win at the end of a turn, so the game goes on...
    s = position(past="O . . . . . . . . . . . . . . X", present=". . . . . . . . . . . . . . . X",
                 future=E16 + "X")
    play(s, "select 1, forward, move E, focus future")
    assert not s.is_terminal()
    assert s.to_json()["to_move"] == "black"
    # ...until black's turn ends with the condition still true: then black wins
    play(s, "select 16, move W, move E, focus past")
    assert _result(s) == {"winner": "black", "reason": "win"}
    assert s.returns() == [-1.0, 1.0]


def test_win_check_comes_before_the_turn_limit_draw():
    s = position(past=". . O X . . . . . . . . . . . .", present="O . . . . . . . . . . . . . . X",
                 future=E16 + ".", turns=299)
    play(s, "select 3, move E, move W, focus future")
    assert _result(s) == {"winner": "white", "reason": "win"}


def test_game_is_drawn_when_turn_300_ends_without_a_win():
    s = position(past="O . . . . . . . . . . . . . . X", present="O . . . . . . . . . . . . . . X",
                 turns=299)
    play(s, "select 1, move E, move E, focus present")
    assert _result(s) == {"winner": None, "reason": "turn_limit"}
    assert s.returns() == [0.0, 0.0]


def test_turn_limit_is_an_option():
    game = engine.load_game("ttykm", turn_limit=2)
    s = game.new_initial_state(0)
    play(s, "select 1, move E, move E, focus present")
    assert not s.is_terminal()
    play(s, "select 16, move W, move W, focus present")
    assert _result(s) == {"winner": None, "reason": "turn_limit"}


CYCLE = ["select 1, move E, move W, focus present", "select 16, move W, move E, focus present",
         "select 1, move E, move W, focus past", "select 16, move W, move E, focus future"]


def test_third_occurrence_of_a_position_is_a_draw_and_the_initial_position_counts():
    s = engine.load_game("ttykm").new_initial_state(0)
    for turn in range(7):
        play(s, CYCLE[turn % 4])
        assert not s.is_terminal(), turn
    # after 4 turns the initial position is back (2nd occurrence); after 8 it is the 3rd
    play(s, CYCLE[3])
    assert _result(s) == {"winner": None, "reason": "repetition"}


def test_repetition_count_is_an_option():
    s = engine.load_game("ttykm", repetition=2).new_initial_state(0)
    for turn in range(3):
        play(s, CYCLE[turn])
    assert not s.is_terminal()
    play(s, CYCLE[3])
    assert _result(s)["reason"] == "repetition"
    s = engine.load_game("ttykm", repetition=0, turn_limit=12).new_initial_state(0)
    for turn in range(12):
        assert not s.is_terminal()
        play(s, CYCLE[turn % 4])
    assert _result(s)["reason"] == "turn_limit"


def test_repetition_ignores_who_is_credited_with_the_dead():
    a = position(past="O . . . . . . . . . . . . . . X", dead=((0, 1), (0, 0)), supply=(5, 6))
    b = position(past="O . . . . . . . . . . . . . . X", dead=((1, 0), (0, 0)), supply=(5, 6))
    assert a.to_json()["players"]["white"]["dead_by"] != b.to_json()["players"]["white"]["dead_by"]
    assert a._position_hash() == b._position_hash()
    c = position(past="O . . . . . . . . . . . . . . X", dead=((1, 0), (0, 0)), supply=(5, 6), to_move="black",
                 focus=("past", "past"))
    assert c._position_hash() != b._position_hash()
