"""Service figures: turn-submission latency and throughput through gunicorn on PostgreSQL with many
concurrent games, and the time to load a game with 10 and with 2,000 decisions.

    .venv/bin/python benchmarks/service_bench.py [--games 24] [--clients 8] [--turns 1500]
        [--seconds 60] [--workers 2] [--database-url URL]

The load is loopback only and bounded by ``--turns`` and ``--seconds``. Without ``--database-url``
a private schema in the local PostgreSQL (127.0.0.1:5432, database ``test``) is used and dropped;
if it does not answer, a SQLite file (said so in the output). Prints one JSON object per figure.
Load times are taken at 10, 100, 500, 1,000 and 2,000 decisions of one game, each beside the time of
a full replay (what a load would cost without snapshots).

Game choice is by registry, never by name: submissions use the listed perfect-information game whose
random games are longest (Kuhn poker if none is listed); the load-time figure uses the first game
whose random games reach 2,000 decisions with its limit-like options at their maximum.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import requests
import sqlalchemy as sa

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from service.models import Game  # noqa: E402
from workers.embedded_redis import free_port  # noqa: E402

PG_BASE = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
LONG = 2000


def emit(**fig):
    print(json.dumps(fig), flush=True)


def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


# ------------------------------------------------------------------------------------- database
def database(url: str | None):
    """(url, cleanup) of the database to use."""
    if url:
        return url, lambda: None
    schema = f"tp_bench_{uuid.uuid4().hex[:10]}"
    try:
        admin = sa.create_engine(PG_BASE, connect_args={"connect_timeout": 3})
        with admin.begin() as c:
            c.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    except Exception as e:  # noqa: BLE001
        path = Path(tempfile.mkdtemp()) / "bench.db"
        emit(note=f"PostgreSQL unreachable ({type(e).__name__}); using SQLite {path}")
        return f"sqlite:///{path}", lambda: None

    def drop():
        with admin.begin() as c:
            c.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()
    return f"{PG_BASE}?options=-csearch_path%3D{schema}", drop


# ------------------------------------------------------------------------------------- game choice
def limit_options(spec) -> dict:
    """Limit-like integer options (turn limits, rounds) at their maximum: the longest games."""
    out = {}
    for o in spec.all_options():
        if o.kind == "integer" and o.maximum is not None and any(
                w in o.name for w in ("limit", "rounds")):
            out[o.name] = o.maximum
    return out


def random_length(name, opts, games=10):
    g = engine.load_game(name, **opts)
    f = engine.random_playouts(g.new_initial_state(1), games, seed=7, max_decisions=LONG + 1)
    return f["decisions"] / games, f["max_length"]


def pick_submission_game():
    listed = [s for s in engine.list_games() if not s.hidden_information]
    if not listed:
        return "kuhn_poker", {}
    best = max(listed, key=lambda s: random_length(s.name, {})[0])
    return best.name, {}


def pick_long_game():
    for spec in engine.list_games(include_unlisted=True):
        opts = limit_options(spec)
        try:
            mean, longest = random_length(spec.name, opts)
        except engine.EngineError:
            continue
        if longest >= LONG:
            return spec.name, opts
    return None, None


# ------------------------------------------------------------------------------------- the server
def start_gunicorn(db_url, workers, threads, data_dir):
    port = free_port()
    env = {**os.environ, "DATABASE_URL": db_url, "TURNPOST_DATA_DIR": str(data_dir),
           "SECRET_KEY": "bench", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [str(Path(sys.executable).with_name("gunicorn")), "-w", str(workers), "--threads",
         str(threads), "-b", f"127.0.0.1:{port}", "--log-level", "warning",
         "service.app:create_app()"], cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if requests.get(f"{base}/v1/titles", timeout=10).status_code == 200:
                return proc, base
        except requests.RequestException:
            pass
        if proc.poll() is not None:
            raise SystemExit("gunicorn exited")
        time.sleep(0.2)               # a readiness poll with a deadline (benchmark, not a test)
    proc.terminate()
    raise SystemExit("gunicorn did not start")


# ------------------------------------------------------------------------------------- submissions
class Table:
    """One game played by random legal decisions through the API."""

    def __init__(self, http, base, title, people, rng):
        self.http, self.base, self.title, self.people, self.rng = http, base, title, people, rng
        self.new()

    def new(self):
        creator = self.people[0]
        r = self.http.post(f"{self.base}/v1/games", headers=creator["h"], json={
            "title": self.title, "seats": [{"player_id": p["id"]} for p in self.people]})
        r.raise_for_status()
        self.view = r.json()
        self.id = self.view["id"]

    def step(self):
        """Submit one decision; its latency in seconds (None when the game had to restart)."""
        if self.view["status"] == "finished":
            self.new()
            return None
        seat = self.view["next"]["seat"]
        p = self.people[seat]
        acts = self.http.get(f"{self.base}/v1/games/{self.id}/actions", headers=p["h"]).json()
        choice = self.rng.choice(acts["actions"])["action"]
        t0 = time.perf_counter()
        r = self.http.post(f"{self.base}/v1/games/{self.id}/turns", headers=p["h"],
                           json={"expected_decision": acts["decision"], "actions": [choice]})
        dt = time.perf_counter() - t0
        if r.status_code != 201:
            raise RuntimeError(f"turn refused: {r.status_code} {r.text[:300]}")
        self.view = r.json()
        return dt


def submission_load(base, title, games, clients, max_turns, seconds):
    spec = engine.game_spec(title)
    n = engine.load_game(title).num_players
    http = requests.Session()
    people = []
    for i in range(games * n):
        r = http.post(f"{base}/v1/players", json={"name": f"B{i}",
                                                 "email": f"b{i}-{uuid.uuid4().hex[:6]}@bench.invalid"})
        r.raise_for_status()
        people.append({"id": r.json()["id"], "h": {"Authorization": f"Bearer {r.json()['token']}"}})
    tables_per_client = [[] for _ in range(clients)]
    for g in range(games):
        rng = random.Random(g)
        tables_per_client[g % clients].append((g, people[g * n:(g + 1) * n], rng))
    lat, lock, stop = [], threading.Lock(), time.monotonic() + seconds
    errors = []

    def client(assigned):
        s = requests.Session()
        tables = [Table(s, base, title, ppl, rng) for _g, ppl, rng in assigned]
        i = 0
        while time.monotonic() < stop:
            with lock:
                if len(lat) >= max_turns:
                    return
            try:
                dt = tables[i % len(tables)].step()
            except Exception as e:  # noqa: BLE001 - reported, not hidden
                errors.append(repr(e))
                return
            i += 1
            if dt is not None:
                with lock:
                    lat.append(dt)

    t0 = time.perf_counter()
    threads = [threading.Thread(target=client, args=(a,)) for a in tables_per_client if a]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    emit(figure="turn_submission", game=title, spec_hidden_information=spec.hidden_information,
         games=games, clients=clients, turns=len(lat), wall_s=round(wall, 2),
         p50_ms=round(percentile(lat, 50) * 1000, 2), p99_ms=round(percentile(lat, 99) * 1000, 2),
         mean_ms=round(statistics.mean(lat) * 1000, 2),
         turns_per_s=round(len(lat) / wall, 1), errors=errors[:3])


# ------------------------------------------------------------------------------------- load time
def measure_load(Session, gid, reps=30):
    """Median and p90 of ``load_state`` (fresh session each time), and of a full replay."""
    from service import games
    times, replay = [], []
    for _ in range(reps):
        with Session() as s:
            t = time.perf_counter()
            row, st = games.load_state(s, gid)
            times.append(time.perf_counter() - t)
    with Session() as s:
        row = s.get(Game, gid)
        for _ in range(5):
            t = time.perf_counter()
            full = games.replay_state(s, row)
            replay.append(time.perf_counter() - t)
    assert full.same_position(st), "snapshot load differs from replay"
    return st.decision_count(), statistics.median(times), percentile(times, 90), \
        statistics.median(replay)


def long_walk(name, opts, length=LONG, tries=50):
    """(seed, decisions) of a random game that is still running after ``length`` decisions, found
    with the engine alone; the decisions are the seats' (chance follows from the seed)."""
    game = engine.load_game(name, **opts)
    for seed in range(tries):
        state, rng, mine = game.new_initial_state(seed), random.Random(seed), []
        while state.decision_count() < length and not state.is_terminal():
            if state.current_player() == engine.CHANCE:
                state.apply_action(state.sample_chance())
                continue
            a = rng.choice(state.legal_actions())
            mine.append(a)
            state.apply_action(a)
        if not state.is_terminal():
            return seed, mine
    return None, None


def load_times(db_url, data_dir, checkpoints=(10, 100, 500, 1000, LONG)):
    """Play one long game through ``service.turns.submit`` and time loading it as it grows.

    One person and AI seats, so the game's seed can be chosen (the service allows that only when
    a single person plays) and a walk known to last 2,000 decisions replayed.
    """
    name, opts = pick_long_game()
    seed, walk = long_walk(name, opts) if name else (None, None)
    if walk is None:
        emit(figure="load_time", skipped=f"no registered game reaches {LONG} decisions")
        return
    from service import games, turns
    from service.db import make_engine, make_sessionmaker, upgrade
    from service.models import Player
    upgrade(db_url)
    eng = make_engine(db_url)
    Session = make_sessionmaker(eng)
    n = engine.load_game(name, **opts).num_players
    medians = {}
    with Session() as s:
        me = Player(name="L", email=f"l-{uuid.uuid4().hex[:6]}@bench.invalid", language="en",
                    token_hash=uuid.uuid4().hex + uuid.uuid4().hex)
        s.add(me)
        s.commit()
        seats = [{"player_id": me.id}] + [{"ai": {"iterations": 1}}] * (n - 1)
        gid = games.create_game(s, me, name, opts, seats, seed=seed).id
        todo = list(checkpoints)
        t0 = time.perf_counter()
        _row, state = games.load_state(s, gid)
        for a in walk:
            while todo and state.decision_count() >= todo[0]:
                count, med, p90, rep = measure_load(Session, gid)
                medians[todo.pop(0)] = med
                emit(figure="load_time", game=name, options=opts, decisions=count,
                     load_median_ms=round(med * 1000, 3), load_p90_ms=round(p90 * 1000, 3),
                     full_replay_median_ms=round(rep * 1000, 3))
            seat = state.current_player()
            turns.submit(s, gid, seat, state.decision_count(), actions=[state.action_to_json(a)],
                         actor="human" if seat == 0 else "ai")
            _row, state = games.load_state(s, gid)
        build = time.perf_counter() - t0
        for c in todo:
            count, med, p90, rep = measure_load(Session, gid)
            medians[c] = med
            emit(figure="load_time", game=name, options=opts, decisions=count,
                 load_median_ms=round(med * 1000, 3), load_p90_ms=round(p90 * 1000, 3),
                 full_replay_median_ms=round(rep * 1000, 3))
        emit(figure="in_process_submissions", game=name, submissions=len(walk),
             per_s=round(len(walk) / build, 1))
    eng.dispose()
    if 10 in medians and LONG in medians:
        emit(figure="load_time_ratio", long_over_short=round(medians[LONG] / medians[10], 2))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--turns", type=int, default=1500)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--database-url")
    ap.add_argument("--skip-load", action="store_true")
    ap.add_argument("--skip-submit", action="store_true")
    args = ap.parse_args()
    db_url, cleanup = database(args.database_url)
    data_dir = Path(tempfile.mkdtemp(prefix="turnpost-bench-"))
    try:
        if not args.skip_submit:
            from service.db import upgrade
            upgrade(db_url)
            proc, base = start_gunicorn(db_url, args.workers, args.threads, data_dir)
            try:
                title, _ = pick_submission_game()
                submission_load(base, title, args.games, args.clients, args.turns, args.seconds)
            finally:
                proc.terminate()
                proc.wait(timeout=30)
        if not args.skip_load:
            load_times(db_url, data_dir)
    finally:
        cleanup()


if __name__ == "__main__":
    main()
