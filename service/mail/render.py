"""Notification emails, rendered from the engine's per-seat views only.

Everything a mail says about the game comes from what the recipient's seat may see: the board is
``state.render_text(seat, lang)``, and a past decision is written out only if the recipient could tell
it apart from every other decision legal at that moment (otherwise it reads "hidden from you"). Nothing
here names a game: titles and notation come from the registry and the State protocol.

Threading: every mail about one seat in one game answers the same (virtual) root Message-ID, so mail
clients that thread by References (Thunderbird, Apple Mail, mutt) keep a game in one thread.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import formataddr, formatdate

import engine
from service import history
from service.mail.templates import lang_or_default, t

#: Past decisions listed in a mail; older ones are summarised as a count.
MAX_EVENTS = 40
#: Legal decisions listed in a mail; the API has the full list.
MAX_LEGAL = 30


@dataclass(frozen=True)
class Recipient:
    """Who a mail goes to: the seat they play and how to address them."""

    seat: int
    email: str
    name: str = ""
    lang: str = "en"


@dataclass(frozen=True)
class GameInfo:
    """What a mail needs to know about a game besides its state: identity, seed, full decision log."""

    game_id: object
    title: str                      # registry name, e.g. the value of games.title
    options: dict
    seed: int
    history: tuple                  # every decision since the initial state, chance included
    seat_names: dict = field(default_factory=dict)   # seat -> display name

    def game(self):
        """The engine's Game for this title and options."""
        return engine.load_game(self.title, **self.options)


@dataclass(frozen=True)
class Links:
    """Addresses the mail points to (all optional but ``public_url``)."""

    public_url: str
    game_url: str
    turn_url: str
    unsubscribe_url: str | None = None
    reply_to: str | None = None
    from_addr: str = "turnpost <turnpost@localhost>"
    domain: str = "localhost"


def title_in(game, lang: str) -> str:
    """The game's display name in ``lang``."""
    return game.spec.title_es if lang == "es" else game.spec.title_en


def seat_label(seat: int, names: dict, lang: str) -> str:
    """'seat 1 (Ana)' in the recipient's language."""
    name = names.get(seat) or names.get(str(seat))
    return t(lang, "seat_named", seat=seat, name=name) if name else t(lang, "seat", seat=seat)


def visible_to(state, action: int, viewer: int, hidden_information: bool) -> bool:
    """Whether ``viewer`` may read ``action`` (legal in ``state``): the log's rule
    (:func:`service.history.visible`), so a mail never names what the log would redact."""
    return not hidden_information or history.visible(state, action, state.current_player(), viewer)


def events_since_last_turn(info: GameInfo, seat: int, lang: str) -> tuple[list[str], bool, int]:
    """The decisions taken after ``seat``'s last own decision, as lines the seat may read.

    Returns (lines, since_start, omitted): ``since_start`` is true when the seat has not decided yet,
    ``omitted`` counts older events left out to keep the mail short.
    """
    game = info.game()
    hidden = game.spec.hidden_information
    state = game.new_initial_state(info.seed)
    deciders = []
    for a in info.history:
        deciders.append(state.current_player())
        state.apply_action(int(a))
    mine = [i for i, p in enumerate(deciders) if p == seat]
    start = mine[-1] + 1 if mine else 0
    # Replay again up to ``start`` so each later decision is described from the state it was taken in.
    state = game.new_initial_state(info.seed)
    for a in info.history[:start]:
        state.apply_action(int(a))
    lines = []
    for a in info.history[start:]:
        a = int(a)
        player = state.current_player()
        who = t(lang, "chance") if player == engine.CHANCE else seat_label(player, info.seat_names, lang)
        what = state.action_to_text(a, lang) if visible_to(state, a, seat, hidden) else t(lang, "hidden")
        lines.append(f"  - {who}: {what}")
        state.apply_action(a)
    omitted = max(0, len(lines) - MAX_EVENTS)
    return lines[omitted:], not mine, omitted


def _headers(msg: EmailMessage, info: GameInfo, recipient: Recipient, links: Links, lang: str,
             kind: str, decision: int | None) -> None:
    root = f"<turnpost.g{info.game_id}.s{recipient.seat}@{links.domain}>"
    suffix = f"d{decision}" if decision is not None else "end"
    msg["From"] = links.from_addr
    msg["To"] = formataddr((recipient.name, recipient.email)) if recipient.name else recipient.email
    msg["Date"] = formatdate(usegmt=True)
    # Deterministic ids: a retried mail job produces the same Message-ID, so a duplicate is recognisable.
    msg["Message-ID"] = f"<turnpost.g{info.game_id}.s{recipient.seat}.{suffix}.{kind}@{links.domain}>"
    msg["In-Reply-To"] = root
    msg["References"] = root
    msg["List-Id"] = f"turnpost game {info.game_id} <game-{info.game_id}.{links.domain}>"
    if links.unsubscribe_url:
        msg["List-Unsubscribe"] = f"<{links.unsubscribe_url}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    if links.reply_to:
        msg["Reply-To"] = links.reply_to
    # RFC 3834: tells auto-responders not to answer (no vacation-reply loops into the game).
    msg["Auto-Submitted"] = "auto-generated"
    msg["Content-Language"] = lang


def _footer(lang: str, info: GameInfo, links: Links) -> list[str]:
    lines = ["", "-- ", t(lang, "footer", game_id=info.game_id)]
    if links.unsubscribe_url:
        lines.append(t(lang, "unsubscribe", url=links.unsubscribe_url))
    return lines


def turn_message(info: GameInfo, state, recipient: Recipient, decision: int, links: Links,
                 api_example: dict) -> EmailMessage:
    """The "your turn" mail for ``recipient`` at decision number ``decision`` of ``state``.

    ``api_example`` is the JSON body the API expects (built by the caller from the API's contract).
    """
    lang = lang_or_default(recipient.lang)
    game = info.game()
    title = title_in(game, lang)
    seat = recipient.seat
    events, since_start, omitted = events_since_last_turn(info, seat, lang)
    body = [t(lang, "greeting", name=recipient.name or t(lang, "player")), "",
            t(lang, "your_turn", title=title, game_id=info.game_id,
              seat_label=seat_label(seat, info.seat_names, lang)), ""]
    if events:
        body.append(t(lang, "since_start" if since_start else "since"))
        if omitted:
            body.append(t(lang, "more_before", count=omitted))
        body += events
    elif not since_start:
        body.append(t(lang, "nothing_since"))
    body += ["", t(lang, "position"), "", state.render_text(seat, lang), ""]
    legal = state.legal_actions() if state.current_player() == seat else []
    if legal:
        body.append(t(lang, "legal"))
        body.append("  " + ", ".join(state.action_to_text(a, lang) for a in legal[:MAX_LEGAL]))
        if len(legal) > MAX_LEGAL:
            body.append(t(lang, "legal_more", count=len(legal) - MAX_LEGAL))
        body.append("")
    body += [t(lang, "how_api", decision=decision), "",
             f"  curl -X POST {links.turn_url} \\",
             "       -H 'Authorization: Bearer <your token>' -H 'Content-Type: application/json' \\",
             f"       -d '{json.dumps(api_example, ensure_ascii=False)}'", ""]
    if links.reply_to and legal:
        body += [t(lang, "how_reply", example=state.action_to_text(legal[0], lang)), ""]
    body.append(t(lang, "link", url=links.game_url))
    body += _footer(lang, info, links)
    msg = EmailMessage()
    # Body first: set_content() drops any Content-* header set before it (Content-Language).
    msg.set_content("\n".join(body) + "\n")
    _headers(msg, info, recipient, links, lang, "turn", decision)
    msg["Subject"] = t(lang, "subject_turn", title=title, game_id=info.game_id, decision=decision)
    return msg


def game_over_message(info: GameInfo, state, recipient: Recipient, links: Links,
                      result: dict | None = None) -> EmailMessage:
    """The "game over" mail: final position as the recipient sees it and everyone's result.

    ``result`` is the stored result (``games.result``); it decides when given, because a game can
    end by resignation at a position the rules do not call terminal.
    """
    lang = lang_or_default(recipient.lang)
    game = info.game()
    title = title_in(game, lang)
    seat = recipient.seat
    returns = list((result or {}).get("returns") or state.returns())
    resigned = (result or {}).get("resigned")
    best = max(returns)
    if returns[seat] == best:
        verdict = "you_drew" if list(returns).count(best) > 1 else "you_won"
    else:
        verdict = "you_lost"
    events, since_start, omitted = events_since_last_turn(info, seat, lang)
    body = [t(lang, "greeting", name=recipient.name or t(lang, "player")), "",
            t(lang, "over", title=title, game_id=info.game_id), ""]
    if resigned is not None:
        body += [t(lang, "you_resigned") if resigned == seat else
                 t(lang, "resigned", seat_label=seat_label(resigned, info.seat_names, lang)), ""]
    if events:
        body.append(t(lang, "since_start" if since_start else "since"))
        if omitted:
            body.append(t(lang, "more_before", count=omitted))
        body += events + [""]
    body += [t(lang, "position"), "", state.render_text(seat, lang), "", t(lang, "result")]
    body += [t(lang, "result_line", seat_label=seat_label(s, info.seat_names, lang), score=f"{r:g}")
             for s, r in enumerate(returns)]
    body += ["", t(lang, verdict), "", t(lang, "link", url=links.game_url)]
    body += _footer(lang, info, links)
    msg = EmailMessage()
    msg.set_content("\n".join(body) + "\n")
    _headers(msg, info, recipient, links, lang, "over", None)
    msg["Subject"] = t(lang, "subject_over", title=title, game_id=info.game_id)
    return msg


def resigned_message(info: GameInfo, recipient: Recipient, links: Links, resigned: int) -> EmailMessage:
    """The mail telling ``recipient`` that seat ``resigned`` left a game that goes on (the AI plays
    that seat from now on). It says who and nothing about the position."""
    lang = lang_or_default(recipient.lang)
    title = title_in(info.game(), lang)
    body = [t(lang, "greeting", name=recipient.name or t(lang, "player")), "",
            t(lang, "resigned_goes_on", title=title, game_id=info.game_id,
              seat_label=seat_label(resigned, info.seat_names, lang)), "",
            t(lang, "link", url=links.game_url)]
    body += _footer(lang, info, links)
    msg = EmailMessage()
    msg.set_content("\n".join(body) + "\n")
    _headers(msg, info, recipient, links, lang, f"resigned{resigned}", None)
    msg["Subject"] = t(lang, "subject_resigned", title=title, game_id=info.game_id,
                       seat_label=seat_label(resigned, info.seat_names, lang))
    return msg
