"""Playing by email end to end: real mail through smtplib to the service's SMTP listener, answers
collected by a real SMTP server (aiosmtpd). No mocks, no sleeps: the listener acknowledges a message
only after handling it, and the answers are awaited on the mailbox's condition variable."""
from __future__ import annotations

import smtplib
from email.message import EmailMessage

import pytest

from service.inbound import handle_message
from service.inbound.listener import start_listener
from service.inbound.tokens import make_reply_token, reply_address
from service.mail.settings import MailSettings
from tests.conftest import flush_test_db  # noqa: F401  (shared fixtures live there)
from tests.workers.helpers import add_player, decisions_of, human_vs_ai, migrated_sessions
from workers.embedded_redis import free_port

SECRET = "test-secret-not-for-production"
DOMAIN = "turnpost.test"
WAIT = 30


@pytest.fixture
def service(tmp_path, smtp_server):
    """A migrated database, the mail settings, and the SMTP listener in front of handle_message."""
    sessions = migrated_sessions(f"sqlite:///{tmp_path}/turnpost.db")
    settings = MailSettings(smtp_url=smtp_server.url, from_addr=f"turnpost <turnpost@{DOMAIN}>",
                            domain=DOMAIN, data_dir=str(tmp_path), public_url="http://turnpost.test",
                            secret_key=SECRET)
    outcomes = []

    def handle(raw: bytes):
        with sessions() as session:
            out = handle_message(raw, session=session, settings=settings)
        outcomes.append(out)
        return out

    port = free_port()
    controller = start_listener(f"127.0.0.1:{port}", handle, domain=DOMAIN)
    yield sessions, port, outcomes
    controller.stop()


def send(port: int, sender: str, token: str, body: str, message_id: str) -> None:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = reply_address(token, DOMAIN)
    msg["Subject"] = "Re: your turn"
    msg["Message-ID"] = f"<{message_id}@mail.example>"
    msg.set_content(body + "\n\nOn Mon, 1 Jan 2026 at 10:00, turnpost wrote:\n> It is your turn.\n")
    with smtplib.SMTP("127.0.0.1", port, timeout=WAIT) as smtp:
        smtp.send_message(msg)


def answer_to(box, message_id: str):
    return box.wait_for(lambda m: m["In-Reply-To"] == f"<{message_id}@mail.example>", WAIT)


def test_email_turns_and_every_refusal(service, smtp_server):
    sessions, port, outcomes = service
    box = smtp_server.mailbox
    # Seat 0 is the human and decides at decision 2 (after the two dealt cards).
    game_id, alice = human_vs_ai(sessions, human_seat=0, seed=21)
    before = decisions_of(sessions, game_id)
    assert [(n, s) for n, s, _a, _x in before] == [(0, -1), (1, -1)]
    token = make_reply_token(SECRET, game_id, 0, 2, 3600)

    # Two bad steps: both reported, with position, reason and what was legal; nothing stored.
    send(port, alice.email, token, "raise\ndouble", "bad-1")
    ans = answer_to(box, "bad-1")
    body = ans.get_content()
    assert "2 step(s)" in body
    assert "Step 1 ('raise'): Cannot read the step 'raise'." in body
    assert "Step 2 ('double'): Cannot read the step 'double'." in body
    assert body.count("Legal there: pass, bet") == 2
    assert ans["Reply-To"].startswith("play+")          # answering the error mail works too
    assert outcomes[-1].code == "bad_steps" and [e["index"] for e in outcomes[-1].errors] == [0, 1]
    assert decisions_of(sessions, game_id) == before

    # A forged token (one character changed) is refused as invalid.
    forged = token[:-3] + ("a" if token[-3] != "a" else "b") + token[-2:]
    send(port, alice.email, forged, "bet", "forged-1")
    assert "not valid" in answer_to(box, "forged-1").get_content()
    assert outcomes[-1].code == "token_invalid"

    # An expired token is refused as expired (its signature is good).
    old = make_reply_token(SECRET, game_id, 0, 2, expires=1_750_000_000)
    send(port, alice.email, old, "bet", "expired-1")
    assert "expired" in answer_to(box, "expired-1").get_content()
    assert outcomes[-1].code == "token_expired"

    # The right token from someone else's address.
    with sessions() as s:
        mallory = add_player(s, "Mallory")
    send(port, mallory.email, token, "bet", "mallory-1")
    wrong = answer_to(box, "mallory-1")
    assert "does not play this seat" in wrong.get_content()
    assert game_id not in wrong.get_content()           # says nothing about the game
    assert outcomes[-1].code == "wrong_sender"
    assert decisions_of(sessions, game_id) == before

    # The valid reply is played, and confirmed with the position as seat 0 sees it.
    send(port, alice.email.upper(), token, "bet", "good-1")
    ok = answer_to(box, "good-1")
    assert ok["Subject"] == f"[turnpost] Game {game_id}: your move is in"
    assert "Your move was played: bet" in ok.get_content()
    assert ok["Auto-Submitted"] == "auto-replied"
    after = decisions_of(sessions, game_id)
    assert after[2][1:] == (0, 1, "human") and len(after) == 3

    # The same message delivered again acts once and is not answered again.
    send(port, alice.email, token, "bet", "good-1")
    assert outcomes[-1].code == "duplicate"
    assert decisions_of(sessions, game_id) == after
    assert len(box.matching(lambda m: m["In-Reply-To"] == "<good-1@mail.example>")) == 1

    # A reply to a decision that is no longer pending changes nothing and says why.
    send(port, alice.email, token, "pass", "late-1")
    assert "the game has moved on" in answer_to(box, "late-1").get_content()
    assert decisions_of(sessions, game_id) == after


def test_spanish_player_commands_and_html_only_reply(service, smtp_server):
    sessions, port, outcomes = service
    box = smtp_server.mailbox
    game_id, ana = human_vs_ai(sessions, human_seat=0, seed=4, language="es")
    token = make_reply_token(SECRET, game_id, 0, 2, 3600)
    msg = EmailMessage()
    msg["From"] = ana.email
    msg["To"] = reply_address(token, DOMAIN)
    msg["Message-ID"] = "<tablero-1@mail.example>"
    msg.set_content("<div>TABLERO</div><div>AYUDA</div><blockquote>Te toca</blockquote>",
                    subtype="html")
    with smtplib.SMTP("127.0.0.1", port, timeout=WAIT) as smtp:
        smtp.send_message(msg)
    body = answer_to(box, "tablero-1").get_content().replace("\r\n", "\n")
    assert "La posición, tal como tú la ves:" in body
    assert "Tus decisiones legales ahora:\n  paso, apuesto" in body
    assert "RECUPERAR" in body                     # the help text, in Spanish
    assert outcomes[-1].code == "command" and outcomes[-1].commands == ["board", "help"]
    assert len(decisions_of(sessions, game_id)) == 2


def test_machine_mail_is_never_answered(service, smtp_server):
    sessions, port, outcomes = service
    game_id, alice = human_vs_ai(sessions, human_seat=0, seed=2)
    token = make_reply_token(SECRET, game_id, 0, 2, 3600)
    msg = EmailMessage()
    msg["From"] = alice.email
    msg["To"] = reply_address(token, DOMAIN)
    msg["Auto-Submitted"] = "auto-replied"
    msg["Message-ID"] = "<ooo-1@mail.example>"
    msg.set_content("I am out of the office. bet")
    with smtplib.SMTP("127.0.0.1", port, timeout=WAIT) as smtp:
        smtp.send_message(msg)
    assert outcomes[-1].code == "auto_reply"
    assert smtp_server.mailbox.matching(lambda m: m["In-Reply-To"] == "<ooo-1@mail.example>") == []
    assert len(decisions_of(sessions, game_id)) == 2


def test_resign_by_email_ends_a_two_seat_game(service, smtp_server):
    sessions, port, outcomes = service
    box = smtp_server.mailbox
    game_id, ana = human_vs_ai(sessions, human_seat=0, seed=5, language="es")
    before = decisions_of(sessions, game_id)
    token = make_reply_token(SECRET, game_id, 0, 2, 3600)
    send(port, ana.email, token, "ABANDONO", "resign-1")
    body = answer_to(box, "resign-1").get_content()
    assert "Has abandonado: la partida ha terminado." in body
    assert outcomes[-1].code == "command" and outcomes[-1].commands == ["resign"]
    from service import models
    with sessions() as s:
        game = s.get(models.Game, game_id)
        assert game.status == "finished"
        assert game.result == {"returns": [-1.0, 1.0], "resigned": 0, "reason": "resignation"}
    assert decisions_of(sessions, game_id) == before
    # A second RESIGN (another message) is harmless: same answer, nothing changes.
    send(port, ana.email, token, "RESIGN", "resign-2")
    assert "Has abandonado" in answer_to(box, "resign-2").get_content()
    with sessions() as s:
        assert s.get(models.Game, game_id).result["resigned"] == 0
