"""Schemas of /v1/games and its sub-resources (view, legal actions, log)."""
import marshmallow as ma
from marshmallow import validate

from service.games import SEED_LIMIT
from service.views.titles.schemas import LocalizedSchema


class AiSchema(ma.Schema):
    """The search budget of an AI seat."""
    iterations = ma.fields.Integer(strict=True, validate=validate.Range(min=1, max=1_000_000))
    seconds = ma.fields.Float(validate=validate.Range(min=0.01, max=600))

    @ma.validates_schema
    def _some_budget(self, data, **kwargs):
        if not data:
            raise ma.ValidationError("Give 'iterations' or 'seconds'.")


class SeatInSchema(ma.Schema):
    """One seat of a new game: a player or an AI."""
    player_id = ma.fields.Integer(strict=True, validate=validate.Range(min=1, max=2 ** 31 - 1),
                                  metadata={"description": "A human seat."})
    ai = ma.fields.Nested(AiSchema, metadata={"description": "An AI seat and its search budget."})

    @ma.validates_schema
    def _one_of(self, data, **kwargs):
        if ("player_id" in data) == ("ai" in data):
            raise ma.ValidationError("Give exactly one of 'player_id' and 'ai'.")


class GameCreateSchema(ma.Schema):
    """A new game."""
    title = ma.fields.String(required=True, validate=validate.Length(min=1, max=64),
                             metadata={"description": "A game name from /v1/titles."})
    options = ma.fields.Dict(keys=ma.fields.String(), load_default=dict)
    seed = ma.fields.Integer(strict=True, allow_none=True, load_default=None,
                             validate=validate.Range(min=0, max=SEED_LIMIT - 1), metadata={
        "description": "Only when you are the only person seated (whoever knows the seed can "
                       "foresee chance)."})
    seats = ma.fields.List(ma.fields.Nested(SeatInSchema), required=True,
                           validate=validate.Length(min=1, max=8))
    turn_deadline_hours = ma.fields.Integer(strict=True, allow_none=True, load_default=None,
                                            validate=validate.Range(min=1, max=24 * 60))


class NextSchema(ma.Schema):
    """Who decides next."""
    seat = ma.fields.Integer(required=True)
    player_id = ma.fields.Integer(allow_none=True, required=True)
    ai = ma.fields.Boolean(required=True)


class SeatSchema(ma.Schema):
    """A seat of a game."""
    seat = ma.fields.Integer(required=True)
    player_id = ma.fields.Integer(allow_none=True, required=True)
    name = ma.fields.String(allow_none=True, required=True)
    ai = ma.fields.Dict(allow_none=True, required=True)


class GameSchema(ma.Schema):
    """A game as the caller's seat sees it."""
    id = ma.fields.String(required=True)
    title = ma.fields.String(required=True)
    name = ma.fields.Nested(LocalizedSchema, required=True)
    options = ma.fields.Dict(required=True)
    status = ma.fields.String(required=True, validate=validate.OneOf(["active", "finished"]))
    decision = ma.fields.Integer(required=True, metadata={
        "description": "The decision number now: send it back as `expected_decision`."})
    next = ma.fields.Nested(NextSchema, allow_none=True, required=True,
                            metadata={"description": "Who decides next (null once finished)."})
    your_seat = ma.fields.Integer(allow_none=True, required=True)
    seats = ma.fields.List(ma.fields.Nested(SeatSchema), required=True)
    turn_deadline_hours = ma.fields.Integer(allow_none=True, required=True)
    deadline_at = ma.fields.String(allow_none=True, required=True)
    created_at = ma.fields.String(required=True)
    updated_at = ma.fields.String(required=True)
    state = ma.fields.Dict(required=True, metadata={
        "description": "The position as your seat sees it (the game's own JSON)."})
    result = ma.fields.Dict(allow_none=True, required=True,
                            metadata={"description": "`{returns: [...]}` once finished."})
    seed = ma.fields.Integer(allow_none=True, required=True,
                             metadata={"description": "Shown once the game is over."})


class LegalActionSchema(ma.Schema):
    """One legal decision, as JSON and as text."""
    action = ma.fields.Dict(required=True, metadata={"description": "Send this in `actions`."})
    text = ma.fields.String(required=True, metadata={"description": "Or this in `text`."})


class LegalActionsSchema(ma.Schema):
    """The caller's legal decisions now, or why there are none."""
    decision = ma.fields.Integer(required=True)
    your_turn = ma.fields.Boolean(required=True)
    reason_code = ma.fields.String(allow_none=True, required=True)
    reason = ma.fields.String(allow_none=True, required=True)
    actions = ma.fields.List(ma.fields.Nested(LegalActionSchema), required=True)


class LogEntrySchema(ma.Schema):
    """One decision of the log, as the caller may see it."""
    number = ma.fields.Integer(required=True)
    seat = ma.fields.Integer(required=True, metadata={"description": "-1 for chance."})
    actor = ma.fields.String(required=True, validate=validate.OneOf(["human", "ai", "chance"]))
    at = ma.fields.String(required=True)
    redacted = ma.fields.Boolean(required=True)
    action = ma.fields.Dict(allow_none=True, required=True)
    text = ma.fields.String(allow_none=True, required=True)


class LogSchema(ma.Schema):
    """The game's log."""
    entries = ma.fields.List(ma.fields.Nested(LogEntrySchema), required=True)
