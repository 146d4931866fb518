"""Notification preferences applied by the mail jobs: quiet hours and digests.

The rules are checked as functions of a given time; then with a real RQ worker (and its scheduler),
the real Redis and aiosmtpd, with windows computed relative to now. Every wait is on the mailbox's
condition variable or a poll with a timeout; nothing sleeps to synchronise.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

from rq.job import Job

from service import models, resign
from service.mail.schedule import next_digest_at, quiet_until
from service.models import utcnow
from tests.conftest import flush_test_db, runtime_env
from tests.workers.helpers import add_player, human_vs_ai, migrated_sessions, poll
from workers import queues

WAIT = 60
UTC = timezone.utc


def pref(**kw):
    base = dict(mode="each", digest_hours=None, quiet_start=None, quiet_end=None, timezone="UTC",
                unsubscribed=False, digest_sent_at=None)
    return SimpleNamespace(**{**base, **kw})


# ------------------------------------------------------------------------------------------ the rules
def test_quiet_hours_wrap_midnight_in_the_players_time_zone():
    p = pref(quiet_start="22:00", quiet_end="07:00", timezone="Europe/Madrid")   # UTC+1 in January
    assert quiet_until(p, datetime(2026, 1, 10, 20, 59, tzinfo=UTC)) is None     # 21:59 local
    assert quiet_until(p, datetime(2026, 1, 10, 21, 0, tzinfo=UTC)) == \
        datetime(2026, 1, 11, 6, 0, tzinfo=UTC)                                  # 22:00 -> 07:00
    assert quiet_until(p, datetime(2026, 1, 11, 3, 30, tzinfo=UTC)) == \
        datetime(2026, 1, 11, 6, 0, tzinfo=UTC)                                  # after midnight
    assert quiet_until(p, datetime(2026, 1, 11, 6, 0, tzinfo=UTC)) is None       # 07:00: over
    day = pref(quiet_start="13:00", quiet_end="15:00")
    assert quiet_until(day, datetime(2026, 1, 10, 14, 0, tzinfo=UTC)) == \
        datetime(2026, 1, 10, 15, 0, tzinfo=UTC)
    assert quiet_until(day, datetime(2026, 1, 10, 16, 0, tzinfo=UTC)) is None
    assert quiet_until(pref(quiet_start="10:00", quiet_end="10:00"),
                       datetime(2026, 1, 10, 10, 0, tzinfo=UTC)) is None         # empty window
    assert quiet_until(pref(), datetime(2026, 1, 10, 10, 0, tzinfo=UTC)) is None


def test_digest_waits_its_hours_and_avoids_quiet_hours():
    now = datetime(2026, 1, 10, 12, 0, tzinfo=UTC)
    assert next_digest_at(pref(mode="digest", digest_hours=6), now) == now      # never sent: now
    sent = now - timedelta(hours=2)
    assert next_digest_at(pref(mode="digest", digest_hours=6, digest_sent_at=sent), now) == \
        now + timedelta(hours=4)
    quiet = pref(mode="digest", digest_hours=6, digest_sent_at=sent, quiet_start="15:00",
                 quiet_end="17:30")
    assert next_digest_at(quiet, now) == datetime(2026, 1, 10, 17, 30, tzinfo=UTC)


# ------------------------------------------------------------------------------------- with a worker
def _result(redis_conn, jid):
    job = poll(lambda: Job.exists(jid, connection=redis_conn)
               and Job.fetch(jid, connection=redis_conn, serializer=queues.SERIALIZER))
    res = job.latest_result(timeout=WAIT)
    assert res is not None and res.type == res.Type.SUCCESSFUL, res and res.exc_string
    return res.return_value


def _setup(tmp_path, redis_url, redis_conn, smtp_server):
    flush_test_db(redis_conn)
    database_url = f"sqlite:///{tmp_path}/turnpost.db"
    env = runtime_env(database_url=database_url, redis_url=redis_url, data_dir=tmp_path,
                      smtp_url=smtp_server.url)
    return migrated_sessions(database_url), env


def _to(player):
    return lambda m: player.email in str(m["To"])


def test_digest_one_mail_listing_every_waiting_game(tmp_path, redis_url, redis_conn, smtp_server,
                                                    worker_process):
    sessions, env = _setup(tmp_path, redis_url, redis_conn, smtp_server)
    with sessions() as s:
        ana = add_player(s, "Ana", "es")
        # The last digest went out almost 1 h ago: the next one is due in a few seconds.
        s.add(models.NotificationPreference(player_id=ana.id, mode="digest", digest_hours=1,
                                            digest_sent_at=utcnow() - timedelta(hours=1)
                                            + timedelta(seconds=4)))
        s.commit()
    # Two games where Ana decides first (seat 0 after the deal): two notify_turn jobs.
    from service import games
    ids = []
    with sessions() as s:
        player = s.get(models.Player, ana.id)
        for seed in (2, 3):
            row = games.create_game(s, player, "kuhn_poker", {},
                                    [{"player_id": ana.id}, {"ai": {"iterations": 10}}], seed=seed)
            ids.append(row.id)
    due = utcnow() + timedelta(seconds=3)
    worker_process(env)
    box = smtp_server.mailbox
    for gid in ids:
        report = _result(redis_conn, f"notify_turn_{gid}_0_2")
        assert report["sent"] is False and report["reason"] == "digest"
    digest = box.wait_for(_to(ana), WAIT)
    assert utcnow() >= due                            # not before the hour was up
    body = digest.get_content()
    assert "2 partida(s) esperan tu jugada" in str(digest["Subject"])
    for gid in ids:
        assert f"n.º {gid}: decisión 2" in body
    assert body.count("play+") == 2                   # a reply address per game
    # One digest, no per-turn mail.
    assert len(box.matching(_to(ana))) == 1
    with sessions() as s:
        sent_at = s.get(models.NotificationPreference, ana.id).digest_sent_at
        assert sent_at is not None and sent_at.replace(tzinfo=UTC) > utcnow() - timedelta(minutes=1)
        # A third game now waits for the next digest, an hour away: no mail now.
        player = s.get(models.Player, ana.id)
        third = games.create_game(s, player, "kuhn_poker", {},
                                  [{"player_id": ana.id}, {"ai": {"iterations": 10}}], seed=4).id
    report = _result(redis_conn, f"notify_turn_{third}_0_2")
    assert report["reason"] == "digest"
    at = datetime.fromisoformat(report["at"])
    assert timedelta(minutes=59) < at - utcnow() <= timedelta(hours=1)
    assert len(box.matching(_to(ana))) == 1


def test_quiet_hours_hold_turn_and_game_over_mail_until_they_end(tmp_path, redis_url, redis_conn,
                                                                 smtp_server, worker_process):
    sessions, env = _setup(tmp_path, redis_url, redis_conn, smtp_server)
    # Quiet hours are whole minutes: from this minute to the next. If the next minute is very
    # close, wait (polling) for it to begin, so the window has time to be seen from inside.
    poll(lambda: utcnow().second < 45, timeout=20)
    now = utcnow()
    start = now.replace(second=0, microsecond=0)
    end = start + timedelta(minutes=1)
    game_id, ana = human_vs_ai(sessions, human_seat=0, seed=2)
    with sessions() as s:
        s.add(models.NotificationPreference(player_id=ana.id, quiet_start=start.strftime("%H:%M"),
                                            quiet_end=end.strftime("%H:%M"), timezone="UTC"))
        s.commit()
    worker_process(env)
    box = smtp_server.mailbox
    report = _result(redis_conn, f"notify_turn_{game_id}_0_2")
    assert report == {"sent": False, "reason": "quiet_hours", "at": end.isoformat()}
    # Ana resigns during her quiet hours: the game-over mail is held too.
    with sessions() as s:
        resign.resign(s, game_id, ana.id)
    from workers.relay import relay_pending
    relay_pending(sessions, redis_conn)
    over = _result(redis_conn, f"game_over_{game_id}")
    assert over == {"sent": 0, "mails": 1, "held": [0]}
    assert box.matching(_to(ana)) == []
    # At the end of the window: the game-over mail arrives; the turn mail is no longer due.
    mail = box.wait_for(_to(ana), WAIT + 60)
    assert utcnow() >= end - timedelta(seconds=2)
    assert "game over" in str(mail["Subject"]) and "You resigned." in mail.get_content()
    late = _result(redis_conn, f"notify_turn_{game_id}_0_2_after{int(end.timestamp())}")
    assert late == {"sent": False, "reason": "not_due"}
    assert len(box.matching(_to(ana))) == 1
