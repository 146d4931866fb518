"""/v1/titles lists every listed registered game, whatever it is."""
import engine


def test_titles_list_every_listed_game_and_only_those(client):
    r = client.get("/v1/titles")
    assert r.status_code == 200
    by_name = {t["name"]: t for t in r.json["titles"]}
    assert set(by_name) == {s.name for s in engine.list_games()}
    assert "kuhn_poker" not in by_name            # a test game: registered but unlisted
    for spec in engine.list_games():
        t = by_name[spec.name]
        assert t["title"] == {"en": spec.title_en, "es": spec.title_es}
        assert (t["min_players"], t["max_players"]) == (spec.min_players, spec.max_players)
        assert t["options"] == [o.to_json() for o in spec.all_options()]
        assert t["hidden_information"] == spec.hidden_information
        assert t["metadata"]["content_version"] == spec.content_version
