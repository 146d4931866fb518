"""Reply and unsubscribe tokens: round trip, forgery, expiry, address safety."""
import base64
import uuid

import pytest
from hypothesis import given, settings, strategies as st

from service.inbound.tokens import (ReplyToken, TokenExpired, TokenForged, make_reply_token,
                                    make_unsubscribe_token, read_reply_token,
                                    read_unsubscribe_token, reply_address, token_from_address)

SECRET = "test-secret-not-for-production"
NOW = 1_800_000_000


def test_round_trip_with_integer_game():
    token = make_reply_token(SECRET, 42, 1, 7, 3600, now=NOW)
    assert read_reply_token(SECRET, token, now=NOW + 10) == ReplyToken(42, 1, 7, NOW + 3600)


def test_round_trip_with_uuid_game_fits_an_email_local_part():
    gid = str(uuid.UUID(int=2**128 - 1))
    # Two million decisions and an expiry in 2150: the worst realistic case.
    token = make_reply_token(SECRET, gid, 4, 2**21 - 1, expires=5_800_000_000)
    local = reply_address(token, "example.org").split("@")[0]
    assert len(local) <= 64          # RFC 5321 local-part limit
    assert read_reply_token(SECRET, token, now=NOW).game_id == gid


def test_token_is_lowercase_address_and_url_safe_and_case_insensitive():
    token = make_reply_token(SECRET, "game-abc", 0, 3, 60, now=NOW)
    assert token == token.lower() and all(c in "abcdefghijklmnopqrstuvwxyz234567" for c in token)
    # Some MTAs upper-case local parts; the token must survive that.
    assert read_reply_token(SECRET, token.upper(), now=NOW).game_id == "game-abc"


def test_expired_token_is_its_own_error():
    token = make_reply_token(SECRET, 1, 0, 1, 60, now=NOW)
    with pytest.raises(TokenExpired) as e:
        read_reply_token(SECRET, token, now=NOW + 60)
    assert e.value.code == "token_expired"
    assert "caducado" in e.value.message("es") and "expired" in e.value.message("en")


def test_wrong_key_is_forged_not_expired():
    token = make_reply_token(SECRET, 1, 0, 1, 60, now=NOW)
    with pytest.raises(TokenForged) as e:
        read_reply_token("another-secret", token, now=NOW)
    assert e.value.code == "token_invalid"


def test_every_single_character_change_is_detected():
    token = make_reply_token(SECRET, 99, 2, 5, 60, now=NOW)
    for i in range(len(token)):
        for c in "a7":
            if token[i] == c:
                continue
            forged = token[:i] + c + token[i + 1:]
            with pytest.raises(TokenForged):
                read_reply_token(SECRET, forged, now=NOW)


def test_changing_the_decision_in_the_payload_breaks_the_signature():
    token = make_reply_token(SECRET, 5, 1, 8, 60, now=NOW)
    good = make_reply_token(SECRET, 5, 1, 9, 60, now=NOW)
    # Splice the MAC of one token onto the payload of another.
    raw_a = base64.b32decode(token.upper() + "=" * (-len(token) % 8))
    raw_b = base64.b32decode(good.upper() + "=" * (-len(good) % 8))
    spliced = base64.b32encode(raw_b[:-10] + raw_a[-10:]).decode().rstrip("=").lower()
    with pytest.raises(TokenForged):
        read_reply_token(SECRET, spliced, now=NOW)


@pytest.mark.parametrize("junk", ["", "x", "play", "!!!!", "a" * 500, "aaaaaaaaaaaaaaaaaaaaaaaaa"])
def test_garbage_is_forged(junk):
    with pytest.raises(TokenForged):
        read_reply_token(SECRET, junk, now=NOW)


def test_unsubscribe_token_cannot_be_used_as_reply_token_and_back():
    unsub = make_unsubscribe_token(SECRET, 12)
    assert read_unsubscribe_token(SECRET, unsub) == 12
    with pytest.raises(TokenForged):
        read_reply_token(SECRET, unsub, now=NOW)
    reply = make_reply_token(SECRET, 12, 0, 0, 60, now=NOW)
    with pytest.raises(TokenForged):
        read_unsubscribe_token(SECRET, reply)


@settings(max_examples=200, derandomize=True)
@given(game=st.one_of(st.integers(0, 2**63), st.text(min_size=1, max_size=20)),
       seat=st.integers(0, 7), decision=st.integers(0, 10**9))
def test_round_trip_property(game, seat, decision):
    token = make_reply_token(SECRET, game, seat, decision, expires=NOW + 1)
    got = read_reply_token(SECRET, token, now=NOW)
    assert (got.game_id, got.seat, got.decision) == (game, seat, decision)


def test_address_helpers():
    token = make_reply_token(SECRET, 3, 1, 2, 60, now=NOW)
    addr = reply_address(token, "turnpost.example")
    assert addr == f"play+{token}@turnpost.example"
    assert token_from_address(f"<{addr.upper()}>") == token
    assert token_from_address(addr, domain="turnpost.example") == token
    assert token_from_address(addr, domain="elsewhere.example") is None
    assert token_from_address("alice@turnpost.example") is None
    assert token_from_address("other+abc@turnpost.example") is None
