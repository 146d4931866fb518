"""Set-up positions for the Evoke-Soacha rule tests, built through the public JSON round trip
(``to_json(None)`` edited, then ``Game.state_from_json``), so no test reaches into the struct."""
import engine

YELLOW_SECTION = [f"Y{i:02d}" for i in range(1, 13)]


def game(**opts):
    """The evoke game with ``opts`` (mission 1, 4 human agents by default)."""
    return engine.load_game("evoke", **opts)


def position(g, *, problems=None, bases=(), agents=None, ideas=None, deck_top=(), seat=0, actions=4,
             alert="!", meter_step=0, solved=None, seed=3):
    """A position of game ``g`` at the start of seat ``seat``'s actions.

    ``problems`` maps node id to (colour, count) (every other node is clear); ``agents`` maps seat to
    node (the mission's start otherwise); ``deck_top`` lists the next cards to be drawn, first drawn
    first (the rest of the nodes in play lie under them in ascending order; nothing is discarded).
    """
    d = g.new_initial_state(seed).to_json(None)
    problems = problems or {}
    for nd in d["nodes"]:
        colour, count = problems.get(nd["id"], (None, 0))
        nd["colour"], nd["count"], nd["base"] = colour, count, nd["id"] in bases
    for ag in d["agents"]:
        a = ag["seat"]
        if agents and a in agents:
            ag["node"] = agents[a]
        ag["ideas"] = (ideas or {}).get(a, 0)
        ag["solved"] = (solved or {}).get(a)
    in_play = [nd["id"] for nd in d["nodes"]]
    rest = [n for n in in_play if n not in deck_top]
    d["hidden"]["deck_order"] = rest + list(reversed(deck_top))
    d["deck"] = {"size": len(in_play), "top": [], "discards": []}
    d.update(seat=seat, actions_left=actions, alert=alert, meter_step=meter_step, phase="action",
             outcome=None, crisis_this_turn=False, peeked=False, thinker_uses=0, gifts_open=0,
             trivia=None, last_trivia=None, asked=[])
    state = g.state_from_json(seed, d)
    assert state.check_invariants() == 0, state.check_invariants()
    return state


def node(state, nid, viewer=None):
    """The JSON of node ``nid``."""
    return next(n for n in state.to_json(viewer)["nodes"] if n["id"] == nid)


def problems_of(state, nid):
    """(colour, count) of node ``nid``."""
    n = node(state, nid)
    return n["colour"], n["count"]


def agent(state, seat):
    return state.to_json(None)["agents"][seat]


def act(state, *steps, lang="en"):
    """Apply text steps (the email notation) to ``state``."""
    for a in state.parse_turn(", ".join(steps), lang):
        state.apply_action(a)
    return state


def end_turn(state):
    """Pass the rest of the turn: the next agent's spread happens."""
    return act(state, "pass")


def answer_trivia(state, right, question=None):
    """Resolve a pending trivia draw with ``question`` (an index into the bank) and answer it right
    or wrong: as a human choosing the key or another option, or as the chance verdict."""
    from engine.evoke import QUESTIONS
    legal = state.legal_actions()
    qa = legal[0] if question is None else next(a for a in legal if state.action_to_json(a)["question"] == QUESTIONS[question]["id"])
    state.apply_action(qa)
    if state.current_player() == engine.CHANCE:          # an AI agent: the verdict is chance
        state.apply_action(state.json_to_action({"chance": "judge", "right": right}))
        return state
    q = next(x for x in QUESTIONS if x["id"] == state.action_to_json(qa)["question"])
    key = q["answer"]
    option = key if right else (key + 1) % len(q["options"]["en"])
    state.apply_action(state.json_to_action({"action": "answer", "option": "ABCD"[option]}))
    return state
