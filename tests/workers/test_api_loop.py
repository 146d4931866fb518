"""The loop through the API: the app with the runtime's relay (``service.wsgi.app``), a real worker
process, a real Redis and a real SMTP server. A Spanish-speaking player starts a game against an AI
seat; the AI moves in the worker and the player's notification arrives, threaded, in Spanish."""
from __future__ import annotations

import re

import pytest

from service.wsgi import app as make_app
from tests.conftest import flush_test_db, runtime_env

WAIT = 60


@pytest.fixture
def stack(tmp_path, redis_url, redis_conn, smtp_server, worker_process):
    flush_test_db(redis_conn)
    db_url = f"sqlite:///{tmp_path}/turnpost.db"
    app = make_app({"DATABASE_URL": db_url, "TURNPOST_DATA_DIR": str(tmp_path), "REDIS_URL": redis_url,
                    "SECRET_KEY": "test-secret-not-for-production", "PUBLIC_URL": "http://turnpost.test"})
    # The sweep is off: whatever reaches the worker was relayed right after the API's own commit.
    worker_process(runtime_env(database_url=db_url, redis_url=redis_url, data_dir=tmp_path,
                               smtp_url=smtp_server.url), "--no-sweep")
    yield app.test_client(), smtp_server.mailbox
    app.extensions["turnpost_db"].engine.dispose()


def test_a_game_against_the_ai_through_the_api(stack):
    client, box = stack
    r = client.post("/v1/players", json={"name": "Lucía", "email": "lucia@example.org", "language": "es"})
    assert r.status_code == 201, r.json
    auth = {"Authorization": f"Bearer {r.json['token']}"}
    r = client.post("/v1/games", headers=auth, json={
        "title": "ttykm", "seats": [{"ai": {"iterations": 500}}, {"player_id": r.json["id"]}]})
    assert r.status_code == 201, r.json
    game_id = r.json["id"]

    first = box.wait_for(lambda m: "lucia@example.org" in str(m["To"]), WAIT)
    decision = int(re.search(r"decisión (\d+)\)", first["Subject"]).group(1))
    view = client.get(f"/v1/games/{game_id}", headers=auth).json
    assert view["decision"] == decision and view["next"]["seat"] == 1    # the AI's turn is over
    assert first["Subject"].strip() == (f"[turnpost] That Time You Killed Me n.º {game_id}: "
                                        f"te toca (decisión {decision})")
    assert first["Content-Language"] == "es"
    assert first["Message-ID"] == f"<turnpost.g{game_id}.s1.d{decision}.turn@turnpost.test>"
    assert first["References"] == f"<turnpost.g{game_id}.s1@turnpost.test>"
    body = first.get_content()
    assert body.startswith("Hola, Lucía:")
    assert "puesto 0 (IA): selecciono 1" in body
    assert "Negras: 4 en reserva" in body                   # the board, rendered in Spanish

    # Lucía plays her whole turn as text; the AI answers and a second mail joins the thread.
    legal = client.get(f"/v1/games/{game_id}/actions", headers=auth).json
    steps = []
    while legal["your_turn"]:
        steps.append(legal["actions"][0]["text"])
        r = client.post(f"/v1/games/{game_id}/turns", headers=auth,
                        json={"expected_decision": legal["decision"], "actions": [legal["actions"][0]["action"]]})
        assert r.status_code == 201, r.json
        legal = client.get(f"/v1/games/{game_id}/actions", headers=auth).json
        if r.json["next"] is None or r.json["next"]["seat"] != 1:
            break
    second = box.wait_for(lambda m: "lucia@example.org" in str(m["To"])
                          and m["Message-ID"] != first["Message-ID"], WAIT)
    assert second["References"] == first["References"]
    log = client.get(f"/v1/games/{game_id}/log", headers=auth).json["entries"]
    assert [e["text"] for e in log if e["seat"] == 1] == steps
    assert log[-1]["actor"] == "ai"
