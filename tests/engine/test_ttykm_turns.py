"""The shape of a turn: select on the focus era, the longest-sequence rule, refocus, passes."""
import pytest

from engine import IllegalActionError
from tests.engine.ttykm_helpers import board, play, position, texts

EMPTY = ". " * 16


def test_only_copies_on_the_focus_era_can_be_selected():
    s = position(past="O . . . . . . . . . . . . . . X", present=". . . . . O . . . . . . . . . X")
    assert texts(s) == ["select 1"]
    assert s.explain_illegal({"select": 6}) == "You have no copy on square 6 of the past."


def test_a_copy_that_cannot_take_two_actions_is_not_selectable():
    # The copy on 1 (present, no supply) is boxed in by its own copies; its only action is travelling
    # forward into another box. The copy on 11 can take two actions, so L = 2 and 1 is not selectable.
    s = position(present="O O . . O . . . . . O . . . . X", future=". O . . O . . . . . . . . . . X",
                 past=". " * 15 + "X", focus=("present", "past"), supply=(0, 4))
    assert s.to_json()["actions_required"] == 2
    assert "select 1" not in texts(s)
    assert "select 11" in texts(s)
    assert s.explain_illegal({"select": 1}) == "That copy cannot take 2 actions, and another copy can."
    assert s.explain_illegal({"select": 1}, "es") == "Esa copia no puede realizar 2 acciones y otra sí puede."


def test_first_action_must_keep_two_actions_reachable_backgammon_style():
    # Forward travel would strand the copy (own copies around it in the future, no supply to go back),
    # so only the move south keeps L = 2 reachable.
    s = position(present="O O . . . . . . . . . . . . . X", future=". O . . O . . . . . . . . . . X",
                 past=". " * 15 + "X", focus=("present", "past"), supply=(0, 4))
    play(s, "select 1")
    assert s.to_json()["actions_required"] == 2
    assert texts(s) == ["move S"]
    assert s.explain_illegal({"travel": "forward"}) == (
        "That copy cannot take 2 actions after this one; choose an action that lets it.")


def test_L_is_one_when_no_copy_can_take_two_actions():
    # growth with no seeds left: shrubs box the copy in; forward travel is its only action
    s = position("growth", present="O % . . % . . . . . . . . . . X", future=". % . . % . . . . . . . . . . X",
                 past="X . . . . . . . . . . . . . . .", focus=("present", "past"), supply=(0, 4),
                 seeds_destroyed=5)
    assert s.to_json()["actions_required"] == 1
    play(s, "select 1, forward")
    assert s.to_json()["phase"] == "refocus"
    assert texts(s) == ["focus past", "focus future"]


def test_L_zero_is_the_refocus_step_alone():
    # fine point 16: the only white copy on the focus era cannot act at all
    s = position("growth", past="O % . . % . . . . . . . . . . .", present="X . . . . . . . . . . . . . . X",
                 seeds_destroyed=5)
    j = s.to_json()
    assert j["phase"] == "refocus" and j["actions_required"] == 0
    assert texts(s) == ["focus present", "focus future"]


def test_no_copy_on_the_focus_era_skips_to_refocus():
    s = position(past=". " * 15 + "X", present="O . . . . . . . . . . . . . . X")
    assert s.to_json()["phase"] == "refocus"
    assert texts(s) == ["focus present", "focus future"]


def test_refocus_must_change_era():
    s = position(past="O . . . . . . . . . . . . . . X", present=". " * 15 + "X")
    play(s, "select 1, move E, move E")
    assert texts(s) == ["focus present", "focus future"]
    assert s.explain_illegal({"focus": "past"}) == (
        "Your focus token already points at the past: choose another era.")


def test_turn_passes_to_the_other_player_after_refocus():
    s = position(past="O . . . . . . . . . . . . . . X", present=". " * 15 + "X",
                 future=". " * 15 + "X")
    play(s, "select 1, move E, move E, focus future")
    j = s.to_json()
    assert j["to_move"] == "black" and j["players"]["white"]["focus"] == "future"
    assert j["phase"] == "select" and j["turn"] == 2


def test_no_voluntary_pass_by_default():
    s = position(past="O . . . . . . . . . . . . . . X", present=". " * 15 + "X")
    with pytest.raises(Exception):
        play(s, "pass")
    play(s, "select 1")
    assert s.explain_illegal({"pass": True}) == "Passing is not allowed."


def test_voluntary_pass_option_ends_the_actions_early():
    s = position(past="O . . . . . . . . . . . . . . X", present=". " * 15 + "X", voluntary_pass=True)
    play(s, "select 1, move E, pass")
    assert s.to_json()["phase"] == "refocus"
    assert board(s, "past").startswith(". O .")
    s = position(past="O . . . . . . . . . . . . . . X", present=". " * 15 + "X", voluntary_pass=True)
    play(s, "pass, focus future")
    assert s.to_json()["to_move"] == "black"


def test_acting_copy_that_dies_ends_its_sequence():
    # fine point 15: commanding your elephant onto your own acting copy kills it; that path cannot
    # reach L = 2, so with another two-action path available it is not a legal first action
    s = position("memory", past="O DO . . . . . . . . . . L . . X", present=". . . D . . . . . . . . L . . X",
                 future=". . . D . . . . . . . . L . . X")
    play(s, "select 1")
    assert "command W" not in texts(s) and "command S" in texts(s)
    assert s.explain_illegal({"command": "W"}) == (
        "That copy cannot take 2 actions after this one; choose an action that lets it.")


def test_acting_copy_killed_by_its_own_action_when_L_is_one():
    # The same command with nothing else possible (L = 1): the copy dies and the turn goes to refocus.
    # The copy on 2 is boxed in (elephant, shrubs, wall, an occupied present square, no seeds); its
    # only action is to command its elephant east, onto itself.
    s = position("growth+memory", past="DO O % . L % . . . . . . . . . X",
                 present=". X . D . . . . . . . . L . . X", future=". . . D . . . . . . . . L . . X",
                 seeds_destroyed=5)
    assert s.to_json()["actions_required"] == 1
    play(s, "select 2")
    assert texts(s) == ["command E"]
    play(s, "command E")
    assert s.to_json()["phase"] == "refocus"
    assert s.to_json()["players"]["white"]["dead_by"]["white"] == 1


def test_acting_copy_that_is_moved_acts_on_from_its_new_square():
    # influence+memory: the elephant pushes the statue, the statue pushes the acting copy one square
    s = position("influence+memory", past=". O S DO . . . . . . . . L . . X",
                 present=". . . D . . . . . . . . L . . X", future=". . . D . . . . . . . . L . . X")
    play(s, "select 2, command W")
    assert board(s, "past").split()[:4] == ["O", "S", "DO", "."]
    assert s.to_json()["acting"] == {"era": "past", "square": 1}
    play(s, "move S")
    assert board(s, "past").split()[4] == "O"


def _second_action_exists(state, action):
    """Oracle for the longest-sequence rule, by plain simulation: rebuild the position mid-turn with
    room for one more action, apply ``action`` and see whether the same copy can still act."""
    j = state.to_json()
    j.update(actions_required=3, actions_taken=1)
    probe = state.game.state_from_json(0, j)
    probe.apply_action(action)
    after = probe.to_json()
    return after["phase"] == "act" and bool(probe.legal_actions())


@pytest.mark.parametrize("chapter", ["base", "growth", "influence", "memory", "growth+influence",
                                     "growth+memory", "influence+memory"])
def test_legal_first_actions_are_exactly_those_that_keep_L_reachable(chapter):
    import random

    import engine
    rng = random.Random(chapter)
    game = engine.load_game("ttykm", chapter=chapter)
    checked = 0
    for seed in range(3):
        s = game.new_initial_state(seed)
        while not s.is_terminal() and s.to_json()["turns_completed"] < 40:
            j = s.to_json()
            if j["phase"] == "act" and j["actions_taken"] == 0:
                raw = s._raw_actions()
                keep = [a for a in raw if _second_action_exists(s, a)]
                assert s.legal_actions() == (keep if j["actions_required"] == 2 else raw)
                checked += 1
            if j["phase"] == "select":
                # a copy is selectable iff some first action of it keeps L reachable
                e = s._focus_era()
                for sq in range(16):
                    if j["eras"][("past", "present", "future")[e]][sq] == {"piece": "copy", "owner": j["to_move"]}:
                        probe = s.clone()
                        pj = probe.to_json()
                        pj.update(phase="act", acting={"era": ("past", "present", "future")[e], "square": sq + 1},
                                  actions_required=1, actions_taken=0)
                        probe = game.state_from_json(0, pj)
                        best = 0
                        for a in probe.legal_actions():
                            best = max(best, 2 if _second_action_exists(probe, a) else 1)
                        assert ((sq + 1) in j["selectable"]) == (best == j["actions_required"]), (sq, best)
            s.apply_action(rng.choice(s.legal_actions()))
    assert checked > 20
