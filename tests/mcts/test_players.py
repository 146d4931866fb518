"""Players and seeded matches."""
import pytest

import engine
from mcts.players import MCTSPlayer, RandomPlayer, outcome, play_game, play_match


def test_match_is_seeded():
    game = engine.load_game("kuhn_poker")
    players = [MCTSPlayer(iterations=200), RandomPlayer()]
    assert play_match(game, players, games=40, seed=3) == play_match(game, players, games=40, seed=3)
    assert play_match(game, players, games=40, seed=3) != play_match(game, players, games=40, seed=4)


def test_swapped_seats_share_the_seats_evenly():
    figures = play_match(engine.load_game("kuhn_poker"), [RandomPlayer(), RandomPlayer()], games=50, seed=0)
    for row in figures["players"]:
        assert row["wins"] + row["draws"] + row["losses"] == 50
    # Zero-sum and swapped: what one player won the other lost.
    a, b = figures["players"]
    assert a["wins"] == b["losses"] and a["mean_return"] == pytest.approx(-b["mean_return"])
    assert sum(figures["seat_wins"]) == 50


def test_search_beats_random_at_kuhn():
    figures = play_match(engine.load_game("kuhn_poker"), [MCTSPlayer(iterations=1000), RandomPlayer()],
                         games=400, seed=1)
    search_row, random_row = figures["players"]
    assert search_row["mean_return"] > 0.1 > -0.1 > random_row["mean_return"]


def test_play_game_resolves_chance_like_the_service():
    game = engine.load_game("kuhn_poker")
    final = play_game(game, [RandomPlayer(), RandomPlayer()], seed=21)
    replay = game.new_initial_state(21)
    for a in final.history()[:2]:
        assert replay.sample_chance() == a
        replay.apply_action(a)


@pytest.mark.parametrize("returns,seat,expected", [
    ([1, -1], 0, "win"), ([1, -1], 1, "loss"), ([0, 0], 0, "draw"),
    ([3, 5, 5], 1, "draw"), ([3, 5, 4], 1, "win"), ([3, 5, 4], 2, "loss")])
def test_outcome(returns, seat, expected):
    assert outcome(returns, seat) == expected


def test_cooperative_outcome_is_the_teams():
    assert [outcome([2, 2, 2], s, cooperative=True) for s in range(3)] == ["win"] * 3
    assert outcome([-1, -1], 0, cooperative=True) == "loss"


def test_seat_count_is_checked():
    with pytest.raises(ValueError, match="2 seats"):
        play_match(engine.load_game("kuhn_poker"), [RandomPlayer()], games=1, seed=0)
    with pytest.raises(ValueError):
        MCTSPlayer()
