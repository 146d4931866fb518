"""The API contract, generated from the app: ``write_spec(path)`` writes ``openapi.yaml``
deterministically (sorted keys), and a test fails when the checked-in file drifts."""
from __future__ import annotations

import tempfile
from pathlib import Path

import yaml


def spec_dict() -> dict:
    """The OpenAPI document of a fresh app (on a throw-away SQLite database)."""
    from service.app import create_app
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TURNPOST_DATA_DIR": tmp, "DATABASE_URL": f"sqlite:///{tmp}/spec.db",
                          "SECRET_KEY": "spec"})
        with app.app_context():
            return app.extensions["flask-smorest"]["apis"][""]["spec"].to_dict()


def spec_yaml() -> str:
    """The OpenAPI document as YAML text."""
    return yaml.safe_dump(spec_dict(), sort_keys=True, allow_unicode=True, width=100)


def write_spec(path: str | Path = "openapi.yaml") -> Path:
    """Write the OpenAPI document to ``path``."""
    path = Path(path)
    path.write_text(spec_yaml(), encoding="utf-8")
    return path


if __name__ == "__main__":
    print(write_spec(Path(__file__).resolve().parent.parent / "openapi.yaml"))
