"""Basic move rules: walls, own copies, pushes and chains, paradoxes, kill credit."""
from tests.engine.ttykm_helpers import board, norm, play, player, position, texts


def test_move_into_empty_square():
    s = position(past="O . . .  . . . .  . . . .  . . . X")
    play(s, "select 1, move E")
    assert board(s, "past") == norm(". O . . . . . . . . . . . . . X")


def test_move_off_the_board_is_illegal_wall():
    s = position(past="O . . . . . . . . . . . . . . X")
    play(s, "select 1")
    assert "move N" not in texts(s) and "move W" not in texts(s)
    assert s.explain_illegal({"move": "N"}) == "A wall is north of square 1."
    assert s.explain_illegal({"move": "W"}, "es") == "Hay una pared al oeste de la casilla 1."


def test_move_into_own_copy_is_illegal():
    s = position(past="O O . . . . . . . . . . . . . X")
    play(s, "select 1")
    assert "move E" not in texts(s)
    assert s.explain_illegal({"move": "E"}) == "Your own copy is on square 2."


def test_push_opponent_copy_one_square():
    s = position(past="O X . . . . . . . . . . . . . X")
    play(s, "select 1, move E")
    assert board(s, "past") == norm(". O X . . . . . . . . . . . . X")


def test_pushed_copy_into_wall_dies_and_is_credited_to_the_pusher():
    s = position(past=". . O X . . . . . . . . . . . X")
    play(s, "select 3, move E")
    assert board(s, "past") == norm(". . . O . . . . . . . . . . . X")
    assert player(s, "black")["dead"] == 1
    assert player(s, "black")["dead_by"] == {"white": 1, "black": 0}


def test_paradox_opponent_pushed_into_its_own_copy_both_die_and_pusher_steps_in():
    # fine point 5: the chain stops at the paradox, the pusher still enters the first square
    s = position(past="O X X . . . . . . . . . . . . .", present=". . . . . . . . . . . . . . . X")
    play(s, "select 1, move E")
    assert board(s, "past") == norm(". O . . . . . . . . . . . . . .")
    assert player(s, "black")["dead"] == 2


def test_chain_carries_own_copy_along():
    s = position(past="O X O . . . . . . . . . . . . X")
    play(s, "select 1, move E")
    assert board(s, "past") == norm(". O X O . . . . . . . . . . . X")


def test_own_copy_carried_into_wall_dies():
    s = position(past=". O X O . . . . . . . . . . . X")
    play(s, "select 2, move E")
    assert board(s, "past") == norm(". . O X . . . . . . . . . . . X")
    assert player(s, "white")["dead_by"] == {"white": 1, "black": 0}


def test_own_copy_paradox_house_rule_both_die():
    s = position(past="O X O O . . . . . . . . . . . X")
    play(s, "select 1, move E")
    assert board(s, "past") == norm(". O X . . . . . . . . . . . . X")
    assert player(s, "white")["dead"] == 2


def test_own_copy_paradox_off_pushes_own_copy_on():
    s = position(past="O X O O . . . . . . . . . . . X", own_copy_paradox=False)
    play(s, "select 1, move E")
    # the last white copy is pushed into the wall instead of a paradox
    assert board(s, "past") == norm(". O X O . . . . . . . . . . . X")
    assert player(s, "white")["dead"] == 1


def test_opponent_paradox_applies_even_with_own_copy_paradox_off():
    s = position(past="O X X . . . . . . . . . . . . X", own_copy_paradox=False)
    play(s, "select 1, move E")
    assert board(s, "past") == norm(". O . . . . . . . . . . . . . X")
    assert player(s, "black")["dead"] == 2


def test_dead_copies_never_return_to_the_supply():
    s = position(past=". . O X . . . . . . . . . . . X")
    before = player(s, "black")["supply"]
    play(s, "select 3, move E")
    assert player(s, "black")["supply"] == before
