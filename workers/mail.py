"""The mail jobs: "your turn", digests, "game over" and "a player resigned" notifications.

``notify_turn(game_id, seat, decision)`` mails the seat's player if that decision is still theirs and
pending (a player who already moved through the API gets no stale reminder) and the player has not
unsubscribed. ``game_over(game_id)`` mails every seated player who has not; ``seat_resigned(game_id,
seat)`` every other seated player. Each mail has a deterministic Message-ID; once sent, the id is
remembered in Redis, so a retried or duplicated job does not send it twice.

The player's notification preferences are applied here (the rules are in
:mod:`service.mail.schedule`):

* **quiet hours**: a mail due inside them is not sent; the same job is scheduled again for the end of
  the window (``<job id>_after<unix time>``), and then checks again that the mail is still due;
* **digest mode**: ``notify_turn`` sends nothing itself and schedules :func:`digest` for the player
  (``digest_<player>_<unix time>``); the digest lists every game waiting for them at the time it
  runs, and claims ``digest_sent_at`` with a compare-and-set so two runs never both send.
"""
from __future__ import annotations

import logging
from dataclasses import replace
from datetime import datetime
from email.message import EmailMessage
from email.utils import formataddr, formatdate

from rq import get_current_job
from rq.job import Job
from sqlalchemy import select, update

from service import games, models
from service.inbound.tokens import make_unsubscribe_token, reply_to_for
from service.mail import GameInfo, Links, Recipient, game_over_message, send, turn_message
from service.mail.render import resigned_message, title_in
from service.mail.schedule import SLACK, next_digest_at, quiet_until
from service.mail.settings import MailSettings
from service.mail.templates import lang_or_default, t
from service.models import utcnow
from workers import context, queues

log = logging.getLogger(__name__)

#: How long a sent Message-ID is remembered (longer than any retry or relay delay).
SENT_TTL = 30 * 24 * 3600


def _sent_key(msg: EmailMessage) -> str:
    return f"turnpost:mail-sent:{msg['Message-ID']}"


def deliver(msg: EmailMessage, settings: MailSettings, connection=None) -> str | None:
    """Send ``msg`` unless a message with its Message-ID was already sent; where it went, or None."""
    key = _sent_key(msg)
    if connection is not None and connection.exists(key):
        return None
    where = send(msg, smtp_url=settings.smtp_url, data_dir=settings.data_dir)
    if connection is not None:
        connection.set(key, where, ex=SENT_TTL)
    return where


def links_for(settings: MailSettings, game_id: str, player_id: int | None) -> Links:
    """The URLs a mail about ``game_id`` to ``player_id`` points to."""
    unsubscribe = None
    if player_id is not None:
        unsubscribe = (f"{settings.public_url}/v1/unsubscribe/"
                       f"{make_unsubscribe_token(settings.secret_key, player_id)}")
    return Links(public_url=settings.public_url,
                 game_url=f"{settings.public_url}/v1/games/{game_id}",
                 turn_url=f"{settings.public_url}/v1/games/{game_id}/turns",
                 unsubscribe_url=unsubscribe, from_addr=settings.from_addr, domain=settings.domain)


def _game_info(session, row: models.Game, seats, lang: str) -> GameInfo:
    history = session.scalars(select(models.Decision.action)
                              .where(models.Decision.game_id == row.id)
                              .order_by(models.Decision.number)).all()
    names = {s.seat: (p.name if p is not None else t(lang, "ai")) for s, p in seats}
    return GameInfo(game_id=row.id, title=row.title, options=dict(row.options or {}), seed=row.seed,
                    history=tuple(history), seat_names=names)


def unsubscribed(session, player_id: int) -> bool:
    """Whether the player asked for no notification mail (List-Unsubscribe or preferences)."""
    pref = session.get(models.NotificationPreference, player_id)
    return bool(pref is not None and pref.unsubscribed)


def _recipient(seat: int, player: models.Player) -> Recipient:
    return Recipient(seat=seat, email=player.email, name=player.name,
                     lang=lang_or_default(player.language))


def turn_mail(session, settings: MailSettings, game_id: str, seat: int,
              decision: int) -> EmailMessage | None:
    """The "your turn" mail for ``seat`` at ``decision``, or None if it is no longer due."""
    row, state = games.load_state(session, game_id)
    if row.status != "active" or state.decision_count() != decision or state.current_player() != seat:
        return None
    seats = games.seats_of(session, game_id)
    player = next((p for s, p in seats if s.seat == seat), None)
    if player is None or unsubscribed(session, player.id):
        return None
    recipient = _recipient(seat, player)
    info = _game_info(session, row, seats, recipient.lang)
    # The text form: it is what the mail lists as the legal decisions, in the player's language.
    example = {"expected_decision": decision,
               "text": state.action_to_text(state.legal_actions()[0], recipient.lang)}
    # Issue 5: the Reply-To carries a signed token for this decision, so a reply can be played.
    links = replace(links_for(settings, game_id, player.id),
                    reply_to=reply_to_for(settings.secret_key, settings.domain, game_id, seat, decision))
    return turn_message(info, state, recipient, decision, links, example)


def game_over_mails(session, settings: MailSettings, game_id: str,
                    only_seat: int | None = None) -> list[EmailMessage]:
    """One "game over" mail per seated player of a finished game (none if it is not finished);
    ``only_seat``: just that seat's. The stored result decides (a resignation ends a game early)."""
    return [m for _s, _p, m in _game_over_mails(session, settings, game_id, only_seat)]


def _game_over_mails(session, settings, game_id, only_seat=None) -> list[tuple]:
    row, state = games.load_state(session, game_id)
    if row.status != "finished":
        return []
    seats = games.seats_of(session, game_id)
    out = []
    for s, player in seats:
        if player is None or unsubscribed(session, player.id):
            continue
        if only_seat is not None and s.seat != only_seat:
            continue
        recipient = _recipient(s.seat, player)
        info = _game_info(session, row, seats, recipient.lang)
        out.append((s.seat, player.id, game_over_message(
            info, state, recipient, links_for(settings, game_id, player.id), result=row.result)))
    return out


def resigned_mails(session, settings: MailSettings, game_id: str, seat: int,
                   only_seat: int | None = None) -> list[tuple[int, int, EmailMessage]]:
    """(seat, player id, mail) per other seated player: ``seat`` resigned and the AI plays it."""
    row = games.get_row(session, game_id)
    seats = games.seats_of(session, game_id)
    out = []
    for s, player in seats:
        if s.seat == seat or player is None or unsubscribed(session, player.id):
            continue
        if only_seat is not None and s.seat != only_seat:
            continue
        recipient = _recipient(s.seat, player)
        info = _game_info(session, row, seats, recipient.lang)
        out.append((s.seat, player.id,
                    resigned_message(info, recipient, links_for(settings, game_id, player.id), seat)))
    return out


def waiting_games(session, player_id: int) -> list[tuple[models.Game, int]]:
    """Every active game whose current decision is ``player_id``'s own (not an AI's for them):
    (game, seat), longest waiting first."""
    rows = session.execute(
        select(models.Game, models.Seat)
        .join(models.Seat, (models.Seat.game_id == models.Game.id)
              & (models.Seat.seat == models.Game.next_seat))
        .where(models.Game.status == "active", models.Seat.player_id == player_id)
        .order_by(models.Game.updated_at, models.Game.id)).all()
    return [(g, s.seat) for g, s in rows if s.ai is None]


def digest_message(session, settings: MailSettings, player: models.Player,
                   sent_at: datetime) -> EmailMessage | None:
    """The digest for ``player``: each waiting game with its decision, link and reply address (ids
    and titles only, nothing of any position); None when no game waits."""
    waiting = waiting_games(session, player.id)
    if not waiting:
        return None
    lang = lang_or_default(player.language)
    body = [t(lang, "greeting", name=player.name or t(lang, "player")), "",
            t(lang, "digest_intro", count=len(waiting)), ""]
    for row, seat in waiting:
        title = title_in(games.game_of(row), lang)
        body.append(t(lang, "digest_game", title=title, game_id=row.id, decision=row.decision_count))
        body.append("    " + t(lang, "link", url=f"{settings.public_url}/v1/games/{row.id}"))
        body.append("    " + t(lang, "digest_reply", address=reply_to_for(
            settings.secret_key, settings.domain, row.id, seat, row.decision_count)))
        body.append("")
    unsubscribe = links_for(settings, waiting[0][0].id, player.id).unsubscribe_url
    body += ["-- ", t(lang, "unsubscribe", url=unsubscribe)]
    msg = EmailMessage()
    msg.set_content("\n".join(body) + "\n")
    msg["From"] = settings.from_addr
    msg["To"] = formataddr((player.name, player.email)) if player.name else player.email
    msg["Date"] = formatdate(usegmt=True)
    stamp = int(sent_at.timestamp())
    msg["Message-ID"] = f"<turnpost.digest.p{player.id}.{stamp}@{settings.domain}>"
    msg["List-Unsubscribe"] = f"<{unsubscribe}>"
    msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    msg["Auto-Submitted"] = "auto-generated"
    msg["Content-Language"] = lang
    msg["Subject"] = t(lang, "subject_digest", count=len(waiting))
    return msg


def _settings() -> MailSettings:
    return MailSettings.from_config(context.config())


def _connection():
    job = get_current_job()
    return job.connection if job is not None else None


def _preferences(session, player_id: int | None) -> models.NotificationPreference | None:
    return session.get(models.NotificationPreference, player_id) if player_id is not None else None


def _schedule(when: datetime, func: str, kwargs: dict, jid: str) -> bool:
    """Run ``func(**kwargs)`` at ``when`` under the deterministic id ``jid`` (once); True if new."""
    connection = _connection()
    if connection is None:
        raise RuntimeError("scheduling a mail needs the job's Redis connection")
    if Job.exists(jid, connection=connection):
        return False
    queues.get_queue(queues.MAIL, connection).enqueue_at(
        when, func, kwargs=kwargs, job_id=jid, description=jid, result_ttl=7 * 24 * 3600,
        failure_ttl=7 * 24 * 3600)
    return True


def _hold(player_id: int | None, func: str, kwargs: dict, jid: str) -> str | None:
    """If the player is in quiet hours now, schedule the job again for their end; when (ISO)."""
    with context.sessions()() as session:
        until = quiet_until(_preferences(session, player_id), utcnow())
    if until is None:
        return None
    _schedule(until, func, kwargs, f"{jid}_after{int(until.timestamp())}")
    return until.isoformat()


def notify_turn(game_id: str, seat: int, decision: int) -> dict:
    """RQ job: tell ``seat``'s player that decision ``decision`` of ``game_id`` is theirs (at once,
    after their quiet hours, or in their next digest)."""
    settings = _settings()
    with context.sessions()() as session:
        msg = turn_mail(session, settings, game_id, seat, decision)
        player_id = session.get(models.Seat, (game_id, seat)).player_id if msg is not None else None
        pref = _preferences(session, player_id)
        digest_at = next_digest_at(pref, utcnow()) if pref is not None and pref.mode == "digest" \
            else None
    if msg is None:
        return {"sent": False, "reason": "not_due"}
    if digest_at is not None:
        _schedule(digest_at, "workers.mail.digest", {"player_id": player_id},
                  f"digest_{player_id}_{int(digest_at.timestamp())}")
        return {"sent": False, "reason": "digest", "at": digest_at.isoformat()}
    held = _hold(player_id, "workers.mail.notify_turn",
                 {"game_id": game_id, "seat": seat, "decision": decision},
                 f"notify_turn_{game_id}_{seat}_{decision}")
    if held:
        return {"sent": False, "reason": "quiet_hours", "at": held}
    where = deliver(msg, settings, _connection())
    log.info("notify_turn %s seat %s decision %s -> %s", game_id, seat, decision, where)
    return {"sent": where is not None, "to": where, "message_id": msg["Message-ID"]}


def digest(player_id: int) -> dict:
    """RQ job: send ``player_id`` the digest of every game waiting for them, unless one went out
    less than ``digest_hours`` ago (then it is rescheduled) or they are in quiet hours."""
    settings = _settings()
    sessions = context.sessions()
    with sessions() as session:
        pref = _preferences(session, player_id)
        if pref is None or pref.mode != "digest" or pref.unsubscribed:
            return {"sent": False, "reason": "not_digest"}
        now = utcnow()
        when = next_digest_at(pref, now)
        if when - now > SLACK:
            _schedule(when, "workers.mail.digest", {"player_id": player_id},
                      f"digest_{player_id}_{int(when.timestamp())}")
            return {"sent": False, "reason": "later", "at": when.isoformat()}
        player = session.get(models.Player, player_id)
        msg = digest_message(session, settings, player, now)
        if msg is None:
            return {"sent": False, "reason": "nothing_waiting"}
        previous = pref.digest_sent_at
        # The claim: of two runs that got this far, one moves digest_sent_at and sends.
        claimed = session.execute(
            update(models.NotificationPreference)
            .where(models.NotificationPreference.player_id == player_id,
                   models.NotificationPreference.digest_sent_at.is_(None) if previous is None
                   else models.NotificationPreference.digest_sent_at == previous)
            .values(digest_sent_at=now).execution_options(synchronize_session=False)).rowcount
        session.commit()
    if claimed != 1:
        return {"sent": False, "reason": "already_sent"}
    try:
        where = deliver(msg, settings, _connection())
    except Exception:
        with sessions() as session:      # give the claim back so that RQ's retry can send it
            session.execute(update(models.NotificationPreference)
                            .where(models.NotificationPreference.player_id == player_id)
                            .values(digest_sent_at=previous))
            session.commit()
        raise
    log.info("digest for player %s -> %s", player_id, where)
    return {"sent": where is not None, "message_id": msg["Message-ID"]}


def _each_recipient(mails: list[tuple[int, int, EmailMessage]], func: str, kwargs: dict,
                    jid: str) -> dict:
    """Send each (seat, player, mail) now, or hold it for that player's quiet hours."""
    settings = _settings()
    sent, held = [], []
    for seat, player_id, m in mails:
        if _hold(player_id, func, {**kwargs, "only_seat": seat}, f"{jid}_{seat}"):
            held.append(seat)
            continue
        sent.append(deliver(m, settings, _connection()))
    return {"sent": sum(1 for w in sent if w is not None), "mails": len(mails), "held": held}


def game_over(game_id: str, only_seat: int | None = None) -> dict:
    """RQ job: send every seated player (or ``only_seat``'s) the final result of ``game_id``."""
    with context.sessions()() as session:
        mails = _game_over_mails(session, _settings(), game_id, only_seat)
    report = _each_recipient(mails, "workers.mail.game_over", {"game_id": game_id},
                             f"game_over_{game_id}")
    log.info("game_over %s -> %s", game_id, report)
    return report


def seat_resigned(game_id: str, seat: int, only_seat: int | None = None) -> dict:
    """RQ job: tell the other players of ``game_id`` that ``seat`` resigned (the game goes on)."""
    with context.sessions()() as session:
        mails = resigned_mails(session, _settings(), game_id, seat, only_seat)
    report = _each_recipient(mails, "workers.mail.seat_resigned", {"game_id": game_id, "seat": seat},
                             f"seat_resigned_{game_id}_{seat}")
    log.info("seat_resigned %s seat %s -> %s", game_id, seat, report)
    return report
