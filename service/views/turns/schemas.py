"""Schemas of /v1/games/{id}/turns."""
import marshmallow as ma
from marshmallow import validate


class TurnSchema(ma.Schema):
    """A submission: JSON actions or text, with the decision number seen."""
    expected_decision = ma.fields.Integer(required=True, strict=True, validate=validate.Range(min=0),
                                          metadata={"description": "The game's `decision` you saw."})
    actions = ma.fields.List(ma.fields.Dict(), validate=validate.Length(min=1, max=200), metadata={
        "description": "Your decisions in order, as the JSON objects of /actions."})
    text = ma.fields.String(validate=validate.Length(min=1, max=2000), metadata={
        "description": "Or the same in the game's text notation, in your language."})


class IdempotencyHeaderSchema(ma.Schema):
    """The optional Idempotency-Key header."""
    idempotency_key = ma.fields.String(data_key="Idempotency-Key",
                                       validate=validate.Length(min=1, max=200), metadata={
        "description": "Makes retries safe: the same key and body return the first answer."})
