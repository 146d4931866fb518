"""The REST resources, one package per resource (``resources.py`` beside ``schemas.py``)."""
from __future__ import annotations


def register_blueprints(api) -> None:
    """Register every resource's blueprint on the flask-smorest ``api``."""
    from service.views.games.resources import blp as games
    from service.views.me.resources import blp as me
    from service.views.players.resources import blp as players
    from service.views.titles.resources import blp as titles
    from service.views.turns.resources import blp as turns
    for blp in (players, titles, games, turns, me):
        api.register_blueprint(blp)
    from service.views.inbound.resources import blp as inbound          # issue 5: email in
    from service.views.preferences.resources import blp as preferences  # issue 5: mail settings
    from service.views.seats.resources import blp as seats              # issue 5: reclaim
    from service.views.webhooks.resources import blp as webhooks        # issue 5: webhooks
    for blp in (webhooks, inbound, preferences, seats):
        api.register_blueprint(blp)
