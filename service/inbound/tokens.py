"""Signed, expiring tokens that ride in email addresses and links.

A *reply token* names one pending decision: (game, seat, decision number) plus an expiry. It travels in
the Reply-To of every turn notification as ``play+<token>@<MAIL_DOMAIN>``, so a reply proves which
decision it answers without the player typing anything. An *unsubscribe token* names a player and
travels in the List-Unsubscribe link.

Tokens are lowercase base32 without padding: mail systems may fold the case of a local part, and
``a-z2-7`` is safe in both an address and a URL path. The payload is packed in binary (varints, a UUID
in 16 bytes) so that ``play+<token>`` stays within the 64-octet local-part limit of RFC 5321. The MAC is
HMAC-SHA256 truncated to 80 bits (NIST SP 800-107 allows truncation; a forger gets one online guess per
message), compared in constant time. A bad MAC and a good-but-old token are different errors, so a
player who answers late is told so rather than accused of forgery.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import time
import uuid
from dataclasses import dataclass

__all__ = ["TokenError", "TokenForged", "TokenExpired", "ReplyToken", "make_reply_token",
           "read_reply_token", "make_unsubscribe_token", "read_unsubscribe_token",
           "reply_address", "token_from_address"]

_VERSION = 1
_KIND_REPLY = 1
_KIND_UNSUBSCRIBE = 2
_MAC_BYTES = 10
# Expiry is stored as 4 bytes of seconds after this epoch (2024-01-01 UTC): valid until 2160.
_EPOCH = 1_704_067_200
# Game ids: a small tag says how the id was packed, so ints, UUIDs and other strings all round-trip.
_ID_INT, _ID_UUID, _ID_STR = 0, 1, 2


class TokenError(ValueError):
    """A token that cannot be trusted; ``code`` is stable, ``message(lang)`` is for the player."""

    code = "token_invalid"
    messages = {
        "en": "This reply address is not valid (it may have been altered). Reply to the latest "
              "notification, or play through the website.",
        "es": "Esta dirección de respuesta no es válida (puede haber sido alterada). Responde a la "
              "última notificación o juega desde la web.",
    }

    def message(self, lang: str = "en") -> str:
        """The explanation in ``lang`` (English if that language is unknown)."""
        return self.messages.get(lang) or self.messages["en"]


class TokenForged(TokenError):
    """The token is malformed or its signature does not match."""


class TokenExpired(TokenError):
    """The signature is good but the token's time is over."""

    code = "token_expired"
    messages = {
        "en": "This notification has expired. Reply to the latest notification, or play through "
              "the website.",
        "es": "Esta notificación ha caducado. Responde a la última notificación o juega desde la web.",
    }


@dataclass(frozen=True)
class ReplyToken:
    """What a verified reply token says: which decision of which seat, valid until when."""

    game_id: object
    seat: int
    decision: int
    expires: int


# ---------------------------------------------------------------------------------------- packing
def _varint(n: int) -> bytes:
    if n < 0:
        raise ValueError("token fields are non-negative")
    out = bytearray()
    while True:
        b, n = n & 0x7F, n >> 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _read_varint(data: bytes, pos: int) -> tuple[int, int]:
    n = shift = 0
    while True:
        if pos >= len(data) or shift > 63:
            raise TokenForged()
        b = data[pos]
        pos += 1
        n |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return n, pos


def _pack_id(value) -> bytes:
    if isinstance(value, int):
        return bytes([_ID_INT]) + _varint(value)
    if isinstance(value, uuid.UUID):
        return bytes([_ID_UUID]) + value.bytes
    raw = str(value).encode()
    return bytes([_ID_STR]) + _varint(len(raw)) + raw


def _read_id(data: bytes, pos: int) -> tuple[object, int]:
    if pos >= len(data):
        raise TokenForged()
    tag, pos = data[pos], pos + 1
    if tag == _ID_INT:
        return _read_varint(data, pos)
    if tag == _ID_UUID:
        if pos + 16 > len(data):
            raise TokenForged()
        return str(uuid.UUID(bytes=data[pos:pos + 16])), pos + 16
    if tag == _ID_STR:
        n, pos = _read_varint(data, pos)
        if pos + n > len(data):
            raise TokenForged()
        return data[pos:pos + n].decode("utf-8", "replace"), pos + n
    raise TokenForged()


def _canonical_id(value):
    """Pack UUID-shaped strings as UUIDs (16 bytes instead of 36) without changing what callers see."""
    if isinstance(value, str):
        try:
            u = uuid.UUID(value)
        except ValueError:
            return value
        if str(u) == value.lower():
            return u
    return value


def _key(secret: str | bytes, kind: int) -> bytes:
    # One derived key per kind, so an unsubscribe token can never be replayed as a reply token.
    raw = secret.encode() if isinstance(secret, str) else secret
    if not raw:
        raise ValueError("a secret key is required to sign tokens")
    return hmac.new(raw, b"turnpost-token-" + bytes([kind]), hashlib.sha256).digest()


def _seal(secret, kind: int, payload: bytes) -> str:
    # Version and kind share one header byte: every byte counts against the 64-octet local part.
    body = bytes([(_VERSION << 4) | kind]) + payload
    mac = hmac.new(_key(secret, kind), body, hashlib.sha256).digest()[:_MAC_BYTES]
    return base64.b32encode(body + mac).decode().rstrip("=").lower()


def _open(secret, kind: int, token: str) -> bytes:
    text = (token or "").strip().upper()
    if not text or len(text) > 200 or not all(c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" for c in text):
        raise TokenForged()
    try:
        raw = base64.b32decode(text + "=" * (-len(text) % 8))
    except (ValueError, TypeError):
        raise TokenForged() from None
    # Reject non-canonical spellings (unused low bits in the last character), so that each token
    # has exactly one written form and any character change is detected.
    if base64.b32encode(raw).decode().rstrip("=") != text:
        raise TokenForged()
    if len(raw) < 1 + _MAC_BYTES:
        raise TokenForged()
    body, mac = raw[:-_MAC_BYTES], raw[-_MAC_BYTES:]
    want = hmac.new(_key(secret, kind), body, hashlib.sha256).digest()[:_MAC_BYTES]
    if not hmac.compare_digest(mac, want) or body[0] != (_VERSION << 4) | kind:
        raise TokenForged()
    return body[1:]


# ---------------------------------------------------------------------------------------- public API
def make_reply_token(secret, game_id, seat: int, decision: int, ttl_seconds: int | None = None,
                     *, expires: int | None = None, now: float | None = None) -> str:
    """A token for replying to decision ``decision`` of ``seat`` in ``game_id``.

    Give either ``ttl_seconds`` (from ``now``, default the clock) or an absolute ``expires`` (Unix
    seconds).
    """
    if expires is None:
        if ttl_seconds is None:
            raise ValueError("give ttl_seconds or expires")
        expires = int((time.time() if now is None else now) + ttl_seconds)
    offset = int(expires) - _EPOCH
    if not 0 <= offset < 2**32:
        raise ValueError("expiry out of range")
    payload = (_pack_id(_canonical_id(game_id)) + _varint(int(seat)) + _varint(int(decision))
               + offset.to_bytes(4, "big"))
    return _seal(secret, _KIND_REPLY, payload)


def read_reply_token(secret, token: str, *, now: float | None = None) -> ReplyToken:
    """Verify ``token`` and return what it names; raises :class:`TokenForged` or :class:`TokenExpired`."""
    payload = _open(secret, _KIND_REPLY, token)
    game_id, pos = _read_id(payload, 0)
    seat, pos = _read_varint(payload, pos)
    decision, pos = _read_varint(payload, pos)
    if pos + 4 != len(payload):
        raise TokenForged()
    expires = _EPOCH + int.from_bytes(payload[pos:], "big")
    if pos + 4 != len(payload):
        raise TokenForged()
    if (time.time() if now is None else now) >= expires:
        raise TokenExpired()
    return ReplyToken(game_id, seat, decision, expires)


def make_unsubscribe_token(secret, player_id) -> str:
    """A token naming ``player_id`` for one-click unsubscribe links (no expiry: old mails must work)."""
    return _seal(secret, _KIND_UNSUBSCRIBE, _pack_id(_canonical_id(player_id)))


def read_unsubscribe_token(secret, token: str):
    """The player id an unsubscribe token names; raises :class:`TokenForged`."""
    payload = _open(secret, _KIND_UNSUBSCRIBE, token)
    player_id, pos = _read_id(payload, 0)
    if pos != len(payload):
        raise TokenForged()
    return player_id


def reply_address(token: str, domain: str, local: str = "play") -> str:
    """The Reply-To address carrying ``token``: ``play+<token>@<domain>``."""
    return f"{local}+{token}@{domain}"


def token_from_address(address: str, local: str = "play", domain: str | None = None) -> str | None:
    """The token in ``play+<token>@domain`` (``None`` if the address is not a reply address).

    With ``domain`` given, only addresses at that domain count.
    """
    addr = (address or "").strip().strip("<>").lower()
    name, at, dom = addr.rpartition("@")
    if not at or (domain and dom != domain.lower()):
        return None
    base, plus, token = name.partition("+")
    if not plus or base != local.lower() or not token:
        return None
    return token


#: How long the reply address in a turn notification works (``TURNPOST_REPLY_TTL_DAYS``, default 30).
def reply_ttl_seconds() -> int:
    """Lifetime of a notification's reply token, in seconds."""
    import os
    return int(float(os.environ.get("TURNPOST_REPLY_TTL_DAYS", "30")) * 86400)


def reply_to_for(secret, domain: str, game_id, seat: int, decision: int) -> str:
    """The Reply-To of a turn notification: ``play+<fresh token>@<domain>``."""
    return reply_address(make_reply_token(secret, game_id, seat, decision, reply_ttl_seconds()),
                         domain)
