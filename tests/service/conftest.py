"""Fixtures of the service tests: the app on a fresh database per test, SQLite and PostgreSQL.

The PostgreSQL variant gets a private schema (dropped afterwards); where no server answers, only
that variant is skipped, with the reason.
"""
from __future__ import annotations

import itertools
import os
import uuid

import pytest
import sqlalchemy as sa

from service.app import create_app

PG_BASE = os.environ.get("TURNPOST_TEST_POSTGRES_URL",
                         "postgresql+psycopg://postgres@127.0.0.1:5432/test")


_pg_missing: list[str] = []       # the reason, once PostgreSQL failed to answer (no retry per test)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A URL of an empty database: a SQLite file, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'turnpost.db'}"
        return
    if _pg_missing:
        pytest.skip(_pg_missing[0])
    schema = f"tp_svc_{uuid.uuid4().hex[:12]}"
    try:
        admin = sa.create_engine(PG_BASE, connect_args={"connect_timeout": 3})
        with admin.begin() as conn:
            conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    except Exception as e:  # noqa: BLE001 - any failure to reach PostgreSQL means "not here"
        first = str(e).splitlines()[0] if str(e) else ""
        _pg_missing.append(f"PostgreSQL not reachable at {PG_BASE}: {type(e).__name__}: {first}")
        pytest.skip(_pg_missing[0])
    sep = "&" if "?" in PG_BASE else "?"
    yield f"{PG_BASE}{sep}options=-csearch_path%3D{schema}"
    with admin.begin() as conn:
        conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
    admin.dispose()


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
