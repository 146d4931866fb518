"""Takyon: the email notation (English and Spanish), JSON decisions, errors, and the text picture."""
import pytest

import engine
from engine import takyon as tk
from tests.engine.takyon_util import Edit, act, new


def test_every_action_has_a_distinct_text_per_language_and_a_json_round_trip():
    state = new()
    for lang in ("en", "es"):
        texts = [tk._norm(state.action_to_text(a, lang)) for a in tk._VALID]
        assert len(texts) == len(set(texts))
    for a in tk._VALID:
        assert state.json_to_action(state.action_to_json(a)) == a


def test_a_spanish_turn_reads_like_the_english_one():
    en, es = new(), new()
    act(en, "go black hole, season, season, stop, stay")
    act(es, "voy a agujero negro; estación; estacion; paro; me quedo", "es")
    assert en.same_position(es)


def test_a_bad_step_is_named_with_why_and_the_legal_alternatives():
    state = new()
    with Edit(state) as e:
        e.money(0, 0)
        e.machine(1, "wormhole")
    with pytest.raises(engine.IllegalActionError) as err:
        state.parse_turn("go black hole, era, go wormhole", "en")
    e = err.value
    assert e.index == 2
    assert "not allowed" in e.message("en") and "no está permitido" in e.message("es")
    assert "spend displacement points" in e.message("en")
    assert e.legal_text("en") == ["era", "season"]
    assert e.legal_text("es") == ["era", "estación"]
    with pytest.raises(engine.IllegalActionError) as err:
        state.parse_turn("go wormhole")
    assert "landing fee" in err.value.message("en") and err.value.index == 0


def test_an_unreadable_step_is_a_parse_error_with_its_index():
    state = new()
    with pytest.raises(engine.ParseError) as err:
        state.parse_turn("go black hole, fly to the moon")
    assert err.value.index == 1 and err.value.code == "unparsable_step"
    assert "fly to the moon" in err.value.message("es")


def test_unknown_json_decision_is_a_parse_error():
    state = new()
    with pytest.raises(engine.ParseError):
        state.json_to_action({"type": "move", "space": "the-moon"})
    with pytest.raises(engine.ParseError):
        state.json_to_action(["move"])


def test_explain_illegal_is_empty_for_a_legal_decision():
    state = new()
    assert state.explain_illegal({"type": "move", "space": "black-hole"}) == ""
    assert "already there" in state.explain_illegal({"type": "move", "space": "nova-terra"})


def test_render_text_in_both_languages_shows_the_seats_own_hand_only():
    state = new(players=3, seed=4)
    full = state.to_json(None)
    mine = full["hidden"]["mission_hands"][0][0]
    theirs = full["hidden"]["mission_hands"][1][0]
    en = state.render_text(0, "en")
    es = state.render_text(0, "es")
    assert "Environmental Crisis" in en and "Crisis Ambiental" in es
    assert "Your hand" in en and "Tu mano" in es
    assert mine in en and theirs not in en and theirs not in es
    assert "Antarctica" in en and "Antártida" in es
