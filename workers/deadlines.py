"""Absent players: reminders before a turn's deadline, and the AI playing for the seat at it.

The game row says who decides next and until when (``games.deadline_at``, set by the service on each
change of decider). :func:`schedule` (run periodically beside the outbox sweep) turns that into RQ jobs
at exact times with ``enqueue_at``, under deterministic ids (``remind_<seat>_<decision>_<due>_<s>_<game>``,
``deadline_<seat>_<decision>_<due>_<game>``, ``due`` the deadline in Unix seconds, so a moved
deadline gets new jobs and the old ones find themselves stale; RQ allows no ``:``, and the game id, which may contain ``_``,
comes last), so repeated sweeps and several workers schedule each once.

* :func:`remind` mails the player "your turn, N left" if the decision is still theirs.
* :func:`expire` plays the seat's overdue decisions with MCTS. It gives the seat to the AI for the rest
  of the turn (``seats.ai`` holds the takeover budget, ``seat_control.ai_mode = "turn"``) and plays each
  decision through :func:`workers.ai.take_decision`, which submits with the expected decision number:
  however many workers run the job, each decision lands once, and the log records ``actor = "ai"``.
  The AI's submission that passes the turn to someone else gives the seat back to its player in the
  same transaction (so no opponent's move can come in between and hand the AI the player's next turn
  as well), unless this was the
  ``TURNPOST_TAKEOVERS_BEFORE_AI``-th consecutive takeover: then the AI keeps the seat
  (``ai_mode = "until_reclaim"``) until the player reclaims it (:func:`service.seats.reclaim`).

Configuration: ``TURNPOST_REMINDERS`` (seconds before the deadline, default ``86400,3600``),
``TURNPOST_TAKEOVERS_BEFORE_AI`` (default 3), ``TURNPOST_TAKEOVER_SECONDS`` /
``TURNPOST_TAKEOVER_ITERATIONS`` (the search budget, default 2 s / 2000). Nothing here names a game.
"""
from __future__ import annotations

import logging
import os
import threading
from datetime import datetime, timedelta, timezone

from redis import Redis
from rq import get_current_job
from rq.job import Job
from sqlalchemy import String, cast, or_, select, update
from sqlalchemy.exc import IntegrityError

from service import games, models
from service.seats import takeover_budget
from service.models import utcnow
from workers import context, queues
from workers.ai import take_decision
from workers.relay import relay_pending

log = logging.getLogger(__name__)

DEFAULT_REMINDERS = (24 * 3600, 3600)
DEFAULT_TAKEOVERS_BEFORE_AI = 3
#: RQ's scheduler keeps times in whole seconds, so a job may start up to this much before its time.
SCHEDULER_SLACK = timedelta(seconds=1)


def reminder_offsets() -> list[int]:
    """Seconds before the deadline at which a reminder goes out (largest first)."""
    raw = os.environ.get("TURNPOST_REMINDERS")
    values = [int(float(x)) for x in raw.split(",") if x.strip()] if raw is not None \
        else list(DEFAULT_REMINDERS)
    return sorted({v for v in values if v > 0}, reverse=True)


def takeovers_before_ai() -> int:
    """Consecutive deadline takeovers after which the AI keeps the seat until it is reclaimed."""
    return max(1, int(os.environ.get("TURNPOST_TAKEOVERS_BEFORE_AI", DEFAULT_TAKEOVERS_BEFORE_AI)))


def _no_ai(column):
    # seats.ai is a JSON column: Python None is stored as JSON 'null', not SQL NULL.
    return or_(column.is_(None), cast(column, String) == "null")


def _aware(dt: datetime) -> datetime:
    # SQLite returns naive datetimes even for timezone-aware columns; they are stored in UTC.
    return dt if dt.tzinfo else dt.replace(tzinfo=timezone.utc)


# ---------------------------------------------------------------------------------------- scheduling
def _enqueue_at(connection: Redis, when: datetime, queue: str, func: str, kwargs: dict,
                jid: str) -> bool:
    if Job.exists(jid, connection=connection):
        return False
    q = queues.get_queue(queue, connection)
    opts = dict(job_id=jid, description=jid, result_ttl=7 * 24 * 3600, failure_ttl=7 * 24 * 3600,
                job_timeout=600)
    if when <= utcnow():
        q.enqueue(func, kwargs=kwargs, **opts)
    else:
        q.enqueue_at(when, func, kwargs=kwargs, **opts)
    return True


def schedule(sessionmaker, connection: Redis) -> int:
    """Schedule reminder and deadline jobs for every human decision that has a deadline; how many
    jobs were new."""
    n = 0
    with sessionmaker() as session:
        rows = session.execute(
            select(models.Game.id, models.Game.next_seat, models.Game.decision_count,
                   models.Game.deadline_at)
            .join(models.Seat, (models.Seat.game_id == models.Game.id)
                  & (models.Seat.seat == models.Game.next_seat))
            .where(models.Game.status == "active", models.Game.deadline_at.is_not(None),
                   _no_ai(models.Seat.ai), models.Seat.player_id.is_not(None))).all()
    now = utcnow()
    for game_id, seat, decision, deadline in rows:
        deadline = _aware(deadline)
        due = int(deadline.timestamp())
        args = {"game_id": game_id, "seat": seat, "decision": decision, "due": due}
        for before in reminder_offsets():
            when = deadline - timedelta(seconds=before)
            # A reminder whose time has passed is skipped: a later, closer one (or the deadline)
            # is already on its way.
            if when > now:
                n += _enqueue_at(connection, when, queues.MAIL, "workers.deadlines.remind",
                                 {**args, "before": before},
                                 f"remind_{seat}_{decision}_{due}_{before}_{game_id}")
        n += _enqueue_at(connection, deadline, queues.AI, "workers.deadlines.expire", args,
                         f"deadline_{seat}_{decision}_{due}_{game_id}")
    return n


# ---------------------------------------------------------------------------------------- reminders
def _left(seconds: int, lang: str) -> str:
    if seconds >= 3600 and seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    if seconds >= 60 and seconds % 60 == 0:
        return f"{seconds // 60} min"
    return f"{seconds} s"


REMINDER_SUBJECT = {"en": "Reminder ({left} left): {subject}",
                    "es": "Recordatorio (quedan {left}): {subject}"}
REMINDER_LINE = {
    "en": "If you have not played when the time is up, the computer will play this turn for you.",
    "es": "Si no has jugado cuando se acabe el tiempo, el ordenador jugará este turno por ti."}


def _due_now(session, game_id: str, due: int | None) -> bool:
    row = session.get(models.Game, game_id)
    return (row is not None and row.deadline_at is not None
            and (due is None or int(_aware(row.deadline_at).timestamp()) == due))


def reminder_message(session, settings, game_id: str, seat: int, decision: int, before: int,
                     due: int | None = None):
    """The reminder: the "your turn" mail (so through the seat's own view) marked as a reminder,
    with its own Message-ID; None if the decision is no longer pending or its deadline moved."""
    from workers.mail import turn_mail
    if not _due_now(session, game_id, due):
        return None
    msg = turn_mail(session, settings, game_id, seat, decision)
    if msg is None:
        return None
    lang = (msg["Content-Language"] or "en").strip()
    lang = lang if lang in REMINDER_SUBJECT else "en"
    subject = str(msg["Subject"])
    del msg["Subject"]
    msg["Subject"] = REMINDER_SUBJECT[lang].format(left=_left(before, lang), subject=subject)
    mid = str(msg["Message-ID"])
    del msg["Message-ID"]
    # A different id per reminder: the sent-mail memory must not take it for the turn mail.
    msg["Message-ID"] = mid.replace(".turn@", f".remind{before}@")
    body = msg.get_content()
    msg.set_content(REMINDER_LINE[lang] + "\n\n" + body)
    return msg


def remind(game_id: str, seat: int, decision: int, before: int, due: int | None = None) -> dict:
    """RQ job: remind ``seat``'s player that decision ``decision`` is due in about ``before`` s."""
    from service.mail.settings import MailSettings
    from workers.mail import deliver
    settings = MailSettings.from_config(context.config())
    with context.sessions()() as session:
        msg = reminder_message(session, settings, game_id, seat, decision, before, due)
    if msg is None:
        return {"sent": False, "reason": "not_due"}
    job = get_current_job()
    where = deliver(msg, settings, job.connection if job is not None else None)
    log.info("reminder %s seat %s decision %s (%ss before) -> %s", game_id, seat, decision, before,
             where)
    return {"sent": where is not None, "message_id": msg["Message-ID"]}


# ---------------------------------------------------------------------------------------- takeover
def _claim(session, game_id: str, seat: int, decision: int) -> tuple[bool, str | None]:
    """Give the seat to the AI for this overdue turn, once; (claimed now, ai_mode after)."""
    if session.get(models.SeatControl, (game_id, seat)) is None:
        session.add(models.SeatControl(game_id=game_id, seat=seat, consecutive_takeovers=0))
        try:
            session.commit()
        except IntegrityError:
            session.rollback()              # another worker created it first
    control = session.get(models.SeatControl, (game_id, seat))
    if control.last_takeover is not None:
        played = session.scalar(select(models.Decision.id).where(
            models.Decision.game_id == game_id, models.Decision.seat == seat,
            models.Decision.actor == "human", models.Decision.number > control.last_takeover).limit(1))
        if played is not None:
            control.consecutive_takeovers = 0      # the player came back in between
    # The compare-and-set: only one worker turns a human seat into an AI seat.
    moved = session.execute(
        update(models.Seat)
        .where(models.Seat.game_id == game_id, models.Seat.seat == seat, _no_ai(models.Seat.ai))
        .values(ai=takeover_budget()).execution_options(synchronize_session=False)).rowcount
    if moved != 1:
        session.rollback()
        return False, session.get(models.SeatControl, (game_id, seat)).ai_mode
    control.consecutive_takeovers += 1
    control.last_takeover = decision
    control.ai_mode = "until_reclaim" if control.consecutive_takeovers >= takeovers_before_ai() \
        else "turn"
    control.updated_at = utcnow()
    session.commit()
    return True, control.ai_mode


def _release(session, game_id: str, seat: int, decision: int) -> bool:
    """Hand back a seat still held for the one turn that began at ``decision``; True if it was.

    Normally the AI's submission that ends the turn has already handed the seat back (in its own
    transaction, see :func:`service.seats.end_turn_takeover`); this covers a turn the AI could not
    finish (the game ended on someone else's move, or every attempt lost a race). The check on
    ``last_takeover`` keeps a late run from releasing a newer takeover.
    """
    control = session.get(models.SeatControl, (game_id, seat))
    if control is None or control.ai_mode != "turn" or control.last_takeover != decision:
        return False
    control.ai_mode = None
    control.updated_at = utcnow()
    session.execute(update(models.Seat)
                    .where(models.Seat.game_id == game_id, models.Seat.seat == seat)
                    .values(ai=None).execution_options(synchronize_session=False))
    session.commit()
    return True


def play_overdue(sessionmaker, game_id: str, seat: int, decision: int,
                 due: int | None = None) -> dict:
    """Play ``seat``'s overdue turn from decision ``decision`` (exactly once across workers)."""
    with sessionmaker() as session:
        row = session.get(models.Game, game_id)
        if (row is None or row.status != "active" or row.decision_count != decision
                or row.next_seat != seat):
            return {"played": 0, "reason": "not_due"}
        if (row.deadline_at is None or _aware(row.deadline_at) > utcnow() + SCHEDULER_SLACK
                or (due is not None and int(_aware(row.deadline_at).timestamp()) != due)):
            return {"played": 0, "reason": "deadline_moved"}
        claimed, mode = _claim(session, game_id, seat, decision)
    played = []
    current = decision
    # The whole turn: every decision of this seat until it passes to someone else.
    for _ in range(10_000):
        with sessionmaker() as session:
            _row, state = games.load_state(session, game_id)
        if state.is_terminal() or state.current_player() != seat:
            break
        current = state.decision_count()
        report = take_decision(sessionmaker, game_id, seat, current)
        if report.get("moved"):
            played.append(report["action"])
        elif report.get("reason") == "not_an_ai_seat":
            break                               # the player reclaimed the seat meanwhile
    with sessionmaker() as session:
        _release(session, game_id, seat, decision)
        released = (session.get(models.SeatControl, (game_id, seat)).ai_mode is None)
    return {"played": len(played), "actions": played, "claimed": claimed, "mode": mode,
            "released": released}


def expire(game_id: str, seat: int, decision: int, due: int | None = None) -> dict:
    """RQ job: the deadline of ``seat``'s decision ``decision`` has come; the AI plays the turn."""
    sessions = context.sessions()
    report = play_overdue(sessions, game_id, seat, decision, due)
    log.info("deadline %s seat %s decision %s: %s", game_id, seat, decision, report)
    job = get_current_job()
    if report["played"] and job is not None:
        relay_pending(sessions, job.connection)
    return report


def sweep(sessionmaker, connection: Redis) -> int:
    """One periodic pass: schedule deadline jobs, fan out webhook events and requeue pending
    deliveries whose job Redis lost; how many jobs were new."""
    from workers import webhooks
    return (schedule(sessionmaker, connection) + webhooks.fan_out(sessionmaker, connection)
            + webhooks.requeue_pending(sessionmaker, connection))


class DeadlineSweeper(threading.Thread):
    """Runs :func:`sweep` every ``interval`` seconds until :meth:`stop` (beside the outbox sweep)."""

    def __init__(self, sessionmaker, connection: Redis, interval: float = 5.0):
        super().__init__(name="deadline-sweeper", daemon=True)
        self._sessionmaker = sessionmaker
        self._connection = connection
        self._interval = interval
        self._stopping = threading.Event()

    def run(self) -> None:
        while not self._stopping.is_set():
            try:
                sweep(self._sessionmaker, self._connection)
            except Exception:       # noqa: BLE001 - a failed pass is retried on the next one
                log.warning("deadline/webhook sweep failed; retrying", exc_info=True)
            self._stopping.wait(self._interval)

    def stop(self) -> None:
        """Ask the thread to finish after its current pass."""
        self._stopping.set()
