"""Runtime figures: how long a human waits for an AI seat's answer, end to end.

    .venv/bin/python benchmarks/runtime_bench.py [--title ttykm] [--games 20] [--iterations 2000]

For each game (human vs AI, the AI moving first): create it through the service, relay its outbox as
the API does after commit, and time until the human's "your turn" mail is accepted by a local SMTP
server. That span holds the relay, the RQ hop to the worker, loading the game, the search for every
AI decision of the turn (one job per decision, each relayed by the worker), the submission and the
mail job. Real components throughout: an embedded Redis server, one ``turnpost worker`` process,
aiosmtpd, SQLite in a temporary directory. Prints one JSON object per figure.
"""
from __future__ import annotations

import argparse
import email
import email.policy
import hashlib
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--title", default="ttykm")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--iterations", type=int, default=2000)
    args = p.parse_args()

    from aiosmtpd.controller import Controller

    from service import games, models
    from service.db import make_engine, make_sessionmaker, upgrade
    from workers import queues
    from workers.embedded_redis import EmbeddedRedis, free_port
    from workers.relay import relay_pending
    from workers.worker import READY_LINE

    arrived: dict[str, float] = {}
    cond = threading.Condition()

    class Handler:
        async def handle_DATA(self, server, session, envelope):
            msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
            with cond:
                arrived[str(msg["Message-ID"])] = time.perf_counter()
                cond.notify_all()
            return "250 OK"

    with tempfile.TemporaryDirectory() as tmp, EmbeddedRedis(Path(tmp) / "redis", persist=False) as redis_server:
        smtp = Controller(Handler(), hostname="127.0.0.1", port=free_port())
        smtp.start()
        db_url = f"sqlite:///{tmp}/bench.db"
        upgrade(db_url)
        sessions = make_sessionmaker(make_engine(db_url))
        env = dict(os.environ, DATABASE_URL=db_url, REDIS_URL=redis_server.url, TURNPOST_DATA_DIR=tmp,
                   SMTP_URL=f"smtp://127.0.0.1:{smtp.port}", PUBLIC_URL="http://bench.test",
                   SECRET_KEY="bench", PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1",
                   TURNPOST_LOG_LEVEL="WARNING")
        worker = subprocess.Popen([sys.executable, "-m", "workers.worker", "--no-sweep"], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for line in worker.stdout:
            if READY_LINE in line:
                break
        threading.Thread(target=lambda: [None for _ in worker.stdout], daemon=True).start()
        conn = queues.connect(redis_server.url)
        waits, ai_decisions = [], []
        try:
            for i in range(args.games):
                with sessions() as s:
                    human = models.Player(name="Bench", email=f"b{i}.{secrets.token_hex(3)}@bench.test",
                                          language="en",
                                          token_hash=hashlib.sha256(secrets.token_bytes(8)).hexdigest())
                    s.add(human)
                    s.commit()
                    start = time.perf_counter()
                    row = games.create_game(s, human, args.title, {},
                                            [{"ai": {"iterations": args.iterations}},
                                             {"player_id": human.id}], seed=1000 + i)
                    game_id = row.id
                relay_pending(sessions, conn)
                with cond:
                    ok = cond.wait_for(lambda: any(f"g{game_id}.s1." in k for k in arrived), timeout=120)
                    done = next((t for k, t in arrived.items() if f"g{game_id}.s1." in k), None)
                if not ok:
                    raise SystemExit(f"no notification for game {game_id} within 120 s")
                waits.append(done - start)
                with sessions() as s:
                    ai_decisions.append(s.query(models.Decision).filter_by(game_id=game_id, actor="ai").count())
        finally:
            worker.terminate()
            worker.wait(60)
            smtp.stop()
    waits.sort()
    print(json.dumps({
        "figure": "ai_turn_to_notification_seconds", "title": args.title, "games": args.games,
        "iterations_per_decision": args.iterations, "ai_decisions_per_turn": statistics.mean(ai_decisions),
        "median": round(statistics.median(waits), 4), "p90": round(waits[int(0.9 * (len(waits) - 1))], 4),
        "max": round(waits[-1], 4), "cpus": os.cpu_count()}))


if __name__ == "__main__":
    main()
