"""The worker entry point: ``turnpost worker`` or ``python -m workers.worker``.

One process listens on every queue (``ai`` first, then ``mail``) and runs the outbox sweep beside it.
It is an RQ ``SimpleWorker``: jobs run in this process instead of a fork per job, because forking a
process whose sweep threads hold database connections would share those connections with the child,
and because a warm process keeps the compiled engine and the database pool loaded, so an AI seat
answers faster. (RQ's scheduler, for delayed jobs, is the one fork: it only talks to Redis, on a
connection RQ reopens in the child.) Scale out by running more workers.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys

from rq import SimpleWorker

from service.db import upgrade
from workers import context, queues
from workers.deadlines import DeadlineSweeper
from workers.relay import SWEEP_INTERVAL, Sweeper

log = logging.getLogger("turnpost.worker")

#: Printed once the worker is about to listen; ``turnpost serve`` and the tests wait for it.
READY_LINE = "turnpost worker ready"


def run(redis_url: str, *, queue_names=queues.ALL, burst: bool = False, sweep: bool = True,
        sweep_interval: float = SWEEP_INTERVAL, name: str | None = None) -> None:
    """Run a worker on ``queue_names`` until SIGTERM/SIGINT (or, with ``burst``, until idle)."""
    cfg = context.config()
    if cfg.AUTO_MIGRATE:
        # The worker may start before the API has ever run; the upgrade is idempotent and locked.
        upgrade(cfg.DATABASE_URL)
    connection = queues.connect(redis_url)
    worker = SimpleWorker([queues.get_queue(q, connection) for q in queue_names],
                          connection=connection, serializer=queues.SERIALIZER, name=name)
    sweeper = Sweeper(context.sessions(), connection, sweep_interval) if sweep else None
    if sweeper:
        sweeper.start()
    # Deadlines (reminders, takeovers) and webhook fan-out, scheduled beside the outbox sweep.
    timers = DeadlineSweeper(context.sessions(), connection, sweep_interval) if sweep else None
    if timers:
        timers.start()
    print(f"{READY_LINE} (queues: {', '.join(queue_names)}; pid {os.getpid()})", flush=True)
    try:
        worker.work(burst=burst, logging_level=logging.getLevelName(log.getEffectiveLevel()),
                    with_scheduler=True)      # deadline jobs (enqueue_at) and webhook retries
    finally:
        if sweeper:
            sweeper.stop()
            sweeper.join(timeout=10)
        if timers:
            timers.stop()
            timers.join(timeout=10)


def main(argv=None) -> int:
    """Command-line entry: ``--queues ai,mail``, ``--burst``, ``--no-sweep``."""
    p = argparse.ArgumentParser(prog="turnpost worker", description="Run an RQ worker for turnpost.")
    p.add_argument("--queues", default=",".join(queues.ALL), help="comma-separated queue names")
    p.add_argument("--burst", action="store_true", help="exit when the queues are empty")
    p.add_argument("--no-sweep", action="store_true", help="do not sweep the outbox")
    p.add_argument("--sweep-interval", type=float,
                   default=float(os.environ.get("TURNPOST_SWEEP_SECONDS", SWEEP_INTERVAL)))
    p.add_argument("--redis-url", default=None, help="default: REDIS_URL")
    p.add_argument("--name", default=None, help="worker name (default: RQ's random name)")
    args = p.parse_args(argv)
    logging.basicConfig(level=os.environ.get("TURNPOST_LOG_LEVEL", "INFO"),
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    redis_url = args.redis_url or context.config().REDIS_URL
    if not redis_url:
        print("turnpost worker: set REDIS_URL (or use 'turnpost serve', which starts its own Redis)",
              file=sys.stderr)
        return 2
    names = tuple(q.strip() for q in args.queues.split(",") if q.strip())
    run(redis_url, queue_names=names, burst=args.burst, sweep=not args.no_sweep,
        sweep_interval=args.sweep_interval, name=args.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
