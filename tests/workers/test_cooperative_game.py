"""A cooperative hidden-information game through the whole runtime: Evoke-Soacha, mission 1, one person
and three AI agents, with the app and its relay (``service.wsgi.app``), a real worker process, a real
Redis and a real SMTP server. Nothing here names a rule the service knows about: the AI seats answer
trivia by chance because the seats imply it (``engine.Game.with_seats``), and the person answers by
choosing a letter, through the API or by replying to a mail.

No sleeps: the person waits for the mail that says it is their turn (or that the game is over), on
the mailbox's condition variable, with a timeout.
"""
from __future__ import annotations

import itertools
import random
import smtplib
import time
import uuid
from datetime import timedelta
from email.message import EmailMessage

import pytest

from sqlalchemy import update

import engine
from service import games, history, models
from service.db import db
from service.inbound.handle import app_handler
from service.inbound.listener import start_listener
from service.models import utcnow
from service.turns import submit
from service.wsgi import app as make_app
from tests.conftest import flush_test_db, runtime_env
from tests.workers.helpers import add_player, decisions_of, migrated_sessions
from workers.deadlines import play_overdue
from workers.embedded_redis import free_port

WAIT = 60                      # seconds for any one mail
GAME_BUDGET = 150              # seconds for the whole game
DOMAIN = "turnpost.test"
SECRET = "test-secret-not-for-production"
AI = {"iterations": 100}
LETTERS = "ABCD"


@pytest.fixture
def stack(tmp_path, redis_url, redis_conn, smtp_server, worker_process):
    """The app (relay installed), a worker process, and the SMTP listener for replies."""
    flush_test_db(redis_conn)
    db_url = f"sqlite:///{tmp_path}/turnpost.db"
    app = make_app({"DATABASE_URL": db_url, "TURNPOST_DATA_DIR": str(tmp_path), "REDIS_URL": redis_url,
                    "SECRET_KEY": SECRET, "PUBLIC_URL": f"http://{DOMAIN}",
                    "SMTP_URL": smtp_server.url})
    worker_process(runtime_env(database_url=db_url, redis_url=redis_url, data_dir=tmp_path,
                               smtp_url=smtp_server.url))
    port = free_port()
    listener = start_listener(f"127.0.0.1:{port}", app_handler(app), domain=DOMAIN)
    yield app, app.test_client(), smtp_server.mailbox, port
    listener.stop()
    app.extensions["turnpost_db"].engine.dispose()


def sign_up(client, name: str, mailbox: str, language: str):
    # The SMTP server lives for the whole session: an address of this test's own.
    email = f"{mailbox}.{uuid.uuid4().hex[:8]}@example.org"
    r = client.post("/v1/players", json={"name": name, "email": email, "language": language})
    assert r.status_code == 201, r.json
    return r.json["id"], email, {"Authorization": f"Bearer {r.json['token']}"}


def start_game(client, auth, player_id: int, seed: int) -> dict:
    r = client.post("/v1/games", headers=auth, json={
        "title": "evoke", "options": {"mission": 1}, "seed": seed,
        "seats": [{"player_id": player_id}, {"ai": AI}, {"ai": AI}, {"ai": AI}]})
    assert r.status_code == 201, r.json
    return r.json


def next_mail(box, address: str, seen: set):
    """The next mail to ``address`` not seen yet (a turn notification or the game's end)."""
    msg = box.wait_for(lambda m: address in str(m["To"]) and m["Message-ID"] not in seen, WAIT)
    seen.add(msg["Message-ID"])
    return msg


def test_one_person_and_three_ai_agents_play_a_whole_game_through_the_api(stack):
    app, client, box, _port = stack
    me, address, auth = sign_up(client, "Alice", "alice", "en")
    game = start_game(client, auth, me, seed=7)
    game_id = game["id"]
    # The seats set who answers trivia by chance; the client sent only the mission.
    assert [game["options"][f"agent{k}_ai"] for k in range(1, 5)] == [False, True, True, True]

    rng = random.Random(7)
    seen: set = set()
    trivia_answers = []            # (decision number, letter, the question as shown)
    turns = 0
    deadline = time.monotonic() + GAME_BUDGET
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        mail = next_mail(box, address, seen)
        view = client.get(f"/v1/games/{game_id}", headers=auth).json
        if view["status"] == "finished":
            break
        # A turn mail: the decision it names is pending for me.
        assert mail["Message-ID"] == f"<turnpost.g{game_id}.s0.d{view['decision']}.turn@{DOMAIN}>"
        assert view["next"] == {"seat": 0, "player_id": me, "ai": False}
        turns += 1
        while True:
            legal = client.get(f"/v1/games/{game_id}/actions", headers=auth).json
            assert legal["your_turn"]
            texts = [a["text"] for a in legal["actions"]]
            if texts == [f"answer {x}" for x in LETTERS]:
                # A trivia question, offered to me as a choice of option; I see it but not the key.
                seen_now = client.get(f"/v1/games/{game_id}", headers=auth).json["state"]
                trivia = seen_now["trivia"]
                assert [o[:3] for o in trivia["options"]["en"]] == [f"{x}) " for x in LETTERS]
                assert "answer" not in trivia
                choice = rng.randrange(4)
                ideas_before = seen_now["agents"][0]["ideas"]
                trivia_answers.append((legal["decision"], LETTERS[choice], trivia))
            elif "remove" in texts and rng.random() < 0.8:
                choice = texts.index("remove")          # a person who likes to clear problems
            else:
                choice = rng.randrange(len(texts))
            r = client.post(f"/v1/games/{game_id}/turns", headers=auth, json={
                "expected_decision": legal["decision"], "actions": [legal["actions"][choice]["action"]]})
            assert r.status_code == 201, r.json
            if trivia_answers and trivia_answers[-1][0] == legal["decision"]:
                # The verdict follows at once, judged by the key: it shows in what I see now.
                last = r.json["state"]["last_trivia"]
                assert last["question"] == trivia_answers[-1][2]["id"]
                assert last["option"] == trivia_answers[-1][1]
                assert last["node"] == trivia_answers[-1][2]["node"]
                ideas_after = r.json["state"]["agents"][0]["ideas"]
                assert ideas_after == ideas_before + (1 if last["right"] else 0)
            if r.json["status"] == "finished" or r.json["next"]["seat"] != 0:
                break

    assert turns >= 2 and trivia_answers, (turns, trivia_answers)
    log = client.get(f"/v1/games/{game_id}/log", headers=auth).json["entries"]
    by_number = {e["number"]: e for e in log}
    for number, letter, trivia in trivia_answers:
        entry = by_number[number]
        assert (entry["seat"], entry["actor"], entry["text"]) == (0, "human", f"answer {letter}")
        # The question was drawn by chance just before, in public, naming the question I was asked.
        drawn = by_number[number - 1]
        assert drawn["actor"] == "chance" and drawn["action"] == {"chance": "question",
                                                                  "question": trivia["id"]}
    with app.app_context():
        full = history.log_entries(db.session, games.get_row(db.session, game_id), None, "en")
    # The AI agents never chose a letter: each question they drew was answered by a chance verdict.
    assert not [e for e in full if e["seat"] in (1, 2, 3) and e["text"].startswith("answer")]
    ai_questions = [i for i, e in enumerate(full) if e["action"].get("chance") == "question"
                    and full[i - 1]["seat"] in (1, 2, 3)]
    assert ai_questions
    for i in ai_questions:
        assert full[i + 1]["actor"] == "chance" and full[i + 1]["action"]["chance"] == "judge"
    assert {e["actor"] for e in full if e["seat"] in (1, 2, 3)} == {"ai"}

    final = client.get(f"/v1/games/{game_id}", headers=auth).json
    assert final["state"]["outcome"] is not None
    returns = final["result"]["returns"]
    assert len(set(returns)) == 1                    # one team: every agent gets the same return
    # The stored options (the implied ones included) replay the log to the same game.
    with app.app_context():
        row, state = games.load_state(db.session, game_id)
        again = games.replay_state(db.session, row)
        assert again.to_json(None) == state.to_json(None) and again.is_terminal()
        assert engine.load_game("evoke", **row.options).options == row.options


def _first_seed_with_a_lone_problem_at_home() -> int:
    """A seed whose start shows agent 1 (seat 0, as that seat sees it) on a node with one problem,
    so that "remove" asks a trivia question at once."""
    g = engine.load_game("evoke", mission=1).with_seats([False, True, True, True])
    for seed in itertools.count():
        view = g.new_initial_state(seed).to_json(0)
        home = view["agents"][0]["node"]
        if next(n for n in view["nodes"] if n["id"] == home)["count"] == 1:
            return seed


def _reply(port: int, sender: str, to: str, body: str, message_id: str) -> None:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = "Re: turnpost"
    msg["Message-ID"] = f"<{message_id}@mail.example>"
    msg.set_content(body + "\n\nEl lun, 1 ene 2026, turnpost escribió:\n> Te toca.\n")
    with smtplib.SMTP("127.0.0.1", port, timeout=WAIT) as smtp:
        smtp.send_message(msg)


def test_a_trivia_question_reaches_the_person_by_mail_and_their_letter_is_played(stack):
    app, client, box, port = stack
    me, address, auth = sign_up(client, "Lucía", "lucia", "es")
    seed = _first_seed_with_a_lone_problem_at_home()
    game_id = start_game(client, auth, me, seed)["id"]
    home = client.get(f"/v1/games/{game_id}", headers=auth).json["state"]["agents"][0]["node"]

    turn = box.wait_for(lambda m: address in str(m["To"]) and f".g{game_id}." in m["Message-ID"],
                        WAIT)
    assert turn["Content-Language"] == "es"
    assert "quitar" in turn.get_content()

    # "quitar" by mail: the question is drawn, and the answer shows it with its options, in Spanish.
    _reply(port, address, turn["Reply-To"], "quitar", f"remove-{game_id}")
    answer = box.wait_for(lambda m: m["In-Reply-To"] == f"<remove-{game_id}@mail.example>", WAIT)
    lines = answer.get_content().splitlines()
    body = "\n".join(lines)
    assert answer["Subject"] == f"[turnpost] Partida {game_id}: jugada recibida"
    trivia = client.get(f"/v1/games/{game_id}", headers=auth).json["state"]["trivia"]
    assert trivia["node"] == home
    asked = lines.index(f"Pregunta de trivia: {trivia['question']['es']}")
    assert lines[asked + 1:asked + 5] == [f"  {option}" for option in trivia["options"]["es"]]
    assert trivia["question"]["en"] not in body
    assert "maestro de juego" not in body                # the key is the game master's alone
    assert answer["Reply-To"].startswith("play+")        # answering this mail plays the pending decision

    # The reply with a letter is played as the seat's decision, and judged.
    _reply(port, address, answer["Reply-To"], "B", f"answer-{game_id}")
    confirm = box.wait_for(lambda m: m["In-Reply-To"] == f"<answer-{game_id}@mail.example>", WAIT)
    assert "Tu jugada se ha registrado: B" in confirm.get_content()
    view = client.get(f"/v1/games/{game_id}", headers=auth).json
    last = view["state"]["last_trivia"]
    assert last == {"question": trivia["id"], "node": home, "option": "B", "right": last["right"]}
    node = next(n for n in view["state"]["nodes"] if n["id"] == home)
    ideas = view["state"]["agents"][0]["ideas"]
    if last["right"]:
        assert (node["count"], ideas) == (0, 1)         # the problem is gone, an idea earned
    else:
        assert node["count"] > 0 and ideas == 0
    log = client.get(f"/v1/games/{game_id}/log", headers=auth).json["entries"]
    # In Lucía's language: her removal, the public draw of her question, her letter.
    assert [(e["seat"], e["actor"]) for e in log[-3:]] == [(0, "human"), (-1, "chance"), (0, "human")]
    assert [log[-3]["text"], log[-1]["text"]] == ["quitar", "responder B"]
    assert log[-2]["action"] == {"chance": "question", "question": trivia["id"]}


def test_the_ai_answers_an_absent_persons_trivia_question_at_the_deadline(tmp_path, monkeypatch):
    # A seat the AI takes over keeps its options (the person's agent answers by choosing a letter),
    # so the AI chooses one by search, blind to the key, like any other decision.
    monkeypatch.setenv("TURNPOST_TAKEOVER_ITERATIONS", "200")
    sessions = migrated_sessions(f"sqlite:///{tmp_path}/turnpost.db")
    with sessions() as session:
        alice = add_player(session, "Alice")
        row = games.create_game(session, alice, "evoke", {"mission": 1},
                                [{"player_id": alice.id}, {"ai": AI}, {"ai": AI}, {"ai": AI}],
                                seed=_first_seed_with_a_lone_problem_at_home(), turn_deadline_hours=1)
        game_id = row.id
        assert row.options["agent1_ai"] is False
        submit(session, game_id, 0, 0, text="remove")
        row, state = games.load_state(session, game_id)
        asked = state.decision_count()
        assert [state.action_to_text(a) for a in state.legal_actions()] == [f"answer {x}" for x in LETTERS]
        session.execute(update(models.Game).where(models.Game.id == game_id)
                        .values(deadline_at=utcnow() - timedelta(minutes=1)))
        session.commit()

    report = play_overdue(sessions, game_id, 0, asked)
    assert report["claimed"] and report["played"] >= 1
    letter = report["actions"][0]["option"]
    assert report["actions"][0] == {"action": "answer", "option": letter} and letter in LETTERS
    number, seat, _action, actor = decisions_of(sessions, game_id)[asked]
    assert (number, seat, actor) == (asked, 0, "ai")
    with sessions() as session:
        row, state = games.load_state(session, game_id)
        assert row.options["agent1_ai"] is False                # the options did not change
        assert state.to_json(0)["last_trivia"]["option"] == letter
