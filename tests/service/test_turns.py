"""Submitting turns: JSON and text, atomicity, races, idempotency, and who may decide."""
import random
import threading

import engine
import pytest

from service import models, turns
from service.db import db
from service.errors import ApiError

from tests.service.helpers import count, new_game, outbox_rows, true_state


def _turn(client, player, game_id, **body):
    return client.post(f"/v1/games/{game_id}/turns", headers=player.h, json=body)


def test_a_turn_by_json_actions_moves_the_game_and_passes_the_decision(app, client, players):
    ana, bob = players.new("Ana"), players.new("Bob")
    g = new_game(client, ana, [ana, bob])
    r = _turn(client, ana, g["id"], expected_decision=2, actions=[{"bet": False}])
    assert r.status_code == 201
    assert r.json["decision"] == 3 and r.json["state"]["betting"] == ["pass"]
    assert r.json["next"] == {"seat": 1, "player_id": bob.id, "ai": False}
    assert outbox_rows(app)[-1] == ("notify_turn", {"game_id": g["id"], "seat": 1, "decision": 3})
    r = _turn(client, bob, g["id"], expected_decision=3, actions=[{"bet": False}])
    assert r.status_code == 201 and r.json["status"] == "finished"
    assert r.json["result"]["returns"] in ([1.0, -1.0], [-1.0, 1.0])
    assert r.json["seed"] is not None and r.json["next"] is None
    assert outbox_rows(app)[-1] == ("game_over", {"game_id": g["id"]})
    log = client.get(f"/v1/games/{g['id']}/log", headers=ana.h).json["entries"]
    assert [(e["number"], e["seat"], e["actor"]) for e in log] == [
        (0, -1, "chance"), (1, -1, "chance"), (2, 0, "human"), (3, 1, "human")]
    assert [e["text"] for e in log[2:]] == ["pass", "pass"]


@pytest.mark.parametrize("lang,text", [("en", "bet"), ("es", "apuesto")])
def test_a_turn_by_text_in_the_players_language(client, players, lang, text):
    ana, bob = players.new("Ana", lang), players.new("Bob")
    g = new_game(client, ana, [ana, bob])
    r = _turn(client, ana, g["id"], expected_decision=2, text=text)
    assert r.status_code == 201 and r.json["state"]["betting"] == ["bet"]
    log = client.get(f"/v1/games/{g['id']}/log", headers=ana.h).json["entries"]
    assert log[-1]["text"] == text and log[-1]["action"] == {"bet": True}


def test_unparsable_step_is_422_with_index_and_legal_alternatives_in_spanish(app, client, players):
    ana, bob = players.new("Ana", "es"), players.new("Bob")
    g = new_game(client, ana, [ana, bob])
    r = _turn(client, ana, g["id"], expected_decision=2, text="me rindo")
    assert r.status_code == 422 and r.json["code"] == "unparsable_step" and r.json["index"] == 0
    assert r.json["detail"] == "No se entiende el paso 'me rindo'."
    assert r.json["legal"] == [{"bet": False}, {"bet": True}]
    assert r.json["legal_text"] == ["paso", "apuesto"]
    r = _turn(client, ana, g["id"], expected_decision=2, actions=[{"bet": "maybe"}])
    assert r.status_code == 422 and r.json["code"] == "unparsable_step" and r.json["index"] == 0
    assert count(app, models.Decision, game_id=g["id"]) == 2


def test_steps_after_the_decision_passes_are_refused_whole(app, client, players):
    ana, bob = players.new("Ana"), players.new("Bob")
    g = new_game(client, ana, [ana, bob])
    for body in ({"actions": [{"bet": False}, {"bet": True}]}, {"text": "pass, bet"},
                 {"text": "pass, nonsense"}):
        r = _turn(client, ana, g["id"], expected_decision=2, **body)
        assert r.status_code == 422, r.json
        assert r.json["code"] == "not_your_decision" and r.json["index"] == 1
        assert "legal" not in r.json                  # never another seat's options
    assert count(app, models.Decision, game_id=g["id"]) == 2
    assert client.get(f"/v1/games/{g['id']}", headers=ana.h).json["decision"] == 2


def _consecutive_game():
    """A registered game and a reachable position where one seat takes two decisions in a row,
    or None (Kuhn poker alternates seats)."""
    for spec in engine.list_games(include_unlisted=True):
        game = engine.load_game(spec.name)
        rng = random.Random(5)
        for seed in range(20):
            state = game.new_initial_state(seed)
            path = []
            while not state.is_terminal() and len(path) < 400:
                if state.current_player() == engine.CHANCE:
                    state.apply_action(state.sample_chance())
                    continue
                seat = state.current_player()
                for a in state.legal_actions():
                    after = state.clone()
                    after.apply_action(a)
                    if after.current_player() == seat:
                        return spec, seed, path, a
                a = rng.choice(state.legal_actions())
                path.append(a)
                state.apply_action(a)
    return None


def test_an_illegal_step_in_the_middle_stores_nothing(app, client, players):
    found = _consecutive_game()
    if found is None:
        pytest.skip("no registered game has a seat taking two decisions in a row yet")
    spec, seed, path, first = found
    game = engine.load_game(spec.name)
    people = [players.new(f"P{i}") for i in range(game.num_players)]
    g = new_game(client, people[0], people, title=spec.name)
    # Drive the stored game along the same decisions (chance may differ: replay what was legal).
    state = true_state(app, g["id"])
    while not any(_still_mine(state, a) for a in state.legal_actions()):
        seat = state.current_player()
        a = state.legal_actions()[0]
        r = _turn(client, people[seat], g["id"], expected_decision=state.decision_count(),
                  actions=[state.action_to_json(a)])
        assert r.status_code == 201, r.json
        state = true_state(app, g["id"])
    seat = state.current_player()
    a = next(a for a in state.legal_actions() if _still_mine(state, a))
    before = count(app, models.Decision, game_id=g["id"])
    after = state.clone()
    after.apply_action(a)
    # A step that was legal a moment ago but is not after the first one (else one that is no step).
    stale = [state.action_to_json(x) for x in state.legal_actions()
             if state.action_to_json(x) not in [after.action_to_json(y) for y in after.legal_actions()]]
    second = stale[0] if stale else {"no such": "decision"}
    r = _turn(client, people[seat], g["id"], expected_decision=state.decision_count(),
              actions=[state.action_to_json(a), second])
    assert r.status_code == 422 and r.json["index"] == 1, r.json
    assert r.json["code"] in ("unparsable_step", "illegal_action")
    assert r.json["legal"] == [after.action_to_json(y) for y in after.legal_actions()]
    assert count(app, models.Decision, game_id=g["id"]) == before
    assert client.get(f"/v1/games/{g['id']}", headers=people[seat].h).json["decision"] == \
        state.decision_count()


def _still_mine(state, a):
    after = state.clone()
    after.apply_action(a)
    return after.current_player() == state.current_player()


def test_another_seats_decision_is_403_and_a_stale_number_409(app, client, players):
    ana, bob = players.new("Ana"), players.new("Bob", "es")
    g = new_game(client, ana, [ana, bob])
    r = _turn(client, bob, g["id"], expected_decision=2, actions=[{"bet": True}])
    assert r.status_code == 403 and r.json["code"] == "not_your_turn"
    assert r.json["detail"].startswith("Ahora no te toca")
    r = _turn(client, ana, g["id"], expected_decision=1, actions=[{"bet": True}])
    assert r.status_code == 409 and r.json["code"] == "stale_decision"
    assert r.json["current_decision"] == 2
    assert count(app, models.Decision, game_id=g["id"]) == 2


def test_two_racing_submissions_of_one_decision_exactly_one_lands(app, players):
    ana, bob = players.new("Ana"), players.new("Bob")
    g = new_game(app.test_client(), ana, [ana, bob])
    barrier = threading.Barrier(2)
    answers = [None, None]

    def go(i, bet):
        c = app.test_client()
        barrier.wait()
        answers[i] = c.post(f"/v1/games/{g['id']}/turns", headers=ana.h,
                            json={"expected_decision": 2, "actions": [{"bet": bet}]})

    threads = [threading.Thread(target=go, args=(i, i == 1)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    codes = sorted(a.status_code for a in answers)
    assert codes == [201, 409], [a.json for a in answers]
    loser = next(a for a in answers if a.status_code == 409)
    assert loser.json["code"] == "stale_decision" and loser.json["current_decision"] == 3
    assert count(app, models.Decision, game_id=g["id"]) == 3
    assert [k for k, _ in outbox_rows(app)].count("notify_turn") == 2     # creation + one move


def test_a_retry_with_the_same_idempotency_key_returns_the_same_answer_and_moves_once(app, client,
                                                                                       players):
    ana, bob = players.new("Ana"), players.new("Bob")
    g = new_game(client, ana, [ana, bob])
    body = {"expected_decision": 2, "actions": [{"bet": True}]}
    h = {**ana.h, "Idempotency-Key": "k-1"}
    first = client.post(f"/v1/games/{g['id']}/turns", headers=h, json=body)
    again = client.post(f"/v1/games/{g['id']}/turns", headers=h, json=body)
    assert first.status_code == again.status_code == 201
    assert first.json == again.json
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    assert count(app, models.Decision, game_id=g["id"]) == 3
    assert len(outbox_rows(app)) == 2
    other = client.post(f"/v1/games/{g['id']}/turns", headers=h,
                        json={"expected_decision": 3, "actions": [{"bet": False}]})
    assert other.status_code == 422 and other.json["code"] == "idempotency_key_reused"
    assert count(app, models.Decision, game_id=g["id"]) == 3


def test_ai_seats_submit_through_the_same_function(app, client, players):
    ana = players.new()
    g = new_game(client, ana, [{"ai": {"iterations": 10}}, ana])
    with app.app_context():
        with pytest.raises(ApiError) as e:            # a person cannot play the AI's seat
            turns.submit(db.session, g["id"], 0, 2, actions=[{"bet": True}], actor="human")
        assert e.value.status == 403
        with pytest.raises(ApiError) as e:
            turns.submit(db.session, g["id"], 0, 2, actions=[{"bet": "x"}], actor="ai")
        assert e.value.code == "unparsable_step" and e.value.extra["index"] == 0
        res = turns.submit(db.session, g["id"], 0, 2, actions=[{"bet": True}], actor="ai")
        assert res.status == 201 and res.decision == 3 and res.actions == [1]
        assert res.response["your_seat"] == 0
        with pytest.raises(ApiError) as e:
            turns.submit(db.session, g["id"], 0, 2, actions=[{"bet": True}], actor="ai")
        assert e.value.status == 409 and e.value.code == "stale_decision"
    log = client.get(f"/v1/games/{g['id']}/log", headers=ana.h).json["entries"]
    assert log[-1]["actor"] == "ai" and log[-1]["seat"] == 0
    assert outbox_rows(app)[-1] == ("notify_turn", {"game_id": g["id"], "seat": 1, "decision": 3})


def test_a_finished_game_takes_no_turns(client, players):
    ana, bob = players.new("Ana"), players.new("Bob")
    g = new_game(client, ana, [ana, bob])
    _turn(client, ana, g["id"], expected_decision=2, actions=[{"bet": True}])
    assert _turn(client, bob, g["id"], expected_decision=3, text="fold").status_code == 201
    r = _turn(client, ana, g["id"], expected_decision=4, text="bet")
    assert r.status_code == 409 and r.json["code"] == "game_finished"


def test_the_relay_hook_runs_after_each_commit_and_never_for_a_refusal(app, client, players):
    calls = []
    app.extensions["turnpost_relay"] = lambda: calls.append(len(outbox_rows(app)))
    ana, bob = players.new("Ana"), players.new("Bob")
    g = new_game(client, ana, [ana, bob])
    assert calls == [1]                            # the creation's row was committed first
    _turn(client, ana, g["id"], expected_decision=2, text="no such step")
    assert calls == [1]
    _turn(client, ana, g["id"], expected_decision=2, text="bet")
    assert calls == [1, 2]


def test_a_failing_relay_does_not_fail_the_committed_turn(app, client, players):
    def broken():
        raise ConnectionError("redis is down")
    app.extensions["turnpost_relay"] = broken
    ana, bob = players.new("Ana"), players.new("Bob")
    g = new_game(client, ana, [ana, bob])
    r = _turn(client, ana, g["id"], expected_decision=2, text="bet")
    assert r.status_code == 201
    assert [k for k, _ in outbox_rows(app)] == ["notify_turn", "notify_turn"]   # still pending


@pytest.mark.parametrize("body,code", [
    ({"actions": [{"bet": True}], "text": "bet"}, "actions_or_text"),
    ({}, "empty_turn"),
    ({"text": "  \n "}, "empty_turn"),
    ({"actions": []}, "validation_error"),
])
def test_a_turn_needs_exactly_one_non_empty_form(app, client, players, body, code):
    ana, bob = players.new("Ana"), players.new("Bob")
    g = new_game(client, ana, [ana, bob])
    r = _turn(client, ana, g["id"], expected_decision=2, **body)
    assert r.status_code == 422 and r.json["code"] == code
    assert count(app, models.Decision, game_id=g["id"]) == 2


def test_a_submission_that_read_before_another_landed_cannot_land_after_it(app, players):
    """The window the barrier race may miss, made certain: session A has read the game (decision
    2) when session B's submission commits; A's submission must then fail at the database guard."""
    ana, bob = players.new("Ana"), players.new("Bob")
    g = new_game(app.test_client(), ana, [ana, bob])
    ext = app.extensions["turnpost_db"]
    with ext.sessionmaker() as a, ext.sessionmaker() as b:
        assert a.get(models.Game, g["id"]).decision_count == 2      # A's stale read, kept in A
        turns.submit(b, g["id"], 0, 2, actions=[{"bet": True}])
        with pytest.raises(ApiError) as e:
            turns.submit(a, g["id"], 0, 2, actions=[{"bet": False}])
        assert e.value.status == 409 and e.value.code == "stale_decision"
        assert e.value.extra["current_decision"] == 3
    assert count(app, models.Decision, game_id=g["id"]) == 3
    log = app.test_client().get(f"/v1/games/{g['id']}/log", headers=ana.h).json["entries"]
    assert log[-1]["action"] == {"bet": True}


def test_two_racing_retries_with_one_idempotency_key_both_get_the_one_answer(app, players):
    ana, bob = players.new("Ana"), players.new("Bob")
    g = new_game(app.test_client(), ana, [ana, bob])
    barrier = threading.Barrier(2)
    answers = [None, None]

    def go(i):
        c = app.test_client()
        barrier.wait()
        answers[i] = c.post(f"/v1/games/{g['id']}/turns", headers={**ana.h, "Idempotency-Key": "same"},
                            json={"expected_decision": 2, "actions": [{"bet": True}]})

    threads = [threading.Thread(target=go, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [a.status_code for a in answers] == [201, 201], [a.json for a in answers]
    assert answers[0].json == answers[1].json
    assert count(app, models.Decision, game_id=g["id"]) == 3
    assert count(app, models.Idempotency) == 1
