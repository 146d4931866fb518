"""Where mail goes and what it says it comes from, from the environment.

=============== ============================================ =========================================
``SMTP_URL``     ``smtp://host:port`` (see transport)         unset: ``.eml`` files in ``<data>/mail/``
``MAIL_FROM``    the From header                              ``turnpost <turnpost@<MAIL_DOMAIN>>``
``MAIL_DOMAIN``  right-hand side of Message-IDs and addresses the host name of ``PUBLIC_URL``
=============== ============================================ =========================================
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from urllib.parse import urlsplit


@dataclass(frozen=True)
class MailSettings:
    """The mail side of the configuration."""

    smtp_url: str | None
    from_addr: str
    domain: str
    data_dir: str
    public_url: str
    secret_key: str

    @classmethod
    def from_config(cls, cfg) -> "MailSettings":
        """Build from a :class:`service.config.Config` plus the mail variables (which it may lack)."""
        def get(name):
            return getattr(cfg, name, None) or os.environ.get(name) or None
        public_url = cfg.PUBLIC_URL.rstrip("/")
        domain = get("MAIL_DOMAIN") or urlsplit(public_url).hostname or "localhost"
        return cls(smtp_url=get("SMTP_URL"), from_addr=get("MAIL_FROM") or f"turnpost <turnpost@{domain}>",
                   domain=domain, data_dir=cfg.TURNPOST_DATA_DIR, public_url=public_url,
                   secret_key=cfg.SECRET_KEY)
