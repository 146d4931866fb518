"""Games in storage: creating one, loading its state (latest snapshot + the decisions since), recording
progress (decisions, the game row's summary, snapshots, outbox rows) and rendering a seat's view.

Visibility rules (game-agnostic, documented in the API):

* A seated player sees ``state.to_json(their_seat)``.
* Anyone else sees a game only once it is finished, and only if the title is perfect-information
  (then ``to_json(None)`` hides nothing); otherwise the answer is 404, as for a game that does not
  exist, so ids of hidden-information games reveal nothing.
* The seed is shown only once the game is over: with it, future chance outcomes can be computed.
* The log has its own rule, in :mod:`service.history`.
"""
from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

import engine
from flask import current_app, has_app_context
from sqlalchemy import select
from sqlalchemy.orm import Session

from service import models, outbox
from service.errors import EngineRejected, NotFound, Unprocessable
from service.models import utcnow

SEED_LIMIT = 2 ** 63         # seeds fit a signed BIGINT
DEFAULT_SNAPSHOT_EVERY = 64
#: What a game id can look like (anything else is not looked up: NUL bytes upset PostgreSQL).
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def snapshot_every() -> int:
    """How many decisions between snapshots (``TURNPOST_SNAPSHOT_EVERY``)."""
    if has_app_context():
        return int(current_app.config.get("SNAPSHOT_EVERY", DEFAULT_SNAPSHOT_EVERY))
    return DEFAULT_SNAPSHOT_EVERY


def game_of(row: models.Game) -> engine.Game:
    """The engine's game for a stored row."""
    return engine.load_game(row.title, **row.options)


def get_row(session: Session, game_id: str) -> models.Game:
    """The game row or a 404 ``game_not_found``."""
    row = session.get(models.Game, game_id) if GAME_ID.fullmatch(game_id) else None
    if row is None:
        raise NotFound("game_not_found", game_id=game_id)
    return row


def load_state(session: Session, game_id: str) -> tuple[models.Game, "engine.State"]:
    """The game row and its current state: the latest snapshot of this content version plus the
    decisions stored after it, so the cost does not grow with the length of the game.

    The state's ``history()`` holds only the decisions replayed after the snapshot; the decision
    table is the full log.
    """
    row = get_row(session, game_id)
    game = game_of(row)
    snap = session.scalars(
        select(models.Snapshot)
        .where(models.Snapshot.game_id == game_id,
               models.Snapshot.content_version == game.spec.content_version,
               models.Snapshot.number <= row.decision_count)
        .order_by(models.Snapshot.number.desc()).limit(1)).first()
    base = snap.number if snap is not None else 0
    tail = session.scalars(
        select(models.Decision.action)
        .where(models.Decision.game_id == game_id, models.Decision.number >= base,
               models.Decision.number < row.decision_count)
        .order_by(models.Decision.number)).all()
    if snap is not None:
        state = game.state_from_snapshot(row.seed, snap.data, [])
    else:
        state = game.new_initial_state(row.seed)
    for a in tail:
        state.apply_action(a)
    return row, state


def replay_state(session: Session, row: models.Game) -> "engine.State":
    """The state by full replay of the log from the seed (the truth the snapshots cache)."""
    actions = session.scalars(select(models.Decision.action)
                              .where(models.Decision.game_id == row.id)
                              .order_by(models.Decision.number)).all()
    return game_of(row).replay(row.seed, actions)


def seats_of(session: Session, game_id: str) -> list[tuple[models.Seat, models.Player | None]]:
    """The seats in order with their players (None for AI seats)."""
    rows = session.execute(
        select(models.Seat, models.Player)
        .outerjoin(models.Player, models.Seat.player_id == models.Player.id)
        .where(models.Seat.game_id == game_id).order_by(models.Seat.seat)).all()
    return [(s, p) for s, p in rows]


def seat_of_player(seats, player_id: int) -> int | None:
    """The seat ``player_id`` holds in a game, or None."""
    for s, _p in seats:
        if s.player_id == player_id:
            return s.seat
    return None


def viewer_for(row: models.Game, seats, player_id: int) -> int | None:
    """The seat whose view ``player_id`` gets (None: the full view of a finished perfect-information
    game); raises 404 when the player may not see the game at all."""
    seat = seat_of_player(seats, player_id)
    if seat is not None:
        return seat
    if row.status == "finished" and not game_of(row).spec.hidden_information:
        return None
    raise NotFound("game_not_found", game_id=row.id)


def resolve_chance(state) -> list[int]:
    """Apply chance outcomes until a seat must decide or the game ends; the outcomes, in order."""
    out = []
    while state.current_player() == engine.CHANCE:
        a = state.sample_chance()
        state.apply_action(a)
        out.append(a)
    return out


@dataclass
class Step:
    """One decision to store: its number, who took it and the action."""
    number: int
    seat: int
    action: int
    actor: str


def progress(session: Session, row: models.Game, seats, state, steps: list[Step],
             previous_seat: int | None, *, old_count: int, now: datetime) -> dict:
    """Store ``steps`` and bring the game's summary, snapshots and outbox in line with ``state``.

    Returns the new values of the game row's summary columns (the caller writes them, guarded by the
    expected decision number). ``previous_seat`` is the seat that decided last (None at creation).
    """
    for st in steps:
        session.add(models.Decision(game_id=row.id, number=st.number, seat=st.seat, action=st.action,
                                    actor=st.actor, created_at=now))
    count = state.decision_count()
    n = snapshot_every()
    if n > 0 and count // n > old_count // n:
        session.add(models.Snapshot(game_id=row.id, number=count,
                                    content_version=game_of(row).spec.content_version,
                                    data=state.snapshot()))
    values = {"decision_count": count, "updated_at": now}
    if state.is_terminal():
        values.update(status="finished", next_seat=None, deadline_at=None,
                      result={"returns": state.returns()})
        outbox.add(session, "game_over", {"game_id": row.id})
        return values
    nxt = state.current_player()
    values["next_seat"] = nxt
    seat_row = next(s for s, _p in seats if s.seat == nxt)
    if seat_row.ai is not None:
        values["deadline_at"] = None
        outbox.add(session, "ai_turn", {"game_id": row.id, "seat": nxt, "decision": count})
    elif nxt != previous_seat:
        hours = row.turn_deadline_hours
        values["deadline_at"] = now + timedelta(hours=hours) if hours else None
        outbox.add(session, "notify_turn", {"game_id": row.id, "seat": nxt, "decision": count})
    return values


def create_game(session: Session, creator: models.Player, title: str, options: dict,
                seats_in: list[dict], seed: int | None = None,
                turn_deadline_hours: int | None = None) -> models.Game:
    """Create and commit a game; chance at the start is resolved and the first decider notified.

    The creator must hold one of the seats (so nobody can start games for strangers); a chosen seed
    is accepted only when the creator is the only human seat. Options implied by which seats the AI
    plays (``engine.Game.with_seats``) are set here and stored; a client value contradicting them
    is refused (422 ``invalid_option``).
    """
    try:
        game = engine.load_game(title, **(options or {}))
    except engine.EngineError as e:
        raise EngineRejected(e) from None
    if len(seats_in) != game.num_players:
        raise Unprocessable("wrong_seat_count", title=title, needed=game.num_players,
                            given=len(seats_in))
    try:
        # Options the rules derive from who plays each seat (stored with the rest, so replay agrees).
        game = game.with_seats([s.get("ai") is not None for s in seats_in])
    except engine.EngineError as e:
        raise EngineRejected(e) from None
    player_ids = [s["player_id"] for s in seats_in if s.get("player_id") is not None]
    if len(set(player_ids)) != len(player_ids):
        raise Unprocessable("duplicate_player")
    if creator.id not in player_ids:
        raise Unprocessable("creator_not_seated")
    found = set(session.scalars(select(models.Player.id).where(models.Player.id.in_(player_ids))))
    for pid in player_ids:
        if pid not in found:
            raise Unprocessable("player_not_found", player_id=pid)
    if seed is not None and len(player_ids) > 1:
        raise Unprocessable("seed_not_allowed")
    if seed is None:
        seed = secrets.randbelow(SEED_LIMIT)

    now = utcnow()
    row = models.Game(id=models.new_game_id(), title=game.name, options=game.options, seed=seed,
                      status="active", num_players=game.num_players, decision_count=0,
                      turn_deadline_hours=turn_deadline_hours, created_by=creator.id,
                      created_at=now, updated_at=now, content_version=game.spec.content_version)
    session.add(row)
    seat_rows = []
    for i, s in enumerate(seats_in):
        seat = models.Seat(game_id=row.id, seat=i, player_id=s.get("player_id"), ai=s.get("ai"))
        session.add(seat)
        seat_rows.append((seat, None))
    session.flush()
    state = game.new_initial_state(seed)
    steps = [Step(i, -1, a, "chance") for i, a in enumerate(resolve_chance(state))]
    values = progress(session, row, seat_rows, state, steps, None, old_count=0, now=now)
    for k, v in values.items():
        setattr(row, k, v)
    session.commit()
    outbox.after_commit()
    return row


def iso(dt: datetime | None) -> str | None:
    """ISO 8601 with the UTC offset (SQLite hands back naive datetimes; they are UTC)."""
    if dt is None:
        return None
    return dt.isoformat() if dt.tzinfo else dt.isoformat() + "+00:00"


def game_view(row: models.Game, seats, state, viewer: int | None) -> dict:
    """The game as seat ``viewer`` sees it (None: everything; only for finished perfect-information
    games). Every state in a response goes through here, and so through ``state.to_json(viewer)``."""
    game = state.game
    nxt = None
    if row.status == "active" and row.next_seat is not None:
        s = next(s for s, _p in seats if s.seat == row.next_seat)
        nxt = {"seat": s.seat, "player_id": s.player_id, "ai": s.ai is not None}
    return {
        "id": row.id,
        "title": row.title,
        "name": {"en": game.spec.title_en, "es": game.spec.title_es},
        "options": row.options,
        "status": row.status,
        "decision": row.decision_count,
        "next": nxt,
        "your_seat": viewer,
        "seats": [{"seat": s.seat, "player_id": s.player_id, "name": p.name if p else None,
                   "ai": s.ai} for s, p in seats],
        "turn_deadline_hours": row.turn_deadline_hours,
        "deadline_at": iso(row.deadline_at),
        "created_at": iso(row.created_at),
        "updated_at": iso(row.updated_at),
        "state": state.to_json(viewer),
        "result": row.result,
        "seed": row.seed if row.status == "finished" else None,
    }
