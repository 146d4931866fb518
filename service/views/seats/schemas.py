"""Schemas of /v1/games/{id}/reclaim and /v1/games/{id}/resign."""
import marshmallow as ma


class ReclaimSchema(ma.Schema):
    game_id = ma.fields.String(required=True)
    seat = ma.fields.Integer(required=True)


class ResignSchema(ma.Schema):
    """What a resignation did."""
    game_id = ma.fields.String(required=True)
    seat = ma.fields.Integer(required=True, metadata={"description": "Your seat, the one resigned."})
    outcome = ma.fields.String(required=True, validate=ma.validate.OneOf(["game_over", "ai_plays"]),
                               metadata={"description": "`game_over`: the game ended; `ai_plays`: "
                                                        "the AI plays your seat to the end."})
    status = ma.fields.String(required=True, metadata={"description": "`active` or `finished`."})
    result = ma.fields.Dict(allow_none=True, metadata={
        "description": "The final result when the game ended: `returns` per seat, `resigned`, "
                       "`reason`."})
