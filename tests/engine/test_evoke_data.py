"""The data files: the trivia bank's shape and the map's missions, and the set-up each mission gets."""
import json
import re

import pytest

import engine
from engine.evoke import MAP_FILE, TRIVIA_FILE
from tests.engine.evoke_helpers import game


def bank():
    with open(TRIVIA_FILE, encoding="utf-8") as f:
        return json.load(f)["questions"]


def test_trivia_bank_shape():
    qs = bank()
    assert len(qs) >= 60
    for q in qs:
        for lang in ("es", "en"):
            assert q["question"][lang].strip()
            assert 3 <= len(q["options"][lang]) <= 4
            assert all(o.strip() for o in q["options"][lang])
            assert len(set(q["options"][lang])) == len(q["options"][lang])
        assert len(q["options"]["es"]) == len(q["options"]["en"])
        assert 0 <= q["answer"] < len(q["options"]["en"])
        assert re.match(r"^https://", q["source"])
    assert len({q["id"] for q in qs}) == len(qs)
    for lang in ("es", "en"):
        assert len({q["question"][lang].lower() for q in qs}) == len(qs)


def test_trivia_answers_are_not_all_in_one_place():
    counts = [sum(q["answer"] == i for q in bank()) for i in range(4)]
    assert min(counts) > len(bank()) // 8


def test_map_missions_start_in_play_and_secret_paths_only_in_7_and_8():
    with open(MAP_FILE, encoding="utf-8") as f:
        m = json.load(f)
    sections = {n["id"]: n["section"] for n in m["nodes"]}
    assert len(sections) == 48
    for k, mission in m["missions"].items():
        assert sections[mission["start"]] in mission["sections"]
        assert mission["secret_paths_active"] == (k in ("7", "8"))


@pytest.mark.parametrize("mission,nodes,setup_cards,setup_problems", [
    (1, 12, 6, 12), (2, 12, 6, 12), (3, 12, 6, 12), (4, 12, 6, 12),
    (5, 24, 12, 24), (6, 24, 12, 24), (7, 24, 12, 24), (8, 48, 24, 48)])
def test_setup_places_the_seeds_problems_then_the_first_spread(mission, nodes, setup_cards, setup_problems):
    g = game(mission=mission)
    start = json.load(open(MAP_FILE, encoding="utf-8"))["missions"][str(mission)]["start"]
    checked = 0
    for seed in range(30):
        d = g.new_initial_state(seed).to_json(0)
        assert len(d["nodes"]) == nodes
        assert all(a["node"] == start for a in d["agents"])
        assert len(d["deck"]["discards"]) == setup_cards + 2           # set-up cards, then 2 spread
        if d["crisis_this_turn"]:
            continue
        checked += 1
        # no crisis: the set-up's problems plus one per spread card are all on the map
        assert sum(n["count"] for n in d["nodes"]) == setup_problems + 2
        reds = [n for n in d["nodes"] if n["colour"] == "red"]
        if mission == 8:
            assert len(reds) == 8            # mission 8 places 8 single red problems
        else:
            assert reds == []
        assert max(n["count"] for n in d["nodes"]) == 3
    assert checked >= 10


def test_game_metadata_names_the_map_and_is_cooperative():
    md = game().metadata
    assert md["cooperative"] and md["hidden_information"]
    assert md["map"].endswith("soacha-map.json")
    assert md["house_rules"]["turn_limit"] == 200
