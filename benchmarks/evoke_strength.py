"""Evoke-Soacha: how often a team of MCTS agents wins against how often a team of random agents
does, per mission; one JSON object per line.

    .venv/bin/python benchmarks/evoke_strength.py --missions 1 --games 200          # the issue's figure
    .venv/bin/python benchmarks/evoke_strength.py --games 50                        # every mission
    .venv/bin/python benchmarks/evoke_strength.py --missions 1 --games 20 --iterations 500

Both teams are AI teams (``agentN_ai`` true): a trivia answer is right with the seat's accuracy (70%
by default), for the team that plays and in the search's model alike, so the comparison is about
decisions only. Games are seeded (game g uses seed ``seed + g``; chance resolved as the service does),
so figures replay exactly; the MCTS team searches with ``rollout_depth`` cut-offs scored by the game's
``c_evaluate`` heuristic (uncut random rollouts nearly always lose and return 0, which teaches the
search nothing). The last line per run also reports random-playout speed (``engine.random_playouts``).
"""
import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # run from a checkout, no install

import engine  # noqa: E402
from mcts.players import MCTSPlayer, RandomPlayer, play_game  # noqa: E402


def team_figures(game, player, games, seed):
    """Win rate, mean turns and the outcomes' counts of ``player`` in every seat over seeded games."""
    outcomes, turns, t0 = {}, 0, time.perf_counter()
    for g in range(games):
        final = play_game(game, [player] * game.num_players, seed + g)
        d = final.to_json(None)
        outcomes[d["outcome"]] = outcomes.get(d["outcome"], 0) + 1
        turns += d["turn"]
    return {"win_rate": outcomes.get("won", 0) / games, "wins": outcomes.get("won", 0),
            "games": games, "outcomes": outcomes, "mean_turns": turns / games,
            "seconds_per_game": (time.perf_counter() - t0) / games}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--missions", type=int, nargs="*", default=list(range(1, 9)))
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--iterations", type=int, default=2000)
    ap.add_argument("--rollout-depth", type=int, default=8)
    ap.add_argument("--seed", type=int, default=20240)
    args = ap.parse_args(argv)
    for mission in args.missions:
        opts = {"mission": mission, "players": args.players,
                **{f"agent{k}_ai": True for k in range(1, args.players + 1)}}
        game = engine.load_game("evoke", **opts)
        mcts_player = MCTSPlayer(iterations=args.iterations, rollout_depth=args.rollout_depth)
        for name, player in (("random", RandomPlayer()), ("mcts", mcts_player)):
            fig = team_figures(game, player, args.games, args.seed)
            print(json.dumps({"bench": "evoke_team_win_rate", "team": name, "player": repr(player),
                              "mission": mission, "players": args.players, "seed": args.seed, **fig}),
                  flush=True)
        t0 = time.perf_counter()
        pf = engine.random_playouts(game.new_initial_state(args.seed), 2000, args.seed)
        dt = time.perf_counter() - t0
        print(json.dumps({"bench": "evoke_random_playout_decisions_per_s", "mission": mission,
                          "value": round(pf["decisions"] / dt), "unit": "decisions/s",
                          "mean_length": pf["decisions"] / 2000}), flush=True)


if __name__ == "__main__":
    main()
