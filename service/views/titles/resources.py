"""/v1/titles: the games on offer."""
import engine
from flask.views import MethodView
from flask_smorest import Blueprint

from service.views.titles.schemas import TitleListSchema

blp = Blueprint("titles", __name__, url_prefix="/v1/titles", description="The games on offer.")


@blp.route("")
class Titles(MethodView):
    """``/v1/titles``."""

    @blp.response(200, TitleListSchema)
    def get(self):
        """List the games on offer

        Every listed registered game with its titles in English and Spanish, player counts, option
        schemas and metadata. No token needed.
        """
        out = []
        for spec in engine.list_games():
            out.append({
                "name": spec.name,
                "title": {"en": spec.title_en, "es": spec.title_es},
                "min_players": spec.min_players,
                "max_players": spec.max_players,
                "options": [o.to_json() for o in spec.all_options()],
                "hidden_information": spec.hidden_information,
                "metadata": engine.load_game(spec.name).metadata,
            })
        return {"titles": out}
