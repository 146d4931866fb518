"""The SMTP listener over a real socket: what reaches the handler, and what the sender is told."""
import smtplib
import threading
from email.message import EmailMessage

import pytest

from service.inbound.listener import parse_listen, start_listener
from workers.embedded_redis import free_port


class Recorder:
    """A real handler that keeps what it was given and can be told to fail."""

    def __init__(self):
        self.messages: list[bytes] = []
        self.fail = False
        self.got = threading.Event()

    def __call__(self, raw: bytes):
        if self.fail:
            raise RuntimeError("database unavailable")
        self.messages.append(raw)
        self.got.set()
        return "applied"


@pytest.fixture
def listener():
    rec = Recorder()
    port = free_port()
    controller = start_listener(f"127.0.0.1:{port}", rec, domain="turnpost.example")
    try:
        yield rec, port
    finally:
        controller.stop()


def mail(to="play+abc@turnpost.example", body="bet"):
    msg = EmailMessage()
    msg["From"] = "alice@example.com"
    msg["To"] = to
    msg["Message-ID"] = "<m1@example.com>"
    msg.set_content(body)
    return msg


def test_message_reaches_handler_with_envelope_recipient(listener):
    rec, port = listener
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
        # Sent by Bcc: the token is only in the envelope.
        smtp.send_message(mail(to="friends@example.com"), to_addrs=["play+tok@turnpost.example"])
    assert rec.got.wait(10)
    raw = rec.messages[0]
    assert raw.startswith(b"X-Original-To: play+tok@turnpost.example\r\n")
    assert b"Message-ID: <m1@example.com>" in raw and b"bet" in raw


def test_other_domains_are_refused(listener):
    rec, port = listener
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
        with pytest.raises(smtplib.SMTPRecipientsRefused):
            smtp.send_message(mail(to="victim@elsewhere.example"))
    assert rec.messages == []


def test_handler_failure_is_a_temporary_error_so_the_sender_retries(listener):
    rec, port = listener
    rec.fail = True
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
        with pytest.raises(smtplib.SMTPDataError) as e:
            smtp.send_message(mail())
    assert e.value.smtp_code == 451


def test_oversized_message_is_refused(listener):
    rec, port = listener
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
        with pytest.raises((smtplib.SMTPDataError, smtplib.SMTPSenderRefused)) as e:
            smtp.send_message(mail(body="x" * 1_100_000))
    assert e.value.smtp_code == 552
    assert rec.messages == []


@pytest.mark.parametrize("value,expected", [("127.0.0.1:2525", ("127.0.0.1", 2525)),
                                            (":2525", ("127.0.0.1", 2525)), ("2525", ("127.0.0.1", 2525)),
                                            ("[::1]:25", ("::1", 25))])
def test_parse_listen(value, expected):
    assert parse_listen(value) == expected


def test_parse_listen_rejects_garbage():
    with pytest.raises(ValueError):
        parse_listen("localhost")
