"""Fixtures of the service tests: the app on a fresh database per test, SQLite and PostgreSQL.

The PostgreSQL variant gets a private schema (dropped afterwards); where no server answers, only
that variant is skipped, with the reason.
"""
from __future__ import annotations

import itertools
import uuid

import pytest

from service.app import create_app
from tests.pg import private_schema


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A URL of an empty database: a SQLite file, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'turnpost.db'}"
        return
    with private_schema("tp_svc") as url:
        yield url


@pytest.fixture
def app_config(db_url, tmp_path):
    """Settings of the app under test (tests may change them before ``app`` is built)."""
    return {"DATABASE_URL": db_url, "TURNPOST_DATA_DIR": str(tmp_path / "data"),
            "SECRET_KEY": "test-secret", "TESTING": True}


@pytest.fixture
def app(app_config):
    app = create_app(app_config)
    yield app
    app.extensions["turnpost_db"].engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


class Players:
    """Makes players through the API and remembers their tokens."""

    _n = itertools.count()

    def __init__(self, client):
        self.client = client

    def new(self, name="Ana", language="en"):
        n = next(self._n)
        r = self.client.post("/v1/players", json={"name": name, "email": f"p{n}-{uuid.uuid4().hex[:6]}@example.org",
                                                  "language": language})
        assert r.status_code == 201, r.json
        return Player(r.json["id"], r.json["token"], language)


class Player:
    def __init__(self, id, token, language):
        self.id, self.token, self.language = id, token, language

    @property
    def h(self) -> dict:
        """Request headers with this player's token."""
        return {"Authorization": f"Bearer {self.token}"}


@pytest.fixture
def players(client):
    return Players(client)
