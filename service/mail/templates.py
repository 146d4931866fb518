"""Every sentence a notification email says, in English and Spanish.

Plain ``str.format`` templates keyed by language: the mails are plain text, so a template engine would
add a dependency and nothing else. A language we do not have falls back to English.
"""
from __future__ import annotations


TEXT = {
    "en": {
        "subject_turn": "[turnpost] {title} #{game_id}: your turn (decision {decision})",
        "subject_over": "[turnpost] {title} #{game_id}: game over",
        "greeting": "Hello {name},",
        "your_turn": "It is your turn in {title} (game {game_id}), playing {seat_label}.",
        "since": "Since your last turn:",
        "since_start": "Since the game began:",
        "nothing_since": "Nothing has happened since your last turn.",
        "more_before": "  ({count} earlier decisions not shown)",
        "chance": "Chance",
        "hidden": "(hidden from you)",
        "position": "The position, as you see it:",
        "legal": "Your legal decisions now:",
        "legal_more": "  ... and {count} more (see the API for the full list)",
        "how_api": "To answer through the API, send your decision for number {decision}:",
        "how_reply": "Or reply to this email with your move written as text, e.g.: {example}",
        "link": "The game: {url}",
        "over": "The game {title} (game {game_id}) is over.",
        "result": "Final result:",
        "result_line": "  {seat_label}: {score}",
        "you_won": "You won. Well played!",
        "you_lost": "You did not win this time.",
        "you_drew": "It is a draw.",
        "you_resigned": "You resigned.",
        "subject_digest": "[turnpost] {count} game(s) waiting for you",
        "digest_intro": "{count} game(s) are waiting for your move:",
        "digest_game": "  - {title} #{game_id}: decision {decision}",
        "digest_reply": "to play by email, write to {address}",
        "resigned": "{seat_label} resigned.",
        "subject_resigned": "[turnpost] {title} #{game_id}: {seat_label} resigned",
        "resigned_goes_on": "In {title} (game {game_id}), {seat_label} resigned. The game goes on: "
                            "the AI plays that seat until the end.",
        "footer": "You receive this because you play in game {game_id} on turnpost.",
        "unsubscribe": "To stop these emails: {url}",
        "seat": "seat {seat}",
        "seat_named": "seat {seat} ({name})",
        "player": "player",
        "ai": "AI",
    },
    "es": {
        "subject_turn": "[turnpost] {title} n.º {game_id}: te toca (decisión {decision})",
        "subject_over": "[turnpost] {title} n.º {game_id}: partida terminada",
        "greeting": "Hola, {name}:",
        "your_turn": "Te toca en {title} (partida {game_id}), jugando como {seat_label}.",
        "since": "Desde tu último turno:",
        "since_start": "Desde el comienzo de la partida:",
        "nothing_since": "No ha pasado nada desde tu último turno.",
        "more_before": "  ({count} decisiones anteriores no se muestran)",
        "chance": "Azar",
        "hidden": "(oculto para ti)",
        "position": "La posición, tal como tú la ves:",
        "legal": "Tus decisiones legales ahora:",
        "legal_more": "  ... y {count} más (la lista completa está en la API)",
        "how_api": "Para responder por la API, envía tu decisión número {decision}:",
        "how_reply": "O responde a este correo con tu jugada escrita como texto, p. ej.: {example}",
        "link": "La partida: {url}",
        "over": "La partida {title} (partida {game_id}) ha terminado.",
        "result": "Resultado final:",
        "result_line": "  {seat_label}: {score}",
        "you_won": "Has ganado. ¡Bien jugado!",
        "you_lost": "Esta vez no has ganado.",
        "you_drew": "Es un empate.",
        "you_resigned": "Has abandonado.",
        "subject_digest": "[turnpost] {count} partida(s) esperan tu jugada",
        "digest_intro": "{count} partida(s) esperan tu jugada:",
        "digest_game": "  - {title} n.º {game_id}: decisión {decision}",
        "digest_reply": "para jugar por correo, escribe a {address}",
        "resigned": "{seat_label} ha abandonado.",
        "subject_resigned": "[turnpost] {title} n.º {game_id}: {seat_label} ha abandonado",
        "resigned_goes_on": "En {title} (partida {game_id}), {seat_label} ha abandonado. La partida "
                            "sigue: la IA juega ese puesto hasta el final.",
        "footer": "Recibes esto porque juegas en la partida {game_id} de turnpost.",
        "unsubscribe": "Para dejar de recibir estos correos: {url}",
        "seat": "puesto {seat}",
        "seat_named": "puesto {seat} ({name})",
        "player": "jugador",
        "ai": "IA",
    },
}


def lang_or_default(lang: str | None) -> str:
    """``lang`` if we have templates for it, else English."""
    return lang if lang in TEXT else "en"


def t(lang: str, key: str, **values) -> str:
    """The template ``key`` in ``lang`` filled with ``values``."""
    return TEXT[lang_or_default(lang)][key].format(**values)
