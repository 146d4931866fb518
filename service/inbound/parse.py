"""Reading a player's emailed reply: who sent it, which decision it answers, and what they wrote.

Only the reply's own words count. Mail clients append the quoted history and a signature, and many
send HTML only; this module turns any of that into the few lines the player typed, then splits them
into *commands* (HELP, BOARD, RESIGN, RECLAIM, and their Spanish forms) and the *moves* text that goes
to the game's notation parser. Nothing here knows a game.

Quote and signature markers handled (English and Spanish clients):

* ``> `` quoted lines; ``On … wrote:`` / ``El … escribió:`` attributions (also wrapped on two lines,
  as Gmail does with long names), ``Le … a écrit :`` for good measure;
* Outlook: ``-----Original Message-----`` / ``-----Mensaje original-----``, the ``____`` rule, and a
  header block ``From:``/``De:`` followed by ``Sent:``/``Enviado:``/``To:``/``Para:``;
* signatures: the ``-- `` delimiter (RFC 3676), ``Sent from my …`` / ``Enviado desde mi …``,
  ``Get Outlook for …`` / ``Obtener Outlook para …``;
* HTML: ``<blockquote>``, Gmail's ``gmail_quote``, Outlook's ``divRplyFwdMsg``/``appendonsend``, Apple
  Mail's ``type="cite"``, and ``gmail_signature`` are dropped before the text is read.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser

from service.inbound.tokens import token_from_address

__all__ = ["Reply", "COMMANDS", "parse_message", "reply_text", "html_to_text", "strip_quotes",
           "split_commands", "is_auto_reply"]

#: Command words (upper case) to the command they mean. A line that is only one of these words (an
#: optional leading ``/`` or ``!`` and trailing punctuation allowed) is a command, not a move.
COMMANDS = {
    "HELP": "help", "AYUDA": "help",
    "BOARD": "board", "TABLERO": "board",
    "RESIGN": "resign", "ABANDONO": "resign", "ABANDONAR": "resign",
    "RECLAIM": "reclaim", "RECUPERAR": "reclaim",
}
_SPANISH_WORDS = {"AYUDA", "TABLERO", "ABANDONO", "ABANDONAR", "RECUPERAR"}


@dataclass
class Reply:
    """What a reply email says, reduced to what the service acts on."""

    sender: str                  # bare address from From:, lower case ("" if none)
    message_id: str              # Message-ID without angle brackets ("" if none)
    token: str | None            # the reply token from a play+<token>@ recipient, if any
    text: str                    # the reply's own words, quotes and signature removed
    moves: str                   # ``text`` without command lines: what the notation parser reads
    commands: list[str] = field(default_factory=list)   # "help" | "board" | "resign" | "reclaim"
    lang_hint: str | None = None  # "es" if the player used a Spanish command word
    auto_reply: bool = False     # an out-of-office or other machine reply: never act on it


# ---------------------------------------------------------------------------------------- HTML
_BLOCK_TAGS = {"p", "div", "br", "tr", "li", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table",
               "ul", "ol", "hr", "section", "article", "header", "footer"}
_SKIP_TAGS = {"script", "style", "head", "title"}
_QUOTE_CLASSES = {"gmail_quote", "gmail_signature", "gmail_extra", "moz-cite-prefix",
                  "yahoo_quoted", "protonmail_quote"}
_QUOTE_IDS = {"divrplyfwdmsg", "appendonsend", "mail-editor-reference-message-container"}
_VOID = {"br", "hr", "img", "meta", "link", "input", "wbr", "col", "area", "base", "source"}


class _TextExtractor(HTMLParser):
    """HTML to plain text, leaving out quoted history (quote containers and everything after
    Outlook's reply divider)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.stack: list[tuple[str, bool]] = []   # (tag, starts a skipped region)
        self.skip = 0
        self.stopped = False

    def _is_quote(self, tag: str, attrs) -> bool:
        a = {k.lower(): (v or "") for k, v in attrs}
        classes = set(a.get("class", "").lower().split())
        if tag in _SKIP_TAGS or tag == "blockquote" or classes & _QUOTE_CLASSES:
            return True
        return a.get("id", "").lower() in _QUOTE_IDS

    def handle_starttag(self, tag, attrs):
        if self.stopped:
            return
        ident = dict((k.lower(), (v or "").lower()) for k, v in attrs).get("id", "")
        if ident in ("divrplyfwdmsg", "appendonsend"):
            # Outlook puts the whole history *after* this marker, not inside it.
            self.stopped = True
            return
        if tag in _VOID:
            if tag in ("br", "hr") and not self.skip:
                self.parts.append("\n")
            return
        quote = self._is_quote(tag, attrs)
        self.stack.append((tag, quote))
        if quote:
            self.skip += 1
        if tag in _BLOCK_TAGS and not self.skip:
            self.parts.append("\n")

    def handle_startendtag(self, tag, attrs):
        if not self.stopped and tag in ("br", "hr") and not self.skip:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if self.stopped or tag in _VOID:
            return
        # Pop to the matching tag; tolerate sloppy HTML with unclosed inner tags.
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                for _, quote in self.stack[i:]:
                    if quote:
                        self.skip -= 1
                del self.stack[i:]
                break
        if tag in _BLOCK_TAGS and not self.skip:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.stopped and not self.skip:
            self.parts.append(data)

    def text(self) -> str:
        raw = "".join(self.parts).replace("\xa0", " ")
        lines = [re.sub(r"[ \t]+", " ", line).strip() for line in raw.split("\n")]
        return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def html_to_text(html: str) -> str:
    """Visible text of an HTML mail body, quoted history and signatures left out."""
    parser = _TextExtractor()
    parser.feed(html)
    parser.close()
    return parser.text()


# ---------------------------------------------------------------------------------------- plain text
_ATTRIBUTION_START = re.compile(r"^\s*(on|el|le|am)\s.+", re.IGNORECASE)
_ATTRIBUTION_END = re.compile(r"(wrote|escribió|escribio|a écrit|schrieb)\s*:\s*$", re.IGNORECASE)
_SEPARATORS = [
    re.compile(r"^\s*-{2,}\s*(original message|mensaje original|forwarded message|"
               r"mensaje reenviado)\s*-{2,}\s*$", re.IGNORECASE),
    re.compile(r"^\s*_{10,}\s*$"),
    re.compile(r"^\s*begin forwarded message\s*:?\s*$", re.IGNORECASE),
]
_HEADER_FROM = re.compile(r"^\s*\*?(from|de)\s*:\*?\s", re.IGNORECASE)
_HEADER_NEXT = re.compile(r"^\s*\*?(sent|date|to|subject|enviado|fecha|para|asunto|cc)\s*:\*?",
                          re.IGNORECASE)
_SIGNATURES = [
    re.compile(r"^-- ?$"),
    re.compile(r"^\s*(sent from my|sent from (the )?mail for|enviado desde mi|enviado desde (el )?correo"
               r"|get outlook for|obtener outlook para|sent with|enviado con)\b", re.IGNORECASE),
]


def strip_quotes(text: str) -> str:
    """The part of a plain-text reply the player wrote: cut at the first quote attribution, Outlook
    separator or header block, or signature; drop ``>`` lines."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kept: list[str] = []
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if any(p.match(line) for p in _SEPARATORS) or any(p.match(line) for p in _SIGNATURES):
            break
        if _ATTRIBUTION_START.match(line) and (
                _ATTRIBUTION_END.search(line) or _ATTRIBUTION_END.search(line + " " + nxt)):
            break
        if _HEADER_FROM.match(line) and _HEADER_NEXT.match(nxt):
            break
        if line.lstrip().startswith(">"):
            continue
        kept.append(line.rstrip())
    return "\n".join(kept).strip()


# ---------------------------------------------------------------------------------------- commands
_COMMAND_LINE = re.compile(r"^[/!]?\s*([A-Za-zÁÉÍÓÚáéíóúñÑ]+)\s*[.!]?$")


def split_commands(text: str) -> tuple[list[str], str, str | None]:
    """Separate command lines from move lines: ``(commands, moves_text, lang_hint)``."""
    commands: list[str] = []
    moves: list[str] = []
    lang = None
    for line in text.split("\n"):
        m = _COMMAND_LINE.match(line.strip())
        word = m.group(1).upper() if m else None
        if word in COMMANDS:
            if COMMANDS[word] not in commands:
                commands.append(COMMANDS[word])
            if word in _SPANISH_WORDS:
                lang = "es"
            continue
        if line.strip():
            moves.append(line.strip())
    return commands, "\n".join(moves), lang


# ---------------------------------------------------------------------------------------- MIME
def _body_parts(msg: EmailMessage) -> tuple[str | None, str | None]:
    """The first text/plain and text/html parts that are not attachments (forwarded messages and
    attached files are never the reply)."""
    plain = html = None
    for part in msg.walk():
        if part.is_multipart() or part.get_content_maintype() != "text":
            if part.get_content_type() == "message/rfc822":
                break
            continue
        if part.get_content_disposition() == "attachment":
            continue
        try:
            content = part.get_content()
        except (LookupError, UnicodeDecodeError):
            payload = part.get_payload(decode=True) or b""
            content = payload.decode("utf-8", "replace")
        if part.get_content_subtype() == "plain" and plain is None:
            plain = content
        elif part.get_content_subtype() == "html" and html is None:
            html = content
    return plain, html


def reply_text(msg: EmailMessage) -> str:
    """The words the player wrote in ``msg`` (plain part preferred, HTML otherwise)."""
    plain, html = _body_parts(msg)
    if plain is not None and plain.strip():
        if (msg.get_param("format", header="content-type") or "").lower() == "flowed":
            plain = re.sub(r" \n(?!-- ?\n)", " ", plain)
        return strip_quotes(plain)
    if html is not None:
        return strip_quotes(html_to_text(html))
    return ""


def is_auto_reply(msg: EmailMessage) -> bool:
    """True for vacation notices, bounces and list traffic (RFC 3834), which must never be answered."""
    auto = (msg.get("Auto-Submitted") or "no").strip().lower()
    if auto != "no":
        return True
    if msg.get("X-Autoreply") or msg.get("X-Autorespond"):
        return True
    if (msg.get("Precedence") or "").strip().lower() in ("bulk", "junk", "list", "auto_reply"):
        return True
    sender = parseaddr(str(msg.get("From") or ""))[1].lower()
    return sender.startswith(("mailer-daemon@", "postmaster@"))


def _token(msg: EmailMessage, domain: str | None) -> str | None:
    # Delivery headers first: they carry the envelope recipient even when the reply went by Bcc.
    for header in ("Delivered-To", "X-Original-To", "To", "Cc"):
        values = [str(v) for v in msg.get_all(header) or []]
        for _, addr in getaddresses(values):
            token = token_from_address(addr, domain=domain)
            if token:
                return token
    return None


def parse_message(raw: bytes, domain: str | None = None) -> Reply:
    """Read a raw RFC 5322 message. ``domain`` (MAIL_DOMAIN) restricts which recipient addresses
    may carry a reply token."""
    msg = BytesParser(policy=policy.default).parsebytes(raw)
    try:
        from_header = str(msg.get("From") or "")
    except (ValueError, TypeError):  # malformed headers must not stop the rest from being read
        from_header = ""
    sender = parseaddr(from_header)[1].lower()
    message_id = str(msg.get("Message-ID") or "").strip().strip("<>").strip()
    text = reply_text(msg)
    commands, moves, lang = split_commands(text)
    return Reply(sender=sender, message_id=message_id, token=_token(msg, domain), text=text,
                 moves=moves, commands=commands, lang_hint=lang, auto_reply=is_auto_reply(msg))
