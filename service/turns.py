"""The one submission function: humans (through the API and email) and AI workers submit turns here,
with the same checks.

A submission is one or more decisions of one seat, applied atomically on a copy of the state: all or
none. It stops being the seat's when the decision passes to someone else (another seat, chance, the
end): a further step is refused with ``not_your_decision`` and its index. Chance outcomes that follow
are resolved in the same transaction. Two racing submissions of the same decision cannot both land:
the game row is updated only where its decision number is still the expected one, and the decision
log has a unique (game, number) constraint as a backstop; the loser gets 409 ``stale_decision``.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

import engine
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from service import games, models, outbox, seats as seat_control
from service.errors import ApiError, Conflict, EngineRejected, Forbidden, NotFound, Unprocessable
from service.i18n import t
from service.models import utcnow

ACTORS = ("human", "ai")


@dataclass
class SubmitResult:
    """What a submission did: the stored response (the seat's view after it) and its status."""
    game_id: str
    seat: int
    status: int
    response: dict
    decision: int                          # the game's decision number after the submission
    actions: list[int] = field(default_factory=list)   # the seat's decisions that were applied
    replayed: bool = False                 # True: an earlier answer for this Idempotency-Key


def _describe(player) -> callable:
    """Who decides at ``player`` (seat, chance, the end), in the reader's language."""
    if player == engine.CHANCE:
        return lambda lang: t("chance", lang)
    if player == engine.TERMINAL:
        return lambda lang: t("the_end", lang)
    return lambda lang: t("someone_else", lang, seat=player)


def request_hash(game_id, seat, expected_decision, actions, text) -> str:
    """A digest of what a submission asks for (to tell a retry from a reused key)."""
    body = json.dumps({"game": game_id, "seat": seat, "expected": expected_decision,
                       "actions": actions, "text": text}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(body.encode()).hexdigest()


def _scope(game_id: str, seat: int, player_id: int | None) -> str:
    return f"player:{player_id}" if player_id is not None else f"seat:{game_id}:{seat}"


def _stored(session: Session, scope: str, key: str, digest: str) -> models.Idempotency | None:
    row = session.scalar(select(models.Idempotency).where(models.Idempotency.scope == scope,
                                                          models.Idempotency.key == key))
    if row is not None and row.request_hash != digest:
        raise Unprocessable("idempotency_key_reused")
    return row


def _steps_from_json(state, seat: int, actions: list) -> list[int]:
    work = state.clone()
    out = []
    for i, obj in enumerate(actions):
        if work.current_player() != seat:
            raise _not_yours(work, i)
        try:
            a = work.json_to_action(obj)
            if not isinstance(a, int):
                raise engine.ParseError("Unreadable decision.", "Decisión ilegible.")
        except engine.EngineError as e:
            e.index = i
            if e.legal is None:
                e.legal, e.at_state = work.legal_actions(), work.clone()
            raise EngineRejected(e) from None
        try:
            work.apply_action(a)
        except engine.IllegalActionError as e:
            e.index = i
            at = work.clone()
            raise EngineRejected(e, reason=lambda lang: _explain(at, obj, lang)) from None
        out.append(a)
    return out


def _explain(state, obj, lang) -> str:
    try:
        return state.explain_illegal(obj, lang)
    except engine.EngineError as e:
        return e.message(lang)


def _steps_from_text(state, seat: int, text: str, lang: str) -> list[int]:
    try:
        decisions = state.parse_turn(text, lang)
    except engine.EngineError as e:
        at = e.at_state
        if e.index is not None and (at is None or at.current_player() != seat):
            # The bad step falls in someone else's decision: never show their options.
            raise _not_yours(at, e.index) if at is not None else _unreadable(e) from None
        raise EngineRejected(e) from None
    work = state.clone()
    for i, a in enumerate(decisions):
        if work.current_player() != seat:
            raise _not_yours(work, i)
        work.apply_action(a)
    return decisions


def _unreadable(e: engine.EngineError) -> EngineRejected:
    """The engine's error without the alternatives (the state they belong to is unknown)."""
    e.legal = e.at_state = None
    return EngineRejected(e)


def _not_yours(work, i: int) -> Unprocessable:
    return Unprocessable("not_your_decision", index_1=i + 1, next=_describe(work.current_player()),
                         extra={"index": i})


def submit(session: Session, game_id: str, seat: int, expected_decision: int, actions=None,
           text=None, lang: str = "en", actor: str = "human", idempotency_key: str | None = None,
           player_id: int | None = None) -> SubmitResult:
    """Apply one submission of ``seat`` in game ``game_id`` and commit it, or raise an
    :class:`~service.errors.ApiError` and store nothing.

    ``actions`` is a list of the game's JSON decisions, ``text`` a turn in its notation (``lang``).
    ``idempotency_key`` makes retries safe: the same key and request return the stored answer
    (``replayed=True``) and move nothing twice; the same key with another request is refused.
    Keys are scoped to ``player_id`` (people) or to the game seat (AI seats).
    """
    if actor not in ACTORS:
        raise ValueError(f"actor must be one of {ACTORS}")
    if (actions is None) == (text is None):
        raise Unprocessable("actions_or_text" if actions is not None else "empty_turn")
    if (actions is not None and len(actions) == 0) or (text is not None and not text.strip()):
        raise Unprocessable("empty_turn")
    digest = scope = None
    if idempotency_key is not None:
        scope = _scope(game_id, seat, player_id)
        digest = request_hash(game_id, seat, expected_decision, actions, text)
        done = _stored(session, scope, idempotency_key, digest)
        if done is not None:
            return _replay(done, seat)

    row, state = games.load_state(session, game_id)
    seats = games.seats_of(session, game_id)
    seat_row = next((s for s, _p in seats if s.seat == seat), None)
    if seat_row is None or (actor == "ai") != (seat_row.ai is not None):
        raise Forbidden("not_your_turn", next_seat=row.next_seat)
    if row.status == "finished":
        raise Conflict("game_finished", game_id=game_id)
    if expected_decision != row.decision_count:
        raise Conflict("stale_decision", expected=expected_decision, current=row.decision_count,
                       extra={"current_decision": row.decision_count})
    if state.current_player() != seat:
        raise Forbidden("not_your_turn", next_seat=row.next_seat)

    if actions is not None:
        mine = _steps_from_json(state, seat, actions)
    else:
        mine = _steps_from_text(state, seat, text, lang)
    old = state.decision_count()
    for a in mine:
        state.apply_action(a)
    chance = games.resolve_chance(state)
    if actor == "ai" and state.current_player() != seat:
        # A one-turn takeover ends with the decision that passes the turn on, in this transaction.
        seat_control.end_turn_takeover(session, game_id, seat_row)
    steps = [games.Step(old + i, seat, a, actor) for i, a in enumerate(mine)]
    steps += [games.Step(old + len(mine) + i, -1, a, "chance") for i, a in enumerate(chance)]

    now = utcnow()
    try:
        values = games.progress(session, row, seats, state, steps, seat, old_count=old, now=now)
        # The guard: only the submission that still sees the expected number moves the game.
        moved = session.execute(
            update(models.Game)
            .where(models.Game.id == game_id, models.Game.decision_count == expected_decision,
                   models.Game.status == "active")     # a resignation may have ended it meanwhile
            .values(**values).execution_options(synchronize_session=False)).rowcount
        if moved != 1:
            raise Conflict("stale_decision", expected=expected_decision,
                           current=expected_decision + 1,
                           extra={"current_decision": None})
        for k, v in values.items():
            set_committed_value(row, k, v)
        response = games.game_view(row, seats, state, seat)
        if idempotency_key is not None:
            session.add(models.Idempotency(scope=scope, key=idempotency_key, player_id=player_id,
                                           game_id=game_id, request_hash=digest, status=201,
                                           response=response, created_at=now))
        session.commit()
    except (IntegrityError, Conflict) as e:
        session.rollback()
        if idempotency_key is not None:
            done = _stored(session, scope, idempotency_key, digest)
            if done is not None:
                return _replay(done, seat)
        current, status = session.execute(select(models.Game.decision_count, models.Game.status)
                                          .where(models.Game.id == game_id)).one()
        if status == "finished":
            raise Conflict("game_finished", game_id=game_id) from e
        raise Conflict("stale_decision", expected=expected_decision, current=current,
                       extra={"current_decision": current}) from e
    except BaseException:
        session.rollback()
        raise
    outbox.after_commit()
    return SubmitResult(game_id, seat, 201, response, state.decision_count(), mine)


def _replay(done: models.Idempotency, seat: int) -> SubmitResult:
    return SubmitResult(done.game_id, seat, done.status, done.response,
                        done.response.get("decision", 0), [], replayed=True)
