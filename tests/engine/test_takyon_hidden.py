"""Takyon: hidden information. A seat's view holds nothing hidden from it, and resampling depends on
the seat's information alone."""
import json
import random

import engine

GAMES = [(n, seed) for n in (2, 3, 4, 5) for seed in range(3)]


def positions(n, seed, every=7, limit=400):
    """Positions along a seeded random game (chance by the service's own sampling)."""
    state = engine.load_game("takyon", players=n).new_initial_state(seed)
    rng = random.Random(seed * 31 + n)
    k = 0
    while not state.is_terminal() and k < limit:
        if k % every == 0:
            yield state.clone()
        if state.current_player() == engine.CHANCE:
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        k += 1


def hidden_from(full, seat):
    """(mission ids, anomaly card ids) that seat must not see, read from the full view."""
    h = full["hidden"]
    missions = set(h["mission_deck"])
    public = {m["id"] for p in full["players"] for m in p["museum_missions"]}
    for q, hand in enumerate(h["mission_hands"]):
        if q != seat:
            missions |= set(hand) - public
    if full["turn"]["choosing_seat"] != seat:
        missions |= set(h["missions_drawn"])
    anomalies = {a["card"] for a in h["anomaly_left_deck"] + h["anomaly_right_deck"]}
    for q, hand in enumerate(h["anomaly_hands"]):
        if q != seat:
            anomalies |= {a["card"] for a in hand}
    return missions, anomalies


def test_no_seat_view_shows_other_hands_deck_orders_or_face_down_techs():
    checked = locked_seen = 0
    for n, seed in GAMES:
        for state in positions(n, seed):
            full = state.to_json(None)
            for seat in range(n):
                view = state.to_json(seat)
                text = json.dumps(view)
                missions, anomalies = hidden_from(full, seat)
                for m in missions:
                    assert f'"{m}"' not in text
                cards = set()
                def walk(x):
                    if isinstance(x, dict):
                        if "card" in x and "anomaly" in x:
                            cards.add(x["card"])
                        for v in x.values():
                            walk(v)
                    elif isinstance(x, list):
                        for v in x:
                            walk(v)
                walk(view)
                assert not (cards & anomalies)
                assert "hidden" not in view and "raw" not in view
                for c in view["continents"]:
                    if c["tokens"]:
                        assert c["techs"] is None
                        locked_seen += 1
                # the reserve order is not in the view: only its size
                assert view["tech_reserve"] == full["tech_reserve"] and isinstance(view["tech_reserve"], int)
                checked += 1
    assert checked > 300 and locked_seen > 0


def test_resampling_depends_only_on_the_seats_information():
    changed = 0
    for n, seed in GAMES:
        for state in positions(n, seed, every=23):
            for seat in range(n):
                other_world = state.resample_from_infostate(seat, seed=1234)
                assert other_world.to_json(seat) == state.to_json(seat)
                assert other_world.info_hash(seat) == state.info_hash(seat)
                assert other_world.check_invariants() == 0
                # from two worlds the seat cannot tell apart, the same seed gives the same sample
                a = state.resample_from_infostate(seat, seed=99)
                b = other_world.resample_from_infostate(seat, seed=99)
                assert a.same_position(b)
                if not other_world.same_position(state):
                    changed += 1
    assert changed > 50       # the resample really moves hidden things


def test_info_hash_tells_apart_what_the_seat_can_see():
    from tests.engine.takyon_util import new
    state = new(players=3, seed=2)
    hands = lambda s: s.to_json(None)["hidden"]["mission_hands"]
    other = next(r for r in (state.resample_from_infostate(1, seed=k) for k in range(50))
                 if hands(r)[0] != hands(state)[0])
    # seat 0's hand differs: seat 1 cannot tell, seat 0 can
    assert other.info_hash(1) == state.info_hash(1)
    assert other.info_hash(0) != state.info_hash(0)
    assert other.to_json(0) != state.to_json(0)
