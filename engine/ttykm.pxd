# That Time You Killed Me: the position struct and the C-level rules (see engine/ttykm.pyx and
# /work/shared/rules/ttykm.md). The whole game state is one plain struct (TS) so a clone is a memcpy.
from libc.stdint cimport uint8_t, int8_t, uint16_t, uint32_t, uint64_t, int32_t

from engine.core cimport State

cdef enum:
    MAX_TURNS = 400          # the largest turn_limit option; bounds the repetition history
    POS_HASHED = 112         # bytes of Pos covered by the repetition hash (everything before `dead`)

# One era square is one byte: an object kind in the low nibble, plus SEED (a copy may stand on a seed;
# nothing else shares a square with one).
ctypedef struct Pos:
    uint8_t cell[3][16]      # [era][square 0..15]: kind | SEED
    int8_t root[3][16]       # for a fallen tree: the square it stood on (its root); 0 elsewhere
    uint8_t hat[3][2]        # [era][0 dark, 1 light elephant]: 0 no hat, 1 white's, 2 black's
    uint8_t supply[2]        # copies waiting in each player's supply
    uint8_t focus[2]         # era each player's focus token points at
    uint8_t seeds            # seeds in the shared supply (growth chapters)
    uint8_t seeds_gone       # seeds destroyed (they left the game)
    uint8_t built[2]         # 1 once the player has built their statue
    uint8_t to_move          # seat to move (part of the position for repetition)
    uint8_t pad[1]           # keeps the hashed prefix a whole number of 8-byte words
    uint8_t dead[2][2]       # dead[p][q]: copies of p killed by q's moves (not part of repetition)
    uint8_t pad2[4]

# Rule options, copied from the Game's options into the struct so the hot path needs no Python.
ctypedef struct Opts:
    uint8_t chapter          # GROWTH | INFLUENCE | MEMORY bits
    uint8_t allow_pass       # house: voluntary pass (default off)
    uint8_t own_paradox      # house: the mover's copy pushed into another of their copies: both die
    uint8_t ungrow           # house: a seed destroyed other than by uprooting un-grows its shrub/tree
    uint8_t rebound          # house: a blocked later-era build rebounds (else it does not appear)
    uint8_t cmd_adjacent     # house: command needs the copy next to its elephant (default: anywhere)
    uint8_t repetition       # occurrence that draws (0: no repetition draw)
    uint8_t pad
    uint16_t turn_limit      # the game is drawn when this turn ends without a win

ctypedef struct TS:
    Pos pos
    Opts o
    uint8_t phase            # PH_SELECT, PH_ACT, PH_REFOCUS, PH_OVER
    uint8_t L                # actions this turn must take (0, 1, 2), fixed at the turn's start
    uint8_t acts_done        # actions taken so far this turn
    int8_t act_era           # acting copy (era, square); -1 when none
    int8_t act_sq
    int8_t winner            # -1 none, 0 white, 1 black, 2 draw
    uint8_t reason           # 0 none, 1 win, 2 repetition, 3 turn limit
    uint8_t pad
    uint16_t sel_mask        # select phase: squares of the selectable copies (else 0)
    uint16_t turn            # turns completed
    uint16_t hist_n          # positions recorded in hist
    uint16_t rep_start       # first hist index that can still repeat (earlier ones had more material)
    uint32_t rep_key         # material signature of the repetition window (supplies, dead, built)
    int32_t decisions        # decisions applied since the start
    uint64_t first_mask      # act phase before the first action: the legal first actions (else 0)
    uint64_t hist[MAX_TURNS + 1]   # position hash at the start of each turn (initial included)

cdef class TTYKMState(State):
    cdef TS s
