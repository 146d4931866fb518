"""``turnpost serve`` as a user runs it: no REDIS_URL (so its embedded Redis), its own worker, SQLite and
``.eml`` mail under the data directory -- and the README's walkthrough, run as written against it."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from service.cli import build_parser
from tests.conftest import ROOT
from workers.embedded_redis import free_port

READY = "Press Ctrl-C to stop."


class Serve:
    """A ``turnpost serve`` child process with its output collected."""

    def __init__(self, cwd: Path, port: int):
        env = {k: v for k, v in os.environ.items()
               if k not in ("REDIS_URL", "DATABASE_URL", "SMTP_URL", "TURNPOST_DATA_DIR", "PUBLIC_URL")}
        env.update(PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1", TURNPOST_PORT=str(port))
        self.lines: list[str] = []
        self.ready = threading.Event()
        self.proc = subprocess.Popen([sys.executable, "-m", "service.cli", "serve"], cwd=cwd, env=env,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in iter(self.proc.stdout.readline, ""):
            self.lines.append(line.rstrip())
            if READY in line:
                self.ready.set()
        self.ready.set()

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                return self.proc.wait(90)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        return self.proc.wait()


@pytest.fixture
def serve(tmp_path):
    port = free_port()
    s = Serve(tmp_path, port)
    s.port = port
    yield s
    s.stop()


def readme_walkthrough() -> str:
    """The bash block under the README's walkthrough marker."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    after = text.split("<!-- walkthrough", 1)[1]
    return re.search(r"```bash\n(.*?)```", after, re.S).group(1)


def test_serve_runs_the_readme_walkthrough_against_the_ai_and_stops_cleanly(serve, tmp_path):
    assert serve.ready.wait(180), serve.output
    assert serve.proc.poll() is None, serve.output
    assert "(embedded)" in serve.output                    # REDIS_URL unset: its own Redis
    assert f"http://localhost:{serve.port}" in serve.output

    script = readme_walkthrough()
    assert script.startswith("BASE=http://localhost:8000\n")
    script = script.replace("BASE=http://localhost:8000", f"BASE=http://localhost:{serve.port}", 1)
    run = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=tmp_path, text=True,
                         capture_output=True, timeout=120, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stdout + run.stderr + "\n--- serve ---\n" + serve.output
    out = run.stdout
    game_id = re.search(r"^game (\S+)$", out, re.M).group(1)
    # Two notifications for the human's seat: after the AI's first turn and after its answer.
    mails = sorted((tmp_path / "turnpost-data" / "mail").glob(f"turnpost.g{game_id}.s1.*.eml"))
    assert len(mails) == 2, out + "\n--- serve ---\n" + serve.output
    first = re.search(rf"^Subject: \[turnpost\] That Time You Killed Me #{game_id}: your turn "
                      rf"\(decision (\d+)\)$", out, re.M)
    assert first, out
    assert f"In-Reply-To: <turnpost.g{game_id}.s1@localhost>" in out
    assert f"Message-ID: <turnpost.g{game_id}.s1.d{first.group(1)}.turn@localhost>" in out
    assert "seat 0 (AI): select 1" in out                  # the AI's turn, as the mail tells it
    assert "Black: 4 in supply" in out                     # the board from render_text
    # The log: the AI's turn (white, seat 0), the human's (seat 1), then the AI's answer.
    log = re.findall(r"^\s*(\d+)  seat\s+(\d+)  (\w+)", out, re.M)
    actors = [(int(seat), actor) for _n, seat, actor in log]
    first_human = int(first.group(1))
    assert actors[:first_human] == [(0, "ai")] * first_human
    assert (1, "human") in actors and actors[-1] == (0, "ai")
    assert all(actor == ("ai" if seat == 0 else "human") for seat, actor in actors)

    assert serve.stop() == 0, serve.output
    assert "Stopping Redis: done" in serve.output
    # Redis persisted its data under the data directory.
    assert (tmp_path / "turnpost-data" / "redis" / "appendonly.aof").exists()


def test_options_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("TURNPOST_PORT", "8123")
    monkeypatch.setenv("TURNPOST_HOST", "0.0.0.0")
    monkeypatch.setenv("TURNPOST_DATA_DIR", "/srv/tp")
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.data_dir) == ("0.0.0.0", 8123, "/srv/tp")
    args = build_parser().parse_args(["serve", "--port", "9000", "--data-dir", "x"])
    assert (args.port, args.data_dir) == (9000, "x")


def test_openapi_command_writes_the_contract(tmp_path):
    out = tmp_path / "spec.yaml"
    run = subprocess.run([sys.executable, "-m", "service.cli", "openapi", "-o", str(out)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "/v1/games/{game_id}/turns" in out.read_text()


def test_worker_command_refuses_to_start_without_redis(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env["TURNPOST_DATA_DIR"] = str(tmp_path)
    run = subprocess.run([sys.executable, "-m", "service.cli", "worker"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "REDIS_URL" in run.stderr

