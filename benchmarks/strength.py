"""Playing strength of the search, as JSON lines (issue 2's "done when").

    .venv/bin/python benchmarks/strength.py                       # both 100-game TTYKM matches
    .venv/bin/python benchmarks/strength.py --match random --games 20

Two seeded matches with seats alternated: MCTS with 2,000 iterations per decision against a uniformly
random player (target: at least 95 wins in 100), and against MCTS with 200 iterations (target: at
least 70 in 100). Draws (turn limit, repetition) count as not-wins. Each line gives the strong
player's wins, draws and losses, the target scaled to the games played, and the wall time.
"""
import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # run from a checkout, no install

import engine  # noqa: E402
from mcts.players import MCTSPlayer, RandomPlayer, play_match  # noqa: E402

#: The match seed of the issue's figures (and of tests/mcts/test_strength.py).
SEED = 2024
#: Wins out of 100 the strong player must reach, by opponent.
TARGETS = {"random": 95, "mcts": 70}


def run(match, game, games, seed, strong, weak, params):
    """Play one strength match and return its JSON figures."""
    opponent = RandomPlayer() if match == "random" else MCTSPlayer(iterations=weak, **params)
    t0 = time.perf_counter()
    figures = play_match(game, [MCTSPlayer(iterations=strong, **params), opponent], games, seed)
    elapsed = time.perf_counter() - t0
    me = figures["players"][0]
    target = TARGETS[match] * games / 100
    return {"bench": f"strength_mcts{strong}_vs_{'random' if match == 'random' else f'mcts{weak}'}",
            "wins": me["wins"], "draws": me["draws"], "losses": me["losses"], "games": games,
            "target_wins": target, "passed": me["wins"] >= target,
            "mean_length": round(figures["mean_length"], 1), "seconds": round(elapsed, 1),
            "seed": seed, "params": params, "game": game.name, "options": game.options}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ttykm")
    parser.add_argument("--options", default="{}", help="game options as a JSON object")
    parser.add_argument("--match", choices=("random", "mcts", "all"), default="all")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--strong", type=int, default=2000, help="iterations of the strong player")
    parser.add_argument("--weak", type=int, default=200, help="iterations of the weak search player")
    parser.add_argument("--params", default="{}", help="extra search parameters (JSON), both players")
    args = parser.parse_args(argv)
    game = engine.load_game(args.game, **json.loads(args.options))
    ok = True
    for match in (("random", "mcts") if args.match == "all" else (args.match,)):
        line = run(match, game, args.games, args.seed, args.strong, args.weak, json.loads(args.params))
        print(json.dumps(line), flush=True)
        ok &= line["passed"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
