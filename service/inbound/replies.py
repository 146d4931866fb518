"""What turnpost says back to a player who emailed a reply, in English and Spanish."""
from __future__ import annotations

SUBJECTS = {
    "en": {"applied": "[turnpost] Game {game_id}: your move is in",
           "answer": "[turnpost] Game {game_id}",
           "problem": "[turnpost] Your reply could not be used"},
    "es": {"applied": "[turnpost] Partida {game_id}: jugada recibida",
           "answer": "[turnpost] Partida {game_id}",
           "problem": "[turnpost] No se ha podido usar tu respuesta"},
}

TEXT = {
    "en": {
        "no_token": "We could not tell which game this reply is for. Reply to a turn notification "
                    "(its reply address identifies the game), or play through the website.",
        "wrong_sender": "This reply came from an address that does not play this seat, so it was "
                        "not used. Reply from the address the notification was sent to.",
        "not_your_decision": "This step comes after your part of the turn.",
        "stale": "This reply answers decision {decision}, but the game has moved on (it is at "
                 "decision {current}). Nothing was played; see the latest notification.",
        "bad_steps": "Nothing was played: {count} step(s) of your reply could not be used.",
        "step": "Step {n} ('{step}'): {message}",
        "legal_here": "Legal there: {legal}",
        "applied": "Your move was played: {moves}",
        "reclaimed": "You have your seat back: the AI no longer plays for you.",
        "resigned_over": "You resigned: the game is over.",
        "resigned_ai": "You resigned: the game goes on, and the AI plays your seat until the end.",
        "position": "The position, as you see it:",
        "legal": "Your legal decisions now:",
        "help": "Reply with your move in the game's notation (several steps: separate them with "
                "commas or new lines). Commands, alone on a line: HELP (this text), BOARD (the "
                "position), RECLAIM (take your seat back from the AI), RESIGN (give up the game).",
        "nothing_to_do": "Your reply had no move and no command. Write HELP to see what you can "
                         "send.",
    },
    "es": {
        "no_token": "No sabemos a qué partida responde este correo. Responde a una notificación de "
                    "turno (su dirección de respuesta identifica la partida) o juega desde la web.",
        "wrong_sender": "Esta respuesta viene de una dirección que no juega este puesto, así que no "
                        "se ha usado. Responde desde la dirección a la que se envió la notificación.",
        "not_your_decision": "Este paso llega cuando tu parte del turno ya ha terminado.",
        "stale": "Esta respuesta corresponde a la decisión {decision}, pero la partida ha avanzado "
                 "(va por la decisión {current}). No se ha jugado nada; mira la última notificación.",
        "bad_steps": "No se ha jugado nada: {count} paso(s) de tu respuesta no se pueden usar.",
        "step": "Paso {n} ('{step}'): {message}",
        "legal_here": "Legal ahí: {legal}",
        "applied": "Tu jugada se ha registrado: {moves}",
        "reclaimed": "Has recuperado tu puesto: la IA ya no juega por ti.",
        "resigned_over": "Has abandonado: la partida ha terminado.",
        "resigned_ai": "Has abandonado: la partida sigue y la IA juega tu puesto hasta el final.",
        "position": "La posición, tal como tú la ves:",
        "legal": "Tus decisiones legales ahora:",
        "help": "Responde con tu jugada en la notación del juego (varios pasos: sepáralos con comas "
                "o saltos de línea). Órdenes, solas en una línea: AYUDA (este texto), TABLERO (la "
                "posición), RECUPERAR (recuperar tu puesto de la IA), ABANDONO (abandonar la partida).",
        "nothing_to_do": "Tu respuesta no tenía jugada ni orden. Escribe AYUDA para ver qué puedes "
                         "enviar.",
    },
}


def _lang(lang: str | None) -> str:
    return lang if lang in TEXT else "en"


def subject(kind: str, lang: str, **values) -> str:
    """The subject of an answer of ``kind`` (applied | answer | problem)."""
    return SUBJECTS[_lang(lang)][kind].format(**values)


def text(key: str, lang: str, **values) -> str:
    """The sentence ``key`` in ``lang``."""
    return TEXT[_lang(lang)][key].format(**values)


def bad_steps(errors: list[dict], lang: str) -> str:
    """Every bad step of a reply: its position (from 1), the step, why, and what was legal."""
    lines = [text("bad_steps", lang, count=len(errors)), ""]
    for e in errors:
        lines.append(text("step", lang, n=e["index"] + 1, step=e["step"], message=e["message"]))
        if e.get("legal"):
            lines.append("  " + text("legal_here", lang, legal=", ".join(e["legal"][:40])))
    return "\n".join(lines)
