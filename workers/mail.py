"""The mail jobs: "your turn" and "game over" notifications.

``notify_turn(game_id, seat, decision)`` mails the seat's player if that decision is still theirs and
pending (a player who already moved through the API gets no stale reminder) and the player has not
unsubscribed. ``game_over(game_id)`` mails every seated player who has not. Each mail has a deterministic Message-ID; once sent, the id is remembered
in Redis, so a retried or duplicated job does not send it twice.
"""
from __future__ import annotations

import logging
from dataclasses import replace
from email.message import EmailMessage

from rq import get_current_job
from sqlalchemy import select

from service import games, models
from service.inbound.tokens import make_unsubscribe_token, reply_to_for
from service.mail import GameInfo, Links, Recipient, game_over_message, send, turn_message
from service.mail.settings import MailSettings
from service.mail.templates import lang_or_default, t
from workers import context

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


def game_over_mails(session, settings: MailSettings, game_id: str) -> list[EmailMessage]:
    """One "game over" mail per seated player of a finished game (none if it is not finished)."""
    row, state = games.load_state(session, game_id)
    if not state.is_terminal():
        return []
    seats = games.seats_of(session, game_id)
    out = []
    for s, player in seats:
        if player is None or unsubscribed(session, player.id):
            continue
        recipient = _recipient(s.seat, player)
        info = _game_info(session, row, seats, recipient.lang)
        out.append(game_over_message(info, state, recipient, links_for(settings, game_id, player.id)))
    return out


def _settings() -> MailSettings:
    return MailSettings.from_config(context.config())


def _connection():
    job = get_current_job()
    return job.connection if job is not None else None


def notify_turn(game_id: str, seat: int, decision: int) -> dict:
    """RQ job: tell ``seat``'s player that decision ``decision`` of ``game_id`` is theirs."""
    settings = _settings()
    with context.sessions()() as session:
        msg = turn_mail(session, settings, game_id, seat, decision)
    if msg is None:
        return {"sent": False, "reason": "not_due"}
    where = deliver(msg, settings, _connection())
    log.info("notify_turn %s seat %s decision %s -> %s", game_id, seat, decision, where)
    return {"sent": where is not None, "to": where, "message_id": msg["Message-ID"]}


def game_over(game_id: str) -> dict:
    """RQ job: send every seated player the final result of ``game_id``."""
    settings = _settings()
    with context.sessions()() as session:
        mails = game_over_mails(session, settings, game_id)
    sent = [deliver(m, settings, _connection()) for m in mails]
    log.info("game_over %s -> %s", game_id, sent)
    return {"sent": sum(1 for w in sent if w is not None), "mails": len(mails)}
