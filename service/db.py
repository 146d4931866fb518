"""Database access: engines, sessions, and schema migrations (alembic, in ``service/migrations``).

The app binds one :class:`Database` per process; workers and scripts use :func:`make_engine` and
:func:`make_sessionmaker` with the same ``DATABASE_URL``. :func:`upgrade` brings a database to the
newest schema and is safe to call from several processes at once.
"""
from __future__ import annotations

import fcntl
import os
from contextlib import contextmanager
from pathlib import Path

from flask import g
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).with_name("migrations")


def normalize_url(url: str) -> str:
    """``postgres://`` and driverless ``postgresql://`` URLs (as hosting platforms hand them out)
    use psycopg 3, the driver turnpost installs."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str, **kwargs) -> Engine:
    """An engine for ``url`` with the settings turnpost relies on (SQLite: WAL, foreign keys, a busy
    timeout so concurrent writers queue instead of failing)."""
    url = normalize_url(url)
    u = make_url(url)
    if u.get_backend_name() == "sqlite":
        if u.database and u.database != ":memory:":
            Path(u.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False}, **kwargs)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record):
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()
        return engine
    kwargs.setdefault("pool_pre_ping", True)
    return create_engine(url, **kwargs)


def make_sessionmaker(engine: Engine) -> sessionmaker[Session]:
    """Sessions that keep loaded rows usable after commit (views render after the transaction)."""
    return sessionmaker(engine, expire_on_commit=False)


@contextmanager
def _migration_lock(engine: Engine, conn):
    # Several gunicorn workers start at once and each migrates on start: serialise them.
    if engine.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_lock(7301)"))
        try:
            yield
        finally:
            # A failed migration leaves the transaction aborted; the session lock survives rollback.
            conn.rollback()
            conn.execute(text("SELECT pg_advisory_unlock(7301)"))
            conn.commit()
    elif engine.url.database and engine.url.database != ":memory:":
        with open(f"{engine.url.database}.migrate.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)
    else:
        yield


def alembic_config(connection=None):
    """The alembic configuration for turnpost's migrations (no alembic.ini needed)."""
    from alembic.config import Config as AlembicConfig
    cfg = AlembicConfig()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(engine_url: str, revision: str = "head") -> None:
    """Migrate the database at ``engine_url`` to ``revision`` (default: the newest)."""
    from alembic import command
    engine = make_engine(engine_url)
    try:
        with engine.connect() as conn:
            with _migration_lock(engine, conn):
                command.upgrade(alembic_config(conn), revision)
                conn.commit()
    finally:
        engine.dispose()


class Database:
    """The Flask extension: one engine and session factory per app, one session per request."""

    def __init__(self, app=None):
        self.engine: Engine | None = None
        self.sessionmaker: sessionmaker[Session] | None = None
        if app is not None:
            self.init_app(app)

    def init_app(self, app) -> None:
        url = app.config["DATABASE_URL"]
        if app.config.get("AUTO_MIGRATE", True):
            upgrade(url)
        self.engine = make_engine(url)
        self.sessionmaker = make_sessionmaker(self.engine)
        app.extensions["turnpost_db"] = self
        app.teardown_appcontext(self._close_session)

    @property
    def session(self) -> Session:
        """The current request's session (opened on first use, closed at teardown)."""
        if "db_session" not in g:
            g.db_session = self.sessionmaker()
        return g.db_session

    @staticmethod
    def _close_session(_exc) -> None:
        s = g.pop("db_session", None)
        if s is not None:
            s.close()


db = Database()
