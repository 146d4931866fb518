"""Hidden information: the deck order and the PRNG are hidden from every agent, peeked cards are
known to the team, and a resample depends only on what the agents have seen."""
from tests.engine.evoke_helpers import act, game, position


def test_agents_views_hide_the_deck_order_and_prng():
    s = game().new_initial_state(5)
    for seat in range(4):
        d = s.to_json(seat)
        assert "hidden" not in d
        assert d["deck"]["top"] == []
    assert "deck_order" in s.to_json(None)["hidden"]


def test_resample_reshuffles_the_unseen_cards_and_keeps_the_seen_ones():
    s = position(game(agent1_role="visionary", agent1_level=3), deck_top=["Y07", "Y12", "Y04"])
    act(s, "peek")
    orders = set()
    for seed in range(20):
        r = s.resample_from_infostate(1, seed)
        order = r.to_json(None)["hidden"]["deck_order"]
        assert order[-3:] == ["Y04", "Y12", "Y07"]       # the known top, drawn Y07 first
        assert r.to_json(1) == s.to_json(1)
        orders.add(tuple(order))
    assert len(orders) > 10


def test_resample_depends_only_on_what_agents_have_seen():
    # two positions that differ only in the unseen deck order resample identically
    a = position(game(), deck_top=["Y07", "Y12"])
    b = position(game(), deck_top=["Y03", "Y05"])
    assert a.to_json(0) == b.to_json(0) and a.info_hash(0) == b.info_hash(0)
    assert a.to_json(None) != b.to_json(None)
    for seed in range(5):
        ra, rb = a.resample_from_infostate(2, seed), b.resample_from_infostate(2, seed)
        assert ra.same_position(rb)


def test_resampled_decks_are_roughly_uniform():
    s = position(game())
    counts = {}
    for seed in range(1200):
        top = s.resample_from_infostate(0, seed).to_json(None)["hidden"]["deck_order"][-1]
        counts[top] = counts.get(top, 0) + 1
    assert len(counts) == 12
    assert min(counts.values()) > 60 and max(counts.values()) < 140     # 100 expected each
