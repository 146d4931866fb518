"""Webhook signatures: what a receiver checks."""
import hashlib
import hmac

import pytest

from service.webhooks.signing import SignatureError, sign, signature_header, verify

SECRET = "whsec-test"
BODY = b'{"event":"turn","game_id":42}'


def test_signature_is_hmac_sha256_of_timestamp_dot_body():
    expected = hmac.new(SECRET.encode(), b"1700000000." + BODY, hashlib.sha256).hexdigest()
    assert sign(SECRET, 1700000000, BODY) == expected
    assert signature_header(SECRET, BODY, 1700000000) == f"t=1700000000,v1={expected}"


def test_verify_accepts_a_fresh_header():
    header = signature_header(SECRET, BODY, 1000)
    assert verify(SECRET, BODY, header, now=1100) == 1000


@pytest.mark.parametrize("body,secret", [(BODY + b" ", SECRET), (BODY, "other")])
def test_verify_rejects_changed_body_or_key(body, secret):
    with pytest.raises(SignatureError, match="mismatch"):
        verify(secret, body, signature_header(SECRET, BODY, 1000), now=1000)


def test_verify_rejects_replay_with_new_timestamp():
    old = signature_header(SECRET, BODY, 1000)
    forged = old.replace("t=1000", "t=5000")
    with pytest.raises(SignatureError, match="mismatch"):
        verify(SECRET, BODY, forged, now=5000)


def test_verify_rejects_stale_timestamp():
    with pytest.raises(SignatureError, match="tolerance"):
        verify(SECRET, BODY, signature_header(SECRET, BODY, 1000), now=1000 + 301)


@pytest.mark.parametrize("header", ["", "t=1000", "v1=abc", "t=x,v1=abc", "garbage"])
def test_verify_rejects_malformed(header):
    with pytest.raises(SignatureError, match="malformed"):
        verify(SECRET, BODY, header, now=1000)


def test_any_of_several_signatures_during_rotation():
    header = f"t=1000,v1={sign('old', 1000, BODY)},v1={sign(SECRET, 1000, BODY)}"
    assert verify(SECRET, BODY, header, now=1000) == 1000
