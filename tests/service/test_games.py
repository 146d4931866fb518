"""Creating games, viewing them (ETag), their legal actions, and the games waiting for a player."""
import random

import engine
import pytest

from service import games, models, turns
from service.db import db

from tests.service.helpers import count, new_game, outbox_rows


def test_create_against_a_human_resolves_the_deal_and_notifies_the_first_decider(app, client,
                                                                                  players):
    ana, bob = players.new("Ana"), players.new("Bob")
    g = new_game(client, ana, [ana, bob])
    assert g["status"] == "active" and g["your_seat"] == 0
    assert g["decision"] == 2                       # two chance deals already applied
    assert g["next"] == {"seat": 0, "player_id": ana.id, "ai": False}
    assert g["seed"] is None                        # never shown while the game runs
    assert count(app, models.Decision, game_id=g["id"], actor="chance") == 2
    assert outbox_rows(app) == [("notify_turn", {"game_id": g["id"], "seat": 0, "decision": 2})]


def test_create_against_an_ai_queues_its_turn_when_it_decides_first(app, client, players):
    ana = players.new()
    g = new_game(client, ana, [{"ai": {"iterations": 50}}, ana])
    assert g["next"] == {"seat": 0, "player_id": None, "ai": True}
    assert g["seats"][0]["ai"] == {"iterations": 50}
    assert outbox_rows(app) == [("ai_turn", {"game_id": g["id"], "seat": 0, "decision": 2})]


@pytest.mark.parametrize("body,status,code", [
    ({"title": "no_such_game"}, 422, "unknown_title"),
    ({"options": {"bogus": 1}}, 422, "invalid_option"),
    ({"seats": "one"}, 422, "wrong_seat_count"),
    ({"seats": "stranger"}, 422, "creator_not_seated"),
    ({"seats": "twice"}, 422, "duplicate_player"),
    ({"seats": "ghost"}, 422, "player_not_found"),
    ({"seed": 7}, 422, "seed_not_allowed"),
    ({"seats": [{"player_id": 1, "ai": {"iterations": 5}}]}, 422, "validation_error"),
])
def test_bad_games_are_refused_with_a_code_and_nothing_stored(app, client, players, body, status,
                                                             code):
    ana, bob, cy = players.new("Ana"), players.new("Bob", "es"), players.new("Cy")
    seats = {"one": [{"player_id": ana.id}],
             "stranger": [{"player_id": bob.id}, {"player_id": cy.id}],
             "twice": [{"player_id": ana.id}, {"player_id": ana.id}],
             "ghost": [{"player_id": ana.id}, {"player_id": 999999}]}
    full = {"title": "kuhn_poker", "seats": [{"player_id": ana.id}, {"player_id": bob.id}], **body}
    if isinstance(body.get("seats"), str):
        full["seats"] = seats[body["seats"]]
    r = client.post("/v1/games", json=full, headers=ana.h)
    assert (r.status_code, r.json["code"]) == (status, code), r.json
    assert r.json["detail"]
    assert count(app, models.Game) == 0 and count(app, models.Outbox) == 0


def test_a_seed_is_allowed_when_the_creator_is_the_only_person(client, players):
    ana = players.new()
    a = new_game(client, ana, [ana, {"ai": {"iterations": 10}}], seed=42)
    b = new_game(client, ana, [ana, {"ai": {"iterations": 10}}], seed=42)
    assert a["state"] == b["state"]                 # same seed, same deal


def test_view_has_an_etag_and_answers_304_until_the_game_moves(client, players):
    ana, bob = players.new("Ana"), players.new("Bob")
    g = new_game(client, ana, [ana, bob])
    r = client.get(f"/v1/games/{g['id']}", headers=ana.h)
    assert r.status_code == 200 and r.json == g
    etag = r.headers["ETag"]
    r = client.get(f"/v1/games/{g['id']}", headers={**ana.h, "If-None-Match": etag})
    assert r.status_code == 304 and r.data == b""
    # Each seat has its own view, so its own ETag.
    assert client.get(f"/v1/games/{g['id']}", headers=bob.h).headers["ETag"] != etag
    client.post(f"/v1/games/{g['id']}/turns", headers=ana.h,
                json={"expected_decision": 2, "actions": [{"bet": True}]})
    r = client.get(f"/v1/games/{g['id']}", headers={**ana.h, "If-None-Match": etag})
    assert r.status_code == 200 and r.json["decision"] == 3 and r.headers["ETag"] != etag


def test_non_participants_cannot_see_a_hidden_information_game(client, players):
    ana, bob, eve = players.new("Ana"), players.new("Bob"), players.new("Eve")
    g = new_game(client, ana, [ana, bob])
    for path in ("", "/actions", "/log"):
        r = client.get(f"/v1/games/{g['id']}{path}", headers=eve.h)
        assert r.status_code == 404 and r.json["code"] == "game_not_found"
    r = client.post(f"/v1/games/{g['id']}/turns", headers=eve.h,
                    json={"expected_decision": 2, "actions": [{"bet": True}]})
    assert r.status_code == 404


def test_legal_actions_in_the_callers_language_or_a_reason(client, players):
    ana, bob = players.new("Ana", "es"), players.new("Bob", "en")
    g = new_game(client, ana, [ana, bob])
    r = client.get(f"/v1/games/{g['id']}/actions", headers=ana.h).json
    assert r["your_turn"] and r["decision"] == 2
    assert r["actions"] == [{"action": {"bet": False}, "text": "paso"},
                            {"action": {"bet": True}, "text": "apuesto"}]
    r = client.get(f"/v1/games/{g['id']}/actions", headers=bob.h).json
    assert not r["your_turn"] and r["actions"] == [] and r["reason_code"] == "not_your_turn"
    assert "0" in r["reason"]


def test_my_turns_most_urgent_first(client, players):
    ana, bob = players.new("Ana"), players.new("Bob")
    no_deadline = new_game(client, ana, [ana, bob])
    late = new_game(client, ana, [ana, bob], turn_deadline_hours=48)
    soon = new_game(client, ana, [ana, bob], turn_deadline_hours=24)
    theirs = new_game(client, bob, [bob, ana])           # bob decides first there
    r = client.get("/v1/me/turns", headers=ana.h).json["games"]
    assert [x["id"] for x in r] == [soon["id"], late["id"], no_deadline["id"]]
    assert r[0]["deadline_at"] < r[1]["deadline_at"] and r[2]["deadline_at"] is None
    assert [x["id"] for x in client.get("/v1/me/turns", headers=bob.h).json["games"]] == [theirs["id"]]


def test_odd_identifiers_are_plain_refusals_on_every_database(client, players):
    ana = players.new()
    r = client.get("/v1/games/abc%00def", headers=ana.h)
    assert r.status_code == 404 and r.json["code"] == "game_not_found"
    r = client.post("/v1/games", headers=ana.h, json={
        "title": "kuhn_poker", "seats": [{"player_id": ana.id}, {"player_id": 2 ** 40}]})
    assert r.status_code == 422 and "seats" in r.json["errors"]["json"]
    r = client.post("/v1/players", json={"name": "a\x00b", "email": "nul@example.org"})
    assert r.status_code == 422 and "name" in r.json["errors"]["json"]


def _short_options(spec):
    """Limit-like options at their minimum, so a random game ends soon."""
    return {o.name: o.minimum for o in spec.all_options() if o.kind == "integer"
            and o.minimum is not None and any(w in o.name for w in ("limit", "rounds"))}


PERFECT = [s for s in engine.list_games() if not s.hidden_information]


@pytest.mark.skipif(not PERFECT, reason="no listed perfect-information game is registered")
def test_finished_perfect_information_games_are_public(app, client, players):
    spec = PERFECT[0]
    game = engine.load_game(spec.name, **_short_options(spec))
    people = [players.new(f"P{i}") for i in range(game.num_players)]
    eve = players.new("Eve")
    g = new_game(client, people[0], people, title=spec.name, options=_short_options(spec))
    assert client.get(f"/v1/games/{g['id']}", headers=eve.h).status_code == 404
    rng = random.Random(3)
    with app.app_context():
        for _ in range(2000):
            row, state = games.load_state(db.session, g["id"])
            if state.is_terminal():
                break
            a = rng.choice(state.legal_actions())
            turns.submit(db.session, g["id"], state.current_player(), state.decision_count(),
                         actions=[state.action_to_json(a)])
        full = state.to_json(None)
    if not state.is_terminal():
        pytest.skip(f"a random {spec.name} game did not end in 2,000 decisions")
    view = client.get(f"/v1/games/{g['id']}", headers=eve.h).json
    assert view["status"] == "finished" and view["your_seat"] is None
    assert view["state"] == full and view["seed"] is not None
    log = client.get(f"/v1/games/{g['id']}/log", headers=eve.h).json["entries"]
    assert len(log) == view["decision"] and not any(e["redacted"] for e in log)
    r = client.post(f"/v1/games/{g['id']}/turns", headers=eve.h,
                    json={"expected_decision": view["decision"], "text": "x"})
    assert r.status_code == 403 and r.json["code"] == "not_a_participant"
