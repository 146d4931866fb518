"""The outbox relay: pending rows become RQ jobs with deterministic ids, exactly once in Redis."""
from __future__ import annotations

from rq.job import Job
from sqlalchemy import update

from service import models, outbox
from tests.conftest import flush_test_db
from tests.workers.helpers import human_vs_ai, migrated_sessions, pending_outbox
from workers import queues
from workers.relay import KINDS, relay_pending


def _queued(conn, name):
    return queues.get_queue(name, conn).job_ids


def test_relay_enqueues_pending_rows_with_deterministic_ids(tmp_path, redis_conn):
    flush_test_db(redis_conn)
    sessions = migrated_sessions(f"sqlite:///{tmp_path}/db.sqlite")
    game_id, _human = human_vs_ai(sessions, human_seat=1)
    assert pending_outbox(sessions) == [("ai_turn", {"game_id": game_id, "seat": 0, "decision": 2})]

    assert relay_pending(sessions, redis_conn) == 1
    job_id = f"ai_turn_{game_id}_0_2"
    assert _queued(redis_conn, queues.AI) == [job_id]
    job = Job.fetch(job_id, connection=redis_conn, serializer=queues.SERIALIZER)
    assert job.func_name == "workers.ai.play_turn"
    assert job.kwargs == {"game_id": game_id, "seat": 0, "decision": 2}
    assert pending_outbox(sessions) == []
    # Nothing pending: a second relay (the sweep) does nothing.
    assert relay_pending(sessions, redis_conn) == 0
    assert _queued(redis_conn, queues.AI) == [job_id]


def test_relaying_a_row_twice_enqueues_its_job_once(tmp_path, redis_conn):
    # A relay that crashed after enqueueing but before marking the row leaves it pending; the next
    # relay must find the job already there.
    flush_test_db(redis_conn)
    sessions = migrated_sessions(f"sqlite:///{tmp_path}/db.sqlite")
    game_id, _human = human_vs_ai(sessions, human_seat=0)
    assert relay_pending(sessions, redis_conn) == 1
    with sessions() as s:
        s.execute(update(models.Outbox).values(relayed_at=None))
        s.commit()
    assert relay_pending(sessions, redis_conn) == 1
    assert _queued(redis_conn, queues.MAIL) == [f"notify_turn_{game_id}_0_2"]
    with sessions() as s:
        (row,) = s.query(models.Outbox).all()
        assert row.attempts == 2 and row.relayed_at is not None


def test_every_outbox_kind_has_a_job(tmp_path, redis_conn):
    # The API's outbox kinds and the relay's must agree, or rows would stay pending forever.
    assert set(outbox.KINDS) <= set(KINDS)
    flush_test_db(redis_conn)
    sessions = migrated_sessions(f"sqlite:///{tmp_path}/db.sqlite")
    with sessions() as s:
        outbox.add(s, "game_over", {"game_id": "g1"})
        outbox.add(s, "notify_turn", {"game_id": "g1", "seat": 1, "decision": 7})
        s.commit()
    assert relay_pending(sessions, redis_conn) == 2
    assert _queued(redis_conn, queues.MAIL) == ["game_over_g1", "notify_turn_g1_1_7"]


def test_rows_of_unknown_kind_stay_pending(tmp_path, redis_conn):
    flush_test_db(redis_conn)
    sessions = migrated_sessions(f"sqlite:///{tmp_path}/db.sqlite")
    with sessions() as s:
        s.add(models.Outbox(kind="from_the_future", payload={"x": 1}))
        s.commit()
    assert relay_pending(sessions, redis_conn) == 0
    assert pending_outbox(sessions) == [("from_the_future", {"x": 1})]
