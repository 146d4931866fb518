"""turnpost's rules engine: one State protocol (``engine.core``), one registry (``engine.registry``).

    >>> import engine
    >>> game = engine.load_game("ttykm", chapter="growth")
    >>> state = game.new_initial_state(seed=7)
"""
from engine.core import CHANCE, TERMINAL, State, random_playouts
from engine.errors import (EngineError, IllegalActionError, OptionError, ParseError,
                           UnknownGameError)
from engine.registry import Game, GameSpec, Option, game_spec, list_games, load_game, register

__all__ = ["CHANCE", "TERMINAL", "State", "random_playouts", "EngineError", "IllegalActionError",
           "OptionError", "ParseError", "UnknownGameError", "Game", "GameSpec", "Option",
           "game_spec", "list_games", "load_game", "register"]
