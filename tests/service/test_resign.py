"""POST /v1/games/{id}/resign: the one game-agnostic rule, on SQLite and PostgreSQL.

Two seats, not cooperative: the game ends, -1 for the resigner and +1 for the opponent, everyone is
told. Three or more seats (or cooperative): the AI plays the resigner's seat to the end and the
others are told. Repeats answer the same and store nothing; other cases are clear refusals.
"""
from __future__ import annotations

from service import models
from tests.service.helpers import count, new_game, outbox_rows


def _resign(client, game, who):
    return client.post(f"/v1/games/{game['id']}/resign", headers=who.h)


def test_resigning_a_two_seat_game_ends_it(app, client, players):
    ana, bob = players.new("Ana"), players.new("Bob", "es")
    # A perfect-information title, so a finished game is public and an outsider may look at it.
    game = new_game(client, ana, [ana, bob], title="ttykm")
    before = client.get(f"/v1/games/{game['id']}", headers=ana.h).json
    r = _resign(client, game, bob)
    assert r.status_code == 200, r.json
    assert r.json == {"game_id": game["id"], "seat": 1, "outcome": "game_over", "status": "finished",
                      "result": {"returns": [1.0, -1.0], "resigned": 1, "reason": "resignation"}}
    after = client.get(f"/v1/games/{game['id']}", headers=ana.h).json
    assert after["status"] == "finished" and after["next"] is None and after["deadline_at"] is None
    assert after["result"]["returns"] == [1.0, -1.0]
    assert after["decision"] == before["decision"]           # nobody moved: the log is untouched
    assert after["seed"] is not None                         # a finished game shows its seed
    assert ("game_over", {"game_id": game["id"]}) in outbox_rows(app)

    # Again: the same answer, and no second game_over.
    again = _resign(client, game, bob)
    assert again.status_code == 200 and again.json == r.json
    assert [k for k, _p in outbox_rows(app)].count("game_over") == 1
    # The winner cannot resign a finished game; nor can anyone move in it.
    r = _resign(client, game, ana)
    assert r.status_code == 409 and r.json["code"] == "game_finished"
    turn = client.post(f"/v1/games/{game['id']}/turns", headers=ana.h,
                       json={"expected_decision": after["decision"], "text": "anything"})
    assert turn.status_code == 409 and turn.json["code"] == "game_finished"
    # Someone who holds no seat: the game is public now, but there is no seat of theirs to resign.
    outsider = players.new("Eve")
    r = _resign(client, game, outsider)
    assert r.status_code == 403 and r.json["code"] == "not_a_participant"


def test_resigning_against_the_ai_while_it_is_your_turn(app, client, players):
    ana = players.new("Ana", "es")
    game = new_game(client, ana, [ana, {"ai": {"iterations": 10}}], seed=2)
    assert game["next"]["seat"] == 0
    r = _resign(client, game, ana)
    assert r.status_code == 200 and r.json["result"]["returns"] == [-1.0, 1.0]
    # No AI job or notification for a decision that will never be taken.
    kinds = [k for k, _p in outbox_rows(app)]
    assert kinds[-1] == "game_over" and "ai_turn" not in kinds


def test_resign_refusals(app, client, players):
    ana, bob, eve = players.new("Ana"), players.new("Bob"), players.new("Eve", "es")
    game = new_game(client, ana, [ana, bob])                # hidden information: kuhn poker
    r = _resign(client, game, eve)
    # An outsider learns nothing about a hidden-information game: as if it did not exist.
    assert r.status_code == 404 and r.json["code"] == "game_not_found"
    assert "partida" in r.json["detail"]
    r = client.post("/v1/games/nope/resign", headers=ana.h)
    assert r.status_code == 404 and r.json["code"] == "game_not_found"
    assert client.post(f"/v1/games/{game['id']}/resign").status_code == 401
    assert count(app, models.Outbox, kind="game_over") == 0


def test_resigning_a_three_seat_game_hands_the_seat_to_the_ai_for_good(app, client, players):
    ana, bob, cy = players.new("Ana"), players.new("Bob"), players.new("Cy", "es")
    game = new_game(client, ana, [ana, bob, cy], title="takyon", options={"players": 3})
    first = game["next"]["seat"]
    resigner = [ana, bob, cy][first]                         # the seat that decides now
    r = _resign(client, game, resigner)
    assert r.status_code == 200, r.json
    assert r.json == {"game_id": game["id"], "seat": first, "outcome": "ai_plays", "status": "active",
                      "result": None}
    view = client.get(f"/v1/games/{game['id']}", headers=ana.h).json
    assert view["status"] == "active" and view["seats"][first]["ai"]["takeover"] is True
    assert view["next"] == {"seat": first, "player_id": resigner.id, "ai": True}
    assert view["deadline_at"] is None
    rows = outbox_rows(app)
    # The AI plays the decision now, and the others are told.
    assert ("ai_turn", {"game_id": game["id"], "seat": first, "decision": view["decision"]}) in rows
    assert ("seat_resigned", {"game_id": game["id"], "seat": first}) in rows
    # The resigner can neither move nor reclaim the seat.
    turn = client.post(f"/v1/games/{game['id']}/turns", headers=resigner.h,
                       json={"expected_decision": view["decision"], "actions": [{}]})
    assert turn.status_code == 403 and turn.json["code"] == "not_your_turn"
    r = client.post(f"/v1/games/{game['id']}/reclaim", headers=resigner.h)
    assert r.status_code == 409 and r.json["code"] == "seat_resigned"
    # Again: the same answer, nothing new queued.
    n = len(rows)
    again = _resign(client, game, resigner)
    assert again.status_code == 200 and again.json["outcome"] == "ai_plays"
    assert len(outbox_rows(app)) == n
