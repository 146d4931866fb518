"""/v1/games: create games, view them, their legal decisions and their log."""
from flask.views import MethodView
from flask_smorest import Blueprint

from service import games, history
from service.auth import current_player, login_required
from service.db import db
from service.views.common import BEARER
from service.views.games.schemas import GameCreateSchema, GameSchema, LegalActionsSchema, LogSchema
from service.i18n import t

blp = Blueprint("games", __name__, url_prefix="/v1/games", description="Games.")


def _view(game_id: str):
    """Load a game for the caller: row, state, seats and the seat whose view they get."""
    player = current_player()
    session = db.session
    row = games.get_row(session, game_id)
    seats = games.seats_of(session, game_id)
    viewer = games.viewer_for(row, seats, player.id)
    row, state = games.load_state(session, game_id)
    return row, state, seats, viewer


@blp.route("")
class Games(MethodView):
    """``/v1/games``."""
    decorators = [login_required]

    @blp.doc(security=BEARER)
    @blp.arguments(GameCreateSchema)
    @blp.response(201, GameSchema)
    def post(self, data):
        """Create a game

        `seats` lists every seat in order: `{"player_id": n}` for a person, `{"ai": {"iterations": n}}`
        or `{"ai": {"seconds": s}}` for an AI seat. The creator must hold one of the seats; the seat
        count must match the game's number of players (the `players` option, where the game has one).
        Titles not listed in /v1/titles (test games) may still be created by name. Options marked
        `from_seats` in /v1/titles follow from which seats the AI plays and are set from `seats`
        (they appear in the game's `options`); a value that contradicts the seats is refused.

        `seed` may be chosen only when the creator is the only person seated. Chance at the start
        (deals, set-up rolls) is resolved at once; the first person to decide is notified.
        Refusals: 422 with the engine's code (`unknown_title`, `invalid_option`) or the service's
        (`wrong_seat_count`, `creator_not_seated`, `player_not_found`, `duplicate_player`,
        `seed_not_allowed`).
        """
        player = current_player()
        session = db.session
        row = games.create_game(session, player, data["title"], data["options"], data["seats"],
                                seed=data["seed"], turn_deadline_hours=data["turn_deadline_hours"])
        row, state = games.load_state(session, row.id)
        seats = games.seats_of(session, row.id)
        return games.game_view(row, seats, state, games.seat_of_player(seats, player.id))


@blp.route("/<string:game_id>")
class GameById(MethodView):
    """``/v1/games/{id}``."""
    decorators = [login_required]

    @blp.doc(security=BEARER)
    @blp.etag
    @blp.response(200, GameSchema)
    def get(self, game_id):
        """View a game

        The game as your seat sees it: `state` is the game's own JSON through your seat's view, so
        hidden information (other hands, face-down cards) never appears. `decision` is the number
        to send back as `expected_decision`. Non-participants see only finished games of
        perfect-information titles; any other game answers 404. Send `If-None-Match` with the
        `ETag` to get 304 when nothing changed.
        """
        row, state, seats, viewer = _view(game_id)
        return games.game_view(row, seats, state, viewer)


@blp.route("/<string:game_id>/actions")
class GameActions(MethodView):
    """``/v1/games/{id}/actions``."""
    decorators = [login_required]

    @blp.doc(security=BEARER)
    @blp.response(200, LegalActionsSchema)
    def get(self, game_id):
        """List your legal decisions now

        Each legal decision as the JSON object to send in `actions` and as text (in your language)
        to send in `text`. When it is not your decision, the list is empty and `reason_code` /
        `reason` say why (`finished`, `not_your_turn`).
        """
        lang = current_player().language
        row, state, _seats, viewer = _view(game_id)
        out = {"decision": row.decision_count, "your_turn": False, "reason_code": None,
               "reason": None, "actions": []}
        if row.status == "finished":
            out.update(reason_code="finished", reason=t("no_decision_reason_finished", lang))
        elif viewer is None or state.current_player() != viewer:
            out.update(reason_code="not_your_turn",
                       reason=t("no_decision_reason_other", lang, next_seat=row.next_seat))
        else:
            out["your_turn"] = True
            out["actions"] = [{"action": state.action_to_json(a),
                               "text": state.action_to_text(a, lang)}
                              for a in state.legal_actions()]
        return out


@blp.route("/<string:game_id>/log")
class GameLog(MethodView):
    """``/v1/games/{id}/log``."""
    decorators = [login_required]

    @blp.doc(security=BEARER)
    @blp.response(200, LogSchema)
    def get(self, game_id):
        """Read the game's log

        Every decision with its number, seat (-1 for chance), actor (`human`, `ai`, `chance`) and
        time, and its JSON and text (in your language) where you may see it. In perfect-information
        titles you see everything. In hidden-information titles an entry is `redacted` (JSON and
        text null) unless you took it or could tell it anyway from what you see: a deal to another
        seat or a card kept face down stays hidden; a bet on the table or your own deal is shown.
        """
        lang = current_player().language
        row, _state, _seats, viewer = _view(game_id)
        return {"entries": history.log_entries(db.session, row, viewer, lang)}
