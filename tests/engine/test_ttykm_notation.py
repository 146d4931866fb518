"""Text turns in English and Spanish, decisions as JSON, and the text picture for email."""
import pytest

import engine
from engine import IllegalActionError, ParseError
from tests.engine.ttykm_helpers import play, position

X16 = ". " * 15 + "X"


def start():
    # white's copy on square 5 of the present (focus there), supply left, empty past square 1
    return position(present=". . . . O . . . . . . . . . . X", past=X16, future=X16, focus=("present", "past"))


def test_steps_separated_by_spaces_only():
    s = start()
    decisions = s.parse_turn("select 5 move N back focus future")
    assert [s.action_to_text(a) for a in decisions[:1]] == ["select 5"]
    play(s, "select 5 move N back focus future")
    j = s.to_json()
    assert j["to_move"] == "black" and j["players"]["white"]["focus"] == "future"
    assert j["eras"]["past"][0] == {"piece": "copy", "owner": "white"}


@pytest.mark.parametrize("text", [
    "select 5, move N, back, focus future",
    "select 5\nmove N\nback\nfocus future",
    "SELECT 5 Move n BACK Focus FUTURE",
    "select 5, move N, travel back, focus future",
])
def test_english_forms_give_the_same_turn(text):
    assert start().parse_turn(text) == start().parse_turn("select 5 move N back focus future")


@pytest.mark.parametrize("text", [
    "selecciono 5, muevo N, atrás, foco futuro",
    "seleccionar 5 mover n atras foco futuro",
    "selecciono 5, muevo N, viajo atrás, foco futuro",
])
def test_spanish_forms_give_the_same_turn(text):
    assert start().parse_turn(text, "es") == start().parse_turn("select 5 move N back focus future")


def test_spanish_west_is_O_and_W_is_accepted_too():
    s = position(present=". . . . . O . . . . . . . . . X", past=X16, future=X16, focus=("present", "past"))
    assert s.parse_turn("selecciono 6, muevo O", "es") == s.parse_turn("select 6, move W")
    assert s.parse_turn("selecciono 6, muevo W", "es") == s.parse_turn("select 6, move W")
    play(s, "select 6")
    assert s.action_to_text(s.parse_turn("move W")[0], "es") == "muevo O"


def test_pull_and_chapter_actions_in_both_languages():
    s = position("growth+influence", past=". . . . S O . . . . . . . . . X", present=X16, future=X16)
    en = s.parse_turn("select 6, move E pull, plant 8")
    assert s.parse_turn("selecciono 6, muevo E tirando, planto 8", "es") == en
    texts = {"en": [], "es": []}
    for a in en:
        for lang in texts:
            texts[lang].append(s.action_to_text(a, lang))
        s.apply_action(a)
    assert texts == {"en": ["select 6", "move E pull", "plant 8"], "es": ["selecciono 6", "muevo E tirando", "planto 8"]}


def test_unreadable_step_names_its_index_and_the_legal_alternatives():
    s = start()
    with pytest.raises(ParseError) as e:
        s.parse_turn("select 5, move N, fly away")
    assert e.value.index == 2
    assert "back" in e.value.legal_text() and "move E" in e.value.legal_text()
    assert "'fly away'" in e.value.message("en") and "'fly away'" in e.value.message("es")


def test_illegal_step_names_its_index_and_the_legal_alternatives():
    s = start()
    with pytest.raises(IllegalActionError) as e:
        s.parse_turn("select 5, move W")
    assert e.value.index == 1
    assert "move N" in e.value.legal_text() and "move W" not in e.value.legal_text()
    assert "muevo N" in e.value.legal_text("es")


def test_target_square_not_next_to_the_copy_is_explained():
    s = position("growth", past=". . . . . O . . . . . . . . . X", present=X16, future=X16)
    with pytest.raises(IllegalActionError) as e:
        s.parse_turn("select 6, plant 12")
    assert e.value.index == 1
    assert e.value.message("en") == "Square 12 is not your copy's square or next to your copy (on square 6)."
    play(s, "select 6")
    assert s.explain_illegal({"plant": 12}, "es").startswith("La casilla 12 no es")


def test_decisions_as_json():
    s = position("growth+influence", past=". . . . S O . . . . . . . . . X", present=X16, future=X16)
    assert s.action_to_json(s.legal_actions()[0]) == {"select": 6}
    play(s, "select 6")
    forms = [s.action_to_json(a) for a in s.legal_actions()]
    assert {"move": "E", "pull": True} in forms and {"move": "E"} in forms
    assert {"plant": 7} in forms and {"plant": 6} in forms and {"build": 7} in forms
    assert s.json_to_action({"plant": "here"}) == s.json_to_action({"plant": 6})
    assert s.json_to_action({"move": "E", "pull": False}) == s.json_to_action({"move": "E"})
    for bad in ({}, {"move": "X"}, {"select": 17}, {"select": True}, {"fly": 1}, [1], {"travel": "sideways"}):
        with pytest.raises(ParseError):
            s.json_to_action(bad)


def test_explain_illegal_is_empty_for_a_legal_decision_and_bilingual_otherwise():
    s = start()
    assert s.explain_illegal({"select": 5}) == ""
    assert s.explain_illegal({"focus": "future"}) == "You must select a copy first."
    assert s.explain_illegal({"focus": "future"}, "es") == "Primero debes seleccionar una copia."
    assert s.explain_illegal({"plant": 3}) == "No copy is acting now: select one first."


def test_render_text_shows_three_eras_with_a_legend_in_both_languages():
    s = engine.load_game("ttykm", chapter="influence+memory").new_initial_state(0)
    en = s.render_text(None, "en")
    es = s.render_text(None, "es")
    assert "PAST <W>" in en and "FUTURE <B>" in en and "white to move" in en
    assert "PASADO <B>" in es and "FUTURO <N>" in es and "juegan blancas" in es
    assert "O white copy" in en and "O copia blanca" in es
    rows = en.splitlines()[2:6]
    assert rows[0].split()[:4] == ["O", ".", ".", "D"]
    assert rows[1].split()[:4] == [".", ".", "S", "."]
    assert rows[3].split()[:4] == ["L", ".", ".", "X"]
    assert rows[0].split()[-4:] == ["1", "2", "3", "4"]
