"""/v1/games/{id}/reclaim and /v1/games/{id}/resign: who plays your seat."""
from flask.views import MethodView
from flask_smorest import Blueprint

from service import resign, seats
from service.auth import current_player, login_required
from service.db import db
from service.views.common import BEARER
from service.views.seats.schemas import ReclaimSchema, ResignSchema

blp = Blueprint("seats", __name__, url_prefix="/v1/games",
                description="Absent players: the AI plays after missed deadlines or a resignation.")


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


@blp.route("/<string:game_id>/resign")
class Resign(MethodView):
    decorators = [login_required]

    @blp.doc(security=BEARER)
    @blp.response(200, ResignSchema)
    def post(self, game_id):
        """Resign

        Resigns your seat (by email: reply RESIGN / ABANDONO). The rule is the same for every game:
        in a two-seat game that is not cooperative the game ends now, your return is -1 (the lowest)
        and your opponent's +1, `result.resigned` is your seat and everyone is told (`outcome`
        `game_over`). In any other game (three or more seats, or cooperative) the game goes on: the
        AI plays your seat to the end, you cannot reclaim it, and the other players are told
        (`outcome` `ai_plays`). Resigning again returns the same answer and changes nothing.
        404 `game_not_found` for a game you cannot see, 403 `not_a_participant` when you hold no
        seat, 409 `game_finished` when the game is already over.
        """
        return resign.resign(db.session, game_id, current_player().id)
