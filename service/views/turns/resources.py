"""/v1/games/{id}/turns: submit decisions."""
from flask.views import MethodView
from flask_smorest import Blueprint

from service import games, turns
from service.errors import Forbidden
from service.auth import current_player, login_required
from service.db import db
from service.views.common import BEARER
from service.views.games.schemas import GameSchema
from service.views.turns.schemas import IdempotencyHeaderSchema, TurnSchema

blp = Blueprint("turns", __name__, url_prefix="/v1/games", description="Submitting turns.")


@blp.route("/<string:game_id>/turns")
class Turns(MethodView):
    """``/v1/games/{id}/turns``."""
    decorators = [login_required]

    @blp.doc(security=BEARER)
    @blp.arguments(IdempotencyHeaderSchema, location="headers")
    @blp.arguments(TurnSchema)
    @blp.response(201, GameSchema)
    def post(self, headers, data, game_id):
        """Submit a turn

        One or more of your decisions, as JSON objects in `actions` or as `text` in the game's
        notation (in your language), applied all or none. `expected_decision` is the game's
        `decision` you saw. Answers with your new view of the game.

        Refusals (nothing is stored): 403 `not_your_turn`; 409 `stale_decision` when the game has
        moved on (`current_decision` says where it is) or `game_finished`; 422 for a step that
        cannot be read (`unparsable_step`) or is illegal (`illegal_action`), with its `index`, a
        message and the `legal` alternatives as JSON and `legal_text`; 422 `not_your_decision`
        for a step after the decision has passed to someone else; 422
        `idempotency_key_reused` for a key already used with another request. A retry with the
        same `Idempotency-Key` and body gets the first answer again, marked by the header
        `Idempotent-Replayed: true`, and moves nothing.
        """
        player = current_player()
        session = db.session
        row = games.get_row(session, game_id)
        seats = games.seats_of(session, game_id)
        seat = games.seat_of_player(seats, player.id)
        if seat is None:
            games.viewer_for(row, seats, player.id)       # 404 unless it is public
            raise Forbidden("not_a_participant", game_id=game_id)
        result = turns.submit(session, game_id, seat, data["expected_decision"],
                              actions=data.get("actions"), text=data.get("text"),
                              lang=player.language, actor="human",
                              idempotency_key=headers.get("idempotency_key"), player_id=player.id)
        headers = {"Idempotent-Replayed": "true"} if result.replayed else {}
        return result.response, result.status, headers
