"""The mail jobs' rules: only due mail, never to the unsubscribed, never the same mail twice."""
from __future__ import annotations

import pytest

from service import models, turns
from service.mail.settings import MailSettings
from tests.conftest import flush_test_db
from tests.workers.helpers import human_vs_ai, migrated_sessions
from workers.mail import deliver, game_over_mails, turn_mail


@pytest.fixture
def sessions(tmp_path):
    return migrated_sessions(f"sqlite:///{tmp_path}/db.sqlite")


def _settings(tmp_path, smtp_url=None) -> MailSettings:
    return MailSettings(smtp_url=smtp_url, from_addr="turnpost <t@play.example>", domain="play.example",
                        data_dir=str(tmp_path), public_url="https://play.example", secret_key="k")


def test_turn_mail_only_while_the_decision_is_pending(sessions, tmp_path):
    game_id, human = human_vs_ai(sessions, human_seat=0, seed=2)     # the human decides first
    settings = _settings(tmp_path)
    with sessions() as s:
        msg = turn_mail(s, settings, game_id, 0, 2)
        assert msg is not None and msg["To"].addresses[0].addr_spec == human.email
        assert "/v1/unsubscribe/" in msg["List-Unsubscribe"]
        assert turn_mail(s, settings, game_id, 0, 3) is None        # not that decision
        assert turn_mail(s, settings, game_id, 1, 2) is None        # the AI's seat: no player
        turns.submit(s, game_id, 0, 2, actions=[{"bet": False}], player_id=human.id)
    with sessions() as s:
        assert turn_mail(s, settings, game_id, 0, 2) is None        # already played


def test_no_mail_for_a_player_who_unsubscribed(sessions, tmp_path):
    game_id, human = human_vs_ai(sessions, human_seat=0, seed=2)
    settings = _settings(tmp_path)
    with sessions() as s:
        s.add(models.NotificationPreference(player_id=human.id, unsubscribed=True))
        s.commit()
        assert turn_mail(s, settings, game_id, 0, 2) is None


def test_game_over_mail_for_each_seated_player(sessions, tmp_path):
    game_id, human = human_vs_ai(sessions, human_seat=0, seed=2, language="es")
    settings = _settings(tmp_path)
    with sessions() as s:
        assert game_over_mails(s, settings, game_id) == []           # not over yet
        # The human bets; the AI's seat is played here directly to end the hand: it calls.
        turns.submit(s, game_id, 0, 2, actions=[{"bet": True}], player_id=human.id)
        turns.submit(s, game_id, 1, 3, actions=[{"bet": True}], actor="ai")
    with sessions() as s:
        mails = game_over_mails(s, settings, game_id)
    assert len(mails) == 1 and mails[0]["Content-Language"] == "es"
    assert "partida terminada" in mails[0]["Subject"]


def test_a_mail_is_delivered_once_even_if_its_job_runs_twice(sessions, tmp_path, redis_conn,
                                                             smtp_server):
    flush_test_db(redis_conn)
    game_id, human = human_vs_ai(sessions, human_seat=0, seed=2)
    settings = _settings(tmp_path, smtp_server.url)
    with sessions() as s:
        msg = turn_mail(s, settings, game_id, 0, 2)
    assert deliver(msg, settings, redis_conn) is not None
    assert deliver(msg, settings, redis_conn) is None
    # SMTP answers only after the server has taken the message, so the count is final here.
    got = smtp_server.mailbox.matching(lambda m: m["Message-ID"] == msg["Message-ID"])
    assert len(got) == 1
