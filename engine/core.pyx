# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The State protocol shared by every game, at two levels.

C level (declared in ``core.pxd``; what search uses): each game is a ``cdef class`` deriving from
:class:`State` whose whole position is one plain struct, so that ``c_copy_from`` is a ``memcpy`` and a
search loop never touches a Python object. Randomness inside the rules comes from an :c:type:`Rng`
kept in that struct.

Python level (what the service uses): the ``def`` methods below. Decisions are small integers; a game
gives them a public JSON form and a text notation in English and Spanish.

Contracts every game keeps (checked for every registered game by ``tests/engine/test_conformance.py``):

* ``current_player()`` is a seat, :data:`CHANCE` or :data:`TERMINAL`; it is :data:`TERMINAL` exactly
  when ``is_terminal()``.
* ``legal_actions()`` is sorted ascending and non-empty until the game ends, and empty after.
* ``returns()`` is one number per seat, all zero until the game ends.
* ``clone()`` is fully independent of its original.
* The game is fully described by (title, options, seed, decision log): replaying the log from a new
  initial state with the same seed gives an identical state (``snapshot()`` bytes equal).
* ``to_json(viewer)`` shows only what seat ``viewer`` may see; ``to_json(None)`` is everything.
* ``resample_from_infostate(viewer, seed)`` depends only on what ``viewer`` has seen and on ``seed``.
"""
from libc.stdint cimport uint64_t
from libc.stdlib cimport malloc, free
from libc.string cimport memcpy, memcmp

from engine.rng cimport Rng, rng_seed, rng_below, rng_choose, fnv1a, FNV_OFFSET

from engine.errors import IllegalActionError

#: ``current_player()`` at a chance node (dice, draws): the outcome is sampled, not chosen.
CHANCE = CHANCE_PLAYER
#: ``current_player()`` once the game is over.
TERMINAL = TERMINAL_PLAYER

# SplitMix64's golden-ratio step, typed so that the product in sample_chance wraps in C: with the
# bare literal, Cython multiplies Python ints and overflows from the third decision on.
cdef uint64_t _GOLDEN = 0x9E3779B97F4A7C15


cdef uint64_t _seed64(object seed):
    return <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)


cdef class State:
    """Base class of every game state. Subclasses implement the ``c_*`` methods and the notation."""

    def __cinit__(self):
        self._history = []
        self.game = None
        self.num_players = 0
        self.max_legal = 1
        self.seed = 0

    # ------------------------------------------------------------------ C level (overridden by games)
    cdef int c_current_player(self) noexcept nogil:
        return TERMINAL_PLAYER

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        return 0

    cdef void c_apply(self, int action) noexcept nogil:
        pass

    cdef bint c_is_terminal(self) noexcept nogil:
        return self.c_current_player() == TERMINAL_PLAYER

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int i
        for i in range(self.num_players):
            out[i] = 0.0

    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil:
        return 0

    cdef void c_determinize(self, int viewer, Rng* rng) noexcept nogil:
        # Perfect information: nothing is hidden, nothing to resample.
        pass

    cdef uint64_t c_info_hash(self, int viewer) noexcept nogil:
        # Perfect information: the viewer sees the whole struct.
        return fnv1a(self.c_struct(), self.c_struct_size(), FNV_OFFSET)

    cdef int c_decision_count(self) noexcept nogil:
        return 0

    cdef int c_check(self) noexcept nogil:
        return 0

    cdef bint c_evaluate(self, double* out) noexcept nogil:
        return False

    cdef void* c_struct(self) noexcept nogil:
        return NULL

    cdef size_t c_struct_size(self) noexcept nogil:
        return 0

    cdef void c_copy_from(self, State other) noexcept:
        memcpy(self.c_struct(), other.c_struct(), self.c_struct_size())

    cdef State c_clone(self):
        cdef State s = <State>type(self).__new__(type(self))
        s.game = self.game
        s.num_players = self.num_players
        s.max_legal = self.max_legal
        s.seed = self.seed
        s.c_copy_from(self)
        s._history = list(self._history)
        return s

    # ------------------------------------------------------------------ Python level: the protocol
    def _bind(self, game, seed):
        """Attach the game and seed; called by ``Game.new_initial_state`` before the game's ``_setup``."""
        self.game = game
        self.num_players = game.num_players
        self.max_legal = game.spec.max_legal
        self.seed = int(seed)

    def current_player(self):
        """The seat that must decide now, or :data:`CHANCE`, or :data:`TERMINAL`."""
        return self.c_current_player()

    def legal_actions(self):
        """The legal decisions now, ascending (chance outcomes at a chance node); ``[]`` once over."""
        cdef int* buf = <int*>malloc(sizeof(int) * self.max_legal)
        cdef int k, i
        try:
            k = self.c_legal_actions(buf)
            return [buf[i] for i in range(k)]
        finally:
            free(buf)

    def chance_outcomes(self):
        """At a chance node, ``[(action, probability), ...]`` ascending; else ``[]``."""
        if self.c_current_player() != CHANCE_PLAYER:
            return []
        cdef int* acts = <int*>malloc(sizeof(int) * self.max_legal)
        cdef double* probs = <double*>malloc(sizeof(double) * self.max_legal)
        cdef int k, i
        try:
            k = self.c_chance_outcomes(acts, probs)
            return [(acts[i], probs[i]) for i in range(k)]
        finally:
            free(acts)
            free(probs)

    def sample_chance(self):
        """The chance outcome the service applies here: a pure function of the game seed and the
        decision number, so a game replays exactly (the outcome is logged like any decision)."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalActionError("This is not a chance node.", "Esto no es un nodo de azar.",
                                     code="not_chance")
        cdef Rng rng
        cdef int i, k = len(outcomes)
        cdef double* probs = <double*>malloc(sizeof(double) * k)
        try:
            for i in range(k):
                probs[i] = outcomes[i][1]
            rng_seed(&rng, _seed64(self.seed) ^ (<uint64_t>self.c_decision_count() * _GOLDEN))
            return outcomes[rng_choose(&rng, probs, k)][0]
        finally:
            free(probs)

    def apply_action(self, int action):
        """Apply one decision; raises :class:`engine.errors.IllegalActionError` (state untouched) if
        it is not legal here."""
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalActionError(
                f"Decision {action} is not legal here.",
                f"La decisión {action} no es legal aquí.",
                legal=legal, at_state=self.clone())
        self.c_apply(action)
        self._history.append(action)

    def is_terminal(self):
        return self.c_is_terminal()

    def returns(self):
        """One number per seat; all zero until the game is over."""
        cdef double out[MAX_PLAYERS]
        cdef int i
        if not self.c_is_terminal():
            return [0.0] * self.num_players
        self.c_returns(out)
        return [out[i] for i in range(self.num_players)]

    def clone(self):
        """An independent copy (a struct copy plus the decision log)."""
        return self.c_clone()

    def decision_count(self):
        """How many decisions (chance outcomes included) have been applied since the start."""
        return self.c_decision_count()

    def history(self):
        """The decision log applied through :meth:`apply_action` (a copy)."""
        return list(self._history)

    def check_invariants(self):
        """0 if the game's invariants hold (e.g. pieces conserved), else a game-specific code."""
        return self.c_check()

    def info_hash(self, int viewer):
        """A hash of what seat ``viewer`` can see."""
        return self.c_info_hash(viewer)

    def resample_from_infostate(self, viewer, seed):
        """A full state consistent with everything seat ``viewer`` has seen, hidden parts resampled
        from ``seed`` alone (a plain copy for perfect-information games)."""
        cdef State s = self.c_clone()
        cdef Rng rng
        if viewer is None:
            return s
        rng_seed(&rng, _seed64(seed))
        s.c_determinize(<int>viewer, &rng)
        return s

    def snapshot(self):
        """The whole position as bytes (a cache for the service; the log stays the truth)."""
        return (<char*>self.c_struct())[:self.c_struct_size()]

    def restore(self, bytes data, history=None):
        """Load bytes produced by :meth:`snapshot` of a state of the same game and content version."""
        if len(data) != self.c_struct_size():
            raise ValueError("snapshot size does not match this game's state")
        memcpy(self.c_struct(), <char*>data, self.c_struct_size())
        self._history = list(history) if history is not None else []

    def same_position(self, State other):
        """True if both structs are byte-identical (replay checks)."""
        return (type(self) is type(other) and self.c_struct_size() == other.c_struct_size()
                and memcmp(self.c_struct(), other.c_struct(), self.c_struct_size()) == 0)

    # ------------------------------------------------------------------ Python level: per game
    def to_json(self, viewer=None):
        """The position as seat ``viewer`` sees it (``None``: everything, enough for :meth:`load_json`
        to rebuild a byte-identical struct, the PRNG state included)."""
        raise NotImplementedError

    def render_text(self, viewer=None, lang="en"):
        """A plain-text picture of the position as ``viewer`` sees it (for email). Games override
        this; the fallback is the indented JSON view."""
        import json
        return json.dumps(self.to_json(viewer), indent=2, ensure_ascii=False)

    def load_json(self, obj):
        """Fill this state from ``to_json(None)`` output (used by ``Game.state_from_json``)."""
        raise NotImplementedError

    def action_to_json(self, int action):
        """The public JSON object for a decision that is legal now."""
        raise NotImplementedError

    def json_to_action(self, obj):
        """The decision a JSON object names now; raises ParseError / IllegalActionError."""
        raise NotImplementedError

    def action_to_text(self, int action, lang="en"):
        """A decision in the game's text notation."""
        raise NotImplementedError

    def parse_turn(self, text, lang="en"):
        """Parse a text turn (several steps) against this state; returns the decisions in order.
        Raises ParseError / IllegalActionError naming the first bad step's index."""
        raise NotImplementedError

    def explain_illegal(self, obj, lang="en"):
        """Why the JSON decision ``obj`` is illegal here ("" if it is legal)."""
        raise NotImplementedError


def random_playouts(State root, int games, uint64_t seed, bint check=False, long max_decisions=1000000):
    """Play ``games`` uniformly random games from ``root`` entirely at C level.

    Returns figures (games, decisions, terminal count, total returns per seat) and, when ``check`` is
    set, protocol violations: empty legal lists before the end, unsorted legal lists, chance
    probabilities not summing to 1, and invariant failures reported by ``c_check``.
    """
    cdef State s = root.c_clone()
    cdef int cap = root.max_legal
    cdef int* acts = <int*>malloc(sizeof(int) * cap)
    cdef double* probs = <double*>malloc(sizeof(double) * cap)
    cdef double rets[MAX_PLAYERS]
    cdef double totals[MAX_PLAYERS]
    cdef Rng rng
    cdef int g, k, i, p, a, code
    cdef long n, decisions = 0, max_len = 0
    cdef long terminal = 0, empty = 0, unsorted = 0, badprob = 0, invariant = 0, first_code = 0
    cdef long legal_after_end = 0
    cdef double acc
    rng_seed(&rng, seed)
    for i in range(MAX_PLAYERS):
        totals[i] = 0.0
    try:
        for g in range(games):
            s.c_copy_from(root)
            n = 0
            while not s.c_is_terminal():
                p = s.c_current_player()
                if p == CHANCE_PLAYER:
                    k = s.c_chance_outcomes(acts, probs)
                    if k <= 0:
                        empty += 1
                        break
                    a = acts[rng_choose(&rng, probs, k)]
                    if check:
                        acc = 0.0
                        for i in range(k):
                            acc += probs[i]
                        if acc < 0.999999 or acc > 1.000001:
                            badprob += 1
                else:
                    k = s.c_legal_actions(acts)
                    if k <= 0:
                        empty += 1
                        break
                    a = acts[rng_below(&rng, k)]
                if check:
                    for i in range(1, k):
                        if acts[i - 1] >= acts[i]:
                            unsorted += 1
                            break
                s.c_apply(a)
                n += 1
                if check:
                    code = s.c_check()
                    if code != 0:
                        invariant += 1
                        if first_code == 0:
                            first_code = code
                if n >= max_decisions:
                    break
            if s.c_is_terminal():
                terminal += 1
                s.c_returns(rets)
                for i in range(s.num_players):
                    totals[i] += rets[i]
                if check and s.c_legal_actions(acts) != 0:
                    legal_after_end += 1
            decisions += n
            if n > max_len:
                max_len = n
    finally:
        free(acts)
        free(probs)
    return {
        "games": games, "decisions": decisions, "terminal": terminal, "max_length": max_len,
        "returns": [totals[i] for i in range(root.num_players)],
        "empty_legal": empty, "legal_after_end": legal_after_end, "unsorted_legal": unsorted, "bad_chance_probs": badprob,
        "invariant_failures": invariant, "first_invariant_code": first_code,
    }
