"""Chapter 1, growth: seeds, shrubs, trees; plant and uproot; falling trees."""
from tests.engine.ttykm_helpers import board, norm, play, player, position, texts

X16 = ". " * 15 + "X"


def seeds(s):
    return s.to_json()["seeds"]


def test_plant_puts_a_seed_and_grows_a_shrub_and_then_a_tree():
    s = position("growth", past=". . . . . O . . . . . . . . . X", present=X16, future=X16)
    play(s, "select 6, plant 7")
    assert board(s, "past").split()[6] == "*"
    assert board(s, "present").split()[6] == "%"
    assert board(s, "future").split()[6] == "T"
    assert seeds(s) == {"supply": 4, "destroyed": 0}


def test_plant_on_the_copy_own_square():
    s = position("growth", past=". . . . . O . . . . . . . . . X", present=X16, future=X16)
    play(s, "select 6, plant here")
    assert board(s, "past").split()[5] == "O*"
    assert board(s, "present").split()[5] == "%"


def test_growth_needs_a_square_with_nothing_at_all():
    # fine point 8: the shrub does not grow under a copy, so the tree does not grow either
    s = position("growth", past=". . . . . O . . . . . . . . . X", present=". . . . . . X . . . . . . . . X",
                 future=X16)
    play(s, "select 6, plant 7")
    assert board(s, "present").split()[6] == "X"
    assert board(s, "future").split()[6] == "."
    # the shrub grows but the tree's square is taken
    s = position("growth", past=". . . . . O . . . . . . . . . X", present=X16,
                 future=". . . . . . X . . . . . . . . X")
    play(s, "select 6, plant 7")
    assert board(s, "present").split()[6] == "%"
    assert board(s, "future").split()[6] == "X"


def test_plant_needs_no_seed_and_no_object_but_a_copy():
    # fine point 9
    s = position("growth", past=". . . . . O * . . % . . . . . X", present=X16, future=X16)
    play(s, "select 6")
    assert "plant 7" not in texts(s) and "plant 10" not in texts(s)
    assert s.explain_illegal({"plant": 7}) == "Square 7 already has a seed."
    assert s.explain_illegal({"plant": 10}) == "Square 10 holds a shrub."
    assert "plant 2" in texts(s) and "plant here" not in texts(s) and "plant 6" in texts(s)


def test_plant_needs_a_seed_in_the_supply():
    s = position("growth", past=". . . . . O . . . . . . . . . X", present=X16, future=X16, seeds_destroyed=5)
    play(s, "select 6")
    assert not any(t.startswith("plant") for t in texts(s))
    assert s.explain_illegal({"plant": 7}) == "There are no seeds left in the supply."


def test_uproot_returns_the_seed_and_ungrows_shrub_and_tree():
    s = position("growth", past=". . . . . O * . . . . . . . . X", present=". . . . . . % . . . . . . . . X",
                 future=". . . . . . T . . . . . . . . X")
    play(s, "select 6, uproot 7")
    assert board(s, "past").split()[6] == "."
    assert board(s, "present").split()[6] == "."
    assert board(s, "future").split()[6] == "."
    assert seeds(s) == {"supply": 5, "destroyed": 0}


def test_uproot_removes_the_fallen_tree_found_by_its_root():
    # fine point 7: the tree rooted at 7 lies on 8
    s = position("growth", past=". . . . . O * . . . . . . . . X", present=". . . . . . % . . . . . . . . X",
                 future=". . . . . . . t7 . . . . . . . X")
    play(s, "select 6, uproot 7")
    assert board(s, "future") == norm(X16)


def test_shrub_cannot_be_entered_and_kills_a_copy_pushed_into_it():
    s = position("growth", past="O % . . . . . . . . . . . . . X", present=X16, future=X16)
    play(s, "select 1")
    assert "move E" not in texts(s)
    assert s.explain_illegal({"move": "E"}) == "Square 2 holds a shrub, which cannot be entered."
    s = position("growth", past="O X % . . . . . . . . . . . . X", present=X16, future=X16)
    play(s, "select 1, move E")
    assert board(s, "past").split()[:3] == [".", "O", "%"]
    assert player(s, "black")["dead_by"]["white"] == 1


def test_pushed_tree_falls_and_leaves_its_square_empty():
    # fine point 1: the fallen tree lies on the next square and remembers its root
    s = position("growth", past="O T . . . . . . . . . . . . . X", present=X16, future=X16)
    play(s, "select 1, move E")
    assert board(s, "past").split()[:3] == [".", "O", "t2"]


def test_fallen_tree_is_immovable():
    s = position("growth", past="O t3 . . . . . . . . . . . . . X", present=X16, future=X16)
    play(s, "select 1")
    assert "move E" not in texts(s)


def test_falling_tree_crushes_a_copy_and_takes_its_seed():
    # fine point 6
    s = position("growth", past="O T X* . . . . . . . . . . . . X", present=X16, future=X16)
    play(s, "select 1, move E")
    assert board(s, "past").split()[:4] == [".", "O", "t2", "."]
    assert player(s, "black")["dead_by"]["white"] == 1
    assert seeds(s) == {"supply": 4, "destroyed": 1}


def test_copy_pushed_to_death_leaves_its_seed():
    s = position("growth", past=". . O X* . . . . . . . . . . . X", present=X16, future=X16)
    play(s, "select 3, move E")
    assert board(s, "past").split()[:4] == [".", ".", ".", "O*"]
    assert seeds(s)["destroyed"] == 0


def test_falling_tree_destroys_a_seed_and_ungrows_its_shrub_and_tree():
    s = position("growth", past="O T * . . . . . . . . . . . . X", present=". . % . . . . . . . . . . . . X",
                 future=". . T . . . . . . . . . . . . X")
    play(s, "select 1, move E")
    assert board(s, "past").split()[2] == "t2"
    assert board(s, "present").split()[2] == "."
    assert board(s, "future").split()[2] == "."
    assert seeds(s) == {"supply": 4, "destroyed": 1}


def test_destroyed_seed_ungrows_nothing_with_the_house_rule_off():
    s = position("growth", past="O T * . . . . . . . . . . . . X", present=". . % . . . . . . . . . . . . X",
                 future=". . T . . . . . . . . . . . . X", ungrow_destroyed_seeds=False)
    play(s, "select 1, move E")
    assert board(s, "present").split()[2] == "%"
    assert board(s, "future").split()[2] == "T"


def test_tree_that_cannot_fall_acts_as_a_wall():
    s = position("growth", past="O T % . . . . . . . . . . . . X", present=X16, future=X16)
    play(s, "select 1")
    assert "move E" not in texts(s)
    assert s.explain_illegal({"move": "E"}) == "The tree on square 2 cannot be pushed east."
    s = position("growth", past="O X T % . . . . . . . . . . . X", present=X16, future=X16)
    play(s, "select 1, move E")
    assert board(s, "past").split()[:4] == [".", "O", "T", "%"]
    assert player(s, "black")["dead"] == 1


def test_tree_falling_onto_a_tree_knocks_it_over():
    s = position("growth", past="O T T . . . . . . . . . . . . X", present=X16, future=X16)
    play(s, "select 1, move E")
    assert board(s, "past").split()[:4] == [".", "O", "t2", "t3"]


def test_chain_of_trees_falls_only_if_the_last_one_can():
    s = position("growth", past="O T T % . . . . . . . . . . . X", present=X16, future=X16)
    play(s, "select 1")
    assert "move E" not in texts(s)


def test_chapters_without_growth_have_no_seeds():
    # fine point 18
    import engine
    for chapter in ("base", "influence", "memory", "influence+memory"):
        s = engine.load_game("ttykm", chapter=chapter).new_initial_state(0)
        assert "seeds" not in s.to_json()
        play(s, "select 1")
        assert not any(t.startswith(("plant", "uproot")) for t in texts(s))


def test_copy_moves_onto_a_seed_only_square_and_leaves_it_behind():
    s = position("growth", past="O * . . . . . . . . . . . . . X", present=X16, future=X16)
    play(s, "select 1, move E")
    assert board(s, "past").split()[:3] == [".", "O*", "."]
    play(s, "move E")
    assert board(s, "past").split()[:3] == [".", "*", "O"]
