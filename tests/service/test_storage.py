"""Storage: the migrated schema is the models' schema, and loading from a snapshot equals replay."""
import random

import engine
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import delete, select

from service import games, models, turns
from service.db import db, make_engine, upgrade

from tests.service.helpers import count, new_game


def test_migrated_schema_equals_the_models(db_url):
    upgrade(db_url)
    upgrade(db_url)                          # idempotent: a second start changes nothing
    engine = make_engine(db_url)
    try:
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}),
                                    models.Base.metadata)
    finally:
        engine.dispose()
    assert diff == []


@pytest.fixture
def app_config(app_config):
    app_config["SNAPSHOT_EVERY"] = 2
    return app_config


def test_load_from_snapshot_equals_full_replay_and_needs_no_older_decisions(app, client, players):
    ana, bob = players.new("Ana"), players.new("Bob")
    g = new_game(client, ana, [ana, bob])
    for p, n, text in ((ana, 2, "pass"), (bob, 3, "bet")):
        r = client.post(f"/v1/games/{g['id']}/turns", headers=p.h,
                        json={"expected_decision": n, "text": text})
        assert r.status_code == 201
    with app.app_context():
        s = db.session
        numbers = s.scalars(select(models.Snapshot.number)
                            .where(models.Snapshot.game_id == g["id"])).all()
        assert sorted(numbers) == [2, 4]
        row, loaded = games.load_state(s, g["id"])
        replayed = games.replay_state(s, row)
        assert loaded.same_position(replayed)
        assert loaded.to_json(None) == replayed.to_json(None)
        # Proof that the snapshot is used: the decisions before it are no longer needed.
        s.execute(delete(models.Decision).where(models.Decision.game_id == g["id"],
                                                models.Decision.number < 4))
        s.commit()
        _row, again = games.load_state(s, g["id"])
        assert again.same_position(replayed)
    # ... and the game goes on from there.
    r = client.post(f"/v1/games/{g['id']}/turns", headers=ana.h,
                    json={"expected_decision": 4, "text": "bet"})
    assert r.status_code == 201 and r.json["status"] == "finished"
    assert count(app, models.Snapshot, game_id=g["id"]) == 2


def test_a_snapshot_of_another_content_version_is_ignored(app, client, players):
    ana, bob = players.new("Ana"), players.new("Bob")
    g = new_game(client, ana, [ana, bob])
    with app.app_context():
        s = db.session
        s.add(models.Snapshot(game_id=g["id"], number=2, content_version="old",
                              data=b"\x00" * 3))                     # unusable on purpose
        s.commit()
        row, state = games.load_state(s, g["id"])
        assert state.same_position(games.replay_state(s, row))


@pytest.mark.parametrize("name", [s.name for s in engine.list_games(include_unlisted=True)])
def test_every_game_loads_from_snapshots_as_it_replays(app, name):
    """Snapshots every 7 decisions (mid-turn too) give the state a full replay gives, for every
    registered game, at every step of a random game."""
    app.config["SNAPSHOT_EVERY"] = 7
    game = engine.load_game(name)
    rng = random.Random(name)
    with app.app_context():
        s = db.session
        people = [models.Player(name=f"P{i}", email=f"{name}{i}@example.org", language="en",
                                token_hash=f"{name}-{i}".ljust(64, "x")) for i in range(game.num_players)]
        s.add_all(people)
        s.commit()
        gid = games.create_game(s, people[0], name, {}, [{"player_id": p.id} for p in people]).id
        row, state = games.load_state(s, gid)
        while state.decision_count() < 40 and not state.is_terminal():
            a = rng.choice(state.legal_actions())
            turns.submit(s, gid, state.current_player(), state.decision_count(),
                         actions=[state.action_to_json(a)])
            row, state = games.load_state(s, gid)
            assert state.same_position(games.replay_state(s, row))
        assert count(app, models.Snapshot, game_id=gid) == state.decision_count() // 7
