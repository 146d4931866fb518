"""The Flask application factory. Extensions are created unbound at import and bound in
:func:`create_app`, so tests, gunicorn and the CLI each build their own app."""
from __future__ import annotations

import http

from flask import Flask
from flask_smorest import Api as _Api
from flask_smorest.utils import prepare_response

from service.config import Config
from service.db import db
from service.errors import from_http_exception, problem_response, register_error_handlers
from service.views import register_blueprints
from service.views.common import PROBLEM_JSON, ProblemSchema


class Api(_Api):
    """flask-smorest's Api with the one error shape: problem details for every error, including
    its own 422 validation errors, and documented as such."""

    ERROR_SCHEMA = ProblemSchema

    def _register_responses(self):
        # As flask-smorest's, but every error documented as application/problem+json.
        for status in http.HTTPStatus:
            response = {"description": status.phrase}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_JSON)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "An error (RFC 9457 problem details).",
                    "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, PROBLEM_JSON)
        self.spec.components.response("DEFAULT_ERROR", response, lazy=True)

    def handle_http_exception(self, error):
        if 300 <= (error.code or 500) < 400:
            return error
        return problem_response(from_http_exception(error))


api = Api()

API_DESCRIPTION = """Board games by email and REST, with Monte Carlo tree search opponents.

- Authenticate with `Authorization: Bearer <token>` (from `POST /v1/players`, shown once).
- Errors are RFC 9457 problem details (`application/problem+json`) with a stable `code` and a
  `detail` in the caller's language (the player's; else `Accept-Language` en/es).
- Game ids are random strings; player ids are plain numbers (you need them to seat people: the token
  is the secret). You see a game through your seat only: hidden information never appears. Others see a game only once it is over and only for perfect-information titles.
- A game's seed is shown once it is over (with it, chance could be foreseen).
- Turns carry `expected_decision` (the game's `decision`): a stale one is refused with 409, so two
  racing submissions can never both land. Several decisions in one turn apply all or none.
"""


def create_app(config: Config | dict | None = None) -> Flask:
    """Build the app. ``config`` is a :class:`Config` (default: from the environment) or a dict of
    overrides applied on top of it."""
    if config is None:
        config = Config()
    elif isinstance(config, dict):
        config = Config(**config)
    app = Flask("turnpost")
    app.config.from_mapping(config.as_dict())
    app.json.sort_keys = False
    db.init_app(app)
    api.init_app(app, spec_kwargs={"info": {"description": API_DESCRIPTION}})
    api.spec.components.security_scheme("bearerAuth", {"type": "http", "scheme": "bearer"})
    register_blueprints(api)
    app.extensions["turnpost_api"] = api
    register_error_handlers(app)
    return app
