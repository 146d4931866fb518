"""Takyon: MCTS strength against random and greedy seats, and random-playout speed; prints JSON lines.

    .venv/bin/python benchmarks/takyon_strength.py                      # the issue's figures (100 + 100 games)
    .venv/bin/python benchmarks/takyon_strength.py --games 20 --iterations 500
    .venv/bin/python benchmarks/takyon_strength.py --speed-only

One AI seat (``MCTSPlayer``, 1,000 iterations per decision, rollouts cut after ``--rollout-depth``
decisions and scored by the game's ``c_evaluate``, exploration constant ``--c``) against two random
seats, then against two greedy seats (``engine.takyon_players.GreedyPlayer``), 3 players. Seats rotate
game by game (``play_match``); games are seeded, chance resolved as the service does, so the figures
replay exactly. A win is a return above both other seats (a shared victory is not a win).
"""
import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # run from a checkout, no install

import engine  # noqa: E402
from engine.takyon_players import GreedyPlayer  # noqa: E402
from mcts.players import MCTSPlayer, RandomPlayer, play_match  # noqa: E402

SEED = 4040


def playout_speed(players, games=300, seed=1):
    """Decisions per second of C-level uniformly random playouts from the set-up position."""
    state = engine.load_game("takyon", players=players).new_initial_state(seed)
    t0 = time.perf_counter()
    f = engine.random_playouts(state, games, seed)
    dt = time.perf_counter() - t0
    return {"players": players, "games": games, "decisions": f["decisions"],
            "decisions_per_second": round(f["decisions"] / dt), "mean_length": f["decisions"] / games}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--iterations", type=int, default=1000)
    tuned = engine.game_spec("takyon").search_defaults     # what AI seats in the service use
    ap.add_argument("--rollout-depth", type=int, default=tuned["rollout_depth"])
    ap.add_argument("--c", type=float, default=tuned["c"])
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--speed-only", action="store_true")
    args = ap.parse_args(argv)
    for n in (2, 3, 4, 5):
        print(json.dumps({"bench": "takyon_random_playouts", **playout_speed(n)}), flush=True)
    if args.speed_only:
        return
    game = engine.load_game("takyon", players=3)
    ai = MCTSPlayer(iterations=args.iterations, rollout_depth=args.rollout_depth, c=args.c)
    for name, opponent in (("random", RandomPlayer()), ("greedy", GreedyPlayer())):
        t0 = time.perf_counter()
        f = play_match(game, [ai, opponent, opponent], games=args.games, seed=args.seed)
        me = f["players"][0]
        print(json.dumps({"bench": "takyon_strength", "opponents": f"2x {name}", "games": args.games,
                          "iterations": args.iterations, "rollout_depth": args.rollout_depth, "c": args.c,
                          "seed": args.seed, "ai_wins": me["wins"], "ai_draws": me["draws"],
                          "ai_losses": me["losses"], "seat_wins": f["seat_wins"],
                          "mean_length": f["mean_length"],
                          "seconds": round(time.perf_counter() - t0, 1)}), flush=True)


if __name__ == "__main__":
    main()
