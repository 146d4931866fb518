"""Notification mails: only the recipient's view, their language, and headers that thread a game."""
from __future__ import annotations

import email
import email.policy

import engine
import pytest

from service.mail import GameInfo, Links, Recipient, game_over_message, turn_message
from service.mail.render import events_since_last_turn, visible_to
from service.mail.transport import eml_name, send, send_smtp, write_eml

LINKS = Links(public_url="https://play.example", game_url="https://play.example/v1/games/g1",
              turn_url="https://play.example/v1/games/g1/turns",
              unsubscribe_url="https://play.example/v1/unsubscribe/tok", domain="play.example",
              from_addr="turnpost <turnpost@play.example>")
# Kuhn poker, seed 3: seat 0 is dealt K (2), seat 1 J (0), seat 0 bets (1).
KUHN = GameInfo(game_id="g1", title="kuhn_poker", options={}, seed=3, history=(2, 0, 1),
                seat_names={0: "Ana", 1: "Bo"})


def _state(info: GameInfo):
    return info.game().replay(info.seed, info.history)


def _roundtrip(msg):
    return email.message_from_bytes(msg.as_bytes(), policy=email.policy.default)


def test_a_dealt_card_is_shown_only_to_its_owner():
    state = engine.load_game("kuhn_poker").new_initial_state(3)
    # The first deal is seat 0's card: seat 0 can tell which card it was, seat 1 cannot.
    assert visible_to(state, 2, 0, hidden_information=True)
    assert not visible_to(state, 2, 1, hidden_information=True)
    lines, since_start, omitted = events_since_last_turn(KUHN, 1, "en")
    assert (since_start, omitted) == (True, 0)
    assert lines == ["  - Chance: (hidden from you)", "  - Chance: deal J", "  - seat 0 (Ana): bet"]
    # Seat 0 has decided (decision 2): only what came after its own last decision is news.
    assert events_since_last_turn(KUHN, 0, "en")[0] == []


def test_turn_mail_never_contains_the_opponents_card():
    state = _state(KUHN)
    for lang in ("en", "es"):
        msg = turn_message(KUHN, state, Recipient(1, "bo@example.org", "Bo", lang), 3, LINKS,
                           {"expected_decision": 3, "text": "bet"})
        body = _roundtrip(msg).get_content()
        assert '"K"' not in body and "deal K" not in body and "reparto K" not in body
        assert state.render_text(1, lang) in body


def test_turn_mail_in_spanish_threads_with_the_game():
    state = _state(KUHN)
    msg = _roundtrip(turn_message(KUHN, state, Recipient(1, "bo@example.org", "Bo", "es"), 3, LINKS,
                                  {"expected_decision": 3, "text": "apuesto"}))
    assert msg["Subject"] == "[turnpost] Póquer de Kuhn n.º g1: te toca (decisión 3)"
    assert msg["To"] == "Bo <bo@example.org>"
    assert msg["Message-ID"] == "<turnpost.gg1.s1.d3.turn@play.example>"
    assert msg["In-Reply-To"] == msg["References"] == "<turnpost.gg1.s1@play.example>"
    assert msg["List-Unsubscribe"] == "<https://play.example/v1/unsubscribe/tok>"
    assert msg["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert msg["Auto-Submitted"] == "auto-generated"
    assert msg["Content-Language"] == "es"
    body = msg.get_content()
    assert body.startswith("Hola, Bo:\n")
    assert "Tus decisiones legales ahora:\n  paso, apuesto" in body
    assert '"expected_decision": 3, "text": "apuesto"' in body
    assert "curl -X POST https://play.example/v1/games/g1/turns" in body
    assert "Para dejar de recibir estos correos: https://play.example/v1/unsubscribe/tok" in body


def test_every_mail_of_a_seat_shares_one_thread_root_and_has_its_own_id():
    state = _state(KUHN)
    a = turn_message(KUHN, state, Recipient(1, "bo@example.org", "Bo"), 3, LINKS, {})
    b = turn_message(KUHN, state, Recipient(1, "bo@example.org", "Bo"), 5, LINKS, {})
    other = turn_message(KUHN, state, Recipient(0, "ana@example.org", "Ana"), 3, LINKS, {})
    assert a["References"] == b["References"] != other["References"]
    assert a["Message-ID"] != b["Message-ID"]


def test_perfect_information_decisions_are_all_shown_in_the_readers_language():
    game = engine.load_game("ttykm")
    state = game.new_initial_state(1)
    history = []
    while state.current_player() == 0:                 # white's whole first turn
        a = state.legal_actions()[0]
        history.append((a, state.action_to_text(a, "es")))
        state.apply_action(a)
    info = GameInfo(game_id="t1", title="ttykm", options={}, seed=1,
                    history=tuple(a for a, _ in history), seat_names={0: "IA", 1: "Bo"})
    lines, since_start, _ = events_since_last_turn(info, 1, "es")
    assert since_start and lines == [f"  - puesto 0 (IA): {text}" for _a, text in history]
    msg = turn_message(info, state, Recipient(1, "bo@example.org", "Bo", "es"), len(history), LINKS, {})
    assert "Te toca en That Time You Killed Me" in _roundtrip(msg).get_content()


@pytest.mark.parametrize("seat,lang,verdict", [(0, "en", "You won. Well played!"),
                                               (1, "es", "Esta vez no has ganado.")])
def test_game_over_mail_tells_each_seat_its_result(seat, lang, verdict):
    # Seat 1 calls: showdown, K beats J, seat 0 wins 2 chips.
    info = GameInfo(**{**KUHN.__dict__, "history": KUHN.history + (1,)})
    state = _state(info)
    assert state.is_terminal()
    msg = _roundtrip(game_over_message(info, state, Recipient(seat, "x@example.org", "X", lang), LINKS))
    body = msg.get_content()
    assert verdict in body
    assert msg["Message-ID"] == f"<turnpost.gg1.s{seat}.end.over@play.example>"
    assert msg["References"] == f"<turnpost.gg1.s{seat}@play.example>"
    seat_word = "seat" if lang == "en" else "puesto"
    assert f"  {seat_word} 0 (Ana): 2\n  {seat_word} 1 (Bo): -2\n" in body


def test_eml_files_are_named_by_message_id_so_a_resend_overwrites(tmp_path):
    state = _state(KUHN)
    msg = turn_message(KUHN, state, Recipient(1, "bo@example.org", "Bo"), 3, LINKS, {})
    assert eml_name(msg) == "turnpost.gg1.s1.d3.turn.eml"
    first = send(msg, smtp_url=None, data_dir=tmp_path)
    second = write_eml(msg, tmp_path / "mail")
    assert first == str(second) and sorted(p.name for p in (tmp_path / "mail").iterdir()) == [
        "turnpost.gg1.s1.d3.turn.eml"]
    parsed = email.message_from_bytes(second.read_bytes(), policy=email.policy.default)
    assert parsed["Message-ID"] == msg["Message-ID"]


def test_smtp_delivery_reaches_a_real_server(smtp_server):
    state = _state(KUHN)
    msg = turn_message(KUHN, state, Recipient(1, "smtp-test@example.org", "Bo", "es"), 3, LINKS, {})
    send_smtp(msg, smtp_server.url)
    got = smtp_server.mailbox.wait_for(lambda m: m["Message-ID"] == msg["Message-ID"], 10)
    assert got["Subject"] == msg["Subject"]
    assert "oculto para ti" in got.get_content()


def test_bad_smtp_url_is_refused():
    with pytest.raises(ValueError, match="SMTP_URL"):
        send_smtp(turn_message(KUHN, _state(KUHN), Recipient(1, "b@e.org"), 3, LINKS, {}), "http://x")
