"""Hidden information stays hidden (Kuhn poker): a seat never sees the other's card in its view, the
log, or an error response."""
import json

from tests.service.helpers import new_game, true_state

CARD_KEYS = ("deal", "raw_cards")


def _no_card_of(payload):
    """No deal or raw card field anywhere (cards appear only in ``state.cards``, checked apart)."""
    text = json.dumps(payload)
    for k in CARD_KEYS:
        assert f'"{k}"' not in text, payload


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
        assert [e["redacted"] for e in log] == [True, True]
        assert all(e["action"] is None and e["text"] is None for e in log)
        acts = client.get(f"/v1/games/{g['id']}/actions", headers=p.h).json
        bad = client.post(f"/v1/games/{g['id']}/turns", headers=p.h,
                          json={"expected_decision": 2, "text": "zzz"}).json
        wrong = client.post(f"/v1/games/{g['id']}/turns", headers=p.h,
                            json={"expected_decision": 2, "actions": [{"deal": "K"}]}).json
        for payload in (view, log, acts, bad, wrong):
            _no_card_of(payload)
        seen.append(view)
    assert seen[0]["state"] != seen[1]["state"]


def test_a_showdown_reveals_both_cards_but_the_log_still_hides_the_deal(app, client, players):
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
    assert [e["redacted"] for e in log] == [True, True, False, False]
