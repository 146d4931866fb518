"""Pieces every resource shares: the problem-details schema and the bearer security requirement."""
from __future__ import annotations

import marshmallow as ma

#: The media type of every error response.
PROBLEM_JSON = "application/problem+json"

#: The OpenAPI security requirement of endpoints that need a player's token.
BEARER = [{"bearerAuth": []}]


class ProblemSchema(ma.Schema):
    """RFC 9457 problem details: the one error shape of the API (extension members allowed)."""

    class Meta:
        unknown = ma.INCLUDE

    type = ma.fields.String(metadata={"description": "A URI naming the problem type."})
    title = ma.fields.String(metadata={"description": "The HTTP status in words."})
    status = ma.fields.Integer(metadata={"description": "The HTTP status code."})
    code = ma.fields.String(metadata={"description": "Stable machine-readable code."})
    detail = ma.fields.String(metadata={"description": "What went wrong, in the caller's language."})
    errors = ma.fields.Dict(metadata={"description": "Invalid fields by request location."})
    index = ma.fields.Integer(metadata={"description": "Index of the failing step of a turn."})
    legal = ma.fields.List(ma.fields.Dict(),
                           metadata={"description": "The legal decisions at the failing step."})
    legal_text = ma.fields.List(ma.fields.String(),
                                metadata={"description": "The same, in the text notation."})
    reason = ma.fields.String(metadata={"description": "Why the step is illegal."})
    current_decision = ma.fields.Integer(allow_none=True, metadata={
        "description": "The game's decision number now (stale submissions)."})
