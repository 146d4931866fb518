"""The tables, as SQLAlchemy 2 typed models. The decision log is the truth about a game; the
``games`` row is a summary kept in step with it (who decides next, status, deadline) and ``snapshots``
a cache keyed by the game's content version."""
from __future__ import annotations

import secrets
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import (JSON, BigInteger, DateTime, ForeignKey, Index, Integer, LargeBinary, String,
                        UniqueConstraint)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    """Now, timezone-aware UTC (stored as such on both databases)."""
    return datetime.now(timezone.utc)


def new_game_id() -> str:
    """A short random id: game ids are not guessable, so they can appear in email links."""
    return secrets.token_urlsafe(9)


class Base(DeclarativeBase):
    """The declarative base of every table."""
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON, datetime: DateTime(timezone=True)}


class Player(Base):
    """A person with a bearer token (stored hashed) and a language."""
    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    email: Mapped[str] = mapped_column(String(254), unique=True)
    language: Mapped[str] = mapped_column(String(5))
    # SHA-256 of the bearer token: the token itself is shown once and never stored.
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Game(Base):
    """One game: title, options, seed, and a summary of where it stands."""
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(16), primary_key=True, default=new_game_id)
    title: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]]
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), default="active")      # active | finished
    num_players: Mapped[int]
    decision_count: Mapped[int] = mapped_column(default=0)
    next_seat: Mapped[int | None]                                           # None once finished
    turn_deadline_hours: Mapped[int | None]
    deadline_at: Mapped[datetime | None]
    created_by: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Since when the current decider has been waiting (the "oldest first" order of /v1/me/turns).
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    result: Mapped[dict[str, Any] | None]
    content_version: Mapped[str] = mapped_column(String(32))


class Seat(Base):
    """A seat of a game: a player, or an AI with its search budget."""
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), index=True)
    ai: Mapped[dict[str, Any] | None]                                      # search budget of an AI seat


class Decision(Base):
    """One decision of the log (chance outcomes included): the truth about a game."""
    __tablename__ = "decisions"
    # The guard against racing submissions: two can never both store decision n of one game.
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_decisions_game_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    number: Mapped[int]                     # state.decision_count() before this decision
    seat: Mapped[int]                       # -1 for a chance outcome
    action: Mapped[int]
    actor: Mapped[str] = mapped_column(String(8))                          # human | ai | chance
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Snapshot(Base):
    """A cached state after ``number`` decisions, valid for one content version."""
    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)                  # decisions applied
    content_version: Mapped[str] = mapped_column(String(32), primary_key=True)
    data: Mapped[bytes] = mapped_column(LargeBinary)


class Idempotency(Base):
    """The stored answer of a submission made with an Idempotency-Key."""
    __tablename__ = "idempotency"
    __table_args__ = (UniqueConstraint("scope", "key", name="uq_idempotency_scope_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # "player:<id>" for people, "seat:<game>:<seat>" for AI seats (which have no player).
    scope: Mapped[str] = mapped_column(String(64))
    key: Mapped[str] = mapped_column(String(200))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    request_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[int]
    response: Mapped[dict[str, Any]]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Outbox(Base):
    """A message to relay to the workers after its transaction commits."""
    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_pending", "relayed_at", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    payload: Mapped[dict[str, Any]]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    relayed_at: Mapped[datetime | None]
    attempts: Mapped[int] = mapped_column(default=0)


# ------------------------------------------------------------------ play by email, absent players,
# webhooks and notification preferences (issue 5)
from sqlalchemy import ForeignKeyConstraint  # noqa: E402  (kept with the tables that use it)

class InboundMessage(Base):
    """A reply email already handled, by Message-ID: a redelivered mail acts once."""
    __tablename__ = "inbound_messages"

    # SHA-256 of the Message-ID: ids may be longer than an index allows and are attacker-chosen.
    message_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    sender: Mapped[str] = mapped_column(String(254))
    game_id: Mapped[str | None] = mapped_column(String(16))
    outcome: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class SeatControl(Base):
    """Deadline takeovers of a human seat: consecutive count, and whether the AI now plays it until
    the player reclaims it (while it does, ``seats.ai`` holds the takeover budget)."""
    __tablename__ = "seat_control"
    __table_args__ = (ForeignKeyConstraint(["game_id", "seat"], ["seats.game_id", "seats.seat"]),)

    game_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    consecutive_takeovers: Mapped[int] = mapped_column(default=0)
    # Decision number of the latest takeover; a human decision after it resets the count.
    last_takeover: Mapped[int | None]
    # "turn": the AI holds the seat for the rest of one overdue turn; "until_reclaim": until the
    # player reclaims it; None: the player plays.
    ai_mode: Mapped[str | None] = mapped_column(String(16))
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class NotificationPreference(Base):
    """How a player wants turn mail: each turn or a digest every N hours, quiet hours, or none."""
    __tablename__ = "notification_preferences"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    mode: Mapped[str] = mapped_column(String(8), default="each")           # each | digest
    digest_hours: Mapped[int | None]
    quiet_start: Mapped[str | None] = mapped_column(String(5))             # "22:00", local time
    quiet_end: Mapped[str | None] = mapped_column(String(5))
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")
    unsubscribed: Mapped[bool] = mapped_column(default=False)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    # When the latest digest went out (digest mode: the next one waits digest_hours after it).
    digest_sent_at: Mapped[datetime | None]


class WebhookSubscription(Base):
    """A player's webhook: events about their games are POSTed, signed, to ``url``."""
    __tablename__ = "webhook_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    url: Mapped[str] = mapped_column(String(2000))
    # The HMAC key must be readable to sign with; it is shown to the owner once, at creation.
    secret: Mapped[str] = mapped_column(String(80))
    events: Mapped[list[Any]]
    active: Mapped[bool] = mapped_column(default=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class WebhookDelivery(Base):
    """One event for one subscription; ``event_key`` makes the fan-out idempotent."""
    __tablename__ = "webhook_deliveries"
    __table_args__ = (UniqueConstraint("subscription_id", "event_key", name="uq_webhook_event"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    subscription_id: Mapped[int] = mapped_column(ForeignKey("webhook_subscriptions.id"), index=True)
    event: Mapped[str] = mapped_column(String(32))
    event_key: Mapped[str] = mapped_column(String(64))
    payload: Mapped[dict[str, Any]]
    status: Mapped[str] = mapped_column(String(12), default="pending")   # pending|delivered|failed
    attempts: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    delivered_at: Mapped[datetime | None]


class WebhookAttempt(Base):
    """One POST of a delivery: what the receiver answered, or why it could not be reached."""
    __tablename__ = "webhook_attempts"
    __table_args__ = (UniqueConstraint("delivery_id", "number", name="uq_webhook_attempt"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    delivery_id: Mapped[int] = mapped_column(ForeignKey("webhook_deliveries.id"), index=True)
    number: Mapped[int]
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    duration_ms: Mapped[int]
    status_code: Mapped[int | None]
    response: Mapped[str | None] = mapped_column(String(500))
    error: Mapped[str | None] = mapped_column(String(500))


class WebhookFanout(Base):
    """Outbox rows already turned into webhook deliveries (the relay marks rows for RQ; this marks
    them for webhooks, so neither waits for the other and a crash in between loses nothing)."""
    __tablename__ = "webhook_fanout"

    outbox_id: Mapped[int] = mapped_column(ForeignKey("outbox.id"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
