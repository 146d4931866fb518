"""/v1/players: sign-up."""
from flask.views import MethodView
from flask_smorest import Blueprint
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from service.auth import new_token
from service.db import db
from service.errors import Conflict
from service.models import Player
from service.views.common import PROBLEM_JSON, ProblemSchema
from service.views.players.schemas import PlayerCreatedSchema, PlayerCreateSchema

blp = Blueprint("players", __name__, url_prefix="/v1/players", description="Players and their tokens.")


@blp.route("")
class Players(MethodView):
    """``/v1/players``."""

    @blp.arguments(PlayerCreateSchema)
    @blp.response(201, PlayerCreatedSchema)
    @blp.alt_response(409, schema=ProblemSchema, content_type=PROBLEM_JSON,
                      description="A player with this email exists (code `email_taken`).")
    def post(self, data):
        """Create a player

        Returns the player's id and bearer token. The token is shown only in this response and
        stored only as a hash: keep it. Emails are unique (compared case-insensitively).
        """
        session = db.session
        email = data["email"].strip().lower()
        if session.scalar(select(Player.id).where(Player.email == email)) is not None:
            raise Conflict("email_taken")
        token, digest = new_token()
        player = Player(name=data["name"], email=email, language=data["language"],
                        token_hash=digest)
        session.add(player)
        try:
            session.commit()
        except IntegrityError:
            session.rollback()
            raise Conflict("email_taken") from None
        return {"id": player.id, "token": token}
