"""The app factory and its configuration: secrets generated, not committed; every error one shape."""
import os
import stat

from service.config import Config


def test_a_secret_key_is_generated_once_into_the_data_dir(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    a = Config(TURNPOST_DATA_DIR=str(tmp_path))
    b = Config(TURNPOST_DATA_DIR=str(tmp_path))
    assert a.SECRET_KEY == b.SECRET_KEY and len(a.SECRET_KEY) == 64
    key = tmp_path / "secret_key"
    assert stat.S_IMODE(os.stat(key).st_mode) == 0o600
    assert a.DATABASE_URL == f"sqlite:///{tmp_path / 'turnpost.db'}"
    assert Config(TURNPOST_DATA_DIR=str(tmp_path / "other")).SECRET_KEY != a.SECRET_KEY


def test_the_environment_wins_over_defaults(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "from-env")
    monkeypatch.setenv("DATABASE_URL", "postgresql+psycopg://db/x")
    c = Config(TURNPOST_DATA_DIR=str(tmp_path))
    assert (c.SECRET_KEY, c.DATABASE_URL) == ("from-env", "postgresql+psycopg://db/x")
    assert not (tmp_path / "secret_key").exists()


def test_an_unexpected_failure_is_a_500_problem_in_the_callers_language(app):
    def boom():
        raise RuntimeError("a bug")
    app.add_url_rule("/boom", view_func=boom)
    r = app.test_client().get("/boom", headers={"Accept-Language": "es"})
    assert r.status_code == 500 and r.mimetype == "application/problem+json"
    assert r.json["code"] == "internal_error" and "a bug" not in r.get_data(as_text=True)
    assert r.json["detail"].startswith("Algo ha fallado")


def test_validation_errors_follow_the_players_language(client, players):
    ana = players.new("Ana", "es")
    r = client.post("/v1/games", json={"title": 5}, headers={**ana.h, "Accept-Language": "en"})
    assert r.status_code == 422 and r.json["detail"].startswith("Faltan campos")
    assert {"title", "seats"} <= set(r.json["errors"]["json"])


def test_the_docs_and_the_contract_are_served(client):
    assert client.get("/openapi.json").json["info"]["title"] == "turnpost"
    assert client.get("/docs").status_code == 200


def test_platform_style_postgres_urls_use_psycopg():
    from service.db import normalize_url
    assert normalize_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("sqlite:///x.db") == "sqlite:///x.db"
