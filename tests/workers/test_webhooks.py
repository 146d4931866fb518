"""Webhooks with real services: a local HTTP receiver (http.server) gets signed deliveries from a real
RQ worker; a receiver that fails is retried, and the delivery log shows every attempt."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from sqlalchemy import select

from service import models, turns
from service.webhooks.signing import SIGNATURE_HEADER, verify
from tests.conftest import flush_test_db, runtime_env
from tests.workers.helpers import human_vs_ai, migrated_sessions
from tests.workers.test_deadlines import poll

WAIT = 60
SECRET = "whsec-test-receiver"


class Receiver:
    """An HTTP server on 127.0.0.1 that records each POST and fails the first ``fail_first``."""

    def __init__(self, fail_first: int = 0):
        self.requests: list[tuple[dict, bytes]] = []
        self.fail_first = fail_first
        self.cond = threading.Condition()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                with outer.cond:
                    outer.requests.append((dict(self.headers), body))
                    failing = len(outer.requests) <= outer.fail_first
                    outer.cond.notify_all()
                self.send_response(503 if failing else 204)
                self.end_headers()
                if failing:
                    self.wfile.write(b"busy")

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait_for(self, count: int, timeout: float = WAIT):
        """Block until ``count`` requests have arrived (condition variable, no sleeping)."""
        with self.cond:
            if not self.cond.wait_for(lambda: len(self.requests) >= count, timeout):
                raise AssertionError(f"only {len(self.requests)} webhook request(s) arrived")
            return list(self.requests)

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver():
    r = Receiver(fail_first=2)
    yield r
    r.close()


def test_signed_deliveries_retried_and_logged(tmp_path, redis_url, redis_conn, worker_process,
                                              receiver):
    flush_test_db(redis_conn)
    database_url = f"sqlite:///{tmp_path}/turnpost.db"
    sessions = migrated_sessions(database_url)
    game_id, alice = human_vs_ai(sessions, human_seat=0, seed=21)
    with sessions() as s:
        sub = models.WebhookSubscription(player_id=alice.id, url=receiver.url, secret=SECRET,
                                         events=["turn", "game_over"])
        s.add(sub)
        s.commit()
        sub_id = sub.id
    worker_process(runtime_env(database_url=database_url, redis_url=redis_url, data_dir=tmp_path,
                               TURNPOST_WEBHOOK_RETRY="1,1"))

    # The game's first event (the turn passed to Alice) fails twice, then is delivered.
    got = receiver.wait_for(3)
    bodies = [b for _h, b in got[:3]]
    assert bodies[0] == bodies[1] == bodies[2]           # the same delivery, retried
    for headers, body in got[:3]:
        assert verify(SECRET, body, headers[SIGNATURE_HEADER]) > 0
        assert headers["Turnpost-Event"] == "turn"
    doc = json.loads(bodies[0])
    assert doc["event"] == "turn" and doc["game_id"] == game_id
    assert (doc["seat"], doc["decision"]) == (0, 2)
    assert "state" not in doc                              # ids only: no view of the game
    # A tampered body does not verify.
    with pytest.raises(ValueError):
        verify(SECRET, bodies[0].replace(b'"seat":0', b'"seat":1'), got[0][0][SIGNATURE_HEADER])

    # Alice plays; the AI answers; every later event is delivered at the first attempt.
    with sessions() as s:
        turns.submit(s, game_id, 0, 2, actions=[{"bet": True}], actor="human", player_id=alice.id)
    receiver.wait_for(4)

    def first_delivered():
        with sessions() as s:
            d = s.scalar(select(models.WebhookDelivery)
                         .where(models.WebhookDelivery.subscription_id == sub_id)
                         .order_by(models.WebhookDelivery.id))
            return d if d is not None and d.status == "delivered" else None

    # The worker records an attempt after the receiver has answered: poll for it, with a timeout.
    first = poll(first_delivered)
    with sessions() as s:
        attempts = s.scalars(select(models.WebhookAttempt)
                             .where(models.WebhookAttempt.delivery_id == first.id)
                             .order_by(models.WebhookAttempt.number)).all()
        assert first.status == "delivered" and first.attempts == 3
        assert [(a.number, a.status_code) for a in attempts] == [(1, 503), (2, 503), (3, 204)]
        assert attempts[0].response == "busy"


def test_the_sweep_requeues_deliveries_redis_lost_and_fans_out_old_events(
        tmp_path, redis_url, redis_conn, worker_process):
    from datetime import timedelta

    from rq.job import Job

    from service.models import utcnow
    from workers import deadlines, queues, webhooks
    flush_test_db(redis_conn)
    database_url = f"sqlite:///{tmp_path}/turnpost.db"
    sessions = migrated_sessions(database_url)
    receiver = Receiver()
    try:
        game_id, alice = human_vs_ai(sessions, human_seat=0, seed=21)
        with sessions() as s:
            sub = models.WebhookSubscription(player_id=alice.id, url=receiver.url, secret=SECRET,
                                             events=["turn"])
            s.add(sub)
            s.flush()
            # A delivery made a minute ago whose job Redis has lost (it is not there: flushed).
            lost = models.WebhookDelivery(subscription_id=sub.id, event="turn", event_key="lost-1",
                                          payload={"game_id": game_id, "seat": 0, "decision": 2},
                                          created_at=utcnow() - timedelta(minutes=1))
            s.add(lost)
            # The game's turn event is a day old: no time window keeps it from being fanned out.
            s.query(models.Outbox).update({"created_at": utcnow() - timedelta(days=1)})
            s.commit()
            lost_id = lost.id
        assert not Job.exists(webhooks.job_id(lost_id), connection=redis_conn)
        deadlines.sweep(sessions, redis_conn)
        assert Job.exists(webhooks.job_id(lost_id), connection=redis_conn)
        with sessions() as s:
            fresh = s.scalars(select(models.WebhookDelivery.id)
                              .where(models.WebhookDelivery.id != lost_id)).all()
        assert len(fresh) == 1                                  # the day-old turn event
        mail_queue = queues.get_queue(queues.MAIL, redis_conn)
        queued = sorted(mail_queue.job_ids)
        # Repeating the sweep enqueues nothing more (deterministic ids, jobs already there).
        assert deadlines.sweep(sessions, redis_conn) == 0
        assert sorted(mail_queue.job_ids) == queued
        assert webhooks.job_id(lost_id) in queued and webhooks.job_id(fresh[0]) in queued

        worker_process(runtime_env(database_url=database_url, redis_url=redis_url,
                                   data_dir=tmp_path, TURNPOST_WEBHOOK_RETRY="1"))
        got = receiver.wait_for(2)
        ids = sorted(int(h["Turnpost-Delivery"]) for h, _b in got)
        assert ids == sorted([lost_id, fresh[0]])

        def delivered():
            with sessions() as s:
                return s.get(models.WebhookDelivery, lost_id).status == "delivered"
        poll(delivered)
        assert len(receiver.requests) == 2                     # each delivered once
    finally:
        receiver.close()
