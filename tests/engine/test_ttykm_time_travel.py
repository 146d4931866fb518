"""Time travel: forward into an empty square only; backward needs a copy in the supply and an empty
square, leaves a supply copy behind, and the earlier copy acts on."""
import pytest

from engine import IllegalActionError
from tests.engine.ttykm_helpers import board, norm, play, player, position, texts

EMPTY = ". " * 16


def test_forward_travel_moves_the_copy_to_the_next_era():
    s = position(past="O . . . . . . . . . . . . . . X", present=". " * 15 + "X", future=EMPTY)
    play(s, "select 1, forward")
    assert board(s, "past") == norm(". . . . . . . . . . . . . . . X")
    assert board(s, "present") == norm("O . . . . . . . . . . . . . . X")
    # the copy that travelled acts on in the present
    assert s.to_json()["acting"] == {"era": "present", "square": 1}


def test_forward_travel_needs_an_empty_square():
    s = position(past="O . . . . . . . . . . . . . . X", present="X . . . . . . . . . . . . . . X")
    play(s, "select 1")
    assert "forward" not in texts(s)
    assert s.explain_illegal({"travel": "forward"}) == "Square 1 of the present is not empty."


def test_forward_travel_onto_a_seed_only_square_is_allowed():
    # fine point 8: for copies a seed-only square is empty
    s = position("growth", past="O . . . . . . . . . . . . . . X", present="* . . . . . . . . . . . . . . X")
    play(s, "select 1, forward")
    assert board(s, "present").startswith("O*")


def test_no_travel_beyond_the_future_or_before_the_past():
    s = position(past="O . . . . . . . . . . . . . . X", future=EMPTY, present=". " * 15 + "X")
    play(s, "select 1")
    assert "back" not in texts(s)
    assert s.explain_illegal({"travel": "back"}) == "There is no era before the past."
    s = position(future="O . . . . . . . . . . . . . . X", past=". " * 15 + "X", focus=("future", "past"))
    play(s, "select 1")
    assert "forward" not in texts(s)
    assert s.explain_illegal({"travel": "forward"}, "es") == "No hay ninguna era después del futuro."


def test_backward_travel_leaves_a_supply_copy_and_the_earlier_copy_acts():
    s = position(present="O . . . . . . . . . . . . . . X", past=". " * 15 + "X", focus=("present", "past"))
    supply = player(s, "white")["supply"]
    play(s, "select 1, back")
    assert board(s, "past").startswith("O ")
    assert board(s, "present").startswith("O ")
    assert player(s, "white")["supply"] == supply - 1
    assert s.to_json()["acting"] == {"era": "past", "square": 1}
    play(s, "move E")
    assert board(s, "past").startswith(". O")
    assert board(s, "present").startswith("O .")


def test_backward_travel_needs_a_copy_in_the_supply():
    s = position(present="O . . . . . . . . . . . . . . X", past=". " * 15 + "X", focus=("present", "past"),
                 supply=(0, 5))
    play(s, "select 1")
    assert "back" not in texts(s)
    assert s.explain_illegal({"travel": "back"}) == "You have no copy in your supply."


def test_backward_travel_needs_an_empty_square():
    s = position(present="O . . . . . . . . . . . . . . X", past="X . . . . . . . . . . . . . . X",
                 focus=("present", "past"))
    play(s, "select 1")
    assert "back" not in texts(s)


def test_back_then_forward_in_one_turn_is_impossible():
    s = position(present="O . . . . . . . . . . . . . . X", past=". " * 15 + "X", focus=("present", "past"))
    play(s, "select 1, back")
    assert "forward" not in texts(s)
    with pytest.raises(IllegalActionError):
        play(s, "forward")


def test_the_copy_left_behind_stands_on_the_seed_of_its_square():
    s = position("growth", present="O* . . . . . . . . . . . . . . X", past=". " * 15 + "X",
                 focus=("present", "past"))
    play(s, "select 1, back")
    assert board(s, "present").startswith("O*")
    assert board(s, "past").startswith("O ")
