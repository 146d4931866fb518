"""The outbox relay: committed ``outbox`` rows become RQ jobs.

The API writes outbox rows in the same transaction as the decisions, then calls the relay after commit.
If the process dies between the commit and the relay, the rows simply stay pending (``relayed_at`` is
NULL) and the periodic :class:`Sweeper` in every worker picks them up. Delivery is therefore
at-least-once, and made harmless by two things:

* every job id is deterministic (``ai_turn_<game>_<seat>_<decision>``…), and a row whose job already
  exists in Redis is marked relayed without enqueueing it again;
* every job checks, when it runs, that its decision is still the current one, so even a job that does
  run twice acts once.
"""
from __future__ import annotations

import logging
import re
import threading
from dataclasses import dataclass

from redis import Redis
from redis.exceptions import RedisError
from rq import Retry
from rq.job import Job
from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

from service.models import Outbox, utcnow
from workers import queues

log = logging.getLogger(__name__)
_ID_SAFE = re.compile(r"[A-Za-z0-9_-]+")

#: How long finished jobs (and so their ids) stay in Redis: a late duplicate relay finds them there.
RESULT_TTL = 24 * 3600
FAILURE_TTL = 7 * 24 * 3600
#: Seconds between sweeps for rows that no after-commit relay picked up.
SWEEP_INTERVAL = 5.0


@dataclass(frozen=True)
class JobKind:
    """How one outbox kind becomes a job: queue, function, the payload fields it takes, its id."""

    queue: str
    func: str
    fields: tuple[str, ...]
    timeout: int = 300

    def job_id(self, kind: str, payload: dict) -> str:
        """``<kind>_<field>_<field>…``: the same row always gives the same id.

        RQ 3 allows only letters, digits, ``_`` and ``-`` in ids (no ``:``). Ids stay unambiguous
        because each kind has a fixed number of fields and only the first may contain ``_``.
        """
        parts = [str(payload[f]) for f in self.fields]
        for p in parts:
            if not _ID_SAFE.fullmatch(p):
                raise ValueError(f"outbox field {p!r} cannot be part of a job id")
        return "_".join([kind] + parts)

    def kwargs(self, payload: dict) -> dict:
        """The job's keyword arguments: exactly the declared fields, as plain JSON values."""
        return {f: payload[f] for f in self.fields}


#: Outbox kinds this relay knows. Rows of other kinds are left pending for code that knows them.
KINDS: dict[str, JobKind] = {
    "ai_turn": JobKind(queues.AI, "workers.ai.play_turn", ("game_id", "seat", "decision"), timeout=600),
    "notify_turn": JobKind(queues.MAIL, "workers.mail.notify_turn", ("game_id", "seat", "decision")),
    "game_over": JobKind(queues.MAIL, "workers.mail.game_over", ("game_id",)),
    "seat_resigned": JobKind(queues.MAIL, "workers.mail.seat_resigned", ("game_id", "seat")),
}


def enqueue_row(kind: str, payload: dict, connection: Redis) -> tuple[str, bool]:
    """Enqueue the job for one outbox row unless its id is already known to Redis.

    Returns (job id, whether it was enqueued now).
    """
    spec = KINDS[kind]
    job_id = spec.job_id(kind, payload)
    if Job.exists(job_id, connection=connection):
        return job_id, False
    queues.get_queue(spec.queue, connection).enqueue(
        spec.func, kwargs=spec.kwargs(payload), job_id=job_id, job_timeout=spec.timeout,
        result_ttl=RESULT_TTL, failure_ttl=FAILURE_TTL, retry=Retry(max=2),
        description=job_id)
    return job_id, True


def relay_pending(sessionmaker, connection: Redis, limit: int = 200) -> int:
    """Enqueue every pending outbox row (oldest first, up to ``limit``) and mark it relayed.

    Returns the number of rows marked. Safe to call from several processes at once: PostgreSQL
    skips rows another relay holds, and a row relayed twice finds its job already there.
    """
    done = 0
    with sessionmaker() as session:
        rows = session.scalars(
            select(Outbox)
            .where(Outbox.relayed_at.is_(None), Outbox.kind.in_(list(KINDS)))
            .order_by(Outbox.id).limit(limit)
            .with_for_update(skip_locked=True)).all()
        try:
            for row in rows:
                row.attempts += 1
                job_id, fresh = enqueue_row(row.kind, row.payload, connection)
                row.relayed_at = utcnow()
                done += 1
                log.debug("outbox %s -> %s (%s)", row.id, job_id, "enqueued" if fresh else "known")
        finally:
            # Keep what was relayed even if Redis failed half-way; the rest stays pending.
            session.commit()
    return done


def make_relay(sessionmaker, connection: Redis):
    """A no-argument callable for ``app.extensions["turnpost_relay"]``.

    It never raises: the request's transaction is already committed, and whatever the relay could not
    do now the sweep does later.
    """
    def relay() -> int:
        try:
            return relay_pending(sessionmaker, connection)
        except (RedisError, SQLAlchemyError, OSError):
            log.warning("outbox relay failed; the sweep will retry", exc_info=True)
            return 0
    return relay


def install_relay(app, redis_url: str) -> None:
    """Make the app relay its outbox to ``redis_url`` right after each commit."""
    sessionmaker = app.extensions["turnpost_db"].sessionmaker
    app.extensions["turnpost_relay"] = make_relay(sessionmaker, queues.connect(redis_url))


class Sweeper(threading.Thread):
    """Relays pending outbox rows every ``interval`` seconds until :meth:`stop`.

    This is what makes a crash between commit and relay harmless; it also retries rows whose relay
    failed because Redis was briefly away.
    """

    def __init__(self, sessionmaker, connection: Redis, interval: float = SWEEP_INTERVAL):
        super().__init__(name="outbox-sweeper", daemon=True)
        self._relay = make_relay(sessionmaker, connection)
        self._interval = interval
        self._stopping = threading.Event()

    def run(self) -> None:
        while not self._stopping.is_set():
            n = self._relay()
            if n:
                log.info("sweep relayed %d outbox row(s)", n)
            self._stopping.wait(self._interval)

    def stop(self) -> None:
        """Ask the thread to finish after its current sweep."""
        self._stopping.set()
