"""The issue-5 endpoints over HTTP: inbound email, reclaim, webhooks, preferences, unsubscribe."""
from __future__ import annotations

from email.message import EmailMessage

from sqlalchemy import select, update

from service import models
from service.db import db
from service.inbound.tokens import make_reply_token, make_unsubscribe_token, reply_address
from tests.service.helpers import new_game

INBOUND = "inbound-test-secret"


def reply(app, sender: str, game_id: str, seat: int, decision: int, text: str, mid: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = reply_address(make_reply_token(app.config["SECRET_KEY"], game_id, seat, decision,
                                               600), "localhost")
    msg["Message-ID"] = f"<{mid}@example.org>"
    msg.set_content(text)
    return msg.as_bytes()


def email_of(app, player_id):
    with app.app_context():
        return db.session.get(models.Player, player_id).email


def test_inbound_email_needs_the_shared_secret_and_plays(app, client, players, monkeypatch):
    monkeypatch.setenv("TURNPOST_INBOUND_SECRET", INBOUND)
    ana = players.new("Ana")
    game = new_game(client, ana, [ana, {"ai": {"iterations": 10}}], seed=21)
    raw = reply(app, email_of(app, ana.id), game["id"], 0, game["decision"], "bet", "m1")
    r = client.post("/v1/inbound-email", data=raw, headers={"Turnpost-Inbound-Secret": "wrong"})
    assert r.status_code == 403 and r.json["code"] == "forbidden"
    r = client.post("/v1/inbound-email", data=raw)
    assert r.status_code == 403
    r = client.post("/v1/inbound-email", data=raw, headers={"Turnpost-Inbound-Secret": INBOUND})
    assert r.status_code == 200 and r.json["code"] == "applied" and r.json["applied"] == 1
    r = client.post("/v1/inbound-email", data=raw, headers={"Turnpost-Inbound-Secret": INBOUND})
    assert r.json["code"] == "duplicate"
    view = client.get(f"/v1/games/{game['id']}", headers=ana.h).json
    assert view["decision"] == game["decision"] + 1


def test_inbound_email_is_off_without_a_secret(client, monkeypatch):
    monkeypatch.delenv("TURNPOST_INBOUND_SECRET", raising=False)
    r = client.post("/v1/inbound-email", data=b"From: a@b\r\n\r\nbet\r\n")
    assert r.status_code == 404 and r.json["code"] == "inbound_disabled"


def test_reclaim(app, client, players):
    ana, bob = players.new("Ana"), players.new("Bob", "es")
    game = new_game(client, ana, [ana, bob])
    r = client.post(f"/v1/games/{game['id']}/reclaim", headers=ana.h)
    assert r.status_code == 409 and r.json["code"] == "seat_not_taken_over"
    r = client.post(f"/v1/games/{game['id']}/reclaim", headers=bob.h)
    assert r.json["detail"] == "La IA no está jugando por ti: no hay nada que recuperar."
    # What a takeover leaves behind (see workers.deadlines): the AI holds seat 0 until reclaimed.
    with app.app_context():
        db.session.add(models.SeatControl(game_id=game["id"], seat=0, consecutive_takeovers=3,
                                          last_takeover=2, ai_mode="until_reclaim"))
        db.session.execute(update(models.Seat).where(models.Seat.game_id == game["id"],
                                                     models.Seat.seat == 0)
                           .values(ai={"iterations": 10, "takeover": True}))
        db.session.commit()
    r = client.post(f"/v1/games/{game['id']}/reclaim", headers=ana.h)
    assert r.status_code == 200 and r.json == {"game_id": game["id"], "seat": 0}
    with app.app_context():
        assert db.session.get(models.Seat, (game["id"], 0)).ai is None
        control = db.session.get(models.SeatControl, (game["id"], 0))
        assert (control.ai_mode, control.consecutive_takeovers) == (None, 0)
        # Seat 0 decides now: a fresh notification is queued.
        kinds = [r.kind for r in db.session.scalars(select(models.Outbox))]
        assert kinds.count("notify_turn") == 2
    outsider = players.new("Eve")
    assert client.post(f"/v1/games/{game['id']}/reclaim", headers=outsider.h).status_code in (403, 404)


def test_webhooks_register_list_and_deliveries(client, players):
    ana, eve = players.new("Ana"), players.new("Eve")
    r = client.post("/v1/webhooks", json={"url": "http://127.0.0.1:9/hook"}, headers=ana.h)
    assert r.status_code == 201
    hook = r.json
    assert hook["secret"].startswith("whsec_") and hook["events"] == ["game_over", "turn"]
    listed = client.get("/v1/webhooks", headers=ana.h).json["webhooks"]
    assert [h["id"] for h in listed] == [hook["id"]] and "secret" not in listed[0]
    assert client.get("/v1/webhooks", headers=eve.h).json["webhooks"] == []
    assert client.get(f"/v1/webhooks/{hook['id']}/deliveries", headers=ana.h).json == \
        {"deliveries": []}
    assert client.get(f"/v1/webhooks/{hook['id']}/deliveries", headers=eve.h).status_code == 404
    bad = client.post("/v1/webhooks", json={"url": "ftp://x", "events": ["nope"]}, headers=ana.h)
    assert bad.status_code == 422 and set(bad.json["errors"]["json"]) == {"url", "events"}


def test_preferences_and_one_click_unsubscribe(app, client, players):
    ana = players.new("Ana")
    assert client.get("/v1/me/preferences", headers=ana.h).json["mode"] == "each"
    body = {"mode": "digest", "digest_hours": 12, "quiet_start": "22:00", "quiet_end": "07:30",
            "timezone": "Europe/Madrid"}
    r = client.put("/v1/me/preferences", json=body, headers=ana.h)
    assert r.status_code == 200 and r.json == {**body, "unsubscribed": False}
    for wrong, field in (({"mode": "digest"}, "digest_hours"),
                         ({"mode": "each", "timezone": "Mars/Base"}, "timezone"),
                         ({"mode": "each", "quiet_start": "25:00"}, "quiet_start"),
                         ({"mode": "each", "quiet_start": "22:00"}, "quiet_end")):
        bad = client.put("/v1/me/preferences", json=wrong, headers=ana.h)
        assert bad.status_code == 422 and field in bad.json["errors"]["json"], (wrong, bad.json)
    assert client.get("/v1/me/preferences", headers=ana.h).json["digest_hours"] == 12

    token = make_unsubscribe_token(app.config["SECRET_KEY"], ana.id)
    assert client.post(f"/v1/unsubscribe/{token[:-2]}xx").status_code == 404
    r = client.post(f"/v1/unsubscribe/{token}", data="List-Unsubscribe=One-Click")
    assert r.status_code == 200 and r.json == {"unsubscribed": True}
    prefs = client.get("/v1/me/preferences", headers=ana.h).json
    assert prefs["unsubscribed"] is True and prefs["mode"] == "digest"
