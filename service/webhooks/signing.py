"""Signing webhook deliveries so that receivers can tell they came from turnpost, unaltered and recent.

Every delivery carries::

    Turnpost-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>

``t`` is in the signed text, so an old delivery cannot be replayed with a fresh timestamp; receivers
reject timestamps outside a tolerance (five minutes by default). Several ``v1=`` values may appear
while a subscription's secret is being rotated; one match is enough.

Receivers can copy :func:`verify` as it stands: it uses only the standard library. Verify against the
*raw* request body bytes, before any JSON parsing::

    from service.webhooks.signing import verify   # or paste the function
    verify(secret, request.get_data(), request.headers["Turnpost-Signature"])
"""
from __future__ import annotations

import hashlib
import hmac
import time

__all__ = ["SIGNATURE_HEADER", "SignatureError", "sign", "signature_header", "verify"]

SIGNATURE_HEADER = "Turnpost-Signature"
DEFAULT_TOLERANCE = 300


class SignatureError(ValueError):
    """The signature header is missing, malformed, stale or does not match."""


def sign(secret: str | bytes, timestamp: int, body: bytes) -> str:
    """Hex HMAC-SHA256 of ``"<timestamp>.<body>"`` under ``secret``."""
    key = secret.encode() if isinstance(secret, str) else secret
    return hmac.new(key, str(int(timestamp)).encode() + b"." + body, hashlib.sha256).hexdigest()


def signature_header(secret: str | bytes, body: bytes, timestamp: int | None = None) -> str:
    """The ``Turnpost-Signature`` header value for ``body`` (timestamp: now by default)."""
    t = int(time.time()) if timestamp is None else int(timestamp)
    return f"t={t},v1={sign(secret, t, body)}"


def verify(secret: str | bytes, body: bytes, header: str, tolerance: int = DEFAULT_TOLERANCE,
           now: float | None = None) -> int:
    """Check a ``Turnpost-Signature`` header against the raw ``body``; return its timestamp.

    Raises :class:`SignatureError` if the header is malformed, the timestamp is further than
    ``tolerance`` seconds from ``now``, or no ``v1`` signature matches (compared in constant time).
    """
    timestamp = None
    candidates = []
    for item in (header or "").split(","):
        key, _, value = item.strip().partition("=")
        if key == "t" and value.isdigit():
            timestamp = int(value)
        elif key == "v1" and value:
            candidates.append(value)
    if timestamp is None or not candidates:
        raise SignatureError("malformed signature header")
    current = time.time() if now is None else now
    if abs(current - timestamp) > tolerance:
        raise SignatureError("timestamp outside the tolerance")
    expected = sign(secret, timestamp, body)
    if not any(hmac.compare_digest(expected, c) for c in candidates):
        raise SignatureError("signature mismatch")
    return timestamp
