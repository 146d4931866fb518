"""The ``turnpost`` command.

* ``turnpost serve``: everything on one machine with nothing installed but Python -- the API on a
  threaded HTTP server, an embedded Redis server (unless ``REDIS_URL`` is set), one RQ worker process,
  SQLite and ``.eml`` mail under the data directory. Ctrl-C or SIGTERM stops it all, in order: the API
  first (no new work), then the worker (it finishes its current job), then Redis (it saves).
* ``turnpost worker``: one worker alone (``REDIS_URL`` required), as in the Compose stack.
* ``turnpost openapi``: write the API contract (``openapi.yaml``).
"""
from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

#: Worker restarts tolerated in ``serve`` before giving up (a crash loop is a bug, not bad luck).
MAX_WORKER_RESTARTS = 5


@contextlib.contextmanager
def progress(what: str):
    """Print ``what…`` now and ``done (1.2s)`` after, so slow steps never look like a hang."""
    # Two whole lines rather than one completed line: child processes may print in between.
    print(f"{what}...", flush=True)
    start = time.monotonic()
    try:
        yield
    except BaseException:
        print(f"{what}: failed", flush=True)
        raise
    print(f"{what}: done ({time.monotonic() - start:.1f}s)", flush=True)


class WorkerChild:
    """The RQ worker as a child process of ``serve``, its output echoed with a prefix."""

    def __init__(self, env: dict):
        self.env = env
        self.proc: subprocess.Popen | None = None
        self.ready = threading.Event()

    def start(self) -> None:
        from workers.worker import READY_LINE
        self.ready.clear()
        # Its own session: the terminal's Ctrl-C reaches only us, and we stop the worker in order.
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "workers.worker"], env=self.env, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
        threading.Thread(target=self._echo, args=(self.proc.stdout, READY_LINE), daemon=True,
                         name="worker-output").start()

    def _echo(self, stream, ready_line: str) -> None:
        for line in iter(stream.readline, ""):
            if ready_line in line:
                self.ready.set()
            print(f"worker | {line.rstrip()}", flush=True)
        self.ready.set()

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout: float = 60.0) -> None:
        """SIGTERM: RQ's warm shutdown lets a running job finish; kill only if it will not stop."""
        if not self.alive():
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def _env_default(name: str, default):
    return os.environ.get(name) or default


def _start_reply_listener(app):
    """The SMTP listener for replies (issue 5) if ``TURNPOST_SMTP_LISTEN`` is set, else None."""
    listen = app.config.get("SMTP_LISTEN") or os.environ.get("TURNPOST_SMTP_LISTEN")
    if not listen:
        return None
    from types import SimpleNamespace

    from service.inbound.handle import app_handler
    from service.inbound.listener import start_listener
    from service.mail.settings import MailSettings
    domain = MailSettings.from_config(SimpleNamespace(**app.config)).domain
    return start_listener(listen, app_handler(app), domain=domain)


def serve(args) -> int:
    """Run the whole service in the foreground until Ctrl-C / SIGTERM."""
    from werkzeug.serving import make_server

    from workers.embedded_redis import EmbeddedRedis

    data_dir = Path(args.data_dir).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    os.environ["TURNPOST_DATA_DIR"] = str(data_dir)
    shown_host = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "::") else args.host
    os.environ.setdefault("PUBLIC_URL", f"http://{shown_host}:{args.port}")

    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())

    redis_server = None
    worker = None
    server = None
    replies = None
    try:
        if not os.environ.get("REDIS_URL"):
            with progress("Starting the embedded Redis server"):
                redis_server = EmbeddedRedis(data_dir / "redis", persist=True).start()
            os.environ["REDIS_URL"] = redis_server.url
        with progress("Preparing the database"):
            from service.wsgi import app as make_app
            app = make_app()
        try:
            server = make_server(args.host, args.port, app, threaded=True)
        except OSError as e:
            print(f"turnpost: cannot listen on {args.host}:{args.port}: {e.strerror or e}. "
                  f"Choose another port with --port or TURNPOST_PORT.", file=sys.stderr)
            return 1
        worker = WorkerChild(dict(os.environ))
        with progress("Starting the worker"):
            worker.start()
            if not worker.ready.wait(120) or not worker.alive():
                raise RuntimeError("the worker did not start (its output is above)")
        threading.Thread(target=server.serve_forever, name="http", daemon=True).start()
        replies = _start_reply_listener(app)        # issue 5: email in, when TURNPOST_SMTP_LISTEN is set
        cfg = app.config
        mail = cfg.get("SMTP_URL") or os.environ.get("SMTP_URL") or f".eml files in {data_dir / 'mail'}"
        print("\nturnpost is running", flush=True)
        print(f"  API       {os.environ['PUBLIC_URL']}  (documentation: {os.environ['PUBLIC_URL']}/docs)")
        print(f"  Database  {cfg['DATABASE_URL']}")
        print(f"  Redis     {os.environ['REDIS_URL']}{' (embedded)' if redis_server else ''}")
        print(f"  Mail      {mail}")
        if replies is not None:
            print(f"  Replies   smtp://{replies.hostname}:{replies.port} (reply by email)")
        print("Press Ctrl-C to stop.\n", flush=True)
        restarts = 0
        # Supervise: the wait doubles as the check interval for a crashed worker.
        while not stop.wait(1.0):
            if not worker.alive():
                restarts += 1
                if restarts > MAX_WORKER_RESTARTS:
                    print("turnpost: the worker keeps crashing; stopping.", file=sys.stderr)
                    return 1
                print(f"turnpost: the worker exited (code {worker.proc.returncode}); restarting it.",
                      flush=True)
                worker.start()
        print("\nStopping...", flush=True)
        return 0
    finally:
        if replies is not None:
            replies.stop()
        if server is not None:
            server.shutdown()
            server.server_close()
        if worker is not None:
            with progress("Stopping the worker"):
                worker.stop()
        if redis_server is not None:
            with progress("Stopping Redis"):
                redis_server.stop()


def worker(argv) -> int:
    """``turnpost worker [--queues ai,mail] [--burst] [--no-sweep]``."""
    from workers.worker import main
    return main(argv)


def openapi(args) -> int:
    """Write the OpenAPI document."""
    from service.openapi import write_spec
    with progress(f"Writing {args.output}"):
        write_spec(args.output)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The ``turnpost`` argument parser (sub-commands ``serve``, ``worker``, ``openapi``)."""
    p = argparse.ArgumentParser(prog="turnpost",
                                description="Board games by email and REST, with MCTS opponents.")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve", help="run the API, an embedded Redis, a worker (all in one)")
    s.add_argument("--host", default=_env_default("TURNPOST_HOST", "127.0.0.1"),
                   help="address to listen on (TURNPOST_HOST, default 127.0.0.1)")
    s.add_argument("--port", type=int, default=int(_env_default("TURNPOST_PORT", 8000)),
                   help="port to listen on (TURNPOST_PORT, default 8000)")
    s.add_argument("--data-dir", default=_env_default("TURNPOST_DATA_DIR", "./turnpost-data"),
                   help="database, Redis data and mail folder (TURNPOST_DATA_DIR, default ./turnpost-data)")
    sub.add_parser("worker", help="run one RQ worker (needs REDIS_URL)", add_help=False)
    o = sub.add_parser("openapi", help="write the OpenAPI contract")
    o.add_argument("--output", "-o", default="openapi.yaml")
    return p


def configure_logging() -> None:
    """INFO by default (``TURNPOST_LOG_LEVEL``), without alembic's per-plugin chatter."""
    logging.basicConfig(level=os.environ.get("TURNPOST_LOG_LEVEL", "INFO"),
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)


def main(argv=None) -> int:
    """Entry point of the ``turnpost`` script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["worker"]:
        # The worker has its own options; hand them over untouched.
        return worker(argv[1:])
    args = build_parser().parse_args(argv)
    configure_logging()
    if args.command == "serve":
        return serve(args)
    return openapi(args)


if __name__ == "__main__":
    sys.exit(main())
