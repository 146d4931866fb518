# The C-level State protocol that search uses. Every game is a `cdef class` deriving from State whose
# whole position lives in one plain struct (no pointers, no Python objects), so clone is a memcpy.
# Contracts (see engine/core.pyx for the full text):
#   c_current_player  seat 0..n-1, CHANCE_PLAYER or TERMINAL_PLAYER
#   c_legal_actions   writes the legal actions, ascending, into out[0..k) and returns k (>0 until terminal);
#                     at a chance node the possible outcomes
#   c_apply           applies a legal action (undefined for an illegal one: check first)
#   c_returns         one number per seat; 0 for everyone until terminal
#   c_chance_outcomes at a chance node: outcomes ascending with probabilities summing to 1
#   c_determinize     in place: replace every part hidden from `viewer` with a sample consistent with what
#                     viewer has seen, drawn from rng; a function of viewer's information and rng alone
#   c_info_hash       hash of what `viewer` can see (equal for states viewer cannot tell apart)
#   c_check           0 if the game's invariants hold, else a game-specific nonzero code
#   c_evaluate        optional heuristic: fill out[seat] with an estimate of each seat's return from a
#                     non-terminal state and return True; return False (the default) to have none
from libc.stdint cimport uint64_t
from engine.rng cimport Rng

cdef enum:
    CHANCE_PLAYER = -1
    TERMINAL_PLAYER = -2
    MAX_PLAYERS = 8

cdef class State:
    cdef readonly object game        # the engine.registry.Game this state belongs to
    cdef list _history               # decisions applied through the Python surface (the decision log)
    cdef readonly int num_players
    cdef readonly int max_legal      # upper bound on the number of legal actions at any decision
    cdef readonly object seed        # the seed the game was created with (Python int)

    cdef int c_current_player(self) noexcept nogil
    cdef int c_legal_actions(self, int* out) noexcept nogil
    cdef void c_apply(self, int action) noexcept nogil
    cdef bint c_is_terminal(self) noexcept nogil
    cdef void c_returns(self, double* out) noexcept nogil
    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil
    cdef void c_determinize(self, int viewer, Rng* rng) noexcept nogil
    cdef uint64_t c_info_hash(self, int viewer) noexcept nogil
    cdef int c_decision_count(self) noexcept nogil
    cdef int c_check(self) noexcept nogil
    cdef bint c_evaluate(self, double* out) noexcept nogil
    cdef void* c_struct(self) noexcept nogil
    cdef size_t c_struct_size(self) noexcept nogil
    cdef void c_copy_from(self, State other) noexcept
    cdef State c_clone(self)
