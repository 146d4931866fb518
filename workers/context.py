"""What jobs share inside one worker process: the configuration and one database engine.

Built lazily on first use, so importing a job module costs nothing and a job runs with whatever
environment the worker was started in.
"""
from __future__ import annotations

from functools import lru_cache

from service.config import Config
from service.db import make_engine, make_sessionmaker


@lru_cache(maxsize=1)
def config() -> Config:
    """The process's configuration (environment variables, read once)."""
    return Config()


@lru_cache(maxsize=1)
def sessions():
    """The process's session factory for ``DATABASE_URL``."""
    return make_sessionmaker(make_engine(config().DATABASE_URL))
