"""Webhook deliveries: events about a player's games, POSTed and signed to the URLs they registered.

Two steps, both safe to repeat:

* :func:`fan_out` (run periodically beside the outbox sweep) turns outbox rows (``notify_turn``,
  ``ai_turn``, ``game_over``) into one ``webhook_deliveries`` row per interested subscription and
  enqueues a delivery job for each. A row is marked in ``webhook_fanout`` in the same transaction, and
  deliveries are unique per (subscription, outbox row), so two sweeps never deliver an event twice.
  Every row not fanned out yet is taken, however old (a sweep that was down for a day catches up;
  each payload carries the event's ``created_at``).
* :func:`requeue_pending` (the same periodic pass) enqueues again every pending delivery whose job
  is gone, e.g. with a Redis that lost its data; the job id is the delivery's, so a repeat is a
  no-op.
* :func:`deliver` (the RQ job, id ``webhook_<delivery id>``) POSTs the payload with a timeout and
  records the attempt (status, a response excerpt, or the error). A failure raises, and RQ's ``Retry``
  runs it again after the configured intervals; the delivery log shows every attempt.

Payloads carry ids only (``game_id``, ``seat``, ``decision``), never a view of the game: a receiver
fetches its own view through the API, so hidden information stays behind the same door as always.
Nothing here names a game.
"""
from __future__ import annotations

import json
import logging
import os
import time
import urllib.error
import urllib.request
from datetime import timedelta

from redis import Redis
from rq import Retry
from rq.job import Job
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from service import models
from service.models import utcnow
from service.webhooks import EVENTS
from service.webhooks.signing import SIGNATURE_HEADER, signature_header
from workers import context, queues

log = logging.getLogger(__name__)

#: Seconds to wait for a receiver (connect + answer).
TIMEOUT = float(os.environ.get("TURNPOST_WEBHOOK_TIMEOUT", "10"))
#: Waits between attempts: after the first failure, the second, ... (RQ retries; needs the scheduler).
DEFAULT_INTERVALS = (10, 60, 600, 3600)
USER_AGENT = "turnpost-webhooks/1"


class DeliveryFailed(Exception):
    """The receiver did not answer 2xx; RQ retries the job."""


def retry_intervals() -> list[int]:
    """Seconds between attempts, from ``TURNPOST_WEBHOOK_RETRY`` (e.g. ``"1,2"``) or the default."""
    raw = os.environ.get("TURNPOST_WEBHOOK_RETRY")
    if raw:
        return [max(0, int(float(x))) for x in raw.split(",") if x.strip()]
    return list(DEFAULT_INTERVALS)


def job_id(delivery_id: int) -> str:
    """The deterministic RQ job id of a delivery."""
    return f"webhook_{delivery_id}"


def body_of(delivery: models.WebhookDelivery) -> bytes:
    """The exact bytes POSTed (and signed) for a delivery: the same on every attempt."""
    doc = {"id": delivery.id, "event": delivery.event, **delivery.payload}
    return json.dumps(doc, sort_keys=True, separators=(",", ":")).encode()


def enqueue(delivery_id: int, connection: Redis) -> bool:
    """Enqueue the delivery job unless it exists; True if enqueued now."""
    jid = job_id(delivery_id)
    if Job.exists(jid, connection=connection):
        return False
    intervals = retry_intervals()
    queues.get_queue(queues.MAIL, connection).enqueue(
        "workers.webhooks.deliver", kwargs={"delivery_id": delivery_id}, job_id=jid,
        retry=Retry(max=len(intervals), interval=intervals) if intervals else None,
        job_timeout=int(TIMEOUT * 3) + 30, result_ttl=7 * 24 * 3600, failure_ttl=7 * 24 * 3600,
        description=jid)
    return True


def _payload(row: models.Outbox) -> tuple[str, dict] | None:
    for event, kinds in EVENTS.items():
        if row.kind in kinds:
            p = row.payload
            doc = {"game_id": p["game_id"], "created_at": row.created_at.isoformat()}
            if "seat" in p:
                doc.update(seat=p["seat"], decision=p["decision"])
            return event, doc
    return None


def fan_out(sessionmaker, connection: Redis, limit: int = 200) -> int:
    """Create and enqueue deliveries for outbox rows not fanned out yet; how many created."""
    created: list[int] = []
    with sessionmaker() as session:
        rows = session.scalars(
            select(models.Outbox)
            .outerjoin(models.WebhookFanout, models.WebhookFanout.outbox_id == models.Outbox.id)
            .where(models.WebhookFanout.outbox_id.is_(None))
            .order_by(models.Outbox.id).limit(limit)).all()
        for row in rows:
            found = _payload(row)
            subs = []
            if found is not None:
                event, payload = found
                players = select(models.Seat.player_id).where(
                    models.Seat.game_id == payload["game_id"], models.Seat.player_id.is_not(None))
                subs = [s for s in session.scalars(
                    select(models.WebhookSubscription)
                    .where(models.WebhookSubscription.player_id.in_(players),
                           models.WebhookSubscription.active.is_(True))) if event in s.events]
            try:
                session.add(models.WebhookFanout(outbox_id=row.id))
                batch = [models.WebhookDelivery(subscription_id=s.id, event=event,
                                                event_key=f"outbox:{row.id}", payload=payload)
                         for s in subs]
                session.add_all(batch)
                session.commit()
            except IntegrityError:
                # Another sweep handled this row first.
                session.rollback()
                continue
            created += [d.id for d in batch]
    for delivery_id in created:
        enqueue(delivery_id, connection)
    return len(created)


#: A delivery younger than this is left to the fan-out that created it (which enqueues it right
#: after its commit), so the two never race to enqueue one job.
REQUEUE_AFTER = timedelta(seconds=30)


def requeue_pending(sessionmaker, connection: Redis) -> int:
    """Enqueue pending deliveries whose job is gone (Redis lost or flushed); how many."""
    n = 0
    with sessionmaker() as session:
        ids = session.scalars(select(models.WebhookDelivery.id)
                              .where(models.WebhookDelivery.status == "pending",
                                     models.WebhookDelivery.created_at < utcnow() - REQUEUE_AFTER)
                              ).all()
    for delivery_id in ids:
        n += enqueue(delivery_id, connection)
    return n


def post(url: str, body: bytes, headers: dict, timeout: float = TIMEOUT) -> tuple[int, str]:
    """POST ``body``; the status code and the first 500 characters of the answer (any status)."""
    req = urllib.request.Request(url, data=body, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status, resp.read(2000).decode("utf-8", "replace")[:500]
    except urllib.error.HTTPError as e:
        return e.code, (e.read(2000) or b"").decode("utf-8", "replace")[:500]


def attempt(sessionmaker, delivery_id: int) -> dict:
    """POST a delivery once and record the attempt; ``{"delivered": bool, ...}``."""
    with sessionmaker() as session:
        delivery = session.get(models.WebhookDelivery, delivery_id)
        if delivery is None or delivery.status == "delivered":
            return {"delivered": True, "skipped": True}
        sub = session.get(models.WebhookSubscription, delivery.subscription_id)
        if sub is None or not sub.active:
            delivery.status = "failed"
            session.commit()
            return {"delivered": False, "skipped": True, "reason": "subscription_inactive"}
        body = body_of(delivery)
        headers = {"Content-Type": "application/json", "User-Agent": USER_AGENT,
                   "Turnpost-Event": delivery.event, "Turnpost-Delivery": str(delivery.id),
                   SIGNATURE_HEADER: signature_header(sub.secret, body)}
        url = sub.url
    started = utcnow()
    t0 = time.monotonic()
    status = response = error = None
    try:
        status, response = post(url, body, headers)
    except (OSError, ValueError) as e:        # refused, timed out, DNS, bad URL
        error = f"{type(e).__name__}: {e}"[:500]
    duration = int((time.monotonic() - t0) * 1000)
    ok = status is not None and 200 <= status < 300
    with sessionmaker() as session:
        delivery = session.get(models.WebhookDelivery, delivery_id)
        delivery.attempts += 1
        session.add(models.WebhookAttempt(delivery_id=delivery_id, number=delivery.attempts,
                                          started_at=started, duration_ms=duration,
                                          status_code=status, response=response, error=error))
        if ok:
            delivery.status, delivery.delivered_at = "delivered", utcnow()
        elif delivery.attempts > len(retry_intervals()):
            delivery.status = "failed"           # the last retry: nothing will try again
        session.commit()
    return {"delivered": ok, "status": status, "error": error, "attempt_ms": duration}


def deliver(delivery_id: int) -> dict:
    """RQ job: one attempt at delivery ``delivery_id``; raises :class:`DeliveryFailed` so RQ retries."""
    report = attempt(context.sessions(), delivery_id)
    log.info("webhook %s: %s", delivery_id, report)
    if not report["delivered"]:
        raise DeliveryFailed(report.get("error") or f"HTTP {report.get('status')}")
    return report
