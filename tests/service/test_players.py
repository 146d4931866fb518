"""Players: sign-up, tokens, and the error shape for the caller's language."""
from sqlalchemy import select

from service.auth import hash_token
from service.db import db
from service.models import Player


def test_create_player_returns_a_token_stored_only_hashed(app, client):
    r = client.post("/v1/players", json={"name": "Ana", "email": "Ana@Example.org", "language": "es"})
    assert r.status_code == 201
    token = r.json["token"]
    assert len(token) >= 40
    with app.app_context():
        p = db.session.scalar(select(Player).where(Player.id == r.json["id"]))
        assert p.email == "ana@example.org"
        assert p.token_hash == hash_token(token) and token not in p.token_hash
    me = client.get("/v1/me/turns", headers={"Authorization": f"Bearer {token}"})
    assert me.status_code == 200 and me.json == {"games": []}


def test_duplicate_email_is_409_with_a_code(client):
    body = {"name": "Ana", "email": "ana@example.org"}
    assert client.post("/v1/players", json=body).status_code == 201
    r = client.post("/v1/players", json={**body, "email": "ANA@example.org"})
    assert r.status_code == 409
    assert r.json["code"] == "email_taken"
    assert r.mimetype == "application/problem+json"


def test_validation_errors_are_problem_details_in_accept_language(client):
    r = client.post("/v1/players", json={"name": "", "email": "nope", "language": "fr"},
                    headers={"Accept-Language": "es-ES,es;q=0.9"})
    assert r.status_code == 422
    assert r.json["code"] == "validation_error"
    assert r.json["detail"].startswith("Faltan campos")
    assert set(r.json["errors"]["json"]) == {"name", "email", "language"}
    assert {"type", "title", "status", "code", "detail"} <= set(r.json)


def test_missing_or_wrong_token_is_401(client):
    r = client.get("/v1/me/turns")
    assert r.status_code == 401 and r.json["code"] == "unauthorized"
    assert r.headers["WWW-Authenticate"].startswith("Bearer")
    r = client.get("/v1/me/turns", headers={"Authorization": "Bearer not-a-token"})
    assert r.status_code == 401 and "invalid_token" in r.headers["WWW-Authenticate"]


def test_unknown_routes_and_methods_are_problem_details(client):
    r = client.get("/v1/nothing-here", headers={"Accept-Language": "es"})
    assert r.status_code == 404 and r.json["code"] == "not_found"
    assert r.json["detail"] == "No hay nada en esta dirección."
    r = client.delete("/v1/titles")
    assert r.status_code == 405 and r.json["code"] == "method_not_allowed"
    assert "GET" in r.headers["Allow"]
