"""Schemas of /v1/titles."""
import marshmallow as ma


class LocalizedSchema(ma.Schema):
    """A text in English and Spanish."""
    en = ma.fields.String(required=True)
    es = ma.fields.String(required=True)


class TitleSchema(ma.Schema):
    """A game on offer."""
    name = ma.fields.String(required=True, metadata={"description": "The `title` to create games."})
    title = ma.fields.Nested(LocalizedSchema, required=True)
    min_players = ma.fields.Integer(required=True)
    max_players = ma.fields.Integer(required=True)
    options = ma.fields.List(ma.fields.Dict(), required=True,
                             metadata={"description": "Option schemas: name, type, default, "
                                                      "choices or bounds, house_rule, description "
                                                      "en/es, and from_seats (true: set from which "
                                                      "seats the AI plays, not by the client)."})
    hidden_information = ma.fields.Boolean(required=True)
    metadata = ma.fields.Dict(required=True, metadata={
        "description": "The game's metadata with default options (ruleset, content version, ...)."})


class TitleListSchema(ma.Schema):
    """The games on offer."""
    titles = ma.fields.List(ma.fields.Nested(TitleSchema), required=True)
