"""Chapter 3, memory: elephants, hats, train and command."""
import pytest

import engine
from tests.engine.ttykm_helpers import board, play, player, position, texts

EL = ". . . D . . . . . . . . L . . X"      # elephants in their starting places, a black copy on 16


def sq(s, era, n):
    return board(s, era).split()[n - 1]


def test_elephants_start_on_4_and_13_of_every_era_and_players_have_three_hats():
    s = engine.load_game("ttykm", chapter="memory").new_initial_state(0)
    for era in ("past", "present", "future"):
        assert sq(s, era, 4) == "D" and sq(s, era, 13) == "L"
    assert player(s, "white")["hats_in_supply"] == 3
    s = engine.load_game("ttykm", chapter="memory", dark_elephant_square=2).new_initial_state(0)
    assert sq(s, "past", 2) == "D"
    with pytest.raises(engine.OptionError):
        engine.load_game("ttykm", chapter="memory", dark_elephant_square=13).new_initial_state(0)


def test_train_needs_orthogonal_adjacency():
    # fine point 13: a copy on 3 is beside the elephant on 4; a copy on 7 touches it only diagonally
    s = position("memory", past=". . O D . . . . . . . . L . . X", present=EL, future=EL)
    play(s, "select 3")
    assert "train 4" in texts(s)
    s = position("memory", past=". . . D . . O . . . . . L . . X", present=EL, future=EL)
    play(s, "select 7")
    assert not any(t.startswith("train") for t in texts(s))


def test_train_puts_your_hat_on_the_elephant_in_this_and_later_eras():
    s = position("memory", past=". . O D . . . . . . . . L . . X", present=EL, future=EL)
    play(s, "select 3, train 4")
    assert [sq(s, e, 4) for e in ("past", "present", "future")] == ["DO", "DO", "DO"]
    assert player(s, "white")["hats_in_supply"] == 0


def test_train_propagation_stops_at_the_first_era_already_wearing_your_hat():
    s = position("memory", past=". . O D . . . . . . . . L . . X", present=". . . DO . . . . . . . . L . . X",
                 future=EL)
    play(s, "select 3, train 4")
    assert [sq(s, e, 4) for e in ("past", "present", "future")] == ["DO", "DO", "D"]


def test_training_returns_the_opponents_hat():
    s = position("memory", past=". . O DX . . . . . . . . L . . X", present=". . . DX . . . . . . . . L . . X",
                 future=EL)
    assert player(s, "black")["hats_in_supply"] == 1
    play(s, "select 3, train 4")
    assert [sq(s, e, 4) for e in ("past", "present", "future")] == ["DO", "DO", "DO"]
    assert player(s, "black")["hats_in_supply"] == 3


def test_training_a_second_elephant_moves_your_hat_over():
    s = position("memory", past=". . O D . . . . . . . . LO . . X", present=". . . D . . . . . . . . LO . . X",
                 future=EL)
    play(s, "select 3, train 4")
    assert sq(s, "past", 13) == "L" and sq(s, "present", 13) == "L"
    assert sq(s, "past", 4) == "DO" and sq(s, "present", 4) == "DO"


def test_cannot_train_an_elephant_already_wearing_your_hat():
    s = position("memory", past=". . O DO . . . . . . . . L . . X", present=EL, future=EL)
    play(s, "select 3")
    assert "train 4" not in texts(s)
    assert s.explain_illegal({"train": 4}) == "That elephant already wears your hat."


def test_command_needs_no_adjacency_and_does_not_propagate():
    s = position("memory", past="O . . DO . . . . . . . . L . . X", present=EL, future=EL)
    play(s, "select 1, command S")
    assert sq(s, "past", 8) == "DO" and sq(s, "past", 4) == "."
    assert sq(s, "present", 4) == "D" and sq(s, "future", 4) == "D"


def test_command_adjacent_option_requires_the_copy_beside_the_elephant():
    s = position("memory", past="O . . DO . . . . . . . . L . . X", present=EL, future=EL,
                 command_reach="adjacent")
    play(s, "select 1")
    assert not any(t.startswith("command") for t in texts(s))
    assert s.explain_illegal({"command": "S"}) == (
        "Your copy must stand next to your elephant (square 4) to command it.")
    s = position("memory", past=". . O DO . . . . . . . . L . . X", present=EL, future=EL,
                 command_reach="adjacent")
    play(s, "select 3")
    assert "command S" in texts(s)


def test_command_needs_a_trained_elephant_in_the_copy_era():
    s = position("memory", past="O . . D . . . . . . . . L . . X", present=". . . DO . . . . . . . . L . . X",
                 future=EL)
    play(s, "select 1")
    assert not any(t.startswith("command") for t in texts(s))
    assert s.explain_illegal({"command": "S"}) == "You have no trained elephant in the past."


def test_elephant_crushes_a_copy_it_moves_onto():
    s = position("memory", past="O . . DO . . . X . . . . L . . X", present=EL, future=EL)
    play(s, "select 1, command S")
    assert sq(s, "past", 8) == "DO"
    assert player(s, "black")["dead_by"]["white"] == 1


def test_nothing_moves_into_an_elephant_and_a_copy_pushed_into_one_dies():
    s = position("memory", past=". . O D . . . . . . . . L . . X", present=EL, future=EL)
    play(s, "select 3")
    assert "move E" not in texts(s)
    assert s.explain_illegal({"move": "E"}) == "Square 4 holds an elephant, which cannot be entered."
    s = position("memory", past=". O X D . . . . . . . . L . . X", present=EL, future=EL)
    play(s, "select 2, move E")
    assert board(s, "past").split()[:4] == [".", ".", "O", "D"]
    assert player(s, "black")["dead"] == 1


def test_elephant_cannot_be_commanded_into_the_other_elephant_or_a_wall():
    s = position("memory", past="O . . DO . . . L . . . . . . . X", present=EL, future=EL)
    play(s, "select 1")
    assert "command S" not in texts(s) and "command N" not in texts(s) and "command E" not in texts(s)
    assert s.explain_illegal({"command": "S"}) == "Your elephant on square 4 cannot move south."
