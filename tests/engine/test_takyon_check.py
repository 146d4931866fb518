"""Takyon: c_check catches broken invariants (techs, tachyon ledger, cards, landing zones)."""
import engine
from tests.engine.takyon_util import Edit, new


def tampered(change):
    state = new(players=3, seed=6)
    assert state.check_invariants() == 0
    with Edit(state) as e:
        change(e.r)
    return state.check_invariants()


def test_a_tech_created_or_lost_is_caught():
    assert tampered(lambda r: r["board"][0][2].__setitem__(1, 1)) == 1
    assert tampered(lambda r: r.__setitem__("env_pile", 7)) == 1


def test_tachyons_outside_the_ledger_are_caught():
    assert tampered(lambda r: r["money"].__setitem__(1, 9)) == 2
    assert tampered(lambda r: r["xfer_in"].__setitem__(0, 1) or r["money"].__setitem__(0, 6)) == 3


def test_mission_and_anomaly_cards_are_conserved():
    assert tampered(lambda r: r.__setitem__("nmdeck", r["nmdeck"] - 1)) == 4
    assert tampered(lambda r: r["aplayed"].__setitem__(r["belt"][0], 1)) == 5


def test_landing_zones_agree_with_the_pieces():
    assert tampered(lambda r: r["zone_occ"].__setitem__(0, 2)) == 6


def test_random_games_keep_every_invariant_for_every_player_count():
    for n in (2, 3, 4, 5):
        figures = engine.random_playouts(engine.load_game("takyon", players=n).new_initial_state(n), 50,
                                         seed=n, check=True)
        assert figures["invariant_failures"] == 0 and figures["terminal"] == 50
