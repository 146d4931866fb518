"""Hidden information stays hidden (Kuhn poker): a seat never sees the other's card in its view, the
log, or an error response; what it may see (its own deal, the bets) it does see."""
import json

from tests.service.helpers import new_game, true_state

def _deals(payload) -> list:
    """Every card named by a ``deal`` object anywhere in a response."""
    found = []

    def walk(x):
        if isinstance(x, dict):
            if "deal" in x:
                found.append(x["deal"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(payload)
    return found


def test_a_seat_never_sees_the_other_card(app, client, players):
    ana, bob = players.new("Ana"), players.new("Bob", "es")
    g = new_game(client, ana, [ana, bob])
    full = true_state(app, g["id"]).to_json(None)
    seen = []
    for seat, p in ((0, ana), (1, bob)):
        other = 1 - seat
        view = client.get(f"/v1/games/{g['id']}", headers=p.h).json
        assert view["state"]["cards"][seat] == full["cards"][seat]
        assert view["state"]["cards"][other] is None
        log = client.get(f"/v1/games/{g['id']}/log", headers=p.h).json["entries"]
        # Entry `seat` deals this seat's card: its own, shown. The other deal is redacted.
        assert log[seat]["action"] == {"deal": full["cards"][seat]} and not log[seat]["redacted"]
        assert log[other]["redacted"]
        assert log[other]["action"] is None and log[other]["text"] is None
        acts = client.get(f"/v1/games/{g['id']}/actions", headers=p.h).json
        bad = client.post(f"/v1/games/{g['id']}/turns", headers=p.h,
                          json={"expected_decision": 2, "text": "zzz"}).json
        wrong = client.post(f"/v1/games/{g['id']}/turns", headers=p.h,
                            json={"expected_decision": 2, "actions": [{"deal": "K"}]}).json
        for payload in (view, log, acts, bad, wrong):
            assert "raw_cards" not in json.dumps(payload)
            assert set(_deals(payload)) <= {full["cards"][seat]}, payload
        seen.append(view)
    assert seen[0]["state"] != seen[1]["state"]


def test_a_showdown_reveals_both_cards_but_the_log_still_hides_the_other_deal(app, client, players):
    ana, bob = players.new("Ana"), players.new("Bob")
    g = new_game(client, ana, [ana, bob])
    full = true_state(app, g["id"]).to_json(None)
    client.post(f"/v1/games/{g['id']}/turns", headers=ana.h,
                json={"expected_decision": 2, "text": "bet"})
    end = client.post(f"/v1/games/{g['id']}/turns", headers=bob.h,
                      json={"expected_decision": 3, "text": "call"}).json
    assert end["status"] == "finished" and end["state"]["showdown"]
    assert end["state"]["cards"] == full["cards"]          # the rules show both hands now
    log = client.get(f"/v1/games/{g['id']}/log", headers=bob.h).json["entries"]
    # Ana's deal was hidden from Bob when it happened, and the log keeps it so.
    assert [e["redacted"] for e in log] == [True, False, False, False]
    assert [e["text"] for e in log[2:]] == ["bet", "bet"]
