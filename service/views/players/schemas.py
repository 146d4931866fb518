"""Schemas of /v1/players."""
import marshmallow as ma
from marshmallow import validate


class PlayerCreateSchema(ma.Schema):
    """A new player."""
    name = ma.fields.String(required=True, validate=[
        validate.Length(min=1, max=80),
        # Names go into email headers and databases: no control characters (NUL breaks PostgreSQL).
        validate.Regexp(r"^[^\x00-\x1f\x7f]+$", error="Control characters are not allowed.")])
    email = ma.fields.Email(required=True, validate=validate.Length(max=254))
    language = ma.fields.String(load_default="en", validate=validate.OneOf(["en", "es"]),
                                metadata={"description": "Language of messages and emails."})


class PlayerCreatedSchema(ma.Schema):
    """The new player's id and token."""
    id = ma.fields.Integer(required=True)
    token = ma.fields.String(required=True, metadata={
        "description": "Bearer token for this player. Shown only now: store it."})
