"""Schemas of /v1/inbound-email."""
import marshmallow as ma


class StepErrorSchema(ma.Schema):
    index = ma.fields.Integer(required=True)
    step = ma.fields.String(required=True)
    code = ma.fields.String(required=True)
    message = ma.fields.String(required=True)
    legal = ma.fields.List(ma.fields.String(), required=True)


class OutcomeSchema(ma.Schema):
    code = ma.fields.String(required=True)
    game_id = ma.fields.String(allow_none=True)
    seat = ma.fields.Integer(allow_none=True)
    applied = ma.fields.Integer(metadata={"description": "Decisions stored."})
    errors = ma.fields.List(ma.fields.Nested(StepErrorSchema))
    commands = ma.fields.List(ma.fields.String())
    detail = ma.fields.String(allow_none=True)
    answer_message_id = ma.fields.String(allow_none=True)
