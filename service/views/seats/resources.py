"""/v1/games/{id}/reclaim: take your seat back from the AI."""
from flask.views import MethodView
from flask_smorest import Blueprint

from service import seats
from service.auth import current_player, login_required
from service.db import db
from service.views.common import BEARER
from service.views.seats.schemas import ReclaimSchema

blp = Blueprint("seats", __name__, url_prefix="/v1/games",
                description="Absent players: the AI plays after missed deadlines.")


@blp.route("/<string:game_id>/reclaim")
class Reclaim(MethodView):
    decorators = [login_required]

    @blp.doc(security=BEARER)
    @blp.response(200, ReclaimSchema)
    def post(self, game_id):
        """Reclaim your seat

        After several missed deadlines in a row the AI keeps playing your seat; this gives it back
        (by email: reply RECLAIM / RECUPERAR). If the decision is yours now, you get a fresh deadline
        and a notification. 409 `seat_not_taken_over` when the AI is not playing for you.
        """
        seat = seats.reclaim(db.session, game_id, current_player().id)
        return {"game_id": game_id, "seat": seat}
