"""A greedy one-ply Takyon player: the baseline the search must beat.

For the seat to move it takes one sample of the hidden information from that seat's view (so it never
reads another seat's hand or a deck order), applies each legal decision to the sample, lets pending
dice settle by their average (every outcome is tried and the heuristic averaged), and keeps the
decision that leaves the best value for itself: ``TakyonState.heuristic`` (its estimated final score,
missions in hand counted at what they could score now) minus a penalty for paradox tokens on the
board, since everyone loses if they pile up. Ties are broken by ``rng_seed``.
"""
from __future__ import annotations

import random

import engine

#: value of a paradox token, against the greedy seat's score (a loss for everyone is the worst end)
TOKEN_PENALTY = 1.5


def _value(state, seat: int, depth: int = 0) -> float:
    if state.is_terminal():
        ret = state.returns()[seat]
        return 1000.0 * ret + state.score_now(seat)
    if state.current_player() == engine.CHANCE and depth < 2:
        outcomes = state.chance_outcomes()
        total = 0.0
        for a, p in outcomes:
            nxt = state.clone()
            nxt.apply_action(a)
            total += p * _value(nxt, seat, depth + 1)
        return total
    tokens = sum(state.raw()["tokens"])
    return state.heuristic(seat) - TOKEN_PENALTY * tokens


class GreedyPlayer:
    """One-ply greedy play on a sample of the seat's information set; ``choose(state, rng_seed)``."""

    def choose(self, state, rng_seed: int) -> int:
        """The decision with the best one-ply value for the seat to move."""
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(rng_seed)
        world = state.resample_from_infostate(seat, rng.getrandbits(63))
        best, best_value = [], None
        for a in legal:
            nxt = world.clone()
            nxt.apply_action(a)
            v = _value(nxt, seat)
            if best_value is None or v > best_value + 1e-9:
                best, best_value = [a], v
            elif abs(v - best_value) <= 1e-9:
                best.append(a)
        return rng.choice(best)

    def __repr__(self) -> str:
        return "GreedyPlayer()"


def choose(state, rng_seed: int) -> int:
    """Module-level shortcut: ``GreedyPlayer().choose``."""
    return GreedyPlayer().choose(state, rng_seed)
