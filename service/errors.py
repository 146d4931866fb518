"""The one error shape of the API: RFC 9457 problem details, ``application/problem+json``::

    {"type": "https://turnpost.dev/problems/<code>", "title": ..., "status": 422,
     "code": "<code>", "detail": "<in the caller's language>", ...extra members}

:class:`ApiError` and its subclasses are what service code raises (the AI worker catches the same
classes); :func:`problem_response` renders any of them, engine errors, flask-smorest's validation errors
and Flask's own 404/405/500 the same way.
"""
from __future__ import annotations

import logging

from flask import jsonify
from werkzeug.exceptions import HTTPException

import engine
from service.i18n import request_language, t

log = logging.getLogger(__name__)
TYPE_BASE = "https://turnpost.dev/problems/"


class ApiError(Exception):
    """An error to show the caller: HTTP ``status``, stable ``code``, message params and extra
    members of the problem document (each a JSON value, or a callable of the language)."""

    status = 400

    def __init__(self, code: str, *, status: int | None = None, extra: dict | None = None,
                 headers: dict | None = None, message: dict | None = None, **params):
        super().__init__(code)
        self.code = code
        if status is not None:
            self.status = status
        self.params = params
        self.extra = extra or {}
        self.headers = headers or {}
        self._message = message           # {"en": ..., "es": ...} when the text comes from elsewhere

    def detail(self, lang: str = "en") -> str:
        """The human message in ``lang``."""
        if self._message:
            return self._message.get(lang) or self._message["en"]
        return t(self.code, lang, **{k: v(lang) if callable(v) else v for k, v in self.params.items()})

    def to_problem(self, lang: str = "en") -> dict:
        """The problem document in ``lang``."""
        doc = {"type": TYPE_BASE + self.code, "title": t(f"status_{self.status}", lang),
               "status": self.status, "code": self.code, "detail": self.detail(lang)}
        for k, v in self.extra.items():
            doc[k] = v(lang) if callable(v) else v
        return doc

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, status={self.status})"


class Unauthorized(ApiError):
    """No valid bearer token (401)."""

    status = 401


class Forbidden(ApiError):
    """Authenticated, but not allowed to do this now (403)."""

    status = 403


class NotFound(ApiError):
    """Nothing the caller may see at this address (404)."""

    status = 404


class Conflict(ApiError):
    """The game is not where the request expected it (409)."""

    status = 409


class Unprocessable(ApiError):
    """Understood, but refused: invalid or illegal content (422)."""

    status = 422


class EngineRejected(Unprocessable):
    """An engine error about a submission or a new game (code, message, index, legal alternatives).

    The legal alternatives are rendered from the state *at the failing step*, which is always the
    caller's own decision (steps in someone else's decision are refused before the engine sees them),
    so they show nothing the caller may not see.
    """

    def __init__(self, err: engine.EngineError, *, reason=None):
        extra = {}
        if err.index is not None:
            extra["index"] = err.index
        if err.legal is not None and err.at_state is not None:
            extra["legal"] = err.legal_json()
            extra["legal_text"] = err.legal_text
        if reason is not None:
            extra["reason"] = reason
        extra.update({k: v for k, v in err.details.items() if k not in extra})
        super().__init__(err.code, extra=extra, message=err.messages)


def problem_response(err: ApiError, lang: str | None = None):
    """The Flask response for ``err`` in the caller's language."""
    lang = lang or request_language()
    resp = jsonify(err.to_problem(lang))
    resp.status_code = err.status
    resp.mimetype = "application/problem+json"
    for k, v in err.headers.items():
        resp.headers[k] = v
    return resp


_HTTP_CODES = {400: "bad_request", 401: "unauthorized", 404: "not_found",
               405: "method_not_allowed", 415: "unsupported_media_type", 422: "validation_error"}


def from_http_exception(e: HTTPException) -> ApiError:
    """An :class:`ApiError` for a werkzeug/flask-smorest exception (validation errors keep their
    per-field messages under ``errors``)."""
    status = e.code or 500
    data = getattr(e, "data", None) or {}
    extra = {}
    errors = data.get("errors") or data.get("messages")
    if errors:
        # webargs nests messages by location ("json", "query", ...); keep that, it tells where.
        extra["errors"] = errors
    headers = dict(data.get("headers") or {})
    if status == 405 and getattr(e, "valid_methods", None):
        headers["Allow"] = ", ".join(e.valid_methods)
    if status >= 500:
        return ApiError("internal_error", status=500)
    code = _HTTP_CODES.get(status)
    if code is None:
        return ApiError(f"http_{status}", status=status, message={"en": e.description or e.name},
                        extra=extra, headers=headers)
    return ApiError(code, status=status, extra=extra, headers=headers)


def register_error_handlers(app) -> None:
    """Route every error to the problem shape (flask-smorest's own handler is overridden too)."""

    @app.errorhandler(ApiError)
    def _api_error(err):
        return problem_response(err)

    @app.errorhandler(engine.EngineError)
    def _engine_error(err):
        return problem_response(EngineRejected(err))

    @app.errorhandler(HTTPException)
    def _http(e):
        if 300 <= (e.code or 500) < 400:
            return e
        return problem_response(from_http_exception(e))

    @app.errorhandler(Exception)
    def _unexpected(e):
        log.exception("unhandled error")
        return problem_response(ApiError("internal_error", status=500))
