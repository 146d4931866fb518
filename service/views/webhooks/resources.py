"""/v1/webhooks: your webhook subscriptions and their delivery log."""
import secrets

from flask.views import MethodView
from flask_smorest import Blueprint
from sqlalchemy import select

from service import models
from service.auth import current_player, login_required
from service.db import db
from service.errors import NotFound
from service.games import iso
from service.views.common import BEARER
from service.views.webhooks.schemas import (DeliveryListSchema, WebhookCreatedSchema,
                                            WebhookInSchema, WebhookListSchema)

blp = Blueprint("webhooks", __name__, url_prefix="/v1/webhooks",
                description="Signed HTTP callbacks about your games.")

#: Deliveries listed per subscription, newest first.
DELIVERY_PAGE = 100


def _out(sub: models.WebhookSubscription) -> dict:
    return {"id": sub.id, "url": sub.url, "events": sub.events, "active": sub.active,
            "created_at": iso(sub.created_at)}


@blp.route("")
class Webhooks(MethodView):
    decorators = [login_required]

    @blp.doc(security=BEARER)
    @blp.response(200, WebhookListSchema)
    def get(self):
        """List your webhooks"""
        player = current_player()
        subs = db.session.scalars(select(models.WebhookSubscription)
                                  .where(models.WebhookSubscription.player_id == player.id)
                                  .order_by(models.WebhookSubscription.id)).all()
        return {"webhooks": [_out(s) for s in subs]}

    @blp.doc(security=BEARER)
    @blp.arguments(WebhookInSchema)
    @blp.response(201, WebhookCreatedSchema)
    def post(self, data):
        """Register a webhook

        Events about games you play (`turn`: the decision passed to a seat; `game_over`) are POSTed
        as JSON carrying ids only (`game_id`, `seat`, `decision`); fetch your view through the API.
        Each request has `Turnpost-Signature: t=<unix>,v1=<hex>`, the HMAC-SHA256 of
        `"<t>.<raw body>"` under the `secret` returned here (and only here). Failed deliveries are
        retried with backoff; the log is at `/v1/webhooks/{id}/deliveries`.
        """
        player = current_player()
        sub = models.WebhookSubscription(player_id=player.id, url=data["url"],
                                         secret="whsec_" + secrets.token_urlsafe(32),
                                         events=sorted(set(data["events"])), active=True)
        db.session.add(sub)
        db.session.commit()
        return {**_out(sub), "secret": sub.secret}, 201


@blp.route("/<int:webhook_id>/deliveries")
class Deliveries(MethodView):
    decorators = [login_required]

    @blp.doc(security=BEARER)
    @blp.response(200, DeliveryListSchema)
    def get(self, webhook_id):
        """List a webhook's deliveries and every attempt

        Newest first (up to 100). Each attempt shows the receiver's status code and the start of
        its answer, or the connection error.
        """
        player = current_player()
        # Ids beyond a 32-bit INTEGER cannot exist (and PostgreSQL would refuse the comparison).
        sub = db.session.get(models.WebhookSubscription, webhook_id) if webhook_id < 2**31 else None
        if sub is None or sub.player_id != player.id:
            raise NotFound("not_found")
        deliveries = db.session.scalars(
            select(models.WebhookDelivery).where(models.WebhookDelivery.subscription_id == sub.id)
            .order_by(models.WebhookDelivery.id.desc()).limit(DELIVERY_PAGE)).all()
        ids = [d.id for d in deliveries]
        attempts: dict[int, list] = {i: [] for i in ids}
        for a in db.session.scalars(select(models.WebhookAttempt)
                                    .where(models.WebhookAttempt.delivery_id.in_(ids))
                                    .order_by(models.WebhookAttempt.number)):
            attempts[a.delivery_id].append({
                "number": a.number, "started_at": iso(a.started_at), "duration_ms": a.duration_ms,
                "status_code": a.status_code, "response": a.response, "error": a.error})
        return {"deliveries": [{"id": d.id, "event": d.event, "payload": d.payload,
                                "status": d.status, "attempts": attempts[d.id],
                                "created_at": iso(d.created_at),
                                "delivered_at": iso(d.delivered_at)} for d in deliveries]}
