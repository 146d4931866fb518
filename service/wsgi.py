"""The WSGI entry point for production servers: ``gunicorn 'service.wsgi:app()'``.

The same app as :func:`service.app.create_app`, plus the runtime's outbox relay when ``REDIS_URL`` is
set, so an AI seat's job is enqueued the moment a human's turn commits (without it the workers' sweep
still relays, seconds later).
"""
from __future__ import annotations

from service.app import create_app
from service.config import Config


def app(config: Config | dict | None = None):
    """The Flask app with the relay installed (if Redis is configured)."""
    flask_app = create_app(config)
    redis_url = flask_app.config.get("REDIS_URL")
    if redis_url:
        from workers.relay import install_relay
        install_relay(flask_app, redis_url)
    return flask_app
