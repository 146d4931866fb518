"""Options implied by the seats, through the API: set at creation from which seats the AI plays,
stored (so a reload is the same game), and a client value that contradicts the seats is refused in
the caller's language. The service names no game: the titles list says which options these are."""
import engine
from tests.service.helpers import new_game, true_state


def _from_seats(client, title):
    t = next(t for t in client.get("/v1/titles").json["titles"] if t["name"] == title)
    return [o["name"] for o in t["options"] if o["from_seats"]]


def test_titles_mark_the_options_that_follow_from_the_seats(client):
    for spec in engine.list_games():
        marked = _from_seats(client, spec.name)
        assert marked == [o.name for o in spec.all_options() if o.from_seats]
        assert bool(marked) == (spec.seat_options is not None)
    assert _from_seats(client, "evoke")                 # the cooperative trivia game has some


def test_creation_sets_them_from_the_seats_and_stores_them(app, client, players):
    me = players.new()
    seats = [{"ai": {"iterations": 10}}, me, {"ai": {"iterations": 10}}]
    game = new_game(client, me, seats, title="evoke", options={"players": 3})
    spec = engine.game_spec("evoke")
    implied = spec.seat_options([True, False, True])
    assert implied and all(game["options"][k] == v for k, v in implied.items())
    # The stored options rebuild the same game: the state loaded from storage is its initial state.
    stored = client.get(f"/v1/games/{game['id']}", headers=me.h).json["options"]
    assert stored == game["options"]
    again = engine.load_game("evoke", **stored).new_initial_state(true_state(app, game["id"]).seed)
    assert again.to_json(None) == true_state(app, game["id"]).to_json(None)


def test_a_value_that_contradicts_the_seats_is_refused(app, client, players):
    me = players.new(language="es")
    name, value = next(iter(engine.game_spec("evoke").seat_options([True, False]).items()))
    body = {"title": "evoke", "options": {"players": 2, name: not value},
            "seats": [{"ai": {"iterations": 10}}, {"player_id": me.id}]}
    r = client.post("/v1/games", json=body, headers=me.h)
    assert r.status_code == 422
    assert r.json["code"] == "invalid_option"
    assert r.json["option"] == name and r.json["implied"] == value
    assert "puestos" in r.json["detail"]               # the player's language
    # The same value as the seats imply is accepted (e.g. options copied from an earlier game).
    body["options"][name] = value
    assert client.post("/v1/games", json=body, headers=me.h).status_code == 201
