"""The deployment files: docker-compose.yml, the Dockerfile and the scripts behind the README's two
commands. Docker cannot run here, so these tests check the structure Compose relies on and that every
command the containers run exists in this code base."""
from __future__ import annotations

import importlib
import re
import shlex
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT

COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
DOCKERFILE = (ROOT / "Dockerfile").read_text()
APP_SERVICES = ("api", "worker")


def _env(service: str) -> dict:
    return COMPOSE["services"][service]["environment"]


def test_compose_has_the_whole_stack():
    assert set(COMPOSE["services"]) == {"api", "worker", "redis", "postgres", "mailpit"}
    for name, svc in COMPOSE["services"].items():
        assert "image" in svc, name
        image = svc["image"]
        assert ":" in image and not image.endswith(":latest") or name in APP_SERVICES, \
            f"{name}: pin third-party images to a version ({image})"
        assert set(svc) <= {"image", "build", "command", "environment", "ports", "volumes", "depends_on",
                            "healthcheck", "restart", "deploy", "stop_signal", "stop_grace_period"}, name


def test_app_services_run_turnpost_against_the_stack():
    api, worker = COMPOSE["services"]["api"], COMPOSE["services"]["worker"]
    assert api["build"] == "." and worker["image"] == api["image"]
    assert api["command"][0] == "gunicorn" and "8000:8000" in api["ports"]
    assert worker["command"] == ["turnpost", "worker"]
    for name in APP_SERVICES:
        env = _env(name)
        assert env["REDIS_URL"] == "redis://redis:6379/0"
        assert env["DATABASE_URL"].startswith("postgresql+psycopg://turnpost:") and "@postgres:5432/" in env["DATABASE_URL"]
        assert env["SMTP_URL"] == "smtp://mailpit:1025"
        deps = COMPOSE["services"][name]["depends_on"]
        assert deps["postgres"]["condition"] == deps["redis"]["condition"] == "service_healthy"
        assert set(deps) <= set(COMPOSE["services"])
    assert COMPOSE["services"]["mailpit"]["ports"] == ["8025:8025"]


def test_no_secret_is_written_in_the_compose_file():
    # Secrets come from .env: Compose refuses to start when they are missing (${VAR:?...}).
    assert _env("api")["SECRET_KEY"].startswith("${SECRET_KEY:?")
    assert COMPOSE["services"]["postgres"]["environment"]["POSTGRES_PASSWORD"].startswith("${POSTGRES_PASSWORD:?")
    assert "${POSTGRES_PASSWORD:?" in _env("worker")["DATABASE_URL"]
    example = (ROOT / ".env.example").read_text()
    assert re.search(r"^SECRET_KEY=$", example, re.M) and re.search(r"^POSTGRES_PASSWORD=$", example, re.M)


def test_named_volumes_are_declared():
    used = {v.split(":")[0] for svc in COMPOSE["services"].values() for v in svc.get("volumes", [])}
    assert used == set(COMPOSE["volumes"])


def test_gunicorn_target_builds_the_app_with_the_relay(tmp_path, redis_url):
    target = COMPOSE["services"]["api"]["command"][-1]
    assert target in DOCKERFILE                    # the image's default command serves the same app
    module, call = target.split(":")
    factory = getattr(importlib.import_module(module), call.rstrip("()"))
    app = factory({"TURNPOST_DATA_DIR": str(tmp_path), "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite",
                   "REDIS_URL": redis_url, "SECRET_KEY": "x"})
    assert callable(app.extensions["turnpost_relay"])
    assert app.test_client().get("/v1/titles").status_code == 200      # the healthcheck's URL


def test_dockerfile_copies_what_the_package_needs():
    copied = set(re.findall(r"^COPY (?!--from)(.+?) \S+$", DOCKERFILE, re.M))
    sources = {p for line in copied for p in line.split()}
    for path in sources:
        assert (ROOT / path).exists(), path
    assert {"engine", "mcts", "service", "workers", "pyproject.toml", "setup.py"} <= sources


@pytest.mark.parametrize("script", ["scripts/serve", "scripts/test", "scripts/install", ".ci/run"])
def test_scripts_are_executable_bash(script):
    path = ROOT / script
    assert path.stat().st_mode & 0o111, f"{script} must be executable"
    assert path.read_text().startswith("#!/usr/bin/env bash\n")


def test_ci_runs_exactly_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"## Two commands.*?```bash\n(.*?)```", readme, re.S).group(1)
    commands = [shlex.split(line.split("#")[0])[0] for line in block.splitlines() if line.strip()]
    assert commands == ["./scripts/serve", "./scripts/test"]
    ci = [line for line in (ROOT / ".ci/run").read_text().splitlines()
          if line.strip() and not line.startswith(("#", "set ", "cd "))]
    assert ci == ["./scripts/test"]
