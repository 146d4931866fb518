"""The RQ queues, named by purpose, and the one way to connect to them.

Every job goes through the JSON serializer: jobs carry ids and plain values, never pickled objects,
so a job enqueued by one version of the code can be read by another.
"""
from __future__ import annotations

from redis import Redis
from rq import Queue
from rq.serializers import JSONSerializer

#: AI seats' searches. Kept apart from mail so a slow search never delays a notification.
AI = "ai"
#: Outgoing email.
MAIL = "mail"
#: The order a worker listens in: a waiting human's opponent first, then their mail.
ALL = (AI, MAIL)

SERIALIZER = JSONSerializer


def connect(url: str) -> Redis:
    """A Redis connection for RQ (``redis://host:port/db`` or ``unix:///path?db=0``)."""
    return Redis.from_url(url, health_check_interval=30)


def get_queue(name: str, connection: Redis) -> Queue:
    """The queue ``name`` on ``connection``, with turnpost's serializer."""
    return Queue(name, connection=connection, serializer=SERIALIZER)
