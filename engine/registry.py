"""The one registry of games. Games register a :class:`GameSpec` when their module is imported;
everything else (service, search, workers, tests) finds games by short name through :func:`load_game`
and never imports a game module directly.

Seats and options. Some rules depend on who plays a seat, not only on the table's choices: in a game
where a person answers a question by choosing an option, an AI seat's answer is instead a chance event
with an accuracy. A game declares such options with ``Option(..., from_seats=True)`` and registers
``GameSpec.seat_options``, which maps one flag per seat (True: the AI plays it) to their values.
Whoever seats players applies it with :meth:`Game.with_seats`::

    game = engine.load_game(title, **client_options).with_seats([False, True, True, True])

The implied values are part of ``game.options`` (so storing the options and replaying the log gives
the same game); a value the caller gave that contradicts the seats is refused with
:class:`~engine.errors.OptionError` rather than silently overridden. Games without the hook ignore
the seats. ``load_game`` alone never applies the hook: engine tests may set such options directly.
"""
from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from typing import Any, Callable

from engine.errors import OptionError, UnknownGameError

#: Modules that register games, imported on first use of the registry. Add a game here.
GAME_MODULES = (
    "engine.kuhn",
    "engine.takyon",
    "engine.ttykm",
    "engine.evoke",
)


@dataclass(frozen=True)
class Option:
    """One named game option with its default and allowed values.

    ``house`` marks a decision that is ours, not the publisher's (reported in the game's metadata).
    ``from_seats`` marks an option whose value follows from which seats the AI plays (set by the
    game's ``GameSpec.seat_options`` through :meth:`Game.with_seats`, not chosen by a client).
    """

    name: str
    default: Any
    choices: tuple | None = None
    minimum: int | None = None
    maximum: int | None = None
    house: bool = False
    from_seats: bool = False
    doc_en: str = ""
    doc_es: str = ""

    @property
    def kind(self) -> str:
        return {bool: "boolean", int: "integer", str: "string"}[type(self.default)]

    def validate(self, value: Any) -> Any:
        """Return the value if allowed, else raise :class:`OptionError`."""
        t = type(self.default)
        ok_type = (isinstance(value, t) and not (t is int and isinstance(value, bool)))
        if not ok_type:
            raise OptionError(
                f"Option '{self.name}' must be a {self.kind}.",
                f"La opción '{self.name}' debe ser de tipo {self.kind}.",
                details={"option": self.name})
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise OptionError(
                f"Option '{self.name}' must be one of: {allowed}.",
                f"La opción '{self.name}' debe ser una de: {allowed}.",
                details={"option": self.name, "choices": list(self.choices)})
        if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum):
            raise OptionError(
                f"Option '{self.name}' must be between {self.minimum} and {self.maximum}.",
                f"La opción '{self.name}' debe estar entre {self.minimum} y {self.maximum}.",
                details={"option": self.name, "minimum": self.minimum, "maximum": self.maximum})
        return value

    def to_json(self) -> dict:
        d = {"name": self.name, "type": self.kind, "default": self.default, "house_rule": self.house,
             "from_seats": self.from_seats, "description": {"en": self.doc_en, "es": self.doc_es}}
        if self.choices is not None:
            d["choices"] = list(self.choices)
        if self.minimum is not None:
            d["minimum"] = self.minimum
        if self.maximum is not None:
            d["maximum"] = self.maximum
        return d


@dataclass(frozen=True)
class GameSpec:
    """What a game module registers.

    ``state_class`` is the game's State subclass; it must define ``_setup(self, seed)`` which reads
    ``self.game.options`` and fills the struct. ``max_legal`` bounds the number of legal actions at any
    decision; ``num_distinct_actions`` bounds the action ids. ``conformance`` lists the option sets that
    the conformance suite runs (every rule set the game supports). ``seat_options``, if set, maps
    one flag per seat (True: played by the AI) to the values of the game's ``from_seats`` options
    (see the module docstring and :meth:`Game.with_seats`). ``search_defaults`` holds keyword
    arguments of ``mcts.search`` that an AI seat uses unless its own settings say otherwise (e.g. a
    ``rollout_depth`` for a game whose random rollouts to the end teach search nothing); never a
    budget, which is the seat's.
    """

    name: str
    title_en: str
    title_es: str
    state_class: type
    min_players: int
    max_players: int
    max_legal: int
    num_distinct_actions: int
    options: tuple[Option, ...] = ()
    default_players: int | None = None
    ruleset: str = ""
    content_version: str = "1"
    hidden_information: bool = False
    cooperative: bool = False
    conformance: tuple[dict, ...] = ({},)
    listed: bool = True                    # False: a test game, not offered by /v1/titles
    extra_metadata: Callable[[dict], dict] | None = None
    seat_options: Callable[[list[bool]], dict] | None = None
    search_defaults: dict | None = None    # search settings that suit the game (see below)

    def all_options(self) -> tuple[Option, ...]:
        opts = tuple(self.options)
        if self.max_players != self.min_players:
            opts = (Option("players", self.default_players or self.min_players,
                           minimum=self.min_players, maximum=self.max_players,
                           doc_en="Number of players.", doc_es="Número de jugadores."),) + opts
        return opts


class Game:
    """A game with its options fixed: a factory of initial states."""

    def __init__(self, spec: GameSpec, options: dict):
        self.spec = spec
        self.given = dict(options)          # what the caller chose (before defaults)
        known = {o.name: o for o in spec.all_options()}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise OptionError(
                f"Unknown option(s) for {spec.name}: {', '.join(unknown)}.",
                f"Opción(es) desconocida(s) para {spec.name}: {', '.join(unknown)}.",
                details={"unknown": unknown, "known": sorted(known)})
        self.options = {name: (opt.validate(options[name]) if name in options else opt.default)
                        for name, opt in known.items()}
        self.num_players = int(self.options.get("players", spec.min_players))
        self.name = spec.name

    def with_seats(self, ai_seats) -> "Game":
        """This game with the options implied by who plays each seat (one flag per seat, True: the
        AI); the same game when the spec has no ``seat_options`` hook.

        Raises :class:`OptionError` when the flags do not match the number of players, or when an
        option given to this game contradicts the value the seats imply (never overridden silently).
        """
        flags = [bool(f) for f in ai_seats]
        if len(flags) != self.num_players:
            raise OptionError(
                f"{len(flags)} seat(s) given for {self.num_players} players.",
                f"Se dieron {len(flags)} puesto(s) para {self.num_players} jugadores.",
                details={"seats": len(flags), "players": self.num_players})
        if self.spec.seat_options is None:
            return self
        implied = self.spec.seat_options(flags)
        for name in sorted(implied):
            if name in self.given and self.given[name] != implied[name]:
                want, got = json.dumps(implied[name]), json.dumps(self.given[name])
                raise OptionError(
                    f"Option '{name}' follows from which seats the AI plays: with these seats it is "
                    f"{want}, not {got}. Leave it out.",
                    f"La opción '{name}' depende de qué puestos juega la IA: con estos puestos vale "
                    f"{want}, no {got}. Omítela.",
                    details={"option": name, "given": self.given[name], "implied": implied[name]})
        return Game(self.spec, {**self.given, **implied})

    @property
    def metadata(self) -> dict:
        house = {o.name: self.options[o.name] for o in self.spec.all_options() if o.house}
        md = {"title": self.spec.name, "name": {"en": self.spec.title_en, "es": self.spec.title_es},
              "ruleset": self.spec.ruleset, "content_version": self.spec.content_version,
              "house_rules": house, "hidden_information": self.spec.hidden_information,
              "cooperative": self.spec.cooperative, "num_players": self.num_players}
        if self.spec.extra_metadata:
            md.update(self.spec.extra_metadata(self.options))
        return md

    def new_initial_state(self, seed: int = 0):
        """The initial state for this seed (after set-up; chance nodes, if any, come next)."""
        state = self.spec.state_class()
        state._bind(self, seed)
        state._setup(int(seed) & 0xFFFFFFFFFFFFFFFF)
        return state

    def replay(self, seed: int, decisions) -> Any:
        """The state reached by applying ``decisions`` (checked one by one) from the initial state."""
        state = self.new_initial_state(seed)
        for a in decisions:
            state.apply_action(int(a))
        return state

    def state_from_json(self, seed: int, obj: dict, history=()) -> Any:
        """Rebuild a state from ``to_json(None)`` (the full view)."""
        state = self.spec.state_class()
        state._bind(self, seed)
        state.load_json(obj)
        state.restore(state.snapshot(), history)
        return state

    def state_from_snapshot(self, seed: int, data: bytes, history) -> Any:
        """Rebuild a state from :meth:`State.snapshot` bytes plus the decision log that led there."""
        state = self.spec.state_class()
        state._bind(self, seed)
        state.restore(data, history)
        return state

    def __repr__(self) -> str:
        return f"load_game({self.name!r}, **{self.options!r})"


_REGISTRY: dict[str, GameSpec] = {}
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (called by game modules at import)."""
    _REGISTRY[spec.name] = spec
    return spec


def _ensure_loaded() -> None:
    global _loaded
    if not _loaded:
        for mod in GAME_MODULES:
            importlib.import_module(mod)
        _loaded = True


def list_games(include_unlisted: bool = False) -> list[GameSpec]:
    """Every registered game's spec, by name."""
    _ensure_loaded()
    return [s for _, s in sorted(_REGISTRY.items()) if include_unlisted or s.listed]


def game_spec(name: str) -> GameSpec:
    _ensure_loaded()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise UnknownGameError(f"No game is called '{name}'.", f"No hay ningún juego llamado '{name}'.",
                               details={"known": sorted(_REGISTRY)}) from None


def load_game(name: str, **options) -> Game:
    """The game ``name`` with ``options`` (defaults filled in; unknown or bad options raise)."""
    return Game(game_spec(name), options)
