"""Build That Time You Killed Me positions from a compact picture, play text turns, read boards back.

A board is 16 whitespace-separated tokens in reading order (squares 1..16), the tokens of
``render_text``: ``.`` empty, ``*`` seed, ``O``/``X`` white/black copy (``O*`` on a seed), ``%`` shrub,
``T`` tree, ``t5`` fallen tree rooted at square 5, ``S``/``SO``/``SX`` neutral/white/black statue,
``D``/``L`` dark/light elephant (``DO``, ``LX``: wearing white's/black's hat). An empty string is an
empty era.
"""
import engine

ERAS = ("past", "present", "future")


def _square(tok):
    if tok == ".":
        return None
    if tok == "*":
        return {"piece": "seed"}
    if tok[0] in "OX":
        d = {"piece": "copy", "owner": "white" if tok[0] == "O" else "black"}
        if tok[1:] == "*":
            d["seed"] = True
        return d
    if tok == "%":
        return {"piece": "shrub"}
    if tok == "T":
        return {"piece": "tree"}
    if tok[0] == "t":
        return {"piece": "fallen_tree", "root": int(tok[1:])}
    if tok[0] == "S":
        return {"piece": "statue", "owner": {"": "neutral", "O": "white", "X": "black"}[tok[1:]]}
    if tok[0] in "DL":
        return {"piece": "elephant", "kind": "dark" if tok[0] == "D" else "light",
                "hat": {"": None, "O": "white", "X": "black"}[tok[1:]]}
    raise ValueError(tok)


def _tokens(board):
    toks = board.split() if board.strip() else ["."] * 16
    assert len(toks) == 16, board
    return toks


def position(chapter="base", past="", present="", future="", to_move="white", focus=("past", "future"),
             supply=None, dead=None, seeds_destroyed=0, built=None, turns=0, **options):
    """A state at the start of ``to_move``'s turn on the drawn boards. Supplies default to what keeps
    seven copies per player (no one dead); with a supply given, the missing copies are dead, killed by
    the other player. The seed supply defaults to what keeps five seeds."""
    game = engine.load_game("ttykm", chapter=chapter, **options)
    obj = game.new_initial_state(0).to_json(None)
    boards = {era: [_square(t) for t in _tokens(b)] for era, b in zip(ERAS, (past, present, future))}
    obj["eras"] = boards
    on_board = [sum(1 for era in boards.values() for sq in era if sq and sq["piece"] == "copy"
                    and sq["owner"] == seat) for seat in ("white", "black")]
    if dead is None:
        dead = ((0, 0), (0, 0)) if supply is None else (
            (0, 7 - on_board[0] - supply[0]), (7 - on_board[1] - supply[1], 0))
    for i, seat in enumerate(("white", "black")):
        p = obj["players"][seat]
        p["dead_by"] = {"white": dead[i][0], "black": dead[i][1]}
        p["supply"] = supply[i] if supply is not None else 7 - on_board[i] - sum(dead[i])
        p["focus"] = focus[i]
        if "statue_built" in p:
            mine = {"piece": "statue", "owner": seat}
            p["statue_built"] = built[i] if built else any(sq == mine for era in boards.values() for sq in era)
    if "seeds" in obj:
        n = sum(1 for era in boards.values() for sq in era if sq and (sq.get("seed") or sq["piece"] == "seed"))
        obj["seeds"] = {"supply": 5 - n - seeds_destroyed, "destroyed": seeds_destroyed}
    obj["to_move"] = to_move
    obj["phase"] = "select"
    obj["turns_completed"] = turns
    obj["decisions"] = 0
    del obj["position_hashes"]
    state = game.state_from_json(0, obj)
    assert state.check_invariants() == 0, state.check_invariants()
    return state


def play(state, text, lang="en"):
    """Apply a text turn (or part of one) to ``state`` in place; returns the decisions."""
    decisions = state.parse_turn(text, lang)
    for a in decisions:
        state.apply_action(a)
    return decisions


def board(state, era):
    """The era as 16 space-separated tokens (fallen trees with their root: ``t5``)."""
    out = []
    for sq in state.to_json()["eras"][era]:
        if sq is None:
            out.append(".")
        elif sq["piece"] == "seed":
            out.append("*")
        elif sq["piece"] == "copy":
            out.append(("O" if sq["owner"] == "white" else "X") + ("*" if sq.get("seed") else ""))
        elif sq["piece"] == "shrub":
            out.append("%")
        elif sq["piece"] == "tree":
            out.append("T")
        elif sq["piece"] == "fallen_tree":
            out.append(f"t{sq['root']}")
        elif sq["piece"] == "statue":
            out.append("S" + {"neutral": "", "white": "O", "black": "X"}[sq["owner"]])
        else:
            out.append(("D" if sq["kind"] == "dark" else "L") + {None: "", "white": "O", "black": "X"}[sq["hat"]])
    return " ".join(out)


def texts(state, lang="en"):
    """The legal decisions now, in text form."""
    return [state.action_to_text(a, lang) for a in state.legal_actions()]


def player(state, seat):
    return state.to_json()["players"][seat]


def norm(picture):
    """A drawn board in the form :func:`board` returns."""
    return " ".join(picture.split())
