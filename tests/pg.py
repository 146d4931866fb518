"""One way for tests to get a PostgreSQL database: a private, empty schema, dropped afterwards.

Where no server answers, the test is skipped with the reason (once found missing, not retried), so
only the PostgreSQL variants are skipped on a machine without PostgreSQL."""
from __future__ import annotations

import contextlib
import os
import uuid

import pytest

PG_BASE = os.environ.get("TURNPOST_TEST_POSTGRES_URL",
                         "postgresql+psycopg://postgres@127.0.0.1:5432/test")
_missing: list[str] = []


@contextlib.contextmanager
def private_schema(prefix: str):
    """Yield a SQLAlchemy URL whose search_path is a fresh schema; drop the schema afterwards."""
    import sqlalchemy as sa
    if _missing:
        pytest.skip(_missing[0])
    schema = f"{prefix}_{uuid.uuid4().hex[:12]}"
    try:
        admin = sa.create_engine(PG_BASE, connect_args={"connect_timeout": 3})
        with admin.begin() as conn:
            conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    except Exception as e:  # noqa: BLE001 - any failure to reach PostgreSQL means "not here"
        first = str(e).splitlines()[0] if str(e) else ""
        _missing.append(f"PostgreSQL not reachable at {PG_BASE}: {type(e).__name__}: {first}")
        pytest.skip(_missing[0])
    sep = "&" if "?" in PG_BASE else "?"
    try:
        yield f"{PG_BASE}{sep}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()
