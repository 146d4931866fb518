"""Reading replies as real mail clients write them: Gmail, Outlook, Apple Mail, HTML-only, Spanish."""
import textwrap
from email.message import EmailMessage

import pytest

from service.inbound.parse import html_to_text, parse_message, split_commands, strip_quotes

TOKEN = "ceacuaifzhtyxwagumddgf7ddzrj44mw"
TO = f"Turnpost <play+{TOKEN}@turnpost.example>"


def raw(text: str) -> bytes:
    return textwrap.dedent(text).lstrip().replace("\n", "\r\n").encode()


GMAIL = raw(f"""
    MIME-Version: 1.0
    Date: Tue, 3 Mar 2026 10:12:44 +0100
    References: <turn-7@turnpost.example>
    In-Reply-To: <turn-7@turnpost.example>
    Message-ID: <CAB=xyz123@mail.gmail.com>
    Subject: Re: Your turn in game 42
    From: Alice Example <Alice@Example.com>
    To: {TO}
    Content-Type: multipart/alternative; boundary="000000000000b1"

    --000000000000b1
    Content-Type: text/plain; charset="UTF-8"

    bet

    On Tue, Mar 3, 2026 at 9:00 AM Turnpost <play+{TOKEN}@turnpost.example>
    wrote:

    > It is your turn (decision 7).
    > Legal: bet, check
    >

    --000000000000b1
    Content-Type: text/html; charset="UTF-8"

    <div dir="ltr">bet</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Tue, Mar 3, 2026 at 9:00 AM Turnpost wrote:<br></div><blockquote class="gmail_quote">It is your turn.<br>Legal: bet, check</blockquote></div>

    --000000000000b1--
""")

OUTLOOK = raw(f"""
    From: "Bob Builder" <bob@contoso.example>
    To: "play+{TOKEN}@turnpost.example" <play+{TOKEN}@turnpost.example>
    Subject: RE: Your turn in game 42
    Message-ID: <DB9PR01MB1234ABCD@DB9PR01MB1234.eurprd01.prod.outlook.com>
    Content-Type: text/plain; charset="iso-8859-1"
    Content-Transfer-Encoding: quoted-printable
    MIME-Version: 1.0

    check=0D
    =0D
    Get Outlook for iOS<https://aka.ms/o0ukef>=0D
    ________________________________=0D
    From: Turnpost <play+{TOKEN}@turnpost.example>=0D
    Sent: Tuesday, March 3, 2026 9:00 AM=0D
    To: Bob Builder <bob@contoso.example>=0D
    Subject: Your turn in game 42=0D
    =0D
    It is your turn. Legal: bet, check=0D
""")

OUTLOOK_HTML_ONLY = raw(f"""
    From: Carla <carla@contoso.example>
    To: play+{TOKEN}@turnpost.example
    Subject: RE: Tu turno
    Message-ID: <AM0PR0@outlook.com>
    MIME-Version: 1.0
    Content-Type: text/html; charset="utf-8"

    <html><head><style>p {{margin:0}}</style></head><body>
    <div style="font-family: Calibri">pasar</div>
    <div style="font-family: Calibri">TABLERO</div>
    <div id="appendonsend"></div>
    <hr style="display:inline-block;width:98%">
    <div id="divRplyFwdMsg" dir="ltr"><b>De:</b> Turnpost<br><b>Enviado:</b> martes<br></div>
    <div>Es tu turno. Legal: apostar, pasar</div>
    </body></html>
""")

APPLE = raw(f"""
    From: Dana <dana@icloud.example>
    Content-Type: multipart/alternative; boundary="Apple-Mail=_1"
    Mime-Version: 1.0 (Mac OS X Mail 16.0)
    Subject: Re: Your turn in game 42
    Message-Id: <3F2A-APPLE@icloud.example>
    To: Turnpost <play+{TOKEN}@turnpost.example>

    --Apple-Mail=_1
    Content-Transfer-Encoding: 7bit
    Content-Type: text/plain; charset=us-ascii

    call
    HELP

    Sent from my iPhone

    > On 3 Mar 2026, at 09:00, Turnpost <play+{TOKEN}@turnpost.example> wrote:
    >
    > It is your turn.

    --Apple-Mail=_1
    Content-Transfer-Encoding: 7bit
    Content-Type: text/html; charset=us-ascii

    <html><body>call<div>HELP</div><blockquote type="cite">It is your turn.</blockquote></body></html>
    --Apple-Mail=_1--
""")

SPANISH_GMAIL = raw(f"""
    From: =?UTF-8?Q?Mar=C3=ADa_Garc=C3=ADa?= <maria@example.es>
    To: {TO}
    Subject: Re: Es tu turno
    Message-ID: <CAES-99@mail.gmail.com>
    MIME-Version: 1.0
    Content-Type: text/plain; charset="UTF-8"
    Content-Transfer-Encoding: 8bit

    apostar, pasar
    AYUDA

    El mar, 3 mar 2026 a las 9:00, Turnpost (<play+{TOKEN}@turnpost.example>) escribió:
    > Es tu turno.
    > Legal: apostar, pasar
    --
    María
""")


def test_gmail_prefers_plain_part_and_drops_wrapped_attribution():
    r = parse_message(GMAIL)
    assert r.sender == "alice@example.com"
    assert r.message_id == "CAB=xyz123@mail.gmail.com"
    assert r.token == TOKEN
    assert r.text == "bet"
    assert r.moves == "bet" and r.commands == []
    assert not r.auto_reply


def test_outlook_quoted_printable_with_header_block_and_mobile_signature():
    r = parse_message(OUTLOOK)
    assert r.sender == "bob@contoso.example"
    assert r.token == TOKEN
    assert r.moves == "check"
    assert "Legal" not in r.text and "Outlook" not in r.text


def test_outlook_html_only_in_spanish_with_a_command():
    r = parse_message(OUTLOOK_HTML_ONLY)
    assert r.moves == "pasar"
    assert r.commands == ["board"]
    assert r.lang_hint == "es"
    assert "Legal" not in r.text and "margin" not in r.text


def test_apple_mail_signature_and_quote_removed_command_kept():
    r = parse_message(APPLE)
    assert r.message_id == "3F2A-APPLE@icloud.example"
    assert r.moves == "call"
    assert r.commands == ["help"]
    assert r.lang_hint is None


def test_spanish_gmail_escribio_and_signature_delimiter():
    r = parse_message(SPANISH_GMAIL)
    assert r.sender == "maria@example.es"
    assert r.moves == "apostar, pasar"
    assert r.commands == ["help"] and r.lang_hint == "es"


def test_token_from_delivery_header_when_reply_was_bcc():
    msg = EmailMessage()
    msg["From"] = "eve@example.com"
    msg["To"] = "friends@example.com"
    msg["Delivered-To"] = f"play+{TOKEN}@turnpost.example"
    msg["Message-ID"] = "<x@y>"
    msg.set_content("resign\n")
    r = parse_message(msg.as_bytes())
    assert r.token == TOKEN and r.commands == ["resign"] and r.moves == ""


def test_domain_restriction_ignores_tokens_for_other_domains():
    assert parse_message(GMAIL, domain="turnpost.example").token == TOKEN
    assert parse_message(GMAIL, domain="other.example").token is None


def test_no_token_when_sent_to_a_plain_address():
    msg = EmailMessage()
    msg["From"] = "eve@example.com"
    msg["To"] = "play@turnpost.example"
    msg.set_content("bet")
    assert parse_message(msg.as_bytes()).token is None


@pytest.mark.parametrize("headers", [
    {"Auto-Submitted": "auto-replied"},
    {"X-Autoreply": "yes"},
    {"Precedence": "bulk"},
    {"From": "MAILER-DAEMON@mx.example.com"},
])
def test_auto_replies_are_flagged(headers):
    msg = EmailMessage()
    msg["From"] = headers.pop("From", "alice@example.com")
    msg["To"] = TO
    for k, v in headers.items():
        msg[k] = v
    msg.set_content("I am out of the office until Monday.")
    assert parse_message(msg.as_bytes()).auto_reply


def test_attachment_text_is_not_the_reply():
    msg = EmailMessage()
    msg["From"] = "alice@example.com"
    msg["To"] = TO
    msg.set_content("bet")
    msg.add_attachment("check\ncheck\n", filename="notes.txt")
    assert parse_message(msg.as_bytes()).moves == "bet"


def test_format_flowed_soft_breaks_are_joined():
    msg = EmailMessage()
    msg["From"] = "alice@example.com"
    msg["To"] = TO
    msg.set_content("a1-a2, \nb1-b2\n")
    msg.set_param("format", "flowed")
    assert parse_message(msg.as_bytes()).moves == "a1-a2, b1-b2"


def test_undecodable_charset_does_not_crash():
    data = raw(f"""
        From: alice@example.com
        To: {TO}
        Content-Type: text/plain; charset="x-unknown-charset"

        bet
    """)
    assert parse_message(data).moves == "bet"


def test_strip_quotes_outlook_original_message_in_spanish():
    text = "pasar\n\n-----Mensaje original-----\nDe: Turnpost\nPara: yo\n\napostar"
    assert strip_quotes(text) == "pasar"


def test_strip_quotes_header_block_without_separator():
    text = "bet\n\nDe: Turnpost <play@x>\nEnviado: lunes\nPara: yo\nAsunto: turno\n\ncheck"
    assert strip_quotes(text) == "bet"


def test_strip_quotes_keeps_lines_that_only_look_like_attributions():
    # "On" starting a sentence without a "wrote:" ending is the player's text.
    assert strip_quotes("On second thought:\ncheck") == "On second thought:\ncheck"


def test_strip_quotes_interleaved_reply_keeps_the_players_lines():
    text = "> Legal: bet, check\nbet\n> What now?\nHELP"
    assert strip_quotes(text) == "bet\nHELP"


def test_html_to_text_blocks_entities_and_quotes():
    html = ("<p>a1&nbsp;b2 &amp; c3</p><div>line<br>two</div>"
            "<blockquote><p>old</p><blockquote>older</blockquote></blockquote><p>after</p>"
            "<div class='gmail_signature'>-- Alice</div><script>x()</script>")
    assert html_to_text(html) == "a1 b2 & c3\n\nline\ntwo\n\nafter"


def test_split_commands_variants():
    commands, moves, lang = split_commands("/help\nRecuperar.\nbet\nboard!\nhelp")
    assert commands == ["help", "reclaim", "board"]
    assert moves == "bet"
    assert lang == "es"


def test_command_words_inside_a_move_line_are_moves():
    commands, moves, _ = split_commands("help me, bet")
    assert commands == [] and moves == "help me, bet"
