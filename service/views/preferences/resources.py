"""/v1/me/preferences and /v1/unsubscribe/{token}: how and whether you get mail."""
from flask import current_app
from flask.views import MethodView
from flask_smorest import Blueprint

from service import models
from service.auth import current_player, login_required
from service.db import db
from service.errors import NotFound
from service.inbound.tokens import TokenError, read_unsubscribe_token
from service.models import utcnow
from service.views.common import BEARER
from service.views.preferences.schemas import PreferencesSchema, UnsubscribedSchema

blp = Blueprint("preferences", __name__, url_prefix="/v1",
                description="Notification preferences and one-click unsubscribe.")

FIELDS = ("mode", "digest_hours", "quiet_start", "quiet_end", "timezone", "unsubscribed")
DEFAULTS = {"mode": "each", "digest_hours": None, "quiet_start": None, "quiet_end": None,
            "timezone": "UTC", "unsubscribed": False}


def preferences_of(session, player_id: int) -> dict:
    """A player's preferences (the defaults if never set)."""
    row = session.get(models.NotificationPreference, player_id)
    return {f: getattr(row, f) for f in FIELDS} if row is not None else dict(DEFAULTS)


def _store(session, player_id: int, values: dict) -> None:
    row = session.get(models.NotificationPreference, player_id)
    if row is None:
        row = models.NotificationPreference(player_id=player_id, **DEFAULTS)
        session.add(row)
    for k, v in values.items():
        setattr(row, k, v)
    row.updated_at = utcnow()
    session.commit()


@blp.route("/me/preferences")
class Preferences(MethodView):
    decorators = [login_required]

    @blp.doc(security=BEARER)
    @blp.response(200, PreferencesSchema)
    def get(self):
        """Read your notification preferences"""
        return preferences_of(db.session, current_player().id)

    @blp.doc(security=BEARER)
    @blp.arguments(PreferencesSchema)
    @blp.response(200, PreferencesSchema)
    def put(self, data):
        """Replace your notification preferences

        `mode` `each` (a mail per turn) or `digest` (every `digest_hours`); quiet hours in your
        `timezone`; `unsubscribed` stops notification mail (deadlines still apply).
        """
        player = current_player()
        _store(db.session, player.id, {f: data.get(f, DEFAULTS[f]) for f in FIELDS})
        return preferences_of(db.session, player.id)


@blp.route("/unsubscribe/<string:token>")
class Unsubscribe(MethodView):

    @blp.response(200, UnsubscribedSchema)
    def post(self, token):
        """Unsubscribe in one click

        The target of every notification's `List-Unsubscribe` header (RFC 8058 one-click: mail
        clients POST here without a login). The token in the link names the player; an unknown
        or altered token answers 404.
        """
        try:
            player_id = read_unsubscribe_token(current_app.config["SECRET_KEY"], token)
        except TokenError:
            raise NotFound("not_found") from None
        if db.session.get(models.Player, player_id) is None:
            raise NotFound("not_found")
        _store(db.session, player_id, {"unsubscribed": True})
        return {"unsubscribed": True}
