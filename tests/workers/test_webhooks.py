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
