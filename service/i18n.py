"""Every message the service itself shows a player, in English and Spanish, by stable code.
(Engine messages come with the engine's errors; email text lives with the mail templates.)"""
from __future__ import annotations

from flask import g, has_request_context, request

LANGUAGES = ("en", "es")

MESSAGES: dict[str, dict[str, str]] = {
    # problem titles by HTTP status
    "status_400": {"en": "Bad request", "es": "Petición incorrecta"},
    "status_401": {"en": "Unauthorized", "es": "No autorizado"},
    "status_403": {"en": "Forbidden", "es": "Prohibido"},
    "status_404": {"en": "Not found", "es": "No encontrado"},
    "status_405": {"en": "Method not allowed", "es": "Método no permitido"},
    "status_409": {"en": "Conflict", "es": "Conflicto"},
    "status_412": {"en": "Precondition failed", "es": "Precondición fallida"},
    "status_415": {"en": "Unsupported media type", "es": "Tipo de contenido no admitido"},
    "status_422": {"en": "Unprocessable content", "es": "Contenido no procesable"},
    "status_500": {"en": "Internal server error", "es": "Error interno del servidor"},
    # codes
    "bad_request": {"en": "The request could not be read.", "es": "No se pudo leer la petición."},
    "not_found": {"en": "There is nothing at this address.", "es": "No hay nada en esta dirección."},
    "method_not_allowed": {"en": "This method is not allowed here.",
                           "es": "Este método no está permitido aquí."},
    "unsupported_media_type": {"en": "Send the body as JSON (Content-Type: application/json).",
                               "es": "Envía el cuerpo como JSON (Content-Type: application/json)."},
    "validation_error": {"en": "Some fields are missing or invalid; see 'errors'.",
                         "es": "Faltan campos o no son válidos; mira 'errors'."},
    "internal_error": {"en": "Something went wrong on our side. Nothing was changed.",
                       "es": "Algo ha fallado por nuestra parte. No se ha cambiado nada."},
    "unauthorized": {"en": "Send a valid token: 'Authorization: Bearer <token>'.",
                     "es": "Envía un token válido: 'Authorization: Bearer <token>'."},
    "email_taken": {"en": "A player with this email already exists.",
                    "es": "Ya existe un jugador con este correo."},
    "game_not_found": {"en": "No game '{game_id}' is visible to you.",
                       "es": "No hay ninguna partida '{game_id}' visible para ti."},
    "not_a_participant": {"en": "You do not play in game '{game_id}'.",
                          "es": "No juegas en la partida '{game_id}'."},
    "player_not_found": {"en": "There is no player with id {player_id}.",
                         "es": "No existe ningún jugador con id {player_id}."},
    "wrong_seat_count": {"en": "{title} needs {needed} seats; {given} were given.",
                         "es": "{title} necesita {needed} asientos; se han indicado {given}."},
    "creator_not_seated": {"en": "You must take one of the seats of a game you create.",
                           "es": "Debes ocupar uno de los asientos de la partida que creas."},
    "duplicate_player": {"en": "A player may hold only one seat in a game.",
                         "es": "Un jugador solo puede ocupar un asiento por partida."},
    "seed_not_allowed": {
        "en": "A seed may be chosen only when you are the only person in the game: whoever knows "
              "the seed can foresee every card and die.",
        "es": "Solo puedes elegir la semilla si eres la única persona de la partida: quien conoce la "
              "semilla puede prever cada carta y cada dado."},
    "not_your_turn": {"en": "It is not your decision now: seat {next_seat} decides next.",
                      "es": "Ahora no te toca decidir: decide el asiento {next_seat}."},
    "not_your_decision": {
        "en": "Step {index_1} comes after your part of the turn: the decision has passed to {next}.",
        "es": "El paso {index_1} llega cuando la decisión ya es de {next}, no tuya."},
    "seat_resigned": {"en": "You resigned this seat: the AI plays it until the end of the game.",
                      "es": "Abandonaste este puesto: la IA lo juega hasta el final de la partida."},
    "game_finished": {"en": "Game '{game_id}' is over.", "es": "La partida '{game_id}' ha terminado."},
    "stale_decision": {
        "en": "The game has moved on: you sent decision {expected}, the current one is {current}.",
        "es": "La partida ha avanzado: enviaste la decisión {expected}, la actual es la {current}."},
    "empty_turn": {"en": "Send at least one step, in 'actions' or in 'text'.",
                   "es": "Envía al menos un paso, en 'actions' o en 'text'."},
    "actions_or_text": {"en": "Send either 'actions' or 'text', not both.",
                        "es": "Envía 'actions' o 'text', no ambos."},
    "idempotency_key_reused": {
        "en": "This Idempotency-Key was already used for a different request.",
        "es": "Esta Idempotency-Key ya se usó para otra petición."},
    "no_decision_reason_finished": {"en": "The game is over.", "es": "La partida ha terminado."},
    "no_decision_reason_other": {"en": "Seat {next_seat} decides now.",
                                 "es": "Ahora decide el asiento {next_seat}."},
    "someone_else": {"en": "seat {seat}", "es": "el asiento {seat}"},
    "chance": {"en": "chance", "es": "el azar"},
    "the_end": {"en": "the end of the game", "es": "el final de la partida"},
}


def t(code: str, lang: str = "en", **params) -> str:
    """The message ``code`` in ``lang`` (English if unknown), formatted with ``params``."""
    entry = MESSAGES.get(code)
    if entry is None:
        return code
    return (entry.get(lang) or entry["en"]).format(**params)


def request_language() -> str:
    """The caller's language: the authenticated player's, else the best of Accept-Language, else en."""
    if not has_request_context():
        return "en"
    player = g.get("player")
    if player is not None:
        return player.language
    return request.accept_languages.best_match(LANGUAGES) or "en"
