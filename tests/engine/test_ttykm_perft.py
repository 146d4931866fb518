"""Perft for TTYKM: the number of distinct legal whole turns (decision sequences from the start of a
turn through the refocus) and of distinct resulting positions, pinned from the initial position and
from three fixed positions per chapter (reached by seeded random play, so they are reproducible).

Initial base position, by hand: white's only past copy is on square 1 (the present square 1 is taken,
there is no era before the past), so L = 2 and the first action is move E or move S.
  after move E (on 2): E, S, W, forward (present 2 is empty) -> 4
  after move S (on 5): N, E, S, forward (present 5 is empty) -> 4
8 action pairs x 2 refocus choices (present, future) = 16 turns. Positions: E+W and S+N both return to
square 1, E+S and S+E both end on 6, so 6 distinct boards x 2 focus eras = 12.

Initial growth position, by hand: first actions move E, move S, plant here, plant 2, plant 5.
  move E: 4 moves/travel + plant 2 (here), 3, 6, 1 = 8;  move S: likewise 8;
  plant here: move E, move S, plant 2, plant 5, uproot here = 5;
  plant 2: move E (onto the seed), move S, plant here, plant 5, uproot 2 = 5;  plant 5: likewise 5
31 x 2 = 62 turns.
"""
import random

import pytest

import engine

CHAPTERS = ["base", "growth", "influence", "memory", "growth+influence", "growth+memory",
            "influence+memory"]
FIXED = ((1, 6), (2, 11), (3, 16))     # (seed of the random play, turns played)

# chapter: [(turns, positions) from the initial position, then from each FIXED position]
EXPECTED = {
    "base": [(16, 12), (34, 26), (34, 24), (28, 14)],
    "growth": [(62, 38), (70, 46), (4, 4), (2, 2)],
    "influence": [(36, 28), (44, 38), (34, 26), (16, 14)],
    "memory": [(16, 12), (34, 26), (40, 36), (110, 68)],
    "growth+influence": [(98, 62), (170, 118), (30, 22), (118, 86)],
    "growth+memory": [(62, 38), (70, 46), (4, 4), (2, 2)],
    "influence+memory": [(36, 28), (38, 32), (34, 26), (14, 12)],
}


def turn_perft(state):
    """(number of whole-turn decision sequences, number of distinct positions they lead to)."""
    mover = state.current_player()
    turn = state.to_json()["turns_completed"]
    finals = []

    def walk(s):
        if s.is_terminal() or s.to_json()["turns_completed"] != turn:
            finals.append(s.snapshot())
            return
        assert s.current_player() == mover
        for a in s.legal_actions():
            child = s.clone()
            child.apply_action(a)
            walk(child)

    walk(state)
    return len(finals), len(set(finals))


def fixed_position(chapter, seed, turns):
    state = engine.load_game("ttykm", chapter=chapter).new_initial_state(0)
    rng = random.Random(seed)
    while state.to_json()["turns_completed"] < turns:
        assert not state.is_terminal()
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_perft_from_the_initial_position(chapter):
    state = engine.load_game("ttykm", chapter=chapter).new_initial_state(0)
    assert turn_perft(state) == EXPECTED[chapter][0]


@pytest.mark.parametrize("chapter", CHAPTERS)
@pytest.mark.parametrize("index", range(len(FIXED)))
def test_perft_from_fixed_positions(chapter, index):
    seed, turns = FIXED[index]
    state = fixed_position(chapter, seed, turns)
    sequences, positions = turn_perft(state)
    assert positions <= sequences
    assert (sequences, positions) == EXPECTED[chapter][index + 1]
