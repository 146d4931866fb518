"""Players and seeded matches between them.

A player is any object with ``choose(state, rng_seed) -> action``: it is handed the true state for the
seat to move (it must not modify it) and a seed for its own randomness. Search players see only their
seat's information set because :func:`mcts.search` determinizes hidden information itself.

    >>> import engine
    >>> from mcts.players import MCTSPlayer, RandomPlayer, play_match
    >>> figures = play_match(engine.load_game("kuhn_poker"), [MCTSPlayer(iterations=500), RandomPlayer()],
    ...                      games=20, seed=1)
"""
from __future__ import annotations

import random

import engine
from mcts.search import search

_MASK = 0xFFFFFFFFFFFFFFFF


def _derive(seed: int, *parts: int) -> int:
    """A seed for one game or one decision, from the match seed (stable across runs and platforms)."""
    for p in parts:
        seed = (seed * 1_000_003 + p) & _MASK
    return seed


class RandomPlayer:
    """Chooses uniformly among the legal actions."""

    def choose(self, state, rng_seed: int) -> int:
        """A uniformly random legal action, a function of ``rng_seed``."""
        return random.Random(rng_seed).choice(state.legal_actions())

    def __repr__(self) -> str:
        return "RandomPlayer()"


class MCTSPlayer:
    """Chooses by :func:`mcts.search` with a fixed budget and parameters."""

    def __init__(self, iterations: int | None = None, seconds: float | None = None, **params):
        if iterations is None and seconds is None:
            raise ValueError("give a budget: iterations, seconds or both")
        self.iterations = iterations
        self.seconds = seconds
        self.params = params

    def choose(self, state, rng_seed: int) -> int:
        """The action a search from ``state`` seeded with ``rng_seed`` picks."""
        return search(state, iterations=self.iterations, seconds=self.seconds, seed=rng_seed,
                      **self.params).action

    def __repr__(self) -> str:
        budget = [f"iterations={self.iterations}"] if self.iterations is not None else []
        budget += [f"seconds={self.seconds}"] if self.seconds is not None else []
        return f"MCTSPlayer({', '.join(budget + [f'{k}={v!r}' for k, v in self.params.items()])})"


def play_game(game, seat_players, seed: int):
    """Play one game from ``game.new_initial_state(seed)``, ``seat_players[i]`` deciding for seat i.

    Chance is resolved as the service does, with ``state.sample_chance()``. Returns the final state.
    """
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == engine.CHANCE:
            action = state.sample_chance()
        else:
            action = seat_players[seat].choose(state, _derive(seed, state.decision_count()))
        state.apply_action(action)
    return state


def outcome(returns, seat: int, cooperative: bool = False) -> str:
    """"win", "draw" or "loss" for ``seat``: a win is a return above every other seat's, a draw a
    share of the top; in a cooperative game (equal returns) the team's sign decides."""
    mine = returns[seat]
    if cooperative:
        return "win" if mine > 0 else "loss" if mine < 0 else "draw"
    others = [r for i, r in enumerate(returns) if i != seat]
    if all(mine > r for r in others):
        return "win"
    return "draw" if mine >= max(others) else "loss"


def play_match(game, players, games: int, seed: int, swap_seats: bool = True) -> dict:
    """Play ``games`` seeded games between ``players`` (one per seat) and return the figures.

    With ``swap_seats`` the seating rotates every game (game g puts ``players[(i + g) % n]`` in seat
    i), so with two players each plays each side equally often. Figures: per player wins, draws,
    losses, mean return and the seat wins; the mean game length in decisions.
    """
    if isinstance(game, str):
        game = engine.load_game(game)
    n = game.num_players
    if len(players) != n:
        raise ValueError(f"{game.name} has {n} seats; got {len(players)} players")
    cooperative = game.spec.cooperative
    rows = [{"player": repr(p), "wins": 0, "draws": 0, "losses": 0, "total_return": 0.0}
            for p in players]
    seat_wins = [0] * n
    decisions = 0
    for g in range(games):
        shift = g % n if swap_seats else 0
        order = [(i + shift) % n for i in range(n)]          # order[seat] = index into players
        final = play_game(game, [players[j] for j in order], _derive(seed, g))
        returns = final.returns()
        decisions += final.decision_count()
        for seat, j in enumerate(order):
            result = outcome(returns, seat, cooperative)
            rows[j][{"win": "wins", "draw": "draws", "loss": "losses"}[result]] += 1
            rows[j]["total_return"] += returns[seat]
            seat_wins[seat] += result == "win"
    for row in rows:
        row["mean_return"] = row.pop("total_return") / games if games else 0.0
    return {"game": game.name, "options": game.options, "games": games, "seed": seed,
            "players": rows, "seat_wins": seat_wins,
            "mean_length": decisions / games if games else 0.0}
