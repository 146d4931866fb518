"""The service's configuration: one class, every value from an environment variable with a safe
default. Nothing secret lives in the repository: without ``SECRET_KEY`` a random key is generated once
into the data directory."""
from __future__ import annotations

import os
import secrets
from pathlib import Path


def _secret_key(data_dir: Path) -> str:
    # Generated once and kept beside the data so that restarts (and every gunicorn worker) agree.
    path = data_dir / "secret_key"
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        tmp = data_dir / f".secret_key.{os.getpid()}.{secrets.token_hex(4)}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
        try:
            os.link(tmp, path)          # atomic and refuses to overwrite: the first writer wins
        except FileExistsError:
            pass
        finally:
            os.unlink(tmp)
    return path.read_text().strip()


class Config:
    """Settings read from the environment when the object is made (``Config(**overrides)`` for tests).

    ``TURNPOST_DATA_DIR`` (default ``./turnpost-data``) holds the SQLite file, the generated secret key
    and whatever else the runtime keeps on disk. ``DATABASE_URL`` defaults to a SQLite file there.
    Mail: ``SMTP_URL``, ``MAIL_FROM``, ``MAIL_DOMAIN`` (out), ``TURNPOST_SMTP_LISTEN``,
    ``TURNPOST_INBOUND_SECRET``, ``TURNPOST_REPLY_TTL_DAYS`` (in). The README's configuration table
    lists every variable.
    """

    def __init__(self, **overrides):
        env = os.environ
        self.TURNPOST_DATA_DIR = str(Path(overrides.pop("TURNPOST_DATA_DIR", None)
                                          or env.get("TURNPOST_DATA_DIR", "./turnpost-data")).resolve())
        data = Path(self.TURNPOST_DATA_DIR)
        self.DATABASE_URL = env.get("DATABASE_URL") or f"sqlite:///{data / 'turnpost.db'}"
        self.REDIS_URL = env.get("REDIS_URL", "")
        self.PUBLIC_URL = env.get("PUBLIC_URL", "http://localhost:8000").rstrip("/")
        self.SNAPSHOT_EVERY = int(env.get("TURNPOST_SNAPSHOT_EVERY", "64"))
        self.AUTO_MIGRATE = env.get("TURNPOST_AUTO_MIGRATE", "1") not in ("0", "false", "no")
        self.SECRET_KEY = env.get("SECRET_KEY") or None
        # Mail out (service.mail.settings): unset SMTP_URL writes .eml files into <data dir>/mail;
        # unset MAIL_DOMAIN is PUBLIC_URL's host name, unset MAIL_FROM "turnpost <turnpost@domain>".
        self.SMTP_URL = env.get("SMTP_URL") or None
        self.MAIL_FROM = env.get("MAIL_FROM") or None
        self.MAIL_DOMAIN = env.get("MAIL_DOMAIN") or None
        # Mail in (service.inbound): the reply listener's host:port (unset: off), the shared secret
        # that turns on POST /v1/inbound-email, and how long a reply address works.
        self.SMTP_LISTEN = env.get("TURNPOST_SMTP_LISTEN") or None
        self.INBOUND_SECRET = env.get("TURNPOST_INBOUND_SECRET") or None
        self.REPLY_TTL_DAYS = float(env.get("TURNPOST_REPLY_TTL_DAYS", "30"))
        # flask-smorest: the contract and its interactive documentation.
        self.API_TITLE = "turnpost"
        self.API_VERSION = "v1"
        self.OPENAPI_VERSION = "3.0.3"
        self.OPENAPI_URL_PREFIX = "/"
        self.OPENAPI_JSON_PATH = "openapi.json"
        self.OPENAPI_SWAGGER_UI_PATH = "/docs"
        self.OPENAPI_SWAGGER_UI_URL = "https://cdn.jsdelivr.net/npm/swagger-ui-dist/"
        self.OPENAPI_REDOC_PATH = "/redoc"
        self.OPENAPI_REDOC_URL = "https://cdn.jsdelivr.net/npm/redoc/bundles/redoc.standalone.js"
        self.JSON_SORT_KEYS = False
        for k, v in overrides.items():
            setattr(self, k, v)
        if not self.SECRET_KEY:
            self.SECRET_KEY = _secret_key(data)

    def as_dict(self) -> dict:
        """Every setting, for ``app.config.from_mapping``."""
        return {k: v for k, v in vars(self).items() if k.isupper()}
