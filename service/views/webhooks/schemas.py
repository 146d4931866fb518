"""Schemas of /v1/webhooks."""
import marshmallow as ma

from service.webhooks import EVENTS


class WebhookInSchema(ma.Schema):
    url = ma.fields.Url(required=True, schemes={"http", "https"}, require_tld=False,
                        metadata={"description": "Where events are POSTed."})
    events = ma.fields.List(ma.fields.String(validate=ma.validate.OneOf(sorted(EVENTS))),
                            load_default=lambda: sorted(EVENTS),
                            metadata={"description": "Events to receive (default: all)."})


class WebhookSchema(ma.Schema):
    id = ma.fields.Integer(required=True)
    url = ma.fields.String(required=True)
    events = ma.fields.List(ma.fields.String(), required=True)
    active = ma.fields.Boolean(required=True)
    created_at = ma.fields.String(required=True)


class WebhookCreatedSchema(WebhookSchema):
    secret = ma.fields.String(required=True, metadata={
        "description": "The signing key, shown only in this answer: verify each delivery's "
                       "Turnpost-Signature with it."})


class WebhookListSchema(ma.Schema):
    webhooks = ma.fields.List(ma.fields.Nested(WebhookSchema), required=True)


class AttemptSchema(ma.Schema):
    number = ma.fields.Integer(required=True)
    started_at = ma.fields.String(required=True)
    duration_ms = ma.fields.Integer(required=True)
    status_code = ma.fields.Integer(allow_none=True, required=True)
    response = ma.fields.String(allow_none=True, required=True)
    error = ma.fields.String(allow_none=True, required=True)


class DeliverySchema(ma.Schema):
    id = ma.fields.Integer(required=True)
    event = ma.fields.String(required=True)
    payload = ma.fields.Dict(required=True)
    status = ma.fields.String(required=True)
    attempts = ma.fields.List(ma.fields.Nested(AttemptSchema), required=True)
    created_at = ma.fields.String(required=True)
    delivered_at = ma.fields.String(allow_none=True, required=True)


class DeliveryListSchema(ma.Schema):
    deliveries = ma.fields.List(ma.fields.Nested(DeliverySchema), required=True)
