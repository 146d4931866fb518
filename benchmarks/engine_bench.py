"""Engine and search speed, one JSON object per line.

    .venv/bin/python benchmarks/engine_bench.py --game ttykm --seconds 3
    .venv/bin/python benchmarks/engine_bench.py --game takyon --options '{"players": 4}'
    .venv/bin/python benchmarks/engine_bench.py            # every listed game, default options
    .venv/bin/python benchmarks/engine_bench.py --game takyon --search '{}'   # plain search settings

Figures per game: uniformly random playouts run at C level (``engine.random_playouts``: decisions/s,
games/s, mean length), then one search from the first position with a choice (MCTS for perfect information,
ISMCTS for hidden information: iterations/s, and simulated decisions/s including the tree work),
with the settings AI seats use in the service (the game's ``search_defaults``) unless ``--search``
names others.
Single-threaded; on a shared machine the figures move with the load, so say so when quoting them.
"""
import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # run from a checkout, no install

import engine  # noqa: E402
from mcts import search  # noqa: E402


def emit(bench, value, unit, game, **extra):
    print(json.dumps({"bench": bench, "value": round(value, 3), "unit": unit, "game": game.name,
                      "options": game.options, **extra}), flush=True)


def first_decision(game, seed):
    """The first position with a real choice: opening chance resolved as the service would, forced
    single-action decisions taken (search returns those without searching)."""
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        if state.current_player() == engine.CHANCE:
            state.apply_action(state.sample_chance())
        elif len(state.legal_actions()) == 1:
            state.apply_action(state.legal_actions()[0])
        else:
            break
    return state


def bench_playouts(game, seconds, seed):
    """Random playouts for about ``seconds``: batches doubled until one fills a tenth of the time."""
    root = game.new_initial_state(seed)
    batch, games, decisions, spent = 1, 0, 0, 0.0
    while spent < seconds:
        t0 = time.perf_counter()
        fig = engine.random_playouts(root, batch, seed + games)
        dt = time.perf_counter() - t0
        games += batch
        decisions += fig["decisions"]
        spent += dt
        if dt < seconds / 10:
            batch *= 2
    emit("random_playout_decisions_per_s", decisions / spent, "decisions/s", game)
    emit("random_playout_games_per_s", games / spent, "games/s", game)
    emit("random_playout_mean_length", decisions / games, "decisions", game)


def bench_search(game, seconds, seed, params=None):
    params = dict(game.spec.search_defaults or {}) if params is None else params
    state = first_decision(game, seed)
    result = search(state, seconds=seconds, seed=seed, **params)
    kind = "ismcts" if game.spec.hidden_information else "mcts"
    emit(f"{kind}_iterations_per_s", result.iterations_per_second, "iterations/s", game, search=params)
    emit(f"{kind}_decisions_per_s", result.decisions_per_second, "decisions/s", game, search=params)
    emit(f"{kind}_tree_nodes", result.nodes, "nodes", game, search=params)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="registered game name (default: every listed game)")
    parser.add_argument("--options", default="{}", help="game options as a JSON object")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--search", help="search settings as a JSON object (default: the game's "
                                         "search_defaults, as AI seats use them)")
    args = parser.parse_args(argv)
    if args.game:
        games = [engine.load_game(args.game, **json.loads(args.options))]
    else:
        games = [engine.load_game(spec.name) for spec in engine.list_games()]
    if not games:
        print("no listed games registered; name one with --game", file=sys.stderr)
        return 1
    for game in games:
        bench_playouts(game, args.seconds, args.seed)
        bench_search(game, args.seconds, args.seed,
                     json.loads(args.search) if args.search is not None else None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
