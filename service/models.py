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
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON, datetime: DateTime(timezone=True)}


class Player(Base):
    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    email: Mapped[str] = mapped_column(String(254), unique=True)
    language: Mapped[str] = mapped_column(String(5))
    # SHA-256 of the bearer token: the token itself is shown once and never stored.
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Game(Base):
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
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), index=True)
    ai: Mapped[dict[str, Any] | None]                                      # search budget of an AI seat


class Decision(Base):
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
    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)                  # decisions applied
    content_version: Mapped[str] = mapped_column(String(32), primary_key=True)
    data: Mapped[bytes] = mapped_column(LargeBinary)


class Idempotency(Base):
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
    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_pending", "relayed_at", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    payload: Mapped[dict[str, Any]]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    relayed_at: Mapped[datetime | None]
    attempts: Mapped[int] = mapped_column(default=0)
