"""Chapter 2, influence: statues pushed, pulled, propagated to later eras, and built."""
import engine
from tests.engine.ttykm_helpers import board, play, player, position, texts

X16 = ". " * 15 + "X"


def row(s, era, r):
    return board(s, era).split()[4 * r:4 * r + 4]


def test_neutral_statue_starts_on_square_7_of_every_era():
    s = engine.load_game("ttykm", chapter="influence").new_initial_state(0)
    for era in ("past", "present", "future"):
        assert board(s, era).split()[6] == "S"
    s = engine.load_game("ttykm", chapter="influence", statue_square=10).new_initial_state(0)
    assert board(s, "present").split()[9] == "S" and board(s, "present").split()[6] == "."
    s = engine.load_game("ttykm", chapter="influence", statue_square=0).new_initial_state(0)
    assert "S" not in board(s, "future")


def test_pushed_statue_moves_and_the_move_repeats_in_later_eras():
    s = position("influence", past=". . . . . O S . . . . . . . . X", present=". . . . . . S . . . . . . . . X",
                 future=". . . . . . S . . . . . . . . X")
    play(s, "select 6, move E")
    assert row(s, "past", 1) == [".", ".", "O", "S"]
    assert row(s, "present", 1) == [".", ".", ".", "S"]
    assert row(s, "future", 1) == [".", ".", ".", "S"]


def test_statue_propagation_stops_at_the_first_era_where_it_cannot_move():
    s = position("influence", past=". . . . . O S . . . . . . . . X", present=". . . . . . . S . . . . . . . X",
                 future=". . . . . . S . . . . . . . . X")
    play(s, "select 6, move E")
    assert row(s, "present", 1) == [".", ".", ".", "S"]     # against the wall: no move
    assert row(s, "future", 1) == [".", ".", "S", "."]      # so the future statue stays too


def test_statue_that_cannot_move_stops_a_walking_copy_and_kills_a_pushed_one():
    s = position("influence", past=". . . . . . O S . . . . . . . X", present=X16, future=X16)
    play(s, "select 7")
    assert "move E" not in texts(s)
    assert s.explain_illegal({"move": "E"}) == "The statue on square 8 cannot be pushed east."
    s = position("influence", past=". . . . . O X S . . . . . . . X", present=X16, future=X16)
    play(s, "select 6, move E")
    assert row(s, "past", 1) == [".", ".", "O", "S"]
    assert player(s, "black")["dead_by"]["white"] == 1


def test_pull_drags_the_statue_behind_into_the_square_left():
    s = position("influence", past=". . . . S O . . . . . . . . . X", present=". . . . S . . . . . . . . . . X",
                 future=X16)
    play(s, "select 6")
    assert "move E pull" in texts(s) and "move N pull" not in texts(s)
    play(s, "move E pull")
    assert row(s, "past", 1) == [".", "S", "O", "."]
    assert row(s, "present", 1) == [".", "S", ".", "."]     # a pull is a move: it propagates


def test_plain_move_leaves_the_statue_behind():
    s = position("influence", past=". . . . S O . . . . . . . . . X", present=X16, future=X16)
    play(s, "select 6, move E")
    assert row(s, "past", 1) == ["S", ".", "O", "."]


def test_statue_moves_at_most_once_per_era_per_action():
    # fine point 11: in the present the neutral statue's repeated move pushes the white statue, which
    # has then moved there and does not repeat its own move a second time
    s = position("influence", past=". . . . O S SO . . . . . . . . X", present=". . . . S SO . . . . . . . . . X",
                 future=X16, built=(True, False))
    play(s, "select 5, move E")
    assert row(s, "past", 1) == [".", "O", "S", "SO"]
    assert row(s, "present", 1) == [".", "S", "SO", "."]


def test_statue_arriving_on_a_copy_pushes_it():
    # fine point 3: the propagated statue move pushes the present copy like a copy push
    s = position("influence", past=". . . . . O S . . . . . . . . X", present=". . . . . . S X . . . . . . . X",
                 future=X16)
    play(s, "select 6, move E")
    assert row(s, "present", 1) == [".", ".", ".", "S"]
    assert player(s, "black")["dead_by"]["white"] == 1      # pushed into the wall


def test_build_places_your_statue_and_copies_it_into_later_eras():
    s = position("influence", past=". . . . . O . . . . . . . . . X", present=". . . . . . X . . . . . . . . X",
                 future=X16, statue_square=0)
    play(s, "select 6, build 7")
    assert row(s, "past", 1) == [".", "O", "SO", "."]
    assert row(s, "present", 1) == [".", ".", "SO", "X"]    # the copy there is pushed in the build direction
    assert row(s, "future", 1) == [".", ".", "SO", "."]
    assert player(s, "white")["statue_built"] is True


def test_build_only_once_per_game_and_only_on_an_empty_square():
    s = position("influence", past=". . . . . O . . . . . . . . . X", present=X16, future=X16, statue_square=0)
    play(s, "select 6, build 7")
    assert not any(t.startswith("build") for t in texts(s))
    assert s.explain_illegal({"build": 2}) == "You have already built your statue."
    s = position("influence", past=". . . . . O X . . . . . . . . X", present=X16, future=X16, statue_square=0)
    play(s, "select 6")
    assert "build 7" not in texts(s)
    assert s.explain_illegal({"build": 7}) == "Square 7 is not empty."


def test_blocked_later_build_does_not_appear_there_or_later_by_default():
    # the present square holds a statue that cannot be pushed east (wall): no-rebound
    s = position("influence", past=". . . . . . O . . . . . . . . X", present=". . . . . . . S . . . . . . . X",
                 future=X16)
    play(s, "select 7, build 8")
    assert row(s, "past", 1) == [".", ".", "O", "SO"]
    assert row(s, "present", 1) == [".", ".", ".", "S"]
    assert "SO" not in board(s, "future")


def test_rebound_option_moves_the_blocked_statue_back_one_square():
    s = position("influence", past=". . . . . . O . . . . . . . . X", present=". . . . . . . S . . . . . . . X",
                 future=X16, build_rule="rebound")
    play(s, "select 7, build 8")
    assert row(s, "present", 1) == [".", ".", "SO", "S"]
    assert row(s, "future", 1) == [".", ".", "SO", "."]     # later eras repeat the rebounded placement


def test_copy_pushed_into_a_statue_pushes_it_on():
    # fine point 2
    s = position("influence", past=". . . . O X S . . . . . . . . X", present=X16, future=X16)
    play(s, "select 5, move E")
    assert row(s, "past", 1) == [".", "O", "X", "S"]
