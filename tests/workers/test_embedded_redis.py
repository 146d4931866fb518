"""The embedded Redis server that ``turnpost serve`` starts when no REDIS_URL is given."""
from __future__ import annotations

import pytest
import redis

from workers.embedded_redis import EmbeddedRedis, EmbeddedRedisError


def test_it_serves_and_keeps_its_data_across_restarts(tmp_path):
    with EmbeddedRedis(tmp_path / "redis") as server:
        conn = redis.Redis.from_url(server.url)
        conn.set("turnpost:probe", "kept")
        conn.close()
        pid = server.process.pid
    assert server.process is None
    with EmbeddedRedis(tmp_path / "redis") as again:
        assert again.process.pid != pid
        assert redis.Redis.from_url(again.url).get("turnpost:probe") == b"kept"


def test_without_persistence_nothing_is_written(tmp_path):
    with EmbeddedRedis(tmp_path / "redis", persist=False) as server:
        redis.Redis.from_url(server.url).set("k", "v")
    assert list((tmp_path / "redis").iterdir()) == []


def test_a_taken_port_is_reported(tmp_path):
    with EmbeddedRedis(tmp_path / "a", persist=False) as first:
        second = EmbeddedRedis(tmp_path / "b", persist=False, port=first.port)
        with pytest.raises(EmbeddedRedisError, match="exited at start"):
            second.start(timeout=20)
        assert second.process is None or second.process.poll() is not None
