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
            return app.extensions["turnpost_api"].spec.to_dict()


class _Dumper(yaml.SafeDumper):
    pass


def _str(dumper, value: str):
    # Docstrings become descriptions: keep their lines readable as literal blocks.
    style = "|" if "\n" in value and not any(l != l.rstrip() for l in value.split("\n")) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def spec_yaml() -> str:
    """The OpenAPI document as YAML text (sorted keys, so the output is deterministic)."""
    return yaml.dump(spec_dict(), Dumper=_Dumper, sort_keys=True, allow_unicode=True, width=100)


def write_spec(path: str | Path = "openapi.yaml") -> Path:
    """Write the OpenAPI document to ``path``."""
    path = Path(path)
    path.write_text(spec_yaml(), encoding="utf-8")
    return path


if __name__ == "__main__":
    print(write_spec(Path(__file__).resolve().parent.parent / "openapi.yaml"))
