"""The registry's seat hook: options implied by which seats the AI plays (``GameSpec.seat_options``,
``Game.with_seats``). Implied values are set, a contradicting value is refused (never overridden),
and the stored options rebuild the same game."""
import random

import pytest

import engine
from tests.engine.evoke_helpers import act, position

HUMAN_AND_THREE_AI = [False, True, True, True]


def _ai_flags(game):
    return [game.options[f"agent{k}_ai"] for k in range(1, game.num_players + 1)]


def test_seats_imply_which_agents_are_ai():
    g = engine.load_game("evoke", mission=1).with_seats(HUMAN_AND_THREE_AI)
    assert _ai_flags(g) == HUMAN_AND_THREE_AI
    assert g.options["mission"] == 1                      # the caller's own options stay
    two = engine.load_game("evoke", players=2).with_seats([True, False])
    assert (two.options["agent1_ai"], two.options["agent2_ai"]) == (True, False)


def test_the_implied_option_changes_the_rules_for_that_seat():
    # The same position: an AI agent's trivia answer is chance, a person's is their decision.
    for flags, who_answers in (([True, False, False, False], engine.CHANCE),
                               ([False, True, True, True], 0)):
        s = position(engine.load_game("evoke").with_seats(flags), problems={"Y01": ("yellow", 1)})
        act(s, "remove")
        s.apply_action(s.chance_outcomes()[0][0])          # the question is drawn
        assert s.current_player() == who_answers


def test_a_value_contradicting_the_seats_is_refused_not_overridden():
    with pytest.raises(engine.OptionError) as e:
        engine.load_game("evoke", agent2_ai=False).with_seats(HUMAN_AND_THREE_AI)
    assert e.value.code == "invalid_option"
    assert e.value.details == {"option": "agent2_ai", "given": False, "implied": True}
    assert "agent2_ai" in e.value.message("en") and "puestos" in e.value.message("es")
    with pytest.raises(engine.OptionError):
        engine.load_game("evoke", agent1_ai=True).with_seats(HUMAN_AND_THREE_AI)
    # A value that agrees with the seats is harmless (e.g. options copied from an earlier game).
    g = engine.load_game("evoke", agent2_ai=True, agent1_ai=False).with_seats(HUMAN_AND_THREE_AI)
    assert _ai_flags(g) == HUMAN_AND_THREE_AI


def test_the_flags_must_match_the_number_of_players():
    with pytest.raises(engine.OptionError) as e:
        engine.load_game("evoke", players=3).with_seats(HUMAN_AND_THREE_AI)
    assert e.value.details == {"seats": 4, "players": 3}
    with pytest.raises(engine.OptionError):
        engine.load_game("ttykm").with_seats([True])


def test_games_without_the_hook_keep_their_options():
    for spec in engine.list_games(include_unlisted=True):
        if spec.seat_options is not None:
            continue
        g = engine.load_game(spec.name)
        assert g.with_seats([True] * g.num_players).options == g.options


def test_every_hook_sets_exactly_the_options_marked_from_seats():
    for spec in engine.list_games(include_unlisted=True):
        marked = {o.name for o in spec.all_options() if o.from_seats}
        if spec.seat_options is None:
            assert not marked, spec.name
            continue
        set_somewhere = set()
        for n in range(spec.min_players, spec.max_players + 1):
            for flags in ([True] * n, [False] * n, [i % 2 == 0 for i in range(n)]):
                implied = spec.seat_options(flags)
                assert set(implied) <= marked, (spec.name, flags)
                set_somewhere |= set(implied)
        assert set_somewhere == marked, spec.name


def test_stored_options_replay_the_same_game():
    # What the service stores is game.options: reloading from them (without the seats) and replaying
    # the decision log gives the same state, the AI seats' chance answers included.
    g = engine.load_game("evoke", mission=1).with_seats(HUMAN_AND_THREE_AI)
    s = g.new_initial_state(seed=5)
    rng = random.Random(5)
    ai_judged = 0
    while not s.is_terminal():
        if s.current_player() == engine.CHANCE:
            a = s.sample_chance()
            ai_judged += s.action_to_json(a).get("chance") == "judge"
        else:
            a = rng.choice(s.legal_actions())
        s.apply_action(a)
    assert ai_judged > 0                                  # an AI agent answered trivia by chance
    reloaded = engine.load_game("evoke", **g.options)
    assert reloaded.options == g.options
    again = reloaded.replay(5, s.history())
    assert again.to_json(None) == s.to_json(None)
    assert again.returns() == s.returns()
