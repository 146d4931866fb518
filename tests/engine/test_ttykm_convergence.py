"""Chapter 4, convergence: the clarifiers for each pair of modules and fine points 2-4, 6, 7, 10, 14."""
from tests.engine.ttykm_helpers import board, play, player, position, texts

X16 = ". " * 15 + "X"
EL = ". . . D . . . . . . . . L . . X"


def sq(s, era, n):
    return board(s, era).split()[n - 1]


def row(s, era, r):
    return board(s, era).split()[4 * r:4 * r + 4]


# ------------------------------------------------------------------------- growth + influence
def test_statue_moving_onto_a_seed_removes_it_and_ungrows():
    s = position("growth+influence", past=". . . . O S * . . . . . . . . X", present=". . . . . . % . . . . . . . . X",
                 future=". . . . . . T . . . . . . . . X")
    play(s, "select 5, move E")
    assert row(s, "past", 1) == [".", "O", "S", "."]
    assert s.to_json()["seeds"] == {"supply": 4, "destroyed": 1}
    assert sq(s, "present", 7) == "." and sq(s, "future", 7) == "."


def test_statue_cannot_be_built_on_a_seed():
    s = position("growth+influence", past=". . . . . O * . . . . . . . . X", present=X16, future=X16)
    play(s, "select 6")
    assert "build 7" not in texts(s)


def test_later_era_build_does_not_appear_on_a_seed_nor_later():
    # fine point 10: a seed under a copy stops it too, and nothing is pushed there
    s = position("growth+influence", past=". . . . . O . . . . . . . . . X", present=". . . . . . X* . . . . . . . . X",
                 future=X16)
    play(s, "select 6, build 7")
    assert sq(s, "past", 7) == "SO"
    assert sq(s, "present", 7) == "X*"
    assert "SO" not in board(s, "future")


def test_statue_cannot_be_pushed_into_a_shrub_or_a_fallen_tree():
    for blocker in ("%", "t8"):
        s = position("growth+influence", past=f". . . . O S {blocker} . . . . . . . . X", present=X16, future=X16)
        play(s, "select 5")
        assert "move E" not in texts(s), blocker


def test_statue_pushed_into_a_tree_knocks_it_over():
    s = position("growth+influence", past=". . . . O S T . . . . . . . . X", present=X16, future=X16)
    play(s, "select 5, move E")
    assert row(s, "past", 1) == [".", "O", "S", "t7"]


def test_tree_toppled_onto_a_statue_pushes_the_statue():
    s = position("growth+influence", past=". . . . O T S . . . . . . . . X", present=X16, future=X16)
    play(s, "select 5, move E")
    assert row(s, "past", 1) == [".", "O", "t6", "S"]


def test_tree_cannot_fall_onto_a_statue_that_cannot_move():
    # fine point 4
    s = position("growth+influence", past=". . . . . O T S . . . . . . . X", present=X16, future=X16)
    play(s, "select 6")
    assert "move E" not in texts(s)


# ---------------------------------------------------------------------------- growth + memory
def test_elephant_tramples_a_seed_and_the_seed_ungrows():
    s = position("growth+memory", past="O . . DO . . . * . . . . L . . X", present=". . . D . . . % . . . . L . . X",
                 future=EL)
    play(s, "select 1, command S")
    assert sq(s, "past", 8) == "DO"
    assert s.to_json()["seeds"]["destroyed"] == 1
    assert sq(s, "present", 8) == "."


def test_elephant_trampling_a_shrub_or_fallen_tree_ungrows_nothing():
    # fine point 7: the shrub goes, the tree grown from the same seed stays
    s = position("growth+memory", past=". * . D . . . . . . . . L . . X", present="O % . DO . . . % . . . . L . . X",
                 future=". T . D . . . . . . . . L . . X", focus=("present", "future"))
    play(s, "select 1, command S")
    assert sq(s, "present", 8) == "DO"
    assert sq(s, "present", 2) == "%" and sq(s, "future", 2) == "T"
    s = position("growth+memory", present="O . . DO . . . t7 . . . . L . . X", past=". . . D . . . . . . . . L . . X",
                 future=EL, focus=("present", "future"))
    play(s, "select 1, command S")
    assert sq(s, "present", 8) == "DO"


def test_elephant_moving_into_a_tree_topples_it():
    s = position("growth+memory", past="O . . DO . . . T . . . . L . . X", present=EL, future=EL)
    play(s, "select 1, command S")
    assert sq(s, "past", 8) == "DO" and sq(s, "past", 12) == "t8"


def test_tree_cannot_topple_onto_an_elephant():
    s = position("growth+memory", past="O T D . . . . . . . . . L . . X", present=EL, future=EL)
    play(s, "select 1")
    assert "move E" not in texts(s)


def test_elephant_crushing_a_copy_takes_its_seed():
    # fine point 6
    s = position("growth+memory", past="O . . DO . . . X* . . . . L . . X", present=EL, future=EL)
    play(s, "select 1, command S")
    assert sq(s, "past", 8) == "DO"
    assert s.to_json()["seeds"] == {"supply": 4, "destroyed": 1}
    assert player(s, "black")["dead_by"]["white"] == 1


# -------------------------------------------------------------------------- influence + memory
def test_elephant_pushes_a_statue_and_the_statue_move_propagates():
    s = position("influence+memory", past="O . . DO . . . S . . . . L . . X", present=". . . D . . . S . . . . L . . X",
                 future=EL)
    play(s, "select 1, command S")
    assert sq(s, "past", 8) == "DO" and sq(s, "past", 12) == "S"
    assert sq(s, "present", 12) == "S"


def test_elephant_can_pull_a_statue():
    # fine point 14
    s = position("influence+memory", past="O . . S . . . DO . . . . L . . X", present=EL, future=EL)
    play(s, "select 1")
    assert "command S pull" in texts(s)
    play(s, "command S pull")
    assert sq(s, "past", 12) == "DO" and sq(s, "past", 8) == "S" and sq(s, "past", 4) == "."


def test_statue_cannot_be_built_on_an_elephant():
    s = position("influence+memory", past=". . O D . . . . . . . . L . . X", present=EL, future=EL)
    play(s, "select 3")
    assert "build 4" not in texts(s)


def test_statue_cannot_be_pushed_into_an_elephant():
    s = position("influence+memory", past=". O S D . . . . . . . . L . . X", present=EL, future=EL)
    play(s, "select 2")
    assert "move E" not in texts(s)


def test_elephant_cannot_be_commanded_into_a_statue_that_cannot_move():
    # fine point 4
    # the statue below the elephant would have to go into the light elephant
    s = position("influence+memory", past="O . . DO . . . S . . . L . . . X", present=EL, future=EL)
    play(s, "select 1")
    assert "command S" not in texts(s)


def test_later_eras_resolve_removals_before_propagated_moves():
    # fine point 12: the statue destroys the past seed; in the present the shrub it grew is removed
    # first, so the present statue's repeated move can go there; likewise the tree in the future
    s = position("growth+influence", past=". . . . O S * . . . . . . . . X", present=". . . . . S % . . . . . . . . X",
                 future=". . . . . S T . . . . . . . . X")
    play(s, "select 5, move E")
    assert row(s, "past", 1) == [".", "O", "S", "."]
    assert row(s, "present", 1) == [".", ".", "S", "."]
    assert row(s, "future", 1) == [".", ".", "S", "."]
