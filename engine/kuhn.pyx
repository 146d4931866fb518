# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Kuhn poker: the smallest hidden-information game with chance, kept as the reference
implementation of the State protocol and as the test game for view redaction and information-set
search. Not offered to players (``listed=False``).

Three cards (J < Q < K); each player antes 1 and is dealt one card (two chance nodes). Player 0 then
passes or bets 1; after pass–bet, player 0 passes (folds) or bets (calls). A fold loses the pot; a
showdown gives it to the higher card. Returns are the net chips won.
"""
from libc.stdint cimport uint64_t
from libc.string cimport memset

from engine.core cimport State, CHANCE_PLAYER, TERMINAL_PLAYER
from engine.rng cimport Rng, rng_below, fnv1a, FNV_OFFSET

from engine.errors import ParseError
from engine.notation import parse_steps, split_steps, unknown_step
from engine.registry import GameSpec, register

DEF PASS = 0
DEF BET = 1

ctypedef struct KuhnS:
    int cards[2]        # card of each seat (0 J, 1 Q, 2 K), -1 until dealt
    int ndealt          # cards dealt so far (the first two decisions are chance)
    int hist[3]         # betting actions in order (PASS / BET)
    int nhist
    int decisions       # decisions applied (chance included)

CARD_NAMES = {"en": ("J", "Q", "K"), "es": ("J", "Q", "K")}
WORDS = {"en": ("pass", "bet"), "es": ("paso", "apuesto")}
ALIASES = {"pass": PASS, "check": PASS, "fold": PASS, "paso": PASS, "pasar": PASS, "me retiro": PASS,
           "bet": BET, "call": BET, "apuesto": BET, "apostar": BET, "igualo": BET}


cdef inline bint _terminal(KuhnS* s) noexcept nogil:
    if s.nhist == 2:
        return not (s.hist[0] == PASS and s.hist[1] == BET)
    return s.nhist == 3


cdef inline bint _showdown(KuhnS* s) noexcept nogil:
    return _terminal(s) and not (s.nhist >= 2 and s.hist[s.nhist - 1] == PASS and s.hist[s.nhist - 2] == BET)


cdef class KuhnState(State):
    cdef KuhnS s

    def _setup(self, uint64_t seed):
        memset(&self.s, 0, sizeof(KuhnS))
        self.s.cards[0] = -1
        self.s.cards[1] = -1

    cdef void* c_struct(self) noexcept nogil:
        return &self.s

    cdef size_t c_struct_size(self) noexcept nogil:
        return sizeof(KuhnS)

    cdef int c_current_player(self) noexcept nogil:
        if self.s.ndealt < 2:
            return CHANCE_PLAYER
        if _terminal(&self.s):
            return TERMINAL_PLAYER
        return self.s.nhist % 2

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef int c, k = 0
        if self.s.ndealt < 2:
            for c in range(3):
                if c != self.s.cards[0]:
                    out[k] = c
                    k += 1
            return k
        if _terminal(&self.s):
            return 0
        out[0] = PASS
        out[1] = BET
        return 2

    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil:
        cdef int k = self.c_legal_actions(actions) if self.s.ndealt < 2 else 0
        cdef int i
        for i in range(k):
            probs[i] = 1.0 / k
        return k

    cdef void c_apply(self, int action) noexcept nogil:
        if self.s.ndealt < 2:
            self.s.cards[self.s.ndealt] = action
            self.s.ndealt += 1
        else:
            self.s.hist[self.s.nhist] = action
            self.s.nhist += 1
        self.s.decisions += 1

    cdef bint c_is_terminal(self) noexcept nogil:
        return self.s.ndealt == 2 and _terminal(&self.s)

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int pot_each = 1, winner, i
        out[0] = 0.0
        out[1] = 0.0
        if not self.c_is_terminal():
            return
        for i in range(self.s.nhist):
            if self.s.hist[i] == BET:
                pot_each = 2
        if _showdown(&self.s):
            winner = 0 if self.s.cards[0] > self.s.cards[1] else 1
        else:
            # the last player to act folded
            winner = 1 - ((self.s.nhist - 1) % 2)
            pot_each = 1
        out[winner] = pot_each
        out[1 - winner] = -pot_each

    cdef int c_decision_count(self) noexcept nogil:
        return self.s.decisions

    cdef void c_determinize(self, int viewer, Rng* rng) noexcept nogil:
        # Hidden from `viewer`: the other seat's card, unless it was shown at a showdown. The
        # unknowns are gathered in canonical (ascending) order, so the sample depends only on
        # the viewer's own card and rng.
        cdef int other = 1 - viewer
        cdef int cand[3]
        cdef int c, k = 0
        if viewer < 0 or viewer > 1 or self.s.ndealt < 2 or self.c_is_terminal() and _showdown(&self.s):
            return
        if self.s.ndealt <= other:
            return
        for c in range(3):
            if c != self.s.cards[viewer]:
                cand[k] = c
                k += 1
        self.s.cards[other] = cand[rng_below(rng, k)]

    cdef uint64_t c_info_hash(self, int viewer) noexcept nogil:
        cdef KuhnS v = self.s
        if 0 <= viewer <= 1 and not (self.c_is_terminal() and _showdown(&self.s)):
            if v.ndealt > 1 - viewer:
                v.cards[1 - viewer] = 9        # "some card you cannot see"
        return fnv1a(&v, sizeof(KuhnS), FNV_OFFSET + <uint64_t>(viewer + 2))

    cdef int c_check(self) noexcept nogil:
        if self.s.ndealt == 2 and self.s.cards[0] == self.s.cards[1]:
            return 1
        return 0

    # ------------------------------------------------------------------ Python surface
    def to_json(self, viewer=None):
        shown = bool(self.c_is_terminal() and _showdown(&self.s))
        cards = []
        for seat in range(2):
            c = self.s.cards[seat]
            visible = viewer is None or viewer == seat or shown
            cards.append(CARD_NAMES["en"][c] if (c >= 0 and visible) else None)
        d = {
            "cards": cards,
            "betting": [WORDS["en"][self.s.hist[i]] for i in range(self.s.nhist)],
            "dealt": self.s.ndealt,
            "decision": self.s.decisions,
            "showdown": shown,
        }
        if viewer is None:
            d["raw_cards"] = [self.s.cards[0], self.s.cards[1]]
        return d

    def load_json(self, obj):
        memset(&self.s, 0, sizeof(KuhnS))
        self.s.cards[0], self.s.cards[1] = obj["raw_cards"]
        self.s.ndealt = obj["dealt"]
        self.s.nhist = len(obj["betting"])
        for i, w in enumerate(obj["betting"]):
            self.s.hist[i] = WORDS["en"].index(w)
        self.s.decisions = obj["decision"]

    def action_to_json(self, int action):
        if self.s.ndealt < 2:
            return {"deal": CARD_NAMES["en"][action]}
        return {"bet": bool(action == BET)}

    def json_to_action(self, obj):
        if not isinstance(obj, dict):
            raise ParseError("A decision must be a JSON object.", "Una decisión debe ser un objeto JSON.")
        # A deal names a card only at a chance node, a bet only while betting: the same JSON must
        # never mean two different decisions.
        if self.s.ndealt < 2:
            if set(obj) == {"deal"} and obj["deal"] in CARD_NAMES["en"]:
                return CARD_NAMES["en"].index(obj["deal"])
            raise ParseError("Expected {\"deal\": \"J\"|\"Q\"|\"K\"}.",
                             "Se esperaba {\"deal\": \"J\"|\"Q\"|\"K\"}.")
        if set(obj) == {"bet"} and isinstance(obj["bet"], bool):
            return BET if obj["bet"] else PASS
        raise ParseError("Expected {\"bet\": true|false}.", "Se esperaba {\"bet\": true|false}.")

    def action_to_text(self, int action, lang="en"):
        if self.s.ndealt < 2:
            return ("deal " if lang == "en" else "reparto ") + CARD_NAMES["en"][action]
        return WORDS.get(lang, WORDS["en"])[action]

    def _parse_step(self, state, step, lang):
        key = " ".join(step.lower().split())
        if key not in ALIASES:
            raise unknown_step(step)
        return ALIASES[key]

    def parse_turn(self, text, lang="en"):
        return parse_steps(self, split_steps(text), lang, self._parse_step)

    def explain_illegal(self, obj, lang="en"):
        a = self.json_to_action(obj)
        if a in self.legal_actions():
            return ""
        if self.c_is_terminal():
            return "The hand is over." if lang == "en" else "La mano ha terminado."
        return "Only pass or bet." if lang == "en" else "Solo se puede pasar o apostar."


register(GameSpec(
    name="kuhn_poker", title_en="Kuhn poker", title_es="Póquer de Kuhn", state_class=KuhnState,
    min_players=2, max_players=2, max_legal=3, num_distinct_actions=3,
    ruleset="kuhn-1950", hidden_information=True, listed=False))
