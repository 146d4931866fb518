"""Schemas of /v1/games/{id}/reclaim."""
import marshmallow as ma


class ReclaimSchema(ma.Schema):
    game_id = ma.fields.String(required=True)
    seat = ma.fields.Integer(required=True)
