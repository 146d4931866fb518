"""Sending a rendered mail: over SMTP when ``SMTP_URL`` is set, else into a folder of ``.eml`` files.

``SMTP_URL`` forms: ``smtp://host:port`` (plain), ``smtp+starttls://user:pass@host:587`` (upgrade with
STARTTLS), ``smtps://user:pass@host:465`` (TLS from the start). The folder default is
``<TURNPOST_DATA_DIR>/mail/``, so a fresh install can be tried without any mail server: each mail is a
file any mail client opens.
"""
from __future__ import annotations

import os
import re
import smtplib
import ssl
from email.message import EmailMessage
from pathlib import Path
from urllib.parse import unquote, urlsplit

SMTP_TIMEOUT = 30


def mail_dir(data_dir: str | os.PathLike) -> Path:
    """The folder that receives ``.eml`` files when no SMTP server is configured."""
    return Path(data_dir) / "mail"


def eml_name(msg: EmailMessage) -> str:
    """A file name derived from the Message-ID, so re-sending the same mail overwrites one file."""
    mid = (msg["Message-ID"] or "").strip("<> ")
    return re.sub(r"[^A-Za-z0-9._-]+", "_", mid.split("@")[0]) + ".eml"


def write_eml(msg: EmailMessage, folder: str | os.PathLike) -> Path:
    """Write ``msg`` as an RFC 5322 file in ``folder`` (atomically: readers never see half a mail)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / eml_name(msg)
    tmp = path.with_suffix(".eml.tmp")
    tmp.write_bytes(msg.as_bytes())
    os.replace(tmp, path)
    return path


def send_smtp(msg: EmailMessage, url: str) -> None:
    """Deliver ``msg`` through the SMTP server named by ``url``."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme not in ("smtp", "smtps", "smtp+starttls"):
        raise ValueError(f"SMTP_URL must start with smtp://, smtp+starttls:// or smtps:// (got {scheme}://)")
    host = parts.hostname or "localhost"
    port = parts.port or {"smtp": 25, "smtps": 465, "smtp+starttls": 587}[scheme]
    if scheme == "smtps":
        client = smtplib.SMTP_SSL(host, port, timeout=SMTP_TIMEOUT, context=ssl.create_default_context())
    else:
        client = smtplib.SMTP(host, port, timeout=SMTP_TIMEOUT)
    with client:
        if scheme == "smtp+starttls":
            client.starttls(context=ssl.create_default_context())
        if parts.username:
            client.login(unquote(parts.username), unquote(parts.password or ""))
        client.send_message(msg)


def send(msg: EmailMessage, *, smtp_url: str | None, data_dir: str | os.PathLike) -> str:
    """Send ``msg`` and say where it went (``smtp://…`` or the ``.eml`` path)."""
    if smtp_url:
        send_smtp(msg, smtp_url)
        parts = urlsplit(smtp_url)
        return f"{parts.scheme}://{parts.hostname}:{parts.port or ''}"
    return str(write_eml(msg, mail_dir(data_dir)))
