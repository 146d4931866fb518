"""The README's play-by-email walkthrough, run as written after the main walkthrough, against
``turnpost serve`` started with the reply listener (``TURNPOST_SMTP_LISTEN``)."""
from __future__ import annotations

import re
import subprocess

from tests.conftest import ROOT
from tests.workers.test_cli import Serve, readme_walkthrough
from workers.embedded_redis import free_port


def readme_email_walkthrough() -> str:
    """The bash block under the README's walkthrough-email marker."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    after = text.split("<!-- walkthrough-email", 1)[1]
    return re.search(r"```bash\n(.*?)```", after, re.S).group(1)


def test_readme_reply_by_email_walkthrough(tmp_path, monkeypatch):
    listen = free_port()
    monkeypatch.setenv("TURNPOST_SMTP_LISTEN", f"127.0.0.1:{listen}")
    port = free_port()
    serve = Serve(tmp_path, port)
    try:
        assert serve.ready.wait(180), serve.output
        script = readme_walkthrough().replace("BASE=http://localhost:8000",
                                              f"BASE=http://localhost:{port}", 1)
        email_block = readme_email_walkthrough()
        assert 'smtplib.SMTP("127.0.0.1", 2525)' in email_block
        script += "\n" + email_block.replace('smtplib.SMTP("127.0.0.1", 2525)',
                                             f'smtplib.SMTP("127.0.0.1", {listen})')
        run = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=tmp_path, text=True,
                             capture_output=True, timeout=180, stdin=subprocess.DEVNULL)
        assert run.returncode == 0, run.stdout + run.stderr + "\n--- serve ---\n" + serve.output
        out = run.stdout
        played = re.search(r"^replied: (.+)$", out, re.M).group(1)
        answer = out.split("replied: ", 1)[1]
        assert "Subject: [turnpost] Game " in answer and "your move is in" in answer
        assert f"Your move was played: {played}" in answer
        assert "The position, as you see it:" in answer              # the BOARD command
    finally:
        serve.stop()
