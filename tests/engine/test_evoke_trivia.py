"""Trivia in play: a person chooses an option, an AI agent's answer is chance, search never reads the
answer key (rules: "Trivia"; engine/evoke.pyx module docstring)."""
import pytest

import engine
from engine.evoke import QUESTIONS
from tests.engine.evoke_helpers import act, agent, game, position, problems_of


def at_question(g, question=0, **kw):
    """A position where agent 1 removed the last yellow of Y01 and question ``question`` was drawn."""
    s = position(g, problems={"Y01": ("yellow", 1)}, **kw)
    act(s, "remove")
    s.apply_action(s.json_to_action({"chance": "question", "question": QUESTIONS[question]["id"]}))
    return s


def test_the_question_drawn_is_a_chance_node_over_the_bank():
    s = position(game(), problems={"Y01": ("yellow", 1)})
    act(s, "remove")
    outcomes = s.chance_outcomes()
    assert len(outcomes) == len(QUESTIONS)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_a_person_answers_by_choosing_an_option_judged_by_the_key():
    s = at_question(game())
    assert s.current_player() == 0
    key = QUESTIONS[0]["answer"]
    assert [s.action_to_text(a) for a in s.legal_actions()] == ["answer A", "answer B", "answer C", "answer D"]
    act(s, f"answer {'ABCD'[key]}")
    assert agent(s, 0)["ideas"] == 1 and problems_of(s, "Y01") == (None, 0)
    assert s.to_json(0)["last_trivia"] == {"question": QUESTIONS[0]["id"], "node": "Y01",
                                           "option": "ABCD"[key], "right": True}


def test_a_wrong_option_is_wrong():
    s = at_question(game())
    act(s, "answer " + "ABCD"[(QUESTIONS[0]["answer"] + 1) % 4])
    assert agent(s, 0)["ideas"] == 0 and problems_of(s, "Y01") == ("yellow", 2)
    assert s.to_json(0)["last_trivia"]["right"] is False


def test_no_seat_sees_the_answer_only_the_game_master():
    s = at_question(game())
    for seat in range(4):
        tr = s.to_json(seat)["trivia"]
        assert tr["question"] == QUESTIONS[0]["question"] and "answer" not in tr
        assert "Answer" not in s.render_text(seat)
    assert s.to_json(None)["trivia"]["answer"] == "ABCD"[QUESTIONS[0]["answer"]]
    assert "Answer (game master)" in s.render_text(None)


def test_an_ai_agent_answers_by_chance_with_its_accuracy():
    s = at_question(game(agent1_ai=True, agent1_accuracy=70))
    assert s.current_player() == engine.CHANCE
    outcomes = {s.action_to_json(a)["right"]: p for a, p in s.chance_outcomes()}
    assert outcomes == {False: pytest.approx(0.3), True: pytest.approx(0.7)}


def test_an_ai_agent_with_full_accuracy_has_one_outcome():
    s = at_question(game(agent1_ai=True, agent1_accuracy=100))
    assert [s.action_to_json(a) for a, _ in s.chance_outcomes()] == [{"chance": "judge", "right": True}]


def test_in_a_determinized_state_every_answer_is_a_chance_event():
    # search determinizes for its seat; from then on a person's option is followed by a verdict
    # with that seat's accuracy, whatever the option: the key is not read
    s = at_question(game(agent1_accuracy=60))
    for option in "ABCD":
        r = s.resample_from_infostate(0, seed=9)
        act(r, f"answer {option}")
        assert r.current_player() == engine.CHANCE
        outcomes = {r.action_to_json(a)["right"]: p for a, p in r.chance_outcomes()}
        assert outcomes == {False: pytest.approx(0.4), True: pytest.approx(0.6)}


def test_questions_do_not_repeat_until_the_bank_is_used_up():
    s = position(game(), problems={"Y01": ("yellow", 1)})
    act(s, "remove")
    s.apply_action(s.json_to_action({"chance": "question", "question": QUESTIONS[5]["id"]}))
    act(s, "answer " + "ABCD"[(QUESTIONS[5]["answer"] + 1) % 4])   # wrong: Y01 now has 2
    act(s, "remove", "remove")
    ids = [s.action_to_json(a)["question"] for a in s.legal_actions()]
    assert QUESTIONS[5]["id"] not in ids and len(ids) == len(QUESTIONS) - 1


def test_a_determinized_draw_is_one_placeholder_question():
    # the question's identity cannot change a determinized game, so search gets one outcome
    s = position(game(), problems={"Y01": ("yellow", 1)})
    act(s, "remove")
    r = s.resample_from_infostate(0, seed=4)
    assert len(r.chance_outcomes()) == 1 and r.chance_outcomes()[0][1] == 1.0
    assert len(s.chance_outcomes()) == len(QUESTIONS)
