"""The whole loop with real services: a real Redis server, a real RQ worker process, a real SMTP server.

Games are made and moved through the service's own functions (``service.games.create_game``,
``service.turns.submit``) and relayed the way the API relays after commit; the API-level walk is in
``test_api_loop.py``.
"""
from __future__ import annotations

import pytest
from rq.job import Job

from service import turns
from tests.conftest import flush_test_db, runtime_env
from tests.workers.helpers import decisions_of, human_vs_ai, migrated_sessions, pending_outbox
from workers import queues
from workers.relay import relay_pending

WAIT = 60      # generous: a shared 2-core CI machine; a pass normally takes well under a second


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request, tmp_path):
    """Each loop test runs on SQLite and, where the machine has it, on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/turnpost.db"
    return request.getfixturevalue("postgres_url")


def _to(addr):
    return lambda m: addr in str(m["To"])


def test_ai_moves_through_the_worker_and_the_human_is_mailed(
        database_url, tmp_path, redis_url, redis_conn, smtp_server, worker_process):
    flush_test_db(redis_conn)
    sessions = migrated_sessions(database_url)
    # AI on seat 0 moves first; the human on seat 1 reads Spanish.
    game_id, human = human_vs_ai(sessions, human_seat=1, language="es", seed=5)
    relay_pending(sessions, redis_conn)          # what the API does right after its commit
    worker_process(runtime_env(database_url=database_url, redis_url=redis_url, data_dir=tmp_path,
                               smtp_url=smtp_server.url), "--no-sweep")
    box = smtp_server.mailbox

    turn_mail = box.wait_for(lambda m: _to(human.email)(m) and "decisión 3" in m["Subject"], WAIT)
    log = decisions_of(sessions, game_id)
    assert [(n, seat, actor) for n, seat, _a, actor in log] == [
        (0, -1, "chance"), (1, -1, "chance"), (2, 0, "ai")]
    assert turn_mail["Subject"] == f"[turnpost] Póquer de Kuhn n.º {game_id}: te toca (decisión 3)"
    root = f"<turnpost.g{game_id}.s1@turnpost.test>"
    assert turn_mail["Message-ID"] == f"<turnpost.g{game_id}.s1.d3.turn@turnpost.test>"
    assert turn_mail["In-Reply-To"] == root and turn_mail["References"] == root
    assert turn_mail["Content-Language"] == "es"
    assert turn_mail["List-Unsubscribe"].startswith("<http://turnpost.test/v1/unsubscribe/")
    body = turn_mail.get_content()
    assert "Te toca en Póquer de Kuhn" in body
    assert "Tus decisiones legales ahora:" in body and "paso, apuesto" in body
    ai_word = {0: "paso", 1: "apuesto"}[log[2][2]]
    assert f"puesto 0 (IA): {ai_word}" in body           # what the AI did, in Spanish
    assert "Azar: (oculto para ti)" in body               # the AI's card was dealt out of sight
    assert f"http://turnpost.test/v1/games/{game_id}" in body

    # The human calls/bets; the hand ends after at most one more AI decision: a "game over" mail
    # closes the same thread.
    with sessions() as s:
        turns.submit(s, game_id, 1, 3, actions=[{"bet": True}], actor="human", player_id=human.id)
    relay_pending(sessions, redis_conn)
    over = box.wait_for(lambda m: _to(human.email)(m) and "partida terminada" in m["Subject"], WAIT)
    assert over["References"] == root
    assert over["Message-ID"] == f"<turnpost.g{game_id}.s1.end.over@turnpost.test>"
    assert "Resultado final:" in over.get_content()
    assert pending_outbox(sessions) == []
    final = decisions_of(sessions, game_id)
    assert final[3][1:] == (1, 1, "human")
    assert all(actor == "ai" for _n, seat, _a, actor in final if seat == 0)


def test_rows_left_pending_by_a_crash_are_picked_up_by_the_sweep(
        tmp_path, redis_url, redis_conn, smtp_server, worker_process):
    # The "crash": the game is committed with its outbox rows, and no relay ever runs for them.
    flush_test_db(redis_conn)
    database_url = f"sqlite:///{tmp_path}/turnpost.db"
    sessions = migrated_sessions(database_url)
    game_id, human = human_vs_ai(sessions, human_seat=1, seed=8)
    assert [k for k, _p in pending_outbox(sessions)] == ["ai_turn"]
    assert queues.get_queue(queues.AI, redis_conn).count == 0
    worker_process(runtime_env(database_url=database_url, redis_url=redis_url, data_dir=tmp_path,
                               smtp_url=smtp_server.url))
    mail = smtp_server.mailbox.wait_for(_to(human.email), WAIT)
    assert mail["Subject"] == f"[turnpost] Kuhn poker #{game_id}: your turn (decision 3)"
    assert [seat for _n, seat, _a, _x in decisions_of(sessions, game_id)] == [-1, -1, 0]
    assert pending_outbox(sessions) == []


def test_a_duplicated_ai_job_moves_once(tmp_path, redis_url, redis_conn, worker_process):
    flush_test_db(redis_conn)
    database_url = f"sqlite:///{tmp_path}/turnpost.db"
    sessions = migrated_sessions(database_url)
    game_id, _human = human_vs_ai(sessions, human_seat=1, seed=3, ai={"iterations": 2000})
    q = queues.get_queue(queues.AI, redis_conn)
    kwargs = {"game_id": game_id, "seat": 0, "decision": 2}
    # The same job twice (a duplicate relay under another id, a manual retry): both run.
    jobs = [q.enqueue("workers.ai.play_turn", kwargs=kwargs, job_id=f"dup-{i}-{game_id}")
            for i in range(2)]
    worker_process(runtime_env(database_url=database_url, redis_url=redis_url, data_dir=tmp_path),
                   "--no-sweep")
    results = []
    for job in jobs:
        res = Job.fetch(job.id, connection=redis_conn, serializer=queues.SERIALIZER).latest_result(
            timeout=WAIT)
        assert res is not None and res.type == res.Type.SUCCESSFUL, res and res.exc_string
        results.append(res.return_value)
    assert sorted(r["moved"] for r in results) == [False, True]
    assert [r.get("reason") for r in results if not r["moved"]] == ["already_moved"]
    ai_moves = [d for d in decisions_of(sessions, game_id) if d[3] == "ai"]
    assert len(ai_moves) == 1 and ai_moves[0][0] == 2
