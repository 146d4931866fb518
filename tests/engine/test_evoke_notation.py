"""The email notation (English and Spanish), JSON decisions, error messages and the text picture."""
import pytest

import engine
from tests.engine.evoke_helpers import game, position


def test_moves_by_node_id_or_name_in_both_languages():
    s = position(game(), agents={0: "Y04"})
    y02, y12 = s.parse_turn("move Y02")[0], s.parse_turn("move Y12")[0]
    assert s.parse_turn("mover a Compartir", "es") == [y02]
    assert s.parse_turn("go to compartir") == [y02]
    assert s.parse_turn("ir a El Charquito", "es") == [y12]
    assert s.parse_turn("move El Charquito (vereda)") == [y12]


def test_a_whole_turn_in_spanish():
    s = position(game(), problems={"Y03": ("yellow", 2)})
    steps = s.parse_turn("mover Y03; quitar\nmover Y01, pasar", "es")
    assert [s.action_to_text(a, "es") for a in steps] == ["mover Y03", "quitar", "mover Y01", "pasar"]
    assert [s.action_to_text(a, "en") for a in steps] == ["move Y03", "remove", "move Y01", "pass"]


def test_give_send_and_answer_steps():
    s = position(game(agent1_role="collaborator"), ideas={0: 3}, agents={1: "Y12"}, problems={"Y01": ("yellow", 1)})
    assert s.action_to_text(s.parse_turn("send agent 2")[0]) == "send agent 2"
    assert s.parse_turn("enviar al agente 2", "es") == s.parse_turn("send to agent 2")
    s2 = position(game(), ideas={0: 1}, agents={1: "Y01"})
    assert s2.parse_turn("dar al agente 2", "es") == s2.parse_turn("give agent 2")
    assert s2.action_to_text(s2.parse_turn("give 2")[0], "es") == "dar agente 2"


def test_trivia_answer_by_letter():
    s = position(game(), problems={"Y01": ("yellow", 1)})
    s.apply_action(s.parse_turn("remove")[0])
    s.apply_action(s.sample_chance())
    assert s.parse_turn("B") == s.parse_turn("answer b") == s.parse_turn("responder B", "es")


def test_illegal_step_names_the_step_the_reason_and_the_alternatives():
    s = position(game(), problems={"Y08": ("black", 1)})
    with pytest.raises(engine.IllegalActionError) as e:
        s.parse_turn("move Y03, move Y12", "en")
    err = e.value
    assert err.index == 1
    assert "move Y12" in err.message("en") and "not next to" in err.message("en")
    assert "no es vecino" in err.message("es")
    assert "move Y01" in err.legal_text("en") and "mover Y05" in err.legal_text("es")


def test_blocked_node_reason():
    s = position(game(), problems={"Y08": ("black", 1)})
    with pytest.raises(engine.IllegalActionError) as e:
        s.parse_turn("move Y08")
    assert "blocked" in e.value.message("en") and "bloqueado" in e.value.message("es")
    assert e.value.index == 0


def test_unknown_node_and_unreadable_step_are_parse_errors():
    s = position(game())
    with pytest.raises(engine.ParseError) as e:
        s.parse_turn("move Atlantis", "en")
    assert "Atlantis" in e.value.message("en") and "Atlantis" in e.value.message("es")
    with pytest.raises(engine.ParseError) as e:
        s.parse_turn("move Y03, dance", "en")
    assert e.value.index == 1


def test_json_decisions_round_trip_and_explain():
    s = position(game(), ideas={0: 1}, agents={1: "Y03"})
    assert s.json_to_action({"action": "move", "to": "Y03"}) == s.parse_turn("move Y03")[0]
    assert s.explain_illegal({"action": "move", "to": "Y03"}) == ""
    assert "not on your node" in s.explain_illegal({"action": "give", "seat": 1})
    assert "no está en tu nodo" in s.explain_illegal({"action": "give", "seat": 1}, "es")
    assert "no problem" in s.explain_illegal({"action": "remove"})
    with pytest.raises(engine.ParseError):
        s.json_to_action({"action": "give", "seat": 9})
    with pytest.raises(engine.ParseError):
        s.json_to_action({"action": "fly"})


def test_render_text_shows_meters_agents_and_nodes_in_both_languages():
    s = position(game(agent2_ai=True), problems={"Y07": ("red", 2)}, bases=["Y09"], alert="2", meter_step=1)
    en, es = s.render_text(0, "en"), s.render_text(0, "es")
    assert "Alert index: 2" in en and "Crisis meter: 3 cards" in en
    assert "Índice de alerta: 2" in es and "Medidor de crisis: 3" in es
    assert "Y07 Villa Italia: 2 red" in en and "Y07 Villa Italia: 2 rojo" in es
    assert "Y09 El Salitre: - [BASE]" in en
    assert "Systems Thinker level 1 (AI)" in en and "Pensador Sistémico nivel 1 (IA)" in es
    assert "Y01 Uniminuto (sede Soacha): - agents 1,2,3,4 -> Y03 Y08 Y09" in en
