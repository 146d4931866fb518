"""That Time You Killed Me: the public faces of a decision (JSON and the text notation in English and
Spanish), the text picture of a position, and the explanations of illegal decisions.

The rules live in engine/ttykm.pyx; this module only reads a state through its Python surface.

Notation: steps separated by commas, new lines or just spaces, case-insensitive, e.g.
``select 5, move N, back, focus future`` or ``selecciono 16 muevo O tirando planto 12 foco pasado``.
Squares are numbered 1-16 in reading order; directions N E S W (Spanish N E S O; W is accepted too).
"""
from __future__ import annotations

import re

from engine.errors import IllegalActionError, ParseError
from engine.notation import parse_steps

ERAS = ("past", "present", "future")
ERAS_ES = ("pasado", "presente", "futuro")
SEATS = ("white", "black")
DIRS = ("N", "E", "S", "W")
DIRS_ES = ("N", "E", "S", "O")

_ids_cache: dict = {}


def _ids() -> dict:
    # Imported late: engine.ttykm imports this module while it initialises.
    if not _ids_cache:
        from engine.ttykm import ACTION_IDS
        _ids_cache.update(ACTION_IDS)
    return _ids_cache


def neighbour(q: int, d: int) -> int | None:
    """Square index (0-15) next to q in direction d (0 N, 1 E, 2 S, 3 W), None beyond the wall."""
    r, c = divmod(q, 4)
    r, c = (r - 1, c) if d == 0 else (r, c + 1) if d == 1 else (r + 1, c) if d == 2 else (r, c - 1)
    return r * 4 + c if 0 <= r < 4 and 0 <= c < 4 else None


# ------------------------------------------------------------------------------------ JSON decisions
def _bad(what_en: str, what_es: str) -> ParseError:
    return ParseError(what_en, what_es)


def _square_value(v) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 16:
        raise _bad("A square is a number from 1 to 16.", "Una casilla es un número del 1 al 16.")
    return v


def _dir_value(v) -> int:
    if isinstance(v, str) and v.upper() in ("N", "E", "S", "W"):
        return DIRS.index(v.upper())
    raise _bad("A direction is one of N, E, S, W.", "Una dirección es N, E, S o W.")


def _pull_value(obj) -> bool:
    pull = obj.get("pull", False)
    if not isinstance(pull, bool):
        raise _bad("'pull' must be true or false.", "'pull' debe ser true o false.")
    return pull


def json_to_action(state, obj) -> int:
    """The decision id that a JSON object names in ``state``."""
    ids = _ids()
    if not isinstance(obj, dict) or not obj:
        raise _bad("A decision must be a non-empty JSON object.", "Una decisión debe ser un objeto JSON no vacío.")
    keys = set(obj)
    if keys == {"select"}:
        return ids["select"] + _square_value(obj["select"]) - 1
    if "move" in obj and keys <= {"move", "pull"}:
        d = _dir_value(obj["move"])
        return (ids["pull"] if _pull_value(obj) else ids["move"]) + d
    if keys == {"travel"}:
        if obj["travel"] == "forward":
            return ids["forward"]
        if obj["travel"] == "back":
            return ids["back"]
        raise _bad("'travel' is 'forward' or 'back'.", "'travel' es 'forward' o 'back'.")
    for verb in ("plant", "uproot", "build", "train"):
        if keys == {verb}:
            return ids[verb] + _target_offset(state, verb, obj[verb])
    if "command" in obj and keys <= {"command", "pull"}:
        d = _dir_value(obj["command"])
        return (ids["command_pull"] if _pull_value(obj) else ids["command"]) + d
    if keys == {"focus"}:
        era = obj["focus"]
        if era in ERAS:
            return ids["focus"] + ERAS.index(era)
        raise _bad("'focus' is 'past', 'present' or 'future'.", "'focus' es 'past', 'present' o 'future'.")
    if keys == {"pass"} and obj["pass"] is True:
        return ids["pass"]
    raise _bad(f"Unknown decision {sorted(keys)}.", f"Decisión desconocida {sorted(keys)}.")


def _target_offset(state, verb: str, v) -> int:
    """Offset of a plant/uproot ('here' = 0, then 1 + direction) or build/train (direction) target,
    given as a square number, a direction or 'here'."""
    here_ok = verb in ("plant", "uproot")
    if isinstance(v, str) and v.lower() == "here":
        if not here_ok:
            raise _bad(f"'{verb}' needs a neighbouring square.", f"'{verb}' necesita una casilla vecina.")
        return 0
    if isinstance(v, str):
        d = _dir_value(v)
        return d + 1 if here_ok else d
    sq = _square_value(v)
    if state._acting() is None:
        raise IllegalActionError("No copy is acting now: select one first.",
                                 "Ahora no actúa ninguna copia: selecciona una antes.", code="no_acting_copy")
    d = state._direction_to(sq - 1)
    if d is None or (d == -1 and not here_ok):
        at = state._acting()[1] + 1
        where_en = "next to" if not here_ok else "your copy's square or next to"
        where_es = "junto a" if not here_ok else "la casilla de tu copia ni está junto a"
        raise IllegalActionError(
            f"Square {sq} is not {where_en} your copy (on square {at}).",
            f"La casilla {sq} no es {where_es} tu copia (en la casilla {at}).",
            code="not_adjacent")
    return d + 1 if here_ok else d


# -------------------------------------------------------------------------------- text notation
_VERBS = {
    "select": "select", "selecciono": "select", "seleccionar": "select", "selecciona": "select",
    "elijo": "select",
    "move": "move", "muevo": "move", "mover": "move", "mueve": "move",
    "forward": "forward", "adelante": "forward", "avanzo": "forward",
    "back": "back", "backward": "back", "atrás": "back", "atras": "back", "retrocedo": "back",
    "travel": "travel", "viajo": "travel", "viajar": "travel",
    "plant": "plant", "planto": "plant", "plantar": "plant",
    "uproot": "uproot", "arranco": "uproot", "arrancar": "uproot",
    "build": "build", "construyo": "build", "construir": "build",
    "train": "train", "entreno": "train", "entrenar": "train",
    "command": "command", "ordeno": "command", "ordenar": "command", "mando": "command",
    "focus": "focus", "foco": "focus", "enfoco": "focus",
    "pass": "pass", "paso": "pass", "pasar": "pass",
}
_PULL = {"pull", "pulling", "tirando", "tirar", "tiro", "arrastrando"}
_HERE = {"here", "aquí", "aqui"}
_DIR_WORDS = {"n": 0, "north": 0, "norte": 0, "e": 1, "east": 1, "este": 1, "s": 2, "south": 2,
              "sur": 2, "w": 3, "west": 3, "o": 3, "oeste": 3}
_ERA_WORDS = {"past": 0, "pasado": 0, "present": 1, "presente": 1, "future": 2, "futuro": 2}
_FORMAT = {
    "en": {"select": "select", "move": "move", "pull": "pull", "forward": "forward", "back": "back",
           "plant": "plant", "uproot": "uproot", "build": "build", "train": "train",
           "command": "command", "focus": "focus", "pass": "pass"},
    "es": {"select": "selecciono", "move": "muevo", "pull": "tirando", "forward": "adelante",
           "back": "atrás", "plant": "planto", "uproot": "arranco", "build": "construyo",
           "train": "entreno", "command": "ordeno", "focus": "foco", "pass": "paso"},
}


def format_action(obj: dict, lang: str = "en") -> str:
    """The text form of a JSON decision."""
    w = _FORMAT.get(lang, _FORMAT["en"])
    dirs = DIRS_ES if lang == "es" else DIRS
    eras = ERAS_ES if lang == "es" else ERAS
    pull = f" {w['pull']}" if obj.get("pull") else ""
    if "select" in obj:
        return f"{w['select']} {obj['select']}"
    if "move" in obj:
        return f"{w['move']} {dirs[DIRS.index(obj['move'])]}{pull}"
    if "travel" in obj:
        return w[obj["travel"]]
    for verb in ("plant", "uproot", "build", "train"):
        if verb in obj:
            return f"{w[verb]} {obj[verb]}"
    if "command" in obj:
        return f"{w['command']} {dirs[DIRS.index(obj['command'])]}{pull}"
    if "focus" in obj:
        return f"{w['focus']} {eras[ERAS.index(obj['focus'])]}"
    return w["pass"]


def split_turn(text: str) -> list[str]:
    """Split a text turn into steps: at commas, semicolons and new lines, and before every verb."""
    steps: list[list[str]] = []
    for piece in re.split(r"[,;\n]+", text):
        current: list[str] | None = None
        for tok in piece.split():
            verb = _VERBS.get(tok.lower())
            joins_travel = (verb in ("forward", "back") and current is not None
                            and len(current) == 1 and _VERBS.get(current[0].lower()) == "travel")
            if verb is not None and not joins_travel:
                current = [tok]
                steps.append(current)
            elif current is None:
                current = [tok]
                steps.append(current)
            else:
                current.append(tok)
    return [" ".join(s) for s in steps]


def _unreadable(step: str, hint_en: str, hint_es: str) -> ParseError:
    return ParseError(f"Cannot read the step '{step}': {hint_en}",
                      f"No se entiende el paso '{step}': {hint_es}")


def parse_step(state, step: str, lang: str = "en") -> int:
    """The decision one text step names in ``state``."""
    toks = step.lower().split()
    verb = _VERBS.get(toks[0]) if toks else None
    args = toks[1:]
    if verb is None:
        raise _unreadable(step, "it does not start with a known word (select, move, forward, back, "
                          "plant, uproot, build, train, command, focus).",
                          "no empieza con una palabra conocida (selecciono, muevo, adelante, atrás, "
                          "planto, arranco, construyo, entreno, ordeno, foco).")
    if verb == "travel":
        if len(args) != 1 or _VERBS.get(args[0]) not in ("forward", "back"):
            raise _unreadable(step, "travel forward or travel back.", "viajo adelante o viajo atrás.")
        verb, args = _VERBS[args[0]], []
    if verb in ("forward", "back", "pass"):
        if args:
            raise _unreadable(step, f"'{toks[0]}' takes nothing after it.", f"'{toks[0]}' no lleva nada detrás.")
        return json_to_action(state, {"travel": verb} if verb != "pass" else {"pass": True})
    if verb == "select":
        if len(args) != 1 or not args[0].isdigit():
            raise _unreadable(step, "select a square number, e.g. 'select 5'.",
                              "selecciona un número de casilla, p. ej. 'selecciono 5'.")
        return json_to_action(state, {"select": int(args[0])})
    if verb in ("move", "command"):
        pull = any(a in _PULL for a in args)
        rest = [a for a in args if a not in _PULL]
        if len(rest) != 1 or rest[0] not in _DIR_WORDS:
            raise _unreadable(step, f"{verb} a direction N, E, S or W (optionally 'pull').",
                              "una dirección N, E, S u O (y si quieres 'tirando').")
        return json_to_action(state, {verb: DIRS[_DIR_WORDS[rest[0]]], "pull": pull})
    if verb == "focus":
        if len(args) != 1 or args[0] not in _ERA_WORDS:
            raise _unreadable(step, "focus past, present or future.", "foco pasado, presente o futuro.")
        return json_to_action(state, {"focus": ERAS[_ERA_WORDS[args[0]]]})
    # plant, uproot, build, train: a square number, a direction, or 'here'
    if len(args) != 1:
        raise _unreadable(step, f"{verb} a square number (or a direction).",
                          "un número de casilla (o una dirección).")
    a = args[0]
    if a.isdigit():
        target = int(a)
    elif a in _DIR_WORDS:
        target = DIRS[_DIR_WORDS[a]]
    elif a in _HERE:
        target = "here"
    else:
        raise _unreadable(step, f"{verb} a square number (or a direction).",
                          "un número de casilla (o una dirección).")
    return json_to_action(state, {verb: target})


def parse_turn(state, text: str, lang: str = "en") -> list[int]:
    """Parse a whole text turn against ``state``; errors name the bad step and list what was legal."""
    return parse_steps(state, split_turn(text), lang, parse_step)


# ----------------------------------------------------------------------------- the text picture
def _token(sq) -> str:
    if sq is None:
        return "."
    p = sq["piece"]
    if p == "seed":
        return "*"
    if p == "copy":
        return ("O" if sq["owner"] == "white" else "X") + ("*" if sq.get("seed") else "")
    if p == "shrub":
        return "%"
    if p == "tree":
        return "T"
    if p == "fallen_tree":
        return "t"
    if p == "statue":
        return "S" + {"neutral": "", "white": "O", "black": "X"}[sq["owner"]]
    hat = {None: "", "white": "O", "black": "X"}[sq["hat"]]
    return ("D" if sq["kind"] == "dark" else "L") + hat


_LEGEND = {
    "en": ["O white copy   X black copy   * seed (O* a copy on a seed)",
           "% shrub   T tree   t fallen tree   S statue (SO white's, SX black's)",
           "D dark elephant   L light elephant (DO/LX: wearing white's/black's hat)"],
    "es": ["O copia blanca   X copia negra   * semilla (O* copia sobre una semilla)",
           "% arbusto   T árbol   t árbol caído   S estatua (SO de blancas, SX de negras)",
           "D elefante oscuro   L elefante claro (DO/LX: con sombrero de blancas/negras)"],
}
_PHASE_TEXT = {
    "en": {"select": "select a copy on the {era}", "act": "action {n} of {L} with the copy on square {sq}",
           "refocus": "move the focus token", "over": "game over"},
    "es": {"select": "selecciona una copia en el {era}", "act": "acción {n} de {L} con la copia de la casilla {sq}",
           "refocus": "mueve el marcador de foco", "over": "partida terminada"},
}


def render(state, lang: str = "en") -> str:
    """The three eras side by side, a square-number key, the supplies and a legend."""
    es = lang == "es"
    j = state.to_json(None)
    eras = ERAS_ES if es else ERAS
    seat_name = (("blancas", "negras") if es else ("white", "black"))
    width = 14
    heads = []
    for e, era in enumerate(ERAS):
        marks = [seat_name[i][0].upper() for i, s in enumerate(SEATS) if j["players"][s]["focus"] == era]
        label = eras[e].upper() + (" <" + ",".join(marks) + ">" if marks else "")
        heads.append(label.ljust(width))
    lines = []
    turn_word = "Turno" if es else "Turn"
    if j["result"]:
        w = j["result"]["winner"]
        if w is None:
            res = "tablas" if es else "a draw"
        else:
            res = (f"ganan {seat_name[SEATS.index(w)]}" if es else f"{w} wins")
        lines.append(f"{turn_word} {j['turn']}: {res} ({j['result']['reason']})")
    else:
        who = seat_name[SEATS.index(j["to_move"])]
        phase = _PHASE_TEXT["es" if es else "en"][j["phase"]].format(
            era=eras[state._focus_era()], n=j["actions_taken"] + 1, L=j["actions_required"],
            sq=(j["acting"] or {}).get("square"))
        lines.append(f"{turn_word} {j['turn']} — " + (f"juegan {who}: " if es else f"{who} to move: ") + phase)
    lines.append("   ".join(heads) + "   " + ("CASILLAS" if es else "SQUARES"))
    for r in range(4):
        row = []
        for era in ERAS:
            row.append("".join(_token(j["eras"][era][r * 4 + c]).ljust(3) for c in range(4)).ljust(width))
        key = " ".join(str(r * 4 + c + 1).rjust(2) for c in range(4))
        lines.append("   ".join(row) + "   " + key)
    for i, s in enumerate(SEATS):
        p = j["players"][s]
        if es:
            txt = f"{seat_name[i].capitalize()}: {p['supply']} en reserva, {p['dead']} muertas, foco en el {eras[ERAS.index(p['focus'])]}"
        else:
            txt = f"{s.capitalize()}: {p['supply']} in supply, {p['dead']} dead, focus on the {p['focus']}"
        if "statue_built" in p:
            txt += (", estatua construida" if es else ", statue built") if p["statue_built"] else ""
        if "hats_in_supply" in p:
            txt += (f", {p['hats_in_supply']} sombreros" if es else f", {p['hats_in_supply']} hats in supply")
        lines.append(txt)
    if "seeds" in j:
        lines.append((f"Semillas: {j['seeds']['supply']} en reserva" if es
                      else f"Seeds: {j['seeds']['supply']} in supply"))
    lines.append("")
    lines.extend(_LEGEND["es" if es else "en"])
    return "\n".join(lines)


# ----------------------------------------------------------------------- why a decision is illegal
_MSG = {
    "over": ("The game is over.", "La partida ha terminado."),
    "need_select": ("You must select a copy first.", "Primero debes seleccionar una copia."),
    "need_focus": ("Your actions are done: move your focus token now.",
                   "Tus acciones han terminado: mueve ahora tu marcador de foco."),
    "need_action": ("Your selected copy must act now.", "Tu copia seleccionada debe actuar ahora."),
    "no_copy": ("You have no copy on square {sq} of the {era}.", "No tienes ninguna copia en la casilla {sq} del {era}."),
    "cannot_reach": ("That copy cannot take {L} actions, and another copy can.",
                     "Esa copia no puede realizar {L} acciones y otra sí puede."),
    "wall": ("A wall is {dir} of square {sq}.", "Hay una pared al {dir} de la casilla {sq}."),
    "own_copy": ("Your own copy is on square {sq}.", "Tu propia copia está en la casilla {sq}."),
    "immovable": ("Square {sq} holds {what}, which cannot be entered.",
                  "En la casilla {sq} hay {what}, donde no se puede entrar."),
    "stuck": ("The {what} on square {sq} cannot be pushed {dir}.",
              "No se puede empujar hacia el {dir} {what} de la casilla {sq}."),
    "no_pull": ("There is no statue on square {sq} behind your copy to pull.",
                "No hay ninguna estatua en la casilla {sq}, detrás de tu copia, de la que tirar."),
    "no_later": ("There is no era after the future.", "No hay ninguna era después del futuro."),
    "no_earlier": ("There is no era before the past.", "No hay ninguna era antes del pasado."),
    "occupied": ("Square {sq} of the {era} is not empty.", "La casilla {sq} del {era} no está vacía."),
    "no_supply": ("You have no copy in your supply.", "No te quedan copias en la reserva."),
    "chapter": ("That action is not part of this chapter.", "Esa acción no forma parte de este capítulo."),
    "no_seeds": ("There are no seeds left in the supply.", "No quedan semillas en la reserva."),
    "seed_there": ("Square {sq} already has a seed.", "La casilla {sq} ya tiene una semilla."),
    "object_there": ("Square {sq} holds {what}.", "En la casilla {sq} hay {what}."),
    "no_seed": ("There is no seed on square {sq}.", "No hay ninguna semilla en la casilla {sq}."),
    "built": ("You have already built your statue.", "Ya has construido tu estatua."),
    "not_empty": ("Square {sq} is not empty.", "La casilla {sq} no está vacía."),
    "no_elephant": ("There is no elephant on square {sq}.", "No hay ningún elefante en la casilla {sq}."),
    "hat_already": ("That elephant already wears your hat.", "Ese elefante ya lleva tu sombrero."),
    "no_trained": ("You have no trained elephant in the {era}.", "No tienes ningún elefante entrenado en el {era}."),
    "far_elephant": ("Your copy must stand next to your elephant (square {sq}) to command it.",
                     "Tu copia debe estar junto a tu elefante (casilla {sq}) para darle órdenes."),
    "elephant_stuck": ("Your elephant on square {sq} cannot move {dir}.",
                       "Tu elefante de la casilla {sq} no puede moverse al {dir}."),
    "no_pull_elephant": ("There is no statue on square {sq} behind your elephant to pull.",
                         "No hay ninguna estatua en la casilla {sq}, detrás de tu elefante, de la que tirar."),
    "same_focus": ("Your focus token already points at the {era}: choose another era.",
                   "Tu marcador de foco ya señala el {era}: elige otra era."),
    "would_not_reach": ("That copy cannot take {L} actions after this one; choose an action that lets it.",
                        "Tras esta acción esa copia no podría realizar {L} acciones; elige una que se lo permita."),
    "no_pass": ("Passing is not allowed.", "No se permite pasar."),
    "generic": ("That decision is not legal here.", "Esa decisión no es legal aquí."),
}
_WHAT = {"en": {"shrub": "a shrub", "fallen_tree": "a fallen tree", "elephant-dark": "an elephant",
                "elephant-light": "an elephant", "tree": "tree", "statue-neutral": "statue",
                "statue-white": "statue", "statue-black": "statue", "copy-white": "a copy",
                "copy-black": "a copy"},
         "es": {"shrub": "un arbusto", "fallen_tree": "un árbol caído", "elephant-dark": "un elefante",
                "elephant-light": "un elefante", "tree": "el árbol", "statue-neutral": "la estatua",
                "statue-white": "la estatua", "statue-black": "la estatua", "copy-white": "una copia",
                "copy-black": "una copia"}}
_DIR_NAMES = {"en": ("north", "east", "south", "west"), "es": ("norte", "este", "sur", "oeste")}


def explain_illegal(state, obj, lang: str = "en") -> str:
    """Why the JSON decision ``obj`` is illegal in ``state`` ("" if it is legal)."""
    try:
        a = json_to_action(state, obj)
    except IllegalActionError as e:
        return e.message(lang)
    if a in state.legal_actions():
        return ""
    code, params = reason(state, a)
    lang = "es" if lang == "es" else "en"
    if "era" in params:
        params["era"] = (ERAS_ES if lang == "es" else ERAS)[params["era"]]
    if "dir" in params:
        params["dir"] = _DIR_NAMES[lang][params["dir"]]
    if "what" in params:
        params["what"] = _WHAT[lang].get(params["what"], params["what"])
    return _MSG[code][0 if lang == "en" else 1].format(**params)


def reason(state, a: int) -> tuple[str, dict]:
    """A reason code and its parameters for an illegal decision id ``a`` (see ``_MSG``)."""
    ids = _ids()
    phase = state._phase()
    L = state._required()
    if phase == "over":
        return "over", {}
    if a == ids["pass"]:
        return "no_pass", {}
    if a < ids["move"]:
        if phase != "select":
            return ("need_action" if phase == "act" else "need_focus"), {}
        e = state._focus_era()
        kind, _, _ = state._cell(e, a)
        if kind != "copy-" + state.to_json()["to_move"]:
            return "no_copy", {"sq": a + 1, "era": e}
        return "cannot_reach", {"L": L}
    if a >= ids["focus"]:
        if phase != "refocus":
            return ("need_select" if phase == "select" else "need_action"), {}
        return "same_focus", {"era": a - ids["focus"]}
    if phase != "act":
        return ("need_select" if phase == "select" else "need_focus"), {}
    if a in state._raw_actions():
        return "would_not_reach", {"L": L}
    e, q = state._acting()
    ch = state._chapter_flags()
    j = state.to_json()
    me = j["to_move"]
    pl = SEATS.index(me)

    def cell(e_, q_):
        return state._cell(e_, q_)

    if a < ids["forward"]:
        d = (a - ids["move"]) % 4
        if a >= ids["pull"] and not ch["influence"]:
            return "chapter", {}
        r = _move_reason(state, e, q, d, me)
        if r:
            return r
        b = neighbour(q, d ^ 2)
        return "no_pull", {"sq": (b + 1) if b is not None else q + 1}
    if a == ids["forward"]:
        if e == 2:
            return "no_later", {}
        return "occupied", {"sq": q + 1, "era": e + 1}
    if a == ids["back"]:
        if e == 0:
            return "no_earlier", {}
        if j["players"][me]["supply"] == 0:
            return "no_supply", {}
        return "occupied", {"sq": q + 1, "era": e - 1}
    if a < ids["build"]:
        if not ch["growth"]:
            return "chapter", {}
        off = (a - ids["plant"]) if a < ids["uproot"] else (a - ids["uproot"])
        t = q if off == 0 else neighbour(q, off - 1)
        if t is None:
            return "wall", {"sq": q + 1, "dir": off - 1}
        kind, seed, _ = cell(e, t)
        if a < ids["uproot"]:
            if j["seeds"]["supply"] == 0:
                return "no_seeds", {}
            if seed:
                return "seed_there", {"sq": t + 1}
            return "object_there", {"sq": t + 1, "what": kind}
        return "no_seed", {"sq": t + 1}
    if a < ids["train"]:
        if not ch["influence"]:
            return "chapter", {}
        if j["players"][me]["statue_built"]:
            return "built", {}
        t = neighbour(q, a - ids["build"])
        if t is None:
            return "wall", {"sq": q + 1, "dir": a - ids["build"]}
        return "not_empty", {"sq": t + 1}
    if not ch["memory"]:
        return "chapter", {}
    if a < ids["command"]:
        d = a - ids["train"]
        t = neighbour(q, d)
        if t is None:
            return "wall", {"sq": q + 1, "dir": d}
        if not cell(e, t)[0].startswith("elephant"):
            return "no_elephant", {"sq": t + 1}
        return "hat_already", {}
    d = (a - ids["command"]) % 4
    if a >= ids["command_pull"] and not ch["influence"]:
        return "chapter", {}
    x = None
    for sq_i, sq in enumerate(j["eras"][ERAS[e]]):
        if sq and sq["piece"] == "elephant" and sq["hat"] == me:
            x = sq_i
    if x is None:
        return "no_trained", {"era": e}
    if state.game.options["command_reach"] == "adjacent" and q not in [neighbour(x, k) for k in range(4)]:
        return "far_elephant", {"sq": x + 1}
    if not state._elephant_can_move(e, x, d):
        return "elephant_stuck", {"sq": x + 1, "dir": d}
    b = neighbour(x, d ^ 2)
    return "no_pull_elephant", {"sq": (b + 1) if b is not None else x + 1}


def _move_reason(state, e, q, d, me):
    t = neighbour(q, d)
    if t is None:
        return "wall", {"sq": q + 1, "dir": d}
    kind, _, _ = state._cell(e, t)
    if kind == "copy-" + me:
        return "own_copy", {"sq": t + 1}
    if kind in ("shrub", "fallen_tree", "elephant-dark", "elephant-light"):
        return "immovable", {"sq": t + 1, "what": kind}
    if (kind == "tree" or kind.startswith("statue")) and not state._can_push(e, t, d):
        return "stuck", {"sq": t + 1, "what": kind, "dir": d}
    return None
