"""/v1/me: the caller's own things."""
from flask.views import MethodView
from flask_smorest import Blueprint
from sqlalchemy import and_, select

from service.auth import current_player, login_required
from service.db import db
from service.games import iso
from service.models import Game, Seat
from service.views.common import BEARER
from service.views.me.schemas import WaitingListSchema

blp = Blueprint("me", __name__, url_prefix="/v1/me", description="Your games.")


@blp.route("/turns")
class MyTurns(MethodView):
    """``/v1/me/turns``."""
    decorators = [login_required]

    @blp.doc(security=BEARER)
    @blp.response(200, WaitingListSchema)
    def get(self):
        """List the games waiting for you

        Active games where you decide next, most urgent first: earliest deadline first (games
        without a deadline after those with one), then the one waiting longest.
        """
        player = current_player()
        rows = db.session.execute(
            select(Game, Seat.seat)
            .join(Seat, and_(Seat.game_id == Game.id, Seat.seat == Game.next_seat))
            .where(Seat.player_id == player.id, Game.status == "active")
            .order_by(Game.deadline_at.is_(None), Game.deadline_at, Game.updated_at, Game.id)
        ).all()
        return {"games": [{"id": g.id, "title": g.title, "seat": seat, "decision": g.decision_count,
                           "deadline_at": iso(g.deadline_at), "waiting_since": iso(g.updated_at)}
                          for g, seat in rows]}
