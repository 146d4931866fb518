"""Absent players with real services: a reminder before the deadline, the AI playing the overdue
decision exactly once while two workers run, the log marking it, and the player reclaiming the seat.

Deadlines are a few seconds long: the API's unit is hours, so the test shortens the stored
``games.deadline_at`` (the column the scheduler reads). Every wait is on an event or a poll with a
timeout; nothing sleeps to synchronise.
"""
from __future__ import annotations

from datetime import timedelta

from rq.job import Job
from sqlalchemy import update

from service import games, models, seats, turns
from service.models import utcnow
from tests.conftest import flush_test_db, runtime_env
from tests.workers.helpers import add_player, decisions_of, migrated_sessions, poll
from workers import queues

WAIT = 60
# Seed 7 deals seat 0 the Jack; with this iteration budget the takeover search passes
# (deterministic: the budget is iterations, the seconds limit is never reached).
SEED = 7


def two_humans(sessions):
    """Kuhn poker, Alice (seat 0) against Bob (seat 1), with a fixed seed.

    The service accepts a chosen seed only when one person plays, so the game is made with an AI on
    seat 1 and Bob is seated before anything could have moved (seat 0 decides first).
    """
    with sessions() as s:
        alice, bob = add_player(s, "Alice"), add_player(s, "Bob")
        row = games.create_game(s, alice, "kuhn_poker", {},
                                [{"player_id": alice.id}, {"ai": {"iterations": 10}}], seed=SEED,
                                turn_deadline_hours=24)
        s.execute(update(models.Seat).where(models.Seat.game_id == row.id, models.Seat.seat == 1)
                  .values(ai=None, player_id=bob.id))
        s.commit()
        return row.id, alice, bob


def test_reminder_takeover_once_and_reclaim(tmp_path, redis_url, redis_conn, smtp_server,
                                            worker_process):
    flush_test_db(redis_conn)
    database_url = f"sqlite:///{tmp_path}/turnpost.db"
    sessions = migrated_sessions(database_url)
    game_id, alice, bob = two_humans(sessions)
    env = runtime_env(database_url=database_url, redis_url=redis_url, data_dir=tmp_path,
                      smtp_url=smtp_server.url, TURNPOST_REMINDERS="3",
                      TURNPOST_TAKEOVERS_BEFORE_AI="1", TURNPOST_TAKEOVER_ITERATIONS="300",
                      TURNPOST_TAKEOVER_SECONDS="60")
    w1 = worker_process(env, "--name", f"w1-{game_id}")
    w2 = worker_process(env, "--name", f"w2-{game_id}")

    deadline = utcnow() + timedelta(seconds=6)
    with sessions() as s:
        s.execute(update(models.Game).where(models.Game.id == game_id).values(deadline_at=deadline))
        s.commit()
    # A second copy of the deadline job under another id, due at the same moment: the two workers
    # run both, and the expected-decision guard must let only one decision land.
    dup = queues.get_queue(queues.AI, redis_conn).enqueue_at(
        deadline, "workers.deadlines.expire",
        kwargs={"game_id": game_id, "seat": 0, "decision": 2}, job_id=f"dup-expire{game_id}")

    box = smtp_server.mailbox
    reminder = box.wait_for(lambda m: alice.email in str(m["To"])
                            and str(m["Subject"]).startswith("Reminder (3 s left)"), WAIT)
    assert "the computer will play this turn for you" in reminder.get_content()
    assert reminder["Message-ID"] == f"<turnpost.g{game_id}.s0.d2.remind3@turnpost.test>"
    # The reminder goes out before the deadline, while the decision is still Alice's.
    assert [n for n, *_ in decisions_of(sessions, game_id)] == [0, 1]

    results = []
    for jid in (f"deadline_0_2_{int(deadline.timestamp())}_{game_id}", dup.id):
        job = poll(lambda: Job.exists(jid, connection=redis_conn)
                   and Job.fetch(jid, connection=redis_conn, serializer=queues.SERIALIZER))
        res = job.latest_result(timeout=WAIT)
        assert res is not None and res.type == res.Type.SUCCESSFUL, res and res.exc_string
        results.append(res.return_value)
    assert sorted(r["played"] for r in results) == [0, 1], (results, w1.output[-3000:])
    log = decisions_of(sessions, game_id)
    assert [(n, seat, actor) for n, seat, _a, actor in log] == [
        (0, -1, "chance"), (1, -1, "chance"), (2, 0, "ai")]
    assert log[2][2] == 0                               # the takeover passed (see SEED)
    with sessions() as s:
        control = seats.control_of(s, game_id, 0)
        assert (control.consecutive_takeovers, control.ai_mode) == (1, "until_reclaim")
        assert s.get(models.Seat, (game_id, 0)).ai["takeover"] is True

    # Alice reclaims her seat while Bob decides; Bob bets; Alice answers herself.
    with sessions() as s:
        assert seats.reclaim(s, game_id, alice.id) == 0
    with sessions() as s:
        turns.submit(s, game_id, 1, 3, actions=[{"bet": True}], actor="human", player_id=bob.id)
    box.wait_for(lambda m: alice.email in str(m["To"]) and "decision 4" in str(m["Subject"]), WAIT)
    with sessions() as s:
        turns.submit(s, game_id, 0, 4, actions=[{"bet": True}], actor="human", player_id=alice.id)
    log = decisions_of(sessions, game_id)
    assert [(n, seat, actor) for n, seat, _a, actor in log][2:] == [
        (2, 0, "ai"), (3, 1, "human"), (4, 0, "human")]
    assert w1.proc.poll() is None and w2.proc.poll() is None
