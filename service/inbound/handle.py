"""The one entry point for email in: :func:`handle_message` takes a raw message and acts on it.

Both ways in call it: the SMTP listener (``service.inbound.listener``) and ``POST /v1/inbound-email``.
The checks, in order, each stopping with a clear answer and nothing changed:

1. machine mail (vacation notices, bounces) is dropped silently, so two robots never talk forever;
2. a Message-ID seen before is dropped (a redelivered mail acts once);
3. the reply token must verify (``token_invalid`` / ``token_expired``);
4. the sender must be the seat's player (``wrong_sender``: the address is all an email proves);
5. each move step is checked on its own, so a reply with several bad steps is told about every one
   (position, reason, what was legal there); only a reply with no bad step is submitted, through
   :func:`service.turns.submit` with the token's decision number as the expected one.

Every answer goes to the sender, in the player's language, and shows the game only through the
seat's own view. Nothing here names a game.
"""
from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from types import SimpleNamespace

import engine
from engine.notation import split_steps
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from service import games, models, resign, seats, turns
from service.errors import ApiError
from service.inbound import replies
from service.inbound.parse import Reply, parse_message
from service.inbound.tokens import (TokenError, make_reply_token, read_reply_token,
                                    reply_address)
from service.mail.settings import MailSettings
from service.mail.transport import send

log = logging.getLogger(__name__)

#: How long a reply token in an answer stays valid (a fresh one for the same pending decision).
ANSWER_TOKEN_TTL = 14 * 24 * 3600


@dataclass
class Outcome:
    """What became of one inbound message."""

    code: str                         # applied | command | duplicate | auto_reply | no_token |
    #                                   token_invalid | token_expired | wrong_sender | bad_steps |
    #                                   rejected (the service refused: see ``detail``)
    game_id: str | None = None
    seat: int | None = None
    applied: list[int] = field(default_factory=list)        # decisions stored
    errors: list[dict] = field(default_factory=list)        # bad steps: index, step, code, message, legal
    commands: list[str] = field(default_factory=list)
    detail: str | None = None
    answer: EmailMessage | None = None                      # the mail sent back, if any

    def as_dict(self) -> dict:
        """JSON form (for the HTTP endpoint and logs)."""
        return {"code": self.code, "game_id": self.game_id, "seat": self.seat,
                "applied": len(self.applied), "errors": self.errors, "commands": self.commands,
                "detail": self.detail,
                "answer_message_id": self.answer["Message-ID"] if self.answer else None}


# ---------------------------------------------------------------------------------------- context
def _context(session, settings):
    """The session and mail settings: given, or the Flask app's, or the worker process's."""
    if session is not None and settings is not None:
        return session, settings
    from flask import current_app, has_app_context
    if has_app_context():
        from service.db import db
        cfg = SimpleNamespace(**current_app.config)
        return session or db.session, settings or MailSettings.from_config(cfg)
    from workers import context
    return session or context.sessions()(), settings or MailSettings.from_config(context.config())


def message_key(reply: Reply, raw: bytes) -> str:
    """SHA-256 of the Message-ID (or of the whole message when it has none)."""
    basis = reply.message_id.encode() if reply.message_id else raw
    return hashlib.sha256(basis).hexdigest()


# ---------------------------------------------------------------------------------------- steps
def check_steps(state, seat: int, text: str, lang: str) -> tuple[list[int], list[dict]]:
    """Check every step of ``text`` on its own: (decisions, bad steps).

    A bad step is reported and skipped, and the steps after it are judged from the position the good
    steps reached, so one typo does not hide a second one. ``legal`` is written from the state at that
    step, which is the seat's own decision, so it shows nothing the seat may not see.
    """
    work = state.clone()
    decisions: list[int] = []
    errors: list[dict] = []
    for i, step in enumerate(split_steps(text)):
        if work.current_player() != seat:
            errors.append({"index": i, "step": step, "code": "not_your_decision",
                           "message": replies.text("not_your_decision", lang), "legal": []})
            continue
        try:
            actions = work.parse_turn(step, lang)
        except engine.EngineError as e:
            legal = e.legal_text(lang) if e.at_state is not None else \
                [work.action_to_text(a, lang) for a in work.legal_actions()]
            errors.append({"index": i, "step": step, "code": e.code, "message": e.message(lang),
                           "legal": legal})
            continue
        for a in actions:
            work.apply_action(a)
        decisions += actions
    return decisions, errors


# ---------------------------------------------------------------------------------------- answers
def _answer(settings: MailSettings, reply: Reply, subject: str, body: str, lang: str,
            reply_to: str | None = None) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = settings.from_addr
    msg["To"] = reply.sender
    msg["Subject"] = subject
    msg["Date"] = formatdate(usegmt=True)
    msg["Message-ID"] = make_msgid("turnpost.answer", domain=settings.domain)
    if reply.message_id:
        msg["In-Reply-To"] = f"<{reply.message_id}>"
        msg["References"] = f"<{reply.message_id}>"
    if reply_to:
        msg["Reply-To"] = reply_to
    # RFC 3834: an automatic answer; well-behaved responders will not answer it back.
    msg["Auto-Submitted"] = "auto-replied"
    msg["Content-Language"] = lang
    msg.set_content(body + "\n")
    return msg


def _send(settings: MailSettings, msg: EmailMessage) -> None:
    try:
        send(msg, smtp_url=settings.smtp_url, data_dir=settings.data_dir)
    except Exception:           # noqa: BLE001 - the reply was handled; a lost answer must not undo it
        log.exception("could not send the answer to %s", msg["To"])


def _player_by_email(session, address: str) -> models.Player | None:
    return session.scalar(select(models.Player).where(func.lower(models.Player.email) == address))


# ---------------------------------------------------------------------------------------- entry point
def handle_message(raw: bytes, *, session=None, settings: MailSettings | None = None) -> Outcome:
    """Act on one raw inbound email (RFC 5322 bytes) and answer its sender; see the module doc."""
    session, settings = _context(session, settings)
    reply = parse_message(raw, domain=None)
    if reply.auto_reply or not reply.sender:
        return Outcome("auto_reply")
    key = message_key(reply, raw)
    # Claim the Message-ID first: a concurrent or later copy of this mail finds it and stops.
    session.add(models.InboundMessage(message_hash=key, sender=reply.sender[:254],
                                      outcome="processing"))
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        return Outcome("duplicate")
    try:
        outcome = _handle(session, settings, reply)
    except Exception:
        # Release the claim so that the sender's retry (the listener answers 451) is processed.
        session.rollback()
        row = session.get(models.InboundMessage, key)
        if row is not None:
            session.delete(row)
            session.commit()
        raise
    row = session.get(models.InboundMessage, key)
    row.outcome, row.game_id = outcome.code, outcome.game_id
    session.commit()
    if outcome.answer is not None:
        _send(settings, outcome.answer)
    return outcome


def _handle(session, settings: MailSettings, reply: Reply) -> Outcome:
    known = _player_by_email(session, reply.sender)
    lang = reply.lang_hint or (known.language if known else "en")
    if reply.token is None:
        out = Outcome("no_token", commands=reply.commands)
        if known is not None:        # strangers get no answer: no backscatter for spam
            out.answer = _answer(settings, reply, replies.subject("problem", lang),
                                 replies.text("no_token", lang), lang)
        return out
    try:
        token = read_reply_token(settings.secret_key, reply.token)
    except TokenError as e:
        return Outcome(e.code, commands=reply.commands, answer=_answer(
            settings, reply, replies.subject("problem", lang), e.message(lang), lang))
    game_id, seat = str(token.game_id), token.seat
    seat_row = session.get(models.Seat, (game_id, seat))
    player = session.get(models.Player, seat_row.player_id) if seat_row and seat_row.player_id \
        else None
    if player is None or player.email.lower() != reply.sender:
        # Say nothing about the game: the sender has not shown they may see it.
        return Outcome("wrong_sender", game_id=game_id, commands=reply.commands, answer=_answer(
            settings, reply, replies.subject("problem", lang), replies.text("wrong_sender", lang),
            lang))
    lang = reply.lang_hint or player.language
    out = Outcome("command" if reply.commands and not reply.moves else "applied", game_id=game_id,
                  seat=seat, commands=reply.commands)
    sections: list[str] = []
    if "reclaim" in reply.commands:
        try:
            seats.reclaim(session, game_id, player.id)
            sections.append(replies.text("reclaimed", lang))
        except ApiError as e:
            session.rollback()
            sections.append(e.detail(lang))
    if reply.moves:
        _moves(session, reply, token, player, lang, out, sections)
    if "resign" in reply.commands:
        # The one resign operation of the API (see service.resign for the rule).
        try:
            done = resign.resign(session, game_id, player.id)
            sections.append(replies.text("resigned_over" if done["outcome"] == "game_over"
                                         else "resigned_ai", lang))
        except ApiError as e:
            session.rollback()
            sections.append(e.detail(lang))
    row, state = games.load_state(session, game_id)
    show_board = "board" in reply.commands or bool(out.applied) or bool(out.errors)
    if show_board:
        sections.append(replies.text("position", lang) + "\n\n" + state.render_text(seat, lang))
    pending = row.status == "active" and state.current_player() == seat
    if pending and ("help" in reply.commands or "board" in reply.commands or out.errors):
        legal = [state.action_to_text(a, lang) for a in state.legal_actions()]
        sections.append(replies.text("legal", lang) + "\n  " + ", ".join(legal[:40]))
    if "help" in reply.commands:
        sections.append(replies.text("help", lang))
    if not sections:
        sections.append(replies.text("nothing_to_do", lang))
    reply_to = None
    if pending:
        # A fresh token for the decision pending now, so answering this mail works too.
        fresh = make_reply_token(settings.secret_key, game_id, seat, row.decision_count,
                                 ANSWER_TOKEN_TTL)
        reply_to = reply_address(fresh, settings.domain)
    kind = "applied" if out.applied else ("problem" if out.code not in ("applied", "command")
                                         else "answer")
    out.answer = _answer(settings, reply, replies.subject(kind, lang, game_id=game_id),
                         "\n\n".join(sections), lang, reply_to=reply_to)
    return out


def _moves(session, reply: Reply, token, player, lang: str, out: Outcome, sections: list[str]):
    game_id, seat = str(token.game_id), token.seat
    row, state = games.load_state(session, game_id)
    if row.decision_count != token.decision or state.current_player() != seat:
        out.code = "rejected"
        out.detail = replies.text("stale", lang, decision=token.decision, current=row.decision_count)
        sections.append(out.detail)
        return
    _decisions, errors = check_steps(state, seat, reply.moves, lang)
    if errors:
        out.code, out.errors = "bad_steps", errors
        sections.append(replies.bad_steps(errors, lang))
        return
    try:
        result = turns.submit(session, game_id, seat, token.decision, text=reply.moves, lang=lang,
                              actor="human", idempotency_key=f"email:{reply.message_id}"[:200]
                              if reply.message_id else None, player_id=player.id)
    except ApiError as e:
        session.rollback()
        out.code, out.detail = "rejected", e.detail(lang)
        sections.append(out.detail)
        return
    out.applied = list(result.actions)
    sections.append(replies.text("applied", lang, moves=reply.moves.replace("\n", ", ")))


def app_handler(app):
    """``handle_message`` bound to a Flask app (its database and settings), for the SMTP listener."""
    def handle(raw: bytes) -> Outcome:
        with app.app_context():
            return handle_message(raw)
    return handle
