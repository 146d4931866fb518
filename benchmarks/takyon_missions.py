"""Takyon: how many missions get completed per game, by whom, and how games end; prints JSON lines.

    .venv/bin/python benchmarks/takyon_missions.py                   # 100 + 100 games, as takyon_strength
    .venv/bin/python benchmarks/takyon_missions.py --games 20

Same matches as ``benchmarks/takyon_strength.py`` (one MCTS seat, 1,000 iterations, rollout depth 5,
c 0.2, against two random then two greedy seats, seats rotating, the same seeds via ``play_match``'s
derivation), so the wins printed here are the strength figures; besides them: missions completed per
game by the AI seat and by the two others, Console visits per game, and how games ended (12th
mission, round cap, everyone lost). Then the same for three greedy and three random seats.
"""
import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # run from a checkout, no install

import engine  # noqa: E402
from engine.takyon_players import GreedyPlayer  # noqa: E402
from mcts.players import MCTSPlayer, RandomPlayer, _derive, outcome  # noqa: E402

SEED = 4040


def play(game, players, seed):
    """play_game with a count of Console visits per seat."""
    state = game.new_initial_state(seed)
    console = [0] * game.num_players
    while not state.is_terminal():
        seat = state.current_player()
        if seat == engine.CHANCE:
            state.apply_action(state.sample_chance())
            continue
        a = players[seat].choose(state, _derive(seed, state.decision_count()))
        console[seat] += state.action_to_json(a) == {"type": "move", "space": "mission-console"}
        state.apply_action(a)
    return state, console


def match(game, ai, opponent, games, seed):
    """Seat 0..n-1 rotate like play_match; ``ai`` None: every seat is ``opponent``."""
    n = game.num_players
    tot = {"ai_wins": 0, "ai_missions": 0, "other_missions": 0, "ai_console": 0, "other_console": 0,
           "twelve": 0, "round_cap": 0, "everyone_lost": 0}
    for g in range(games):
        shift = g % n
        ai_seat = (n - shift) % n          # the seat play_match gives players[0] in game g
        seats = [opponent] * n
        if ai is not None:
            seats[ai_seat] = ai
        state, console = play(game, seats, _derive(seed, g))
        r = state.raw()
        tot["ai_wins"] += ai is not None and outcome(state.returns(), ai_seat) == "win"
        tot["ai_missions"] += r["ndone"][ai_seat]
        tot["other_missions"] += sum(r["ndone"][q] for q in range(n) if q != ai_seat)
        tot["ai_console"] += console[ai_seat]
        tot["other_console"] += sum(console[q] for q in range(n) if q != ai_seat)
        tot["twelve"] += r["over"] == 1 and r["missions_done"] >= 12
        tot["round_cap"] += r["over"] == 1 and r["missions_done"] < 12
        tot["everyone_lost"] += r["over"] == 2
    per_game = {k + "_per_game": round(tot[k] / games, 2) for k in
                ("ai_missions", "other_missions", "ai_console", "other_console")}
    return {"ai_wins": tot["ai_wins"] if ai is not None else None, **per_game,
            "ends": {k: tot[k] for k in ("twelve", "round_cap", "everyone_lost")}}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args(argv)
    game = engine.load_game("takyon", players=3)
    ai = MCTSPlayer(iterations=args.iterations, rollout_depth=5, c=0.2)
    for name, ai_player, opponent in (("mcts vs 2x random", ai, RandomPlayer()),
                                      ("mcts vs 2x greedy", ai, GreedyPlayer()),
                                      ("3x greedy", None, GreedyPlayer()), ("3x random", None, RandomPlayer())):
        t0 = time.perf_counter()
        f = match(game, ai_player, opponent, args.games, args.seed)
        print(json.dumps({"bench": "takyon_missions", "match": name, "games": args.games, **f,
                          "seconds": round(time.perf_counter() - t0, 1)}), flush=True)


if __name__ == "__main__":
    main()
