"""The AI job: an AI seat takes one decision.

The job is ``play_turn(game_id, seat, decision)``. It acts only if decision ``decision`` is still the
current one and still belongs to that AI seat; otherwise the work was done already (a duplicate or a
retried job) and it returns without moving. It searches from ``state.resample_from_infostate(seat,
seed)`` -- a state built from what the seat has seen, hidden parts redrawn -- never from the true
state, and submits through :func:`service.turns.submit` with the expected decision number, exactly as
a person would. If another run of the job got there first, ``submit`` answers 409 and this run counts
as "already moved".
"""
from __future__ import annotations

import hashlib
import logging

import mcts
from rq import get_current_job

from service import games, models
from service.errors import ApiError
from service.turns import submit
from workers import context
from workers.relay import relay_pending

log = logging.getLogger(__name__)

#: Search settings a seat's ``ai`` budget may carry (anything else is ignored).
SEARCH_KEYS = ("iterations", "seconds", "c", "rollout_depth", "max_nodes")
#: The budget when a seat names none: a fraction of a second on a small machine.
DEFAULT_BUDGET = {"iterations": 2000, "seconds": 5.0}


def search_seed(game_seed: int, seat: int, decision: int) -> int:
    """The seed of one AI decision: fixed by (game, seat, decision), so a rerun searches alike,
    and unrelated to the game's own chance seed beyond that."""
    h = hashlib.blake2b(f"ai:{game_seed}:{seat}:{decision}".encode(), digest_size=8)
    return int.from_bytes(h.digest(), "big")


def budget_of(ai: dict | None, defaults: dict | None = None) -> dict:
    """The search keyword arguments of a seat's ``ai`` settings, over the game's ``defaults``
    (``GameSpec.search_defaults``: settings that suit the game, never a budget)."""
    params = {k: v for k, v in (defaults or {}).items() if k in SEARCH_KEYS
              and k not in ("iterations", "seconds")}
    params.update({k: ai[k] for k in SEARCH_KEYS if ai and ai.get(k) is not None})
    if "iterations" not in params and "seconds" not in params:
        params.update(DEFAULT_BUDGET)
    return params


def take_decision(sessionmaker, game_id: str, seat: int, decision: int) -> dict:
    """Play decision ``decision`` for AI ``seat`` of ``game_id`` if it is still due; say what happened.

    Returns a small JSON-able report: ``{"moved": True, "action": ..., ...}`` or
    ``{"moved": False, "reason": ...}``.
    """
    with sessionmaker() as session:
        row, state = games.load_state(session, game_id)
        seat_row = session.get(models.Seat, (game_id, seat))
        if seat_row is None or seat_row.ai is None:
            return {"moved": False, "reason": "not_an_ai_seat"}
        if row.status != "active" or state.is_terminal():
            return {"moved": False, "reason": "game_over"}
        if state.decision_count() != decision or state.current_player() != seat:
            return {"moved": False, "reason": "already_moved"}
        seed = search_seed(row.seed, seat, decision)
        # No peeking: the search never sees the true state, only a draw from the seat's information.
        root = state.resample_from_infostate(seat, seed)
        del state
        result = mcts.search(root, seed=seed,
                             **budget_of(seat_row.ai, root.game.spec.search_defaults))
        action_json = root.action_to_json(result.action)
        try:
            # No idempotency key: with a time budget two runs may choose differently, and the
            # expected-decision guard alone already lets exactly one of them land.
            submit(session, game_id, seat, decision, actions=[action_json], actor="ai")
        except ApiError as e:
            if e.status == 409:
                return {"moved": False, "reason": "already_moved"}
            raise
    return {"moved": True, "action": action_json, "decision": decision,
            "iterations": result.iterations, "elapsed": round(result.elapsed, 4),
            "visits": {str(a): n for a, n in sorted(result.visits.items())}}


def play_turn(game_id: str, seat: int, decision: int) -> dict:
    """RQ job: take AI ``seat``'s decision number ``decision`` in ``game_id`` (idempotent)."""
    sessions = context.sessions()
    report = take_decision(sessions, game_id, seat, decision)
    log.info("ai_turn %s seat %s decision %s: %s", game_id, seat, decision, report)
    if report["moved"]:
        # No Flask app here to relay after commit: do it now, so the next job (a notification,
        # another AI seat) starts without waiting for the sweep.
        job = get_current_job()
        if job is not None:
            relay_pending(sessions, job.connection)
    return report
