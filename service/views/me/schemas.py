"""Schemas of /v1/me."""
import marshmallow as ma


class WaitingGameSchema(ma.Schema):
    """A game waiting for the caller."""
    id = ma.fields.String(required=True)
    title = ma.fields.String(required=True)
    seat = ma.fields.Integer(required=True)
    decision = ma.fields.Integer(required=True)
    deadline_at = ma.fields.String(allow_none=True, required=True)
    waiting_since = ma.fields.String(required=True)


class WaitingListSchema(ma.Schema):
    """The games waiting for the caller, most urgent first."""
    games = ma.fields.List(ma.fields.Nested(WaitingGameSchema), required=True)
