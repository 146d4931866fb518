# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Takyon (Azahar Juegos), 2 to 5 players, as /work/shared/rules/takyon.md fixes it.

The whole position is one plain struct (:c:type:`TkS`), so a clone is a ``memcpy``. Board, tech, anomaly
and mission data come from a content pack of JSON files (``engine/data/takyon/``), loaded once at import
into module-level C tables; the rules code below never reads a file.

Shape of a turn (``phase``): free phase (complete missions, buy *or* play anomalies) -> move the time
machine -> resolve the action (time steps, agent move, tech take, Nova Terra purchases, museum, console,
agency) -> free phase -> end turn. Three kinds of interruption pre-empt the phase, in this order of
priority (see :meth:`TakyonState.c_current_player`): displaced agents choose where to go (their owners
decide), a major roll the active player may reroll with an anomaly, and pending major rolls (chance).

Hidden (see ``c_determinize``): other seats' mission and anomaly hands, mission cards drawn by another
seat and not yet chosen, every deck order, the tech reserve, face-down techs on locked continents, and the
PRNG (which drives the reshuffles). Everything else is public.

Actions are context-free small integers (one range per kind, see the ``A_*`` constants), so an id always
means the same thing, and the JSON and text forms are pure functions of the id.
"""
import json
import os
import re
import unicodedata

from libc.stdint cimport uint64_t
from libc.string cimport memset, memcpy
from libc.math cimport exp

from engine.core cimport State, CHANCE_PLAYER, TERMINAL_PLAYER
from engine.rng cimport Rng, rng_seed, rng_below, rng_next, fnv1a, FNV_OFFSET

from engine.errors import IllegalActionError, OptionError, ParseError
from engine.notation import parse_steps, split_steps, unknown_step
from engine.registry import GameSpec, Option, register

# ---------------------------------------------------------------------------------------------- sizes
cdef enum:
    NP = 5              # seats
    NERA = 6
    NSEA = 4
    NCONT = 5           # continents with landing zones and tech slots
    ANTARCTICA = 5      # the sixth agent position
    NSPACE = 7
    NCOMMON = 5         # religious, political, cultural, military, scientific
    T_ENV = 5
    T_FUT = 6
    NTYPES = 7
    MAXM = 48           # mission cards a pack may hold
    MAXA = 48           # anomaly cards a pack may hold (= MAXM: Cython mixes up 2-D arrays of the same
                        # element type but different widths when converting the struct to a dict)
    MAXRES = 96         # common techs a pack may hold
    NKINDS = 12

# action spaces
cdef enum:
    S_BLACK_HOLE = 0
    S_LOW_GRAVITY = 1
    S_WORMHOLE = 2
    S_NOVA_TERRA = 3
    S_MUSEUM = 4
    S_CONSOLE = 5
    S_AGENCY = 6

# anomaly effects (the pack's "effect" keys, in this order)
cdef enum:
    K_FREE_LANDING = 0
    K_TIME_SKIP = 1
    K_FOLD = 2
    K_FUEL_CACHE = 3
    K_JUMP = 4
    K_REDATE = 5
    K_BRIEFING = 6
    K_REROLL = 7
    K_DOUBLE_PICK = 8
    K_PATCH = 9
    K_REMOTE = 10
    K_STABILISER = 11

# phases
cdef enum:
    P_SETUP_AGENT = 0
    P_FREE1 = 1         # before moving the machine
    P_TIME = 2          # Black Hole / Low Gravity displacement points
    P_AGENT_MOVE = 3    # after a time move: adjacent continent or stay
    P_WORMHOLE = 4
    P_TAKE = 5
    P_NT = 6            # Nova Terra purchases, seat `nt_seat` decides
    P_MUSEUM = 7
    P_KEEP = 8          # choosing among drawn missions, seat `keep_seat` decides
    P_AGENCY = 9
    P_FREE2 = 10        # after the action; ends with END_TURN

# variant bits (rule options)
cdef enum:
    V1_MANDATORY_ERA = 1
    V2_SELL_MISSIONS = 2
    V3_FIRST_LOSES = 4
    V4_MORE_MISSIONS = 8
    V5_NO_MUSEUM_TECHS = 16

# action ids: one range per kind
cdef enum:
    A_KEEP = 0                  # + mission id (MAXM)
    A_AGENT = 48                # + continent 0..5: set-up, agent move, wormhole, displacement
    A_STAY = 54
    A_MOVE = 55                 # + space (7)
    A_STEP_ERA = 62
    A_STEP_SEASON = 63
    A_STOP_TIME = 64
    A_TAKE = 65                 # + common type (5)
    A_TAKE_ENV = 70
    A_SKIP_TAKE = 71
    A_NT_BUY = 72               # + slot (3)
    A_NT_PASS = 75
    A_SELL = 76                 # + era*5 + type (30)
    A_SELL_ENV = 106
    A_SELL_FUT = 107
    A_STORIES = 108
    A_MUSEUM_BUY = 109          # + mission*2 + (level-2) (2*MAXM)
    A_SELL_MISSION = 205        # + mission (MAXM)
    A_CLEAR = 253               # + continent (5)
    A_AGENCY_PASS = 258
    A_COMPLETE = 259            # + mission*3 + (levels-1) (3*MAXM)
    A_COMPLETE_REMOTE = 403     # + mission*3 + (levels-1) (3*MAXM)
    A_BUY_ANOM = 547            # + belt position (4)
    A_PLAY = 551                # + kind, for kinds without a parameter (12 ids reserved)
    A_PLAY_JUMP = 563           # + continent 0..5
    A_PLAY_REDATE = 569         # + (era*5 + type)*2 + (0 back, 1 forward) (60)
    A_PLAY_PATCH = 629          # + continent (5)
    A_REROLL = 634
    A_ACCEPT_ROLL = 635
    A_END_TURN = 636
    A_DIE = 637                 # + face 0..5 (chance)
    NUM_ACTIONS = 643

# ------------------------------------------------------------------------------ the content pack
# Filled once at import by _load_pack; read-only afterwards.
cdef int g_nm                       # mission cards
cdef int g_m_cont[MAXM]
cdef int g_m_era[MAXM]
cdef int g_m_season[MAXM]           # -1: any season
cdef int g_m_ttype[MAXM][3]
cdef int g_m_tera[MAXM][3]
cdef int g_m_pts[MAXM][3]
cdef int g_na                       # anomaly cards
cdef int g_a_kind[MAXA]
cdef int g_a_cost[MAXA]
cdef int g_tech_total[NTYPES]
cdef int g_sell[NTYPES]
cdef int g_buy[NTYPES]              # -1: not buyable at the museum
cdef int g_nt_price[3]
cdef int g_start_money, g_wrap_cost, g_start_era, g_start_season, g_missions_to_end, g_minor_spaces
cdef int g_agency_cost, g_agency_prestige, g_console_cost, g_fee, g_env_cost

EFFECTS = ("free-landing", "time-skip", "fold", "fuel-cache", "jump", "re-date", "briefing", "reroll",
           "double-pick", "patch", "remote-delivery", "stabiliser")
DATA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "takyon")
PACK = {}


def _load_pack(directory=DATA_DIR):
    """Load a content pack (board.json, anomalies.json, missions.json) into the C tables."""
    global g_nm, g_na, g_start_money, g_wrap_cost, g_start_era, g_start_season, g_missions_to_end
    global g_minor_spaces, g_agency_cost, g_agency_prestige, g_console_cost, g_fee, g_env_cost
    with open(os.path.join(directory, "board.json"), encoding="utf-8") as f:
        board = json.load(f)
    with open(os.path.join(directory, "anomalies.json"), encoding="utf-8") as f:
        anomalies = json.load(f)
    with open(os.path.join(directory, "missions.json"), encoding="utf-8") as f:
        missions = json.load(f)["missions"]
    if (len(board["eras"]) != NERA or len(board["seasons"]) != NSEA or len(board["continents"]) != 6
            or len(board["techs"]) != NTYPES or len(missions) > MAXM):
        raise ValueError("content pack does not have Takyon's shape")
    for i, t in enumerate(board["techs"]):
        g_tech_total[i] = t["count"]
        g_sell[i] = t["sell"]
        g_buy[i] = -1 if t["buy"] is None else t["buy"]
    if sum(g_tech_total[i] for i in range(NCOMMON)) > MAXRES:
        raise ValueError("too many common techs in the pack")
    for i in range(3):
        g_nt_price[i] = board["nova_terra_prices"][i]
    g_start_money = board["start_tachyons"]
    g_wrap_cost = board["era_wrap_cost"]
    g_start_era = board["start_era"]
    g_start_season = board["start_season"]
    g_missions_to_end = board["missions_to_end"]
    g_minor_spaces = board["minor_track_spaces"]
    g_agency_cost = board["agency_cost"]
    g_agency_prestige = board["agency_prestige"]
    g_console_cost = board["console_cost"]
    g_fee = board["landing_fee"]
    g_env_cost = board["environmental_cost"]
    g_nm = len(missions)
    for i, m in enumerate(missions):
        g_m_cont[i] = m["continent"]
        g_m_era[i] = m["era"]
        g_m_season[i] = -1 if m["season"] is None else m["season"]
        for j in range(3):
            g_m_ttype[i][j] = m["techs"][j]["type"]
            g_m_tera[i][j] = m["techs"][j]["era"]
            g_m_pts[i][j] = m["techs"][j]["points"]
            if not 0 <= g_m_ttype[i][j] < NCOMMON:
                raise ValueError("missions ask for common techs only")
    cards = []
    for kind in anomalies["kinds"]:
        for _ in range(kind["copies"]):
            cards.append(kind)
    if len(cards) > MAXA:
        raise ValueError("too many anomaly cards in the pack")
    g_na = len(cards)
    for i, c in enumerate(cards):
        g_a_kind[i] = EFFECTS.index(c["effect"])
        g_a_cost[i] = c["cost"]
    PACK.clear()
    PACK.update(name=board["pack"], board=board, anomaly_kinds=anomalies["kinds"], anomaly_cards=cards,
                missions=missions)


_load_pack()

# ------------------------------------------------------------------------------ the state struct
# Ints first, then short arrays (short so that Cython's struct <-> dict coercion gives lists), then
# explicit padding, so the struct has no compiler padding and byte comparison/hashing is exact.
ctypedef struct TkS:
    Rng rng                 # drives set-up and reshuffles; hidden (resampled by c_determinize)
    int n                   # seats
    int rules               # V* bits
    int max_rounds          # [house] round cap; 0 = none
    int decisions           # decisions applied, chance included
    int over                # 0 running, 1 finished and scored, 2 everyone lost
    int phase
    int active              # whose turn it is
    int round               # completed rounds
    int setup_seat          # seat doing set-up, -1 once play starts
    int era
    int season
    int missions_done       # the mission marker
    int minor               # minor-paradox marker, 0 .. g_minor_spaces-1
    int tokens[NCONT]       # major-paradox tokens per continent (1 minor lock, 2 permanent)
    int money[NP]
    int prestige[NP]        # points scored during play (deliveries, agency)
    int bank_in[NP]         # ledger: tachyons received from the bank
    int bank_out[NP]        # ledger: tachyons paid to the bank (museum buys included)
    int xfer_in[NP]         # ledger: fees received from players
    int xfer_out[NP]        # ledger: fees paid to players
    int env_own[NP]
    int fut_own[NP]
    int nreserve            # face-down common techs in the reserve
    int tdiscard[NCOMMON]   # delivered and sold common techs (public), reshuffled into an empty reserve
    int env_pile            # environmental techs on Antarctica
    int fut_supply          # future techs waiting to refill Nova Terra
    int nmdeck, nmdisc, nmbox
    int nhand[NP]
    int ndone[NP]
    int ndrawn              # missions drawn and not yet chosen
    int keep_left           # how many of them the seat still keeps
    int keep_seat
    int keep_return         # phase to return to after choosing
    int naleft, naright     # anomaly decks (top = last)
    int nahand[NP]
    int anom_mode           # this turn: 0 nothing, 1 bought an anomaly, 2 played anomalies
    int free_landing, time_skip, fold, double_pick   # this turn's anomaly effects
    int time_dir            # -1 Black Hole, +1 Low Gravity
    int points_used         # displacement points spent so far
    int era_moved           # an era step was made (variant 1)
    int nt_seat             # seat deciding at Nova Terra
    int take_cont           # continent the tech take is from (Double Pick: the same one)
    int pending_rolls       # major rolls still to make (chance nodes)
    int roll_face           # a rolled face awaiting accept / Reroll, else -1
    int ndisp               # displaced agents still to place
    int disp_from           # the continent they leave
    short machine[NP]       # action space of each time machine
    short machine_zone[NP]  # 1 if on that space's landing zone
    short zone_occ[3]       # seat on the landing zone of Black Hole, Low Gravity, Wormhole, or -1
    short agent[NP]         # continent 0..5 (5 Antarctica), -1 before set-up
    short agent_zone[NP]
    short cont_zone[NCONT]  # seat on each continent's landing zone, or -1
    short slot[NCONT][3]    # tech type in each continent slot, -1 empty (face down while locked)
    short reserve[MAXRES]   # common tech types, top = last
    short nt_slot[3]        # 1 if Nova Terra's slot (price 3, 4, 5) holds a future tech
    short board[NP][NERA][NCOMMON]   # common techs on each player's board, by era and type
    short mdeck[MAXM]       # mission deck, top = last
    short mdisc[MAXM]       # mission discard pile (face up [house])
    short mbox[MAXM]        # missions out of the game
    short hand[NP][MAXM]    # mission hands in the order taken
    short done[NP][MAXM]    # completed missions
    short mus_level[MAXM]   # museum-bought level of a card (0, 2 or 3); > 0 makes the card public
    short mus_paid[MAXM]    # tachyons placed on it
    short drawn[4]
    short aleft[MAXA]
    short aright[MAXA]
    short belt[4]           # face-up anomaly row, -1 empty
    short ahand[NP][MAXA]
    short aplayed[MAXA]     # 1 once played (out of the game)
    short disp_queue[NP]    # displaced seats, in order
    short pad[3]            # makes sizeof a multiple of 8 with no compiler padding (checked at import)


# ------------------------------------------------------------------------------ small helpers
cdef inline int _locked(TkS* s, int c) noexcept nogil:
    return c < NCONT and s.tokens[c] > 0

cdef inline int _perm(TkS* s, int c) noexcept nogil:
    return c < NCONT and s.tokens[c] >= 2

cdef inline void _pay_bank(TkS* s, int p, int k) noexcept nogil:
    s.money[p] -= k
    s.bank_out[p] += k

cdef inline void _gain_bank(TkS* s, int p, int k) noexcept nogil:
    s.money[p] += k
    s.bank_in[p] += k

cdef inline void _transfer(TkS* s, int payer, int payee, int k) noexcept nogil:
    s.money[payer] -= k
    s.xfer_out[payer] += k
    s.money[payee] += k
    s.xfer_in[payee] += k

cdef void _shuffle(short* a, int n, Rng* rng) noexcept nogil:
    cdef int i, j
    cdef short t
    for i in range(n - 1, 0, -1):
        j = rng_below(rng, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t

cdef inline void _remove_at(short* a, int* n, int i) noexcept nogil:
    # order-preserving: hand order is public (the order cards were taken), so it must not depend on
    # which hidden card left
    cdef int j
    for j in range(i, n[0] - 1):
        a[j] = a[j + 1]
    n[0] -= 1
    a[n[0]] = -1

cdef inline int _find(short* a, int n, int v) noexcept nogil:
    cdef int i
    for i in range(n):
        if a[i] == v:
            return i
    return -1

cdef int _anom_of_kind(TkS* s, int p, int kind) noexcept nogil:
    """Index in p's anomaly hand of a card of this kind, or -1."""
    cdef int i
    for i in range(s.nahand[p]):
        if g_a_kind[s.ahand[p][i]] == kind:
            return i
    return -1

cdef int _adjacent(TkS* s, int c, int* out) noexcept nogil:
    """Continents adjacent to c (ascending, Antarctica included): the next unlocked one each way round
    the ring, skipping locked ones; from Antarctica every unlocked continent."""
    cdef int k = 0, i, d, x, cw = -1, ccw = -1
    if c == ANTARCTICA:
        for i in range(NCONT):
            if not _locked(s, i):
                out[k] = i
                k += 1
        return k
    for d in range(1, NCONT):
        x = (c + d) % NCONT
        if not _locked(s, x):
            cw = x
            break
    for d in range(1, NCONT):
        x = (c - d + NCONT) % NCONT
        if not _locked(s, x):
            ccw = x
            break
    for i in range(NCONT):
        if i == cw or i == ccw:
            out[k] = i
            k += 1
    out[k] = ANTARCTICA
    return k + 1

cdef inline int _agent_fee(TkS* s, int p, int c) noexcept nogil:
    if c >= NCONT or s.free_landing or s.cont_zone[c] < 0 or s.cont_zone[c] == p:
        return 0
    return g_fee

cdef void _land_agent(TkS* s, int p, int c) noexcept nogil:
    """Move p's agent to c (landing zone if free, else common area and the fee to the occupant)."""
    cdef int occ
    if s.agent[p] == c:
        return
    if s.agent_zone[p] and s.agent[p] >= 0 and s.agent[p] < NCONT:
        s.cont_zone[s.agent[p]] = -1
    s.agent_zone[p] = 0
    s.agent[p] = c
    if c >= NCONT:
        return
    occ = s.cont_zone[c]
    if occ < 0:
        s.cont_zone[c] = p
        s.agent_zone[p] = 1
    elif not s.free_landing:
        _transfer(s, p, occ, g_fee)

cdef int _draw_tech(TkS* s) noexcept nogil:
    """Top of the reserve; an empty reserve is rebuilt from the discards first [house]. -1 if none."""
    cdef int t, i
    if s.nreserve == 0:
        for t in range(NCOMMON):
            for i in range(s.tdiscard[t]):
                s.reserve[s.nreserve] = t
                s.nreserve += 1
            s.tdiscard[t] = 0
        _shuffle(s.reserve, s.nreserve, &s.rng)
    if s.nreserve == 0:
        return -1
    s.nreserve -= 1
    t = s.reserve[s.nreserve]
    s.reserve[s.nreserve] = -1
    return t

cdef void _minor_advance(TkS* s) noexcept nogil:
    if s.minor == g_minor_spaces - 1:
        s.minor = 0
        s.pending_rolls += 1
    else:
        s.minor += 1

cdef void _check_loss(TkS* s) noexcept nogil:
    cdef int c, permc = 0, any_free = 0
    for c in range(NCONT):
        if s.tokens[c] >= 2:
            permc += 1
        if s.tokens[c] == 0:
            any_free = 1
    if permc >= 3 or not any_free:
        s.over = 2
        s.pending_rolls = 0
        s.roll_face = -1
        s.ndisp = 0

cdef void _place_token(TkS* s, int c) noexcept nogil:
    cdef int i, q
    s.tokens[c] += 1
    if s.tokens[c] == 1:
        # minor lock: techs turn face down (implicit: a locked continent's slots are hidden), agents
        # there leave; their owners choose where, in seat order from the active player [house]
        s.ndisp = 0
        s.disp_from = c
        s.cont_zone[c] = -1
        for i in range(s.n):
            q = (s.active + i) % s.n
            if s.agent[q] == c:
                s.agent_zone[q] = 0
                s.disp_queue[s.ndisp] = q
                s.ndisp += 1
    _check_loss(s)

cdef void _resolve_face(TkS* s, int f) noexcept nogil:
    if f == 5:
        _minor_advance(s)
    else:
        _place_token(s, f)

cdef void _belt_slide(TkS* s, int d) noexcept nogil:
    """One season step: the anomaly row slides with time (d = +1 right, -1 left)."""
    if d > 0:
        if s.belt[3] >= 0:
            s.aright[s.naright] = s.belt[3]
            s.naright += 1
        s.belt[3] = s.belt[2]
        s.belt[2] = s.belt[1]
        s.belt[1] = s.belt[0]
        if s.naleft > 0:
            s.naleft -= 1
            s.belt[0] = s.aleft[s.naleft]
            s.aleft[s.naleft] = -1
        else:
            s.belt[0] = -1
    else:
        if s.belt[0] >= 0:
            s.aleft[s.naleft] = s.belt[0]
            s.naleft += 1
        s.belt[0] = s.belt[1]
        s.belt[1] = s.belt[2]
        s.belt[2] = s.belt[3]
        if s.naright > 0:
            s.naright -= 1
            s.belt[3] = s.aright[s.naright]
            s.aright[s.naright] = -1
        else:
            s.belt[3] = -1

cdef int _draw_mission(TkS* s) noexcept nogil:
    """Top of the mission deck; an empty deck is rebuilt from the discards, cards of permanently
    locked continents going to the box. -1 if there is none."""
    cdef int i, m
    if s.nmdeck == 0:
        for i in range(s.nmdisc):
            m = s.mdisc[i]
            s.mdisc[i] = -1
            if _perm(s, g_m_cont[m]):
                s.mbox[s.nmbox] = m
                s.nmbox += 1
            else:
                s.mdeck[s.nmdeck] = m
                s.nmdeck += 1
        s.nmdisc = 0
        _shuffle(s.mdeck, s.nmdeck, &s.rng)
    if s.nmdeck == 0:
        return -1
    s.nmdeck -= 1
    m = s.mdeck[s.nmdeck]
    s.mdeck[s.nmdeck] = -1
    return m

cdef int _missions_available(TkS* s) noexcept nogil:
    cdef int i, k = s.nmdeck
    for i in range(s.nmdisc):
        if not _perm(s, g_m_cont[s.mdisc[i]]):
            k += 1
    return k

cdef void _start_draw(TkS* s, int p, int draw, int keep, int ret) noexcept nogil:
    cdef int i, m
    s.ndrawn = 0
    for i in range(draw):
        m = _draw_mission(s)
        if m < 0:
            break
        s.drawn[s.ndrawn] = m
        s.ndrawn += 1
    s.keep_seat = p
    s.keep_left = keep
    s.keep_return = ret
    s.phase = P_KEEP

cdef void _end_keep(TkS* s) noexcept nogil:
    cdef int i
    for i in range(s.ndrawn):
        s.mdisc[s.nmdisc] = s.drawn[i]
        s.nmdisc += 1
        s.drawn[i] = -1
    s.ndrawn = 0
    s.keep_left = 0
    s.phase = s.keep_return
    s.keep_seat = -1

cdef void _keep(TkS* s, int m) noexcept nogil:
    cdef int i = _find(s.drawn, s.ndrawn, m)
    cdef int p = s.keep_seat
    s.hand[p][s.nhand[p]] = m
    s.nhand[p] += 1
    _remove_at(s.drawn, &s.ndrawn, i)
    s.keep_left -= 1
    if s.keep_left == 0:
        _end_keep(s)

cdef inline int _draw_keep_counts(TkS* s, int* draw) noexcept nogil:
    # variant 4: draw 3 keep 2 at set-up and at the console; else draw 2 keep 1
    if s.rules & V4_MORE_MISSIONS:
        draw[0] = 3
        return 2
    draw[0] = 2
    return 1

cdef int _can_complete(TkS* s, int p, int m, int levels, int remote) noexcept nogil:
    cdef int need[NERA][NCOMMON]
    cdef int i, c = g_m_cont[m]
    if remote:
        if not _perm(s, c):
            return 0
    elif s.agent[p] != c:
        return 0
    if s.era != g_m_era[m]:
        return 0
    if g_m_season[m] >= 0 and s.season != g_m_season[m]:
        return 0
    memset(need, 0, sizeof(need))
    for i in range(levels):
        if s.mus_level[m] == i + 1:
            continue
        need[g_m_tera[m][i]][g_m_ttype[m][i]] += 1
        if s.board[p][g_m_tera[m][i]][g_m_ttype[m][i]] < need[g_m_tera[m][i]][g_m_ttype[m][i]]:
            return 0
    return 1

cdef int _tech_missing(TkS* s, int p, int m, int lv) noexcept nogil:
    """1 if p's board cannot supply level lv's tech of mission m: fewer of that tech under that era
    than the card's levels 1..lv ask for (the Museum covers only a *missing* tech)."""
    cdef int j, t = g_m_ttype[m][lv - 1], e = g_m_tera[m][lv - 1], need = 0
    for j in range(lv):
        if g_m_ttype[m][j] == t and g_m_tera[m][j] == e:
            need += 1
    return s.board[p][e][t] < need

cdef int _nt_can_buy(TkS* s, int p) noexcept nogil:
    cdef int i
    for i in range(3):
        if s.nt_slot[i] and s.money[p] >= g_nt_price[i]:
            return 1
    return 0

cdef inline int _wrap_needed(TkS* s, int d) noexcept nogil:
    return (d < 0 and s.era == 0) or (d > 0 and s.era == NERA - 1)

cdef int _time_step_cost(TkS* s, int is_era) noexcept nogil:
    cdef int cost = 1 if s.points_used >= 2 + s.time_skip else 0
    if is_era and _wrap_needed(s, s.time_dir) and not s.fold:
        cost += g_wrap_cost
    return cost

cdef int _move_legal(TkS* s, int p, int sp) noexcept nogil:
    cdef int fee = 0
    if sp == s.machine[p]:
        return 0
    if sp <= S_WORMHOLE:
        if s.zone_occ[sp] >= 0 and not s.free_landing:
            fee = g_fee
        if s.money[p] < fee:
            return 0
        if (s.rules & V1_MANDATORY_ERA) and sp <= S_LOW_GRAVITY and not s.fold:
            # the era step variant 1 forces must stay affordable, or the turn would have no move
            if _wrap_needed(s, -1 if sp == S_BLACK_HOLE else 1) and s.money[p] - fee < g_wrap_cost:
                return 0
        return 1
    if sp == S_NOVA_TERRA:
        return _nt_can_buy(s, p)
    if sp == S_CONSOLE:
        return s.money[p] >= g_console_cost and _missions_available(s) > 0
    return 1

cdef void _end_turn(TkS* s) noexcept nogil:
    if s.missions_done >= g_missions_to_end:
        s.over = 1
        return
    s.active = (s.active + 1) % s.n
    if s.active == 0:
        s.round += 1
        if s.max_rounds > 0 and s.round >= s.max_rounds:
            s.over = 1
            return
    s.phase = P_FREE1
    s.anom_mode = 0
    s.free_landing = 0
    s.time_skip = 0
    s.fold = 0
    s.double_pick = 0
    s.points_used = 0
    s.era_moved = 0
    s.time_dir = 0

cdef int _take_options(TkS* s, int p, int* out) noexcept nogil:
    cdef int c = s.take_cont, k = 0, t, i
    if c == ANTARCTICA:
        if s.env_pile > 0 and s.money[p] >= g_env_cost:
            out[k] = A_TAKE_ENV
            k += 1
        out[k] = A_SKIP_TAKE
        return k + 1
    if c < 0 or _locked(s, c) or s.agent[p] != c:
        return 0
    for t in range(NCOMMON):
        for i in range(3):
            if s.slot[c][i] == t:
                out[k] = A_TAKE + t
                k += 1
                break
    return k

cdef void _nt_next(TkS* s) noexcept nogil:
    """Pass the Nova Terra decision to the next seat; after the last one, refill and carry on."""
    cdef int i
    s.nt_seat = (s.nt_seat + 1) % s.n
    if s.nt_seat == s.active:
        for i in range(2, -1, -1):     # refill right to left
            if not s.nt_slot[i] and s.fut_supply > 0:
                s.nt_slot[i] = 1
                s.fut_supply -= 1
        s.phase = P_FREE2

cdef void _advance(TkS* s) noexcept nogil:
    """Automatic steps that need nobody's decision, run after every decision."""
    cdef int buf[8]
    cdef int i
    while True:
        if s.over or s.ndisp > 0 or s.roll_face >= 0 or s.pending_rolls > 0:
            return
        if s.phase == P_TAKE:
            if _take_options(s, s.active, buf) == 0:
                s.double_pick = 0
                s.phase = P_FREE2
                continue
            return
        if s.phase == P_NT:
            if s.nt_seat != s.active and not _nt_can_buy(s, s.nt_seat):
                _nt_next(s)     # [house] a seat that cannot buy is passed over without a decision
                continue
            return
        if s.phase == P_KEEP:
            if s.ndrawn <= s.keep_left:
                while s.ndrawn > 0:
                    _keep(s, s.drawn[0])
                if s.phase == P_KEEP:
                    _end_keep(s)
                continue
            return
        return

cdef int _mission_value_now(TkS* s, int p, int m) noexcept nogil:
    """Points mission m would score if completed now with as many levels as the board allows."""
    cdef int lv, pts = 0, best = 0
    for lv in range(1, 4):
        pts += g_m_pts[m][lv - 1]
        if _can_complete(s, p, m, lv, 0) or (_perm(s, g_m_cont[m]) and _can_complete(s, p, m, lv, 1)):
            best = pts
    return best

cdef int _score(TkS* s, int p) noexcept nogil:
    """Final score of seat p if the game ended now (rules file, "End and scoring")."""
    cdef int i, m, sc = s.prestige[p] + 5 * s.fut_own[p] + 2 * s.env_own[p]
    cdef int seen[NCONT]
    cdef int distinct = 0
    memset(seen, 0, sizeof(seen))
    for i in range(s.ndone[p]):
        m = s.done[p][i]
        if not _perm(s, g_m_cont[m]):
            sc += 1
        if not seen[g_m_cont[m]]:
            seen[g_m_cont[m]] = 1
            distinct += 1
    sc += 2 * distinct if distinct <= 5 else 10
    sc -= s.nhand[p] * (2 if (s.rules & V4_MORE_MISSIONS) else 1)
    sc += s.money[p] // 2
    return sc

cdef int _tech_count(TkS* s, int p) noexcept nogil:
    cdef int e, t, k = s.env_own[p] + s.fut_own[p]
    for e in range(NERA):
        for t in range(NCOMMON):
            k += s.board[p][e][t]
    return k

cdef inline long _rank_key(TkS* s, int p) noexcept nogil:
    # score, then tachyons, then techs (rules file tie-breaks)
    return (<long>_score(s, p) + 1000) * 1000000 + s.money[p] * 1000 + _tech_count(s, p)

cdef int _levels_held(TkS* s, int p, int m) noexcept nogil:
    """How many levels of mission m (1, 1-2 or 1-3, else 0) p's board and museum purchases cover,
    wherever the markers and the agent are."""
    cdef int need[NERA][NCOMMON]
    cdef int i, e, t
    memset(need, 0, sizeof(need))
    for i in range(3):
        if s.mus_level[m] == i + 1:
            continue
        e = g_m_tera[m][i]
        t = g_m_ttype[m][i]
        need[e][t] += 1
        if s.board[p][e][t] < need[e][t]:
            return i
    return 3

cdef double _closeness(TkS* s, int p, int m) noexcept nogil:
    """Between 0 and 1: how near the markers and p's agent are to mission m's delivery conditions.
    Each era or season step still to make (the shorter way round the ring) multiplies it by 0.85;
    an agent one move away by 0.9, further (a Wormhole turn) by 0.75; a minor-locked delivery
    continent (the Agency must clear it first) by 0.6, a permanently locked one (Remote Delivery
    only) by 0.3."""
    cdef int adj[8]
    cdef int c = g_m_cont[m], d, k, i, near = 0
    cdef double q = 1.0
    d = (g_m_era[m] - s.era + NERA) % NERA
    if NERA - d < d:
        d = NERA - d
    if g_m_season[m] >= 0:
        k = (g_m_season[m] - s.season + NSEA) % NSEA
        d += NSEA - k if NSEA - k < k else k
    for i in range(d):
        q *= 0.85
    if _perm(s, c):
        return q * 0.3
    if _locked(s, c):
        q *= 0.6
    if s.agent[p] != c:
        if s.agent[p] == ANTARCTICA:
            near = 1
        elif s.agent[p] >= 0:
            k = _adjacent(s, s.agent[p], adj)
            for i in range(k):
                if adj[i] == c:
                    near = 1
        q *= 0.9 if near else 0.75
    return q

cdef double _heuristic(TkS* s, int p) noexcept nogil:
    """A finer estimate of p's final score than _score: tachyons at half value without rounding, and
    the missions in hand at an expected value instead of only their hand penalty.

    A mission's completion is worth its delivered points plus a bonus B (1 for a continent not
    permanently locked, 2 for a continent new to p's completed set, and the hand penalty it stops
    costing). A card in hand is worth:
    - deliverable now: 0.9 x (points of the most levels deliverable + B);
    - level 1 covered (board or museum) but not deliverable yet: (points covered + B) x
      (0.15 + 0.6 x closeness), closeness (``_closeness``) falling with the era, season and continent
      distance to the card's conditions, so moving the markers and the agent towards a delivery pays;
    - level 1 not covered: 0.25 x (3 + B), the option value of a fresh card, plus 0.3 x points for
      each higher level whose tech is on the board.
    A seat pursues one or two cards at a time, so only the best card counts in full, the second at
    half and the others not at all (they cost their hand penalty, in _score): the Console is worth a
    visit for a first or second card, hoarding is not. Card values fade over the last 15 rounds
    before a round cap. Without this the search and the greedy seat valued a drawn mission at its
    hand penalty, never visited the Console and completed about one mission a game
    (benchmarks/takyon_missions.py)."""
    cdef double v = _score(s, p) - s.money[p] // 2 + 0.5 * s.money[p]
    cdef int i, j, m, c, val, held, pts, bonus, pen = 2 if (s.rules & V4_MORE_MISSIONS) else 1
    cdef double late = 1.0, x, best = 0.0, second = 0.0
    if s.max_rounds > 0 and s.max_rounds - s.round < 15:
        late = (s.max_rounds - s.round) / 15.0
    for i in range(s.nhand[p]):
        m = s.hand[p][i]
        c = g_m_cont[m]
        bonus = pen + (0 if _perm(s, c) else 1) + 2
        for j in range(s.ndone[p]):
            if g_m_cont[s.done[p][j]] == c:
                bonus -= 2
                break
        val = _mission_value_now(s, p, m)
        if val > 0:
            x = 0.9 * (val + bonus)
        else:
            held = _levels_held(s, p, m)
            if held > 0:
                pts = 0
                for j in range(held):
                    pts += g_m_pts[m][j]
                x = (pts + bonus) * (0.15 + 0.6 * _closeness(s, p, m)) * late
            else:
                x = 0.25 * (g_m_pts[m][0] + bonus)
                for j in range(1, 3):
                    if s.mus_level[m] == j + 1 or s.board[p][g_m_tera[m][j]][g_m_ttype[m][j]] > 0:
                        x += 0.3 * g_m_pts[m][j]
                x *= late
        if x > best:
            second = best
            best = x
        elif x > second:
            second = x
    return v + best + 0.5 * second


# ------------------------------------------------------------------------------ legal actions
cdef int _legal(TkS* s, int* out) noexcept nogil:
    cdef int k = 0, p, i, j, m, c, lv, kind, e, t, x
    cdef int adj[8]
    cdef int seen_kind[NKINDS]
    if s.over:
        return 0
    if s.ndisp > 0:
        x = _adjacent(s, s.disp_from, adj)
        for i in range(x):
            out[k] = A_AGENT + adj[i]
            k += 1
        return k
    if s.roll_face >= 0:
        out[0] = A_REROLL
        out[1] = A_ACCEPT_ROLL
        return 2
    if s.pending_rolls > 0:
        for c in range(NCONT):
            if s.tokens[c] < 2:
                out[k] = A_DIE + c
                k += 1
        out[k] = A_DIE + 5
        return k + 1
    p = s.active
    if s.phase == P_KEEP:
        for i in range(s.ndrawn):
            out[k] = A_KEEP + s.drawn[i]
            k += 1
    elif s.phase == P_SETUP_AGENT:
        for c in range(NCONT):
            if s.cont_zone[c] < 0:
                out[k] = A_AGENT + c
                k += 1
    elif s.phase == P_FREE1 or s.phase == P_FREE2:
        for i in range(s.nhand[p]):
            m = s.hand[p][i]
            for lv in range(1, 4):
                if _can_complete(s, p, m, lv, 0):
                    out[k] = A_COMPLETE + m * 3 + lv - 1
                    k += 1
        if s.anom_mode != 1 and _anom_of_kind(s, p, K_REMOTE) >= 0:
            for i in range(s.nhand[p]):
                m = s.hand[p][i]
                for lv in range(1, 4):
                    if _can_complete(s, p, m, lv, 1):
                        out[k] = A_COMPLETE_REMOTE + m * 3 + lv - 1
                        k += 1
        if s.anom_mode == 0:
            for i in range(4):
                if s.belt[i] >= 0 and s.money[p] >= g_a_cost[s.belt[i]]:
                    out[k] = A_BUY_ANOM + i
                    k += 1
        if s.anom_mode != 1:
            memset(seen_kind, 0, sizeof(seen_kind))
            for i in range(s.nahand[p]):
                seen_kind[g_a_kind[s.ahand[p][i]]] = 1
            for kind in range(NKINDS):
                if not seen_kind[kind]:
                    continue
                if kind == K_FREE_LANDING or kind == K_TIME_SKIP or kind == K_FOLD or kind == K_DOUBLE_PICK:
                    # effects for this turn's move and action: before moving, once each [house]
                    if s.phase == P_FREE1 and not (
                            (kind == K_FREE_LANDING and s.free_landing) or (kind == K_TIME_SKIP and s.time_skip)
                            or (kind == K_FOLD and s.fold) or (kind == K_DOUBLE_PICK and s.double_pick)):
                        out[k] = A_PLAY + kind
                        k += 1
                elif kind == K_FUEL_CACHE:
                    out[k] = A_PLAY + kind
                    k += 1
                elif kind == K_BRIEFING:
                    if _missions_available(s) > 0:
                        out[k] = A_PLAY + kind
                        k += 1
                elif kind == K_STABILISER:
                    if s.minor > 0:
                        out[k] = A_PLAY + kind
                        k += 1
            if seen_kind[K_JUMP]:
                for c in range(ANTARCTICA + 1):
                    if c != s.agent[p] and not _locked(s, c) and s.money[p] >= _agent_fee(s, p, c):
                        out[k] = A_PLAY_JUMP + c
                        k += 1
            if seen_kind[K_REDATE]:
                for e in range(NERA):
                    for t in range(NCOMMON):
                        if s.board[p][e][t] > 0:
                            out[k] = A_PLAY_REDATE + (e * NCOMMON + t) * 2
                            out[k + 1] = out[k] + 1
                            k += 2
            if seen_kind[K_PATCH]:
                for c in range(NCONT):
                    if s.tokens[c] == 1:
                        out[k] = A_PLAY_PATCH + c
                        k += 1
        if s.phase == P_FREE1:
            for i in range(NSPACE):
                if _move_legal(s, p, i):
                    out[k] = A_MOVE + i
                    k += 1
        else:
            out[k] = A_END_TURN
            k += 1
    elif s.phase == P_TIME:
        if s.money[p] >= _time_step_cost(s, 1):
            out[k] = A_STEP_ERA
            k += 1
        if s.money[p] >= _time_step_cost(s, 0) and not (
                (s.rules & V1_MANDATORY_ERA) and not s.era_moved and s.points_used == 1):
            out[k] = A_STEP_SEASON
            k += 1
        if s.points_used >= 2 and (s.era_moved or not (s.rules & V1_MANDATORY_ERA)):
            out[k] = A_STOP_TIME
            k += 1
    elif s.phase == P_AGENT_MOVE:
        x = _adjacent(s, s.agent[p], adj)
        for i in range(x):
            if s.money[p] >= _agent_fee(s, p, adj[i]):
                out[k] = A_AGENT + adj[i]
                k += 1
        out[k] = A_STAY
        k += 1
    elif s.phase == P_WORMHOLE:
        for c in range(ANTARCTICA + 1):
            if not _locked(s, c) and (c == s.agent[p] or s.money[p] >= _agent_fee(s, p, c)):
                out[k] = A_AGENT + c
                k += 1
    elif s.phase == P_TAKE:
        k = _take_options(s, p, out)
    elif s.phase == P_NT:
        for i in range(3):
            if s.nt_slot[i] and s.money[s.nt_seat] >= g_nt_price[i]:
                out[k] = A_NT_BUY + i
                k += 1
        if s.nt_seat != s.active:
            out[k] = A_NT_PASS
            k += 1
    elif s.phase == P_MUSEUM:
        for e in range(NERA):
            for t in range(NCOMMON):
                if s.board[p][e][t] > 0:
                    out[k] = A_SELL + e * NCOMMON + t
                    k += 1
        if s.env_own[p] > 0:
            out[k] = A_SELL_ENV
            k += 1
        if s.fut_own[p] > 0:
            out[k] = A_SELL_FUT
            k += 1
        out[k] = A_STORIES
        k += 1
        if not (s.rules & V5_NO_MUSEUM_TECHS):
            for i in range(s.nhand[p]):
                m = s.hand[p][i]
                if s.mus_level[m] == 0:
                    for lv in range(2, 4):
                        t = g_m_ttype[m][lv - 1]
                        if g_buy[t] >= 0 and s.money[p] >= g_buy[t] and _tech_missing(s, p, m, lv):
                            out[k] = A_MUSEUM_BUY + m * 2 + lv - 2
                            k += 1
        if s.rules & V2_SELL_MISSIONS:
            for i in range(s.nhand[p]):
                m = s.hand[p][i]
                if _perm(s, g_m_cont[m]):
                    out[k] = A_SELL_MISSION + m
                    k += 1
    elif s.phase == P_AGENCY:
        for c in range(NCONT):
            if s.tokens[c] == 1 and s.money[p] >= g_agency_cost:
                out[k] = A_CLEAR + c
                k += 1
        out[k] = A_AGENCY_PASS
        k += 1
    # ascending order (hand order is not id order)
    for i in range(1, k):
        x = out[i]
        j = i - 1
        while j >= 0 and out[j] > x:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = x
    return k


# ------------------------------------------------------------------------------ applying a decision
cdef void _play_card(TkS* s, int p, int kind) noexcept nogil:
    cdef int i = _anom_of_kind(s, p, kind)
    s.aplayed[s.ahand[p][i]] = 1
    _remove_at(s.ahand[p], &s.nahand[p], i)
    s.anom_mode = 2

cdef void _enter_take(TkS* s) noexcept nogil:
    s.take_cont = s.agent[s.active]
    s.phase = P_TAKE

cdef void _apply(TkS* s, int a) noexcept nogil:
    cdef int p = s.active, i, m, lv, c, e, t, x, q, sp, occ
    if a >= A_DIE:
        s.pending_rolls -= 1
        x = a - A_DIE
        if s.anom_mode != 1 and _anom_of_kind(s, p, K_REROLL) >= 0:
            s.roll_face = x
        else:
            _resolve_face(s, x)
    elif s.ndisp > 0:
        # a displaced agent's owner chooses: no landing zone, no fee
        q = s.disp_queue[0]
        _remove_at(s.disp_queue, &s.ndisp, 0)
        s.agent[q] = a - A_AGENT
        s.agent_zone[q] = 0
    elif a == A_REROLL:
        _play_card(s, p, K_REROLL)
        s.roll_face = -1
        s.pending_rolls += 1
    elif a == A_ACCEPT_ROLL:
        x = s.roll_face
        s.roll_face = -1
        _resolve_face(s, x)
    elif a < A_AGENT:
        _keep(s, a - A_KEEP)
    elif a < A_STAY:
        c = a - A_AGENT
        if s.phase == P_SETUP_AGENT:
            q = s.setup_seat
            s.agent[q] = c
            s.agent_zone[q] = 1
            s.cont_zone[c] = q
            s.setup_seat += 1
            if s.setup_seat < s.n:
                x = _draw_keep_counts(s, &i)
                _start_draw(s, s.setup_seat, i, x, P_SETUP_AGENT)
            else:
                s.setup_seat = -1
                s.phase = P_FREE1
        else:
            _land_agent(s, p, c)
            _enter_take(s)
    elif a == A_STAY:
        _enter_take(s)
    elif a < A_STEP_ERA:
        sp = a - A_MOVE
        if s.machine_zone[p]:
            s.zone_occ[s.machine[p]] = -1
        s.machine_zone[p] = 0
        s.machine[p] = sp
        if sp <= S_WORMHOLE:
            occ = s.zone_occ[sp]
            if occ < 0:
                s.zone_occ[sp] = p
                s.machine_zone[p] = 1
            elif not s.free_landing:
                _transfer(s, p, occ, g_fee)
        if sp == S_BLACK_HOLE or sp == S_LOW_GRAVITY:
            s.time_dir = -1 if sp == S_BLACK_HOLE else 1
            s.points_used = 0
            s.era_moved = 0
            s.phase = P_TIME
        elif sp == S_WORMHOLE:
            s.phase = P_WORMHOLE
        elif sp == S_NOVA_TERRA:
            # every machine follows (time-locked); Nova Terra has no landing zone
            for q in range(s.n):
                s.machine[q] = S_NOVA_TERRA
                s.machine_zone[q] = 0
            for i in range(3):
                s.zone_occ[i] = -1
            s.nt_seat = p
            s.phase = P_NT
        elif sp == S_MUSEUM:
            s.phase = P_MUSEUM
        elif sp == S_CONSOLE:
            _pay_bank(s, p, g_console_cost)
            x = _draw_keep_counts(s, &i)
            _start_draw(s, p, i, x, P_FREE2)
        else:
            s.phase = P_AGENCY
    elif a == A_STEP_ERA or a == A_STEP_SEASON:
        x = _time_step_cost(s, a == A_STEP_ERA)
        _pay_bank(s, p, x)
        s.points_used += 1
        if a == A_STEP_ERA:
            s.era = (s.era + s.time_dir + NERA) % NERA
            s.era_moved = 1
        else:
            s.season = (s.season + s.time_dir + NSEA) % NSEA
            _belt_slide(s, s.time_dir)
    elif a == A_STOP_TIME:
        if s.rules & V1_MANDATORY_ERA:
            _enter_take(s)
        else:
            s.phase = P_AGENT_MOVE
    elif a < A_TAKE_ENV:
        t = a - A_TAKE
        c = s.take_cont
        for i in range(3):
            if s.slot[c][i] == t:
                s.slot[c][i] = -1
                break
        s.board[p][s.era][t] += 1
        if s.slot[c][0] < 0 and s.slot[c][1] < 0 and s.slot[c][2] < 0:
            # minor paradox: the continent's last tech was taken
            for i in range(3):
                s.slot[c][i] = _draw_tech(s)
            _minor_advance(s)
        if s.double_pick:
            s.double_pick = 0
        else:
            s.phase = P_FREE2
    elif a == A_TAKE_ENV:
        _pay_bank(s, p, g_env_cost)
        s.env_pile -= 1
        s.env_own[p] += 1
        if s.double_pick:
            s.double_pick = 0
        else:
            s.phase = P_FREE2
    elif a == A_SKIP_TAKE:
        s.double_pick = 0
        s.phase = P_FREE2
    elif a < A_NT_PASS:
        i = a - A_NT_BUY
        q = s.nt_seat
        _pay_bank(s, q, g_nt_price[i])
        s.nt_slot[i] = 0
        s.fut_own[q] += 1
        _nt_next(s)
    elif a == A_NT_PASS:
        _nt_next(s)
    elif a < A_SELL_ENV:
        e = (a - A_SELL) // NCOMMON
        t = (a - A_SELL) % NCOMMON
        s.board[p][e][t] -= 1
        s.tdiscard[t] += 1
        _gain_bank(s, p, g_sell[t])
        s.phase = P_FREE2
    elif a == A_SELL_ENV:
        s.env_own[p] -= 1
        s.env_pile += 1         # [house] back on Antarctica's pile
        _gain_bank(s, p, g_sell[T_ENV])
        s.phase = P_FREE2
    elif a == A_SELL_FUT:
        s.fut_own[p] -= 1
        s.fut_supply += 1       # [house] back to the future supply that refills Nova Terra
        _gain_bank(s, p, g_sell[T_FUT])
        s.phase = P_FREE2
    elif a == A_STORIES:
        _gain_bank(s, p, 1)
        s.phase = P_FREE2
    elif a < A_SELL_MISSION:
        m = (a - A_MUSEUM_BUY) // 2
        lv = (a - A_MUSEUM_BUY) % 2 + 2
        x = g_buy[g_m_ttype[m][lv - 1]]
        _pay_bank(s, p, x)
        s.mus_level[m] = lv
        s.mus_paid[m] = x
        s.phase = P_FREE2
    elif a < A_CLEAR:
        m = a - A_SELL_MISSION
        _remove_at(s.hand[p], &s.nhand[p], _find(s.hand[p], s.nhand[p], m))
        s.mbox[s.nmbox] = m
        s.nmbox += 1
        _gain_bank(s, p, 2)
        s.phase = P_FREE2
    elif a < A_AGENCY_PASS:
        c = a - A_CLEAR
        _pay_bank(s, p, g_agency_cost)
        s.tokens[c] = 0
        s.prestige[p] += g_agency_prestige
        s.phase = P_FREE2
    elif a == A_AGENCY_PASS:
        s.phase = P_FREE2
    elif a < A_BUY_ANOM:
        x = 1 if a >= A_COMPLETE_REMOTE else 0
        m = (a - (A_COMPLETE_REMOTE if x else A_COMPLETE)) // 3
        lv = (a - (A_COMPLETE_REMOTE if x else A_COMPLETE)) % 3 + 1
        if x:
            _play_card(s, p, K_REMOTE)
        for i in range(lv):
            s.prestige[p] += g_m_pts[m][i]
            if s.mus_level[m] == i + 1:
                continue        # the museum tachyons are discarded instead of the tech
            s.board[p][g_m_tera[m][i]][g_m_ttype[m][i]] -= 1
            s.tdiscard[g_m_ttype[m][i]] += 1
        _remove_at(s.hand[p], &s.nhand[p], _find(s.hand[p], s.nhand[p], m))
        s.done[p][s.ndone[p]] = m
        s.ndone[p] += 1
        s.missions_done += 1
        s.pending_rolls += 1
    elif a < A_PLAY:
        i = a - A_BUY_ANOM
        x = s.belt[i]
        _pay_bank(s, p, g_a_cost[x])
        s.ahand[p][s.nahand[p]] = x
        s.nahand[p] += 1
        s.anom_mode = 1
        s.belt[i] = -1
        # [house: no sliding] positions 1-2 refill from the left deck, 3-4 from the right
        if i < 2 and s.naleft > 0:
            s.naleft -= 1
            s.belt[i] = s.aleft[s.naleft]
            s.aleft[s.naleft] = -1
        elif i >= 2 and s.naright > 0:
            s.naright -= 1
            s.belt[i] = s.aright[s.naright]
            s.aright[s.naright] = -1
    elif a < A_PLAY_JUMP:
        x = a - A_PLAY
        _play_card(s, p, x)
        if x == K_FREE_LANDING:
            s.free_landing = 1
        elif x == K_TIME_SKIP:
            s.time_skip = 1
        elif x == K_FOLD:
            s.fold = 1
        elif x == K_DOUBLE_PICK:
            s.double_pick = 1
        elif x == K_FUEL_CACHE:
            _gain_bank(s, p, 2)
        elif x == K_STABILISER:
            s.minor -= 1
        elif x == K_BRIEFING:
            _start_draw(s, p, 3, 1, s.phase)
    elif a < A_PLAY_REDATE:
        _play_card(s, p, K_JUMP)
        _land_agent(s, p, a - A_PLAY_JUMP)
    elif a < A_PLAY_PATCH:
        _play_card(s, p, K_REDATE)
        x = (a - A_PLAY_REDATE) // 2
        e = x // NCOMMON
        t = x % NCOMMON
        s.board[p][e][t] -= 1
        s.board[p][(e + (1 if (a - A_PLAY_REDATE) % 2 else -1) + NERA) % NERA][t] += 1
    elif a < A_REROLL:
        _play_card(s, p, K_PATCH)
        s.tokens[a - A_PLAY_PATCH] = 0
    elif a == A_END_TURN:
        _end_turn(s)
    s.decisions += 1
    _advance(s)


# ------------------------------------------------------------------------------ hidden information
cdef void _determinize(TkS* s, int v, Rng* rng) noexcept nogil:
    """Resample everything hidden from seat v. The unknowns of each kind are gathered in canonical
    order (ascending ids / tech types), computed from what v sees, shuffled with rng and dealt into
    the hidden places; the true hidden values are never read."""
    cdef int known[MAXM]
    cdef short pool[MAXRES]
    cdef int cnt[NCOMMON]
    cdef int i, j, k, q, c, t, e
    if v < 0 or v >= s.n:
        return
    # missions: v's hand, public cards (museum-revealed, completed, discards, box), v's own draw
    memset(known, 0, sizeof(known))
    for q in range(s.n):
        for i in range(s.nhand[q]):
            if q == v or s.mus_level[s.hand[q][i]] > 0:
                known[s.hand[q][i]] = 1
        for i in range(s.ndone[q]):
            known[s.done[q][i]] = 1
    for i in range(s.nmdisc):
        known[s.mdisc[i]] = 1
    for i in range(s.nmbox):
        known[s.mbox[i]] = 1
    if s.keep_seat == v:
        for i in range(s.ndrawn):
            known[s.drawn[i]] = 1
    k = 0
    for i in range(g_nm):
        if not known[i]:
            pool[k] = i
            k += 1
    _shuffle(pool, k, rng)
    j = 0
    for q in range(s.n):
        if q == v:
            continue
        for i in range(s.nhand[q]):
            if s.mus_level[s.hand[q][i]] == 0:
                s.hand[q][i] = pool[j]
                j += 1
    if s.keep_seat != v:
        for i in range(s.ndrawn):
            s.drawn[i] = pool[j]
            j += 1
    for i in range(s.nmdeck):
        s.mdeck[i] = pool[j]
        j += 1
    # anomalies: the belt, v's hand and the played cards are known
    memset(known, 0, sizeof(known))
    for i in range(4):
        if s.belt[i] >= 0:
            known[s.belt[i]] = 1
    for i in range(s.nahand[v]):
        known[s.ahand[v][i]] = 1
    for i in range(g_na):
        if s.aplayed[i]:
            known[i] = 1
    k = 0
    for i in range(g_na):
        if not known[i]:
            pool[k] = i
            k += 1
    _shuffle(pool, k, rng)
    j = 0
    for q in range(s.n):
        if q != v:
            for i in range(s.nahand[q]):
                s.ahand[q][i] = pool[j]
                j += 1
    for i in range(s.naleft):
        s.aleft[i] = pool[j]
        j += 1
    for i in range(s.naright):
        s.aright[i] = pool[j]
        j += 1
    # techs: the common techs nobody can see are the totals minus face-up slots, boards, discards
    for t in range(NCOMMON):
        cnt[t] = g_tech_total[t] - s.tdiscard[t]
        for q in range(s.n):
            for e in range(NERA):
                cnt[t] -= s.board[q][e][t]
    for c in range(NCONT):
        if not _locked(s, c):
            for i in range(3):
                if s.slot[c][i] >= 0:
                    cnt[s.slot[c][i]] -= 1
    k = 0
    for t in range(NCOMMON):
        for i in range(cnt[t]):
            pool[k] = t
            k += 1
    _shuffle(pool, k, rng)
    j = 0
    for c in range(NCONT):
        if _locked(s, c):
            for i in range(3):
                if s.slot[c][i] >= 0:
                    s.slot[c][i] = pool[j]
                    j += 1
    for i in range(s.nreserve):
        s.reserve[i] = pool[j]
        j += 1
    # the PRNG decides future reshuffles: a fresh one, so the sample does not carry the true one
    s.rng.s = rng_next(rng)

cdef void _blind(TkS* s, int v) noexcept nogil:
    """Blank, in place, everything seat v cannot see (v = -1: nothing is seen but the public part)."""
    cdef int i, q, c
    s.rng.s = 0
    for q in range(s.n):
        if q != v:
            for i in range(s.nhand[q]):
                if s.mus_level[s.hand[q][i]] == 0:
                    s.hand[q][i] = -1
            for i in range(s.nahand[q]):
                s.ahand[q][i] = -1
    if s.keep_seat != v or v < 0:
        for i in range(s.ndrawn):
            s.drawn[i] = -1
    for i in range(MAXM):
        s.mdeck[i] = -1
    for i in range(MAXA):
        s.aleft[i] = -1
        s.aright[i] = -1
    for i in range(MAXRES):
        s.reserve[i] = -1
    for c in range(NCONT):
        if _locked(s, c):
            for i in range(3):
                if s.slot[c][i] >= 0:
                    s.slot[c][i] = 99


# ------------------------------------------------------------------------------ the state class
PHASES = {P_SETUP_AGENT: "setup_agent", P_FREE1: "free_before_move", P_TIME: "time_travel",
          P_AGENT_MOVE: "agent_move", P_WORMHOLE: "wormhole", P_TAKE: "take_tech", P_NT: "nova_terra",
          P_MUSEUM: "museum", P_KEEP: "choose_missions", P_AGENCY: "paradox_agency",
          P_FREE2: "free_after_action"}


cdef class TakyonState(State):
    """A Takyon position (see the module docstring)."""
    cdef TkS s

    cdef void* c_struct(self) noexcept nogil:
        return &self.s

    cdef size_t c_struct_size(self) noexcept nogil:
        return sizeof(TkS)

    cdef int c_current_player(self) noexcept nogil:
        if self.s.over:
            return TERMINAL_PLAYER
        if self.s.ndisp > 0:
            return self.s.disp_queue[0]
        if self.s.roll_face >= 0:
            return self.s.active
        if self.s.pending_rolls > 0:
            return CHANCE_PLAYER
        if self.s.phase == P_KEEP:
            return self.s.keep_seat
        if self.s.phase == P_SETUP_AGENT:
            return self.s.setup_seat
        if self.s.phase == P_NT:
            return self.s.nt_seat
        return self.s.active

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        return _legal(&self.s, out)

    cdef void c_apply(self, int action) noexcept nogil:
        _apply(&self.s, action)

    cdef bint c_is_terminal(self) noexcept nogil:
        return self.s.over != 0

    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil:
        # a face showing a permanently locked continent is rolled again [house], so the outcomes are
        # the other faces, uniformly
        cdef int k, i
        if self.s.over or self.s.ndisp > 0 or self.s.roll_face >= 0 or self.s.pending_rolls == 0:
            return 0
        k = _legal(&self.s, actions)
        for i in range(k):
            probs[i] = 1.0 / k
        return k

    cdef void c_returns(self, double* out) noexcept nogil:
        """Normal end: 1 for the winner(s) (a shared victory gives each 1), 0 for the others. Everyone
        lost: -1 each; with variant 3, the last-placed seat(s) get 1 and the leader(s) -1."""
        cdef long keys[NP]
        cdef long best, worst
        cdef int i, n = self.s.n
        for i in range(n):
            out[i] = 0.0
        if not self.s.over:
            return
        for i in range(n):
            keys[i] = _rank_key(&self.s, i)
        best = keys[0]
        worst = keys[0]
        for i in range(1, n):
            if keys[i] > best:
                best = keys[i]
            if keys[i] < worst:
                worst = keys[i]
        for i in range(n):
            if self.s.over == 1:
                out[i] = 1.0 if keys[i] == best else 0.0
            elif self.s.rules & V3_FIRST_LOSES:
                out[i] = 1.0 if keys[i] == worst else (-1.0 if keys[i] == best else 0.0)
            else:
                out[i] = -1.0

    cdef int c_decision_count(self) noexcept nogil:
        return self.s.decisions

    cdef void c_determinize(self, int viewer, Rng* rng) noexcept nogil:
        _determinize(&self.s, viewer, rng)

    cdef uint64_t c_info_hash(self, int viewer) noexcept nogil:
        cdef TkS v = self.s
        _blind(&v, viewer)
        cdef uint64_t salt = <uint64_t>(viewer + 3) * <uint64_t>0x9E3779B97F4A7C15ULL
        return fnv1a(&v, sizeof(TkS), FNV_OFFSET ^ salt)

    cdef bint c_evaluate(self, double* out) noexcept nogil:
        """Estimated returns from a live position: each seat's heuristic final score (``_heuristic``)
        turned into a share of the win by a softmax with a 4-point temperature, then pulled towards the
        everyone-loses return (-1) by a risk that grows with the paradox tokens on the board (0.12 per
        permanently locked continent, 0.05 per minor lock, more as a loss comes closer)."""
        cdef double sc[NP]
        cdef double mx = -1e9, tot = 0.0, risk = 0.0, lose
        cdef int i, c, n = self.s.n
        for i in range(n):
            sc[i] = _heuristic(&self.s, i)
            if sc[i] > mx:
                mx = sc[i]
        for i in range(n):
            sc[i] = exp((sc[i] - mx) / 4.0)
            tot += sc[i]
        for c in range(NCONT):
            if self.s.tokens[c] >= 2:
                risk += 0.12
            elif self.s.tokens[c] == 1:
                risk += 0.05
        if risk > 0.9:
            risk = 0.9
        for i in range(n):
            lose = -1.0
            if self.s.rules & V3_FIRST_LOSES:
                lose = 0.0
            out[i] = (1.0 - risk) * sc[i] / tot + risk * lose
        return True

    cdef int c_check(self) noexcept nogil:
        """1 techs not conserved; 2 a seat's tachyons disagree with its ledger or are negative;
        3 fees paid and received differ; 4 mission cards not conserved; 5 anomaly cards not
        conserved; 6 landing zones disagree with the pieces; 7 a counter out of range."""
        cdef TkS* s = &self.s
        cdef int cnt[NTYPES]
        cdef int seen[MAXM]
        cdef int i, q, c, e, t, xin = 0, xout = 0
        memset(cnt, 0, sizeof(cnt))
        for i in range(s.nreserve):
            cnt[s.reserve[i]] += 1
        for t in range(NCOMMON):
            cnt[t] += s.tdiscard[t]
        for c in range(NCONT):
            for i in range(3):
                if s.slot[c][i] >= 0:
                    cnt[s.slot[c][i]] += 1
        for q in range(s.n):
            for e in range(NERA):
                for t in range(NCOMMON):
                    if s.board[q][e][t] < 0:
                        return 1
                    cnt[t] += s.board[q][e][t]
            cnt[T_ENV] += s.env_own[q]
            cnt[T_FUT] += s.fut_own[q]
        cnt[T_ENV] += s.env_pile
        cnt[T_FUT] += s.fut_supply + s.nt_slot[0] + s.nt_slot[1] + s.nt_slot[2]
        for t in range(NTYPES):
            if cnt[t] != g_tech_total[t]:
                return 1
        for q in range(s.n):
            xin += s.xfer_in[q]
            xout += s.xfer_out[q]
            if s.money[q] < 0 or s.money[q] != (g_start_money + s.bank_in[q] - s.bank_out[q]
                                                + s.xfer_in[q] - s.xfer_out[q]):
                return 2
        if xin != xout:
            return 3
        memset(seen, 0, sizeof(seen))
        for i in range(s.nmdeck):
            seen[s.mdeck[i]] += 1
        for i in range(s.nmdisc):
            seen[s.mdisc[i]] += 1
        for i in range(s.nmbox):
            seen[s.mbox[i]] += 1
        for i in range(s.ndrawn):
            seen[s.drawn[i]] += 1
        for q in range(s.n):
            for i in range(s.nhand[q]):
                seen[s.hand[q][i]] += 1
            for i in range(s.ndone[q]):
                seen[s.done[q][i]] += 1
        for i in range(g_nm):
            if seen[i] != 1:
                return 4
        memset(seen, 0, sizeof(seen))
        for i in range(s.naleft):
            seen[s.aleft[i]] += 1
        for i in range(s.naright):
            seen[s.aright[i]] += 1
        for i in range(4):
            if s.belt[i] >= 0:
                seen[s.belt[i]] += 1
        for q in range(s.n):
            for i in range(s.nahand[q]):
                seen[s.ahand[q][i]] += 1
        for i in range(g_na):
            if seen[i] + s.aplayed[i] != 1:
                return 5
        for i in range(3):
            q = s.zone_occ[i]
            if q >= 0 and (s.machine[q] != i or not s.machine_zone[q]):
                return 6
        for c in range(NCONT):
            q = s.cont_zone[c]
            if q >= 0 and (s.agent[q] != c or not s.agent_zone[q]):
                return 6
        for q in range(s.n):
            if s.machine_zone[q] and (s.machine[q] > S_WORMHOLE or s.zone_occ[s.machine[q]] != q):
                return 6
            if s.agent_zone[q] and (s.agent[q] >= NCONT or s.cont_zone[s.agent[q]] != q):
                return 6
        for c in range(NCONT):
            if s.tokens[c] < 0 or s.tokens[c] > 2:
                return 7
        if (s.minor < 0 or s.minor >= g_minor_spaces or s.era < 0 or s.era >= NERA or s.season < 0
                or s.season >= NSEA):
            return 7
        return 0

    # -------------------------------------------------------------- Python surface: set-up
    def _setup(self, uint64_t seed):
        opts = self.game.options
        rules = ((V1_MANDATORY_ERA if opts["mandatory_era"] else 0)
                 | (V2_SELL_MISSIONS if opts["sell_missions"] else 0)
                 | (V3_FIRST_LOSES if opts["first_loses"] else 0)
                 | (V4_MORE_MISSIONS if opts["more_missions"] else 0)
                 | (V5_NO_MUSEUM_TECHS if opts["no_museum_techs"] else 0))
        if (rules & V2_SELL_MISSIONS) and (rules & V4_MORE_MISSIONS):
            raise OptionError("Variant 4 (more missions) cannot be combined with variant 2 (selling missions).",
                              "La variante 4 (más misiones) no se puede combinar con la variante 2 (vender misiones).",
                              details={"options": ["more_missions", "sell_missions"]})
        _init(&self.s, self.num_players, rules, opts["max_rounds"], seed)

    # -------------------------------------------------------------- Python surface: helpers
    def score_now(self, int seat):
        """Seat's final score if the game ended now (the rules file's end scoring)."""
        return _score(&self.s, seat)

    def heuristic(self, int seat):
        """The finer score estimate behind ``c_evaluate`` (also the greedy player's evaluation)."""
        return _heuristic(&self.s, seat)

    def evaluate(self):
        """``c_evaluate``'s estimated returns, one per seat."""
        cdef double out[NP]
        self.c_evaluate(out)
        return [out[i] for i in range(self.s.n)]

    def raw(self):
        """The struct as a dict (tests and debugging)."""
        return self.s

    def set_raw(self, obj):
        """Overwrite the struct from a dict of the shape :meth:`raw` gives (tests build positions)."""
        cdef TkS t = obj
        memcpy(&self.s, &t, sizeof(TkS))

    # -------------------------------------------------------------- Python surface: views
    def to_json(self, viewer=None):
        return _view(self, self.s, viewer)

    def load_json(self, obj):
        cdef TkS t = obj["raw"]
        memcpy(&self.s, &t, sizeof(TkS))

    def render_text(self, viewer=None, lang="en"):
        return _render(self.to_json(viewer), lang)

    # -------------------------------------------------------------- Python surface: decisions
    def action_to_json(self, int action):
        return _describe(action)

    def json_to_action(self, obj):
        if not isinstance(obj, dict):
            raise ParseError("A decision must be a JSON object.", "Una decisión debe ser un objeto JSON.")
        key = _json_key(obj)
        if key not in _JSON_INDEX:
            raise ParseError(f"Not a Takyon decision: {json.dumps(obj, ensure_ascii=False)}.",
                             f"No es una decisión de Takyon: {json.dumps(obj, ensure_ascii=False)}.")
        return _JSON_INDEX[key]

    def action_to_text(self, int action, lang="en"):
        return _text(action, lang)

    def _parse_step(self, state, step, lang):
        key = _norm(step)
        legal = state.legal_actions()
        for lg in (lang, "es" if lang == "en" else "en"):
            for a in legal:
                if _norm(_text(a, lg)) == key:
                    return a
        a = _TEXT_INDEX.get(key)
        if a is None:
            raise unknown_step(step)
        raise IllegalActionError(
            f"'{step}' is not allowed here: {state.explain_illegal(_describe(a), 'en')}",
            f"'{step}' no está permitido aquí: {state.explain_illegal(_describe(a), 'es')}",
            legal=legal, at_state=state.clone())

    def parse_turn(self, text, lang="en"):
        return parse_steps(self, split_steps(text), lang, self._parse_step)

    def explain_illegal(self, obj, lang="en"):
        a = self.json_to_action(obj)
        if a in self.legal_actions():
            return ""
        en, es = _why(self, a)
        return en if lang == "en" else es


cdef void _init(TkS* s, int n, int rules, int max_rounds, uint64_t seed) noexcept nogil:
    cdef int i, j, k, q, c, t, draw, keep
    cdef short cards[MAXA]
    memset(s, 0, sizeof(TkS))
    rng_seed(&s.rng, seed)
    s.n = n
    s.rules = rules
    s.max_rounds = max_rounds
    s.era = g_start_era
    s.season = g_start_season
    s.setup_seat = 0
    s.roll_face = -1
    s.keep_seat = -1
    s.take_cont = -1
    s.disp_from = -1
    s.nt_seat = -1
    for q in range(NP):
        s.machine[q] = S_NOVA_TERRA if q < n else -1
        s.agent[q] = -1
        s.disp_queue[q] = -1
        if q < n:
            s.money[q] = g_start_money
        for i in range(MAXM):
            s.hand[q][i] = -1
            s.done[q][i] = -1
        for i in range(MAXA):
            s.ahand[q][i] = -1
    for i in range(3):
        s.zone_occ[i] = -1
        s.nt_slot[i] = 1
    for c in range(NCONT):
        s.cont_zone[c] = -1
    for i in range(MAXRES):
        s.reserve[i] = -1
    for i in range(MAXM):
        s.mdeck[i] = -1
        s.mdisc[i] = -1
        s.mbox[i] = -1
    for i in range(MAXA):
        s.aleft[i] = -1
        s.aright[i] = -1
    for i in range(4):
        s.drawn[i] = -1
    s.fut_supply = g_tech_total[T_FUT] - 3
    s.env_pile = g_tech_total[T_ENV]
    for t in range(NCOMMON):
        for i in range(g_tech_total[t]):
            s.reserve[s.nreserve] = t
            s.nreserve += 1
    _shuffle(s.reserve, s.nreserve, &s.rng)
    for c in range(NCONT):
        for i in range(3):
            s.slot[c][i] = _draw_tech(s)
    for i in range(g_nm):
        s.mdeck[i] = i
    s.nmdeck = g_nm
    _shuffle(s.mdeck, s.nmdeck, &s.rng)
    for i in range(g_na):
        cards[i] = i
    _shuffle(cards, g_na, &s.rng)
    k = (g_na - 4) // 2
    for i in range(k):
        s.aleft[i] = cards[i]
    s.naleft = k
    for i in range(4):
        s.belt[i] = cards[k + i]
    for i in range(k + 4, g_na):
        s.aright[s.naright] = cards[i]
        s.naright += 1
    keep = _draw_keep_counts(s, &draw)
    _start_draw(s, 0, draw, keep, P_SETUP_AGENT)
    _advance(s)


# ------------------------------------------------------------------------------ names, JSON, text
def _names(section):
    return PACK["board"][section]


ERA_KEYS = [e["key"] for e in _names("eras")]
SEASON_KEYS = [e["key"] for e in _names("seasons")]
CONT_KEYS = [e["key"] for e in _names("continents")]
SPACE_KEYS = [e["key"] for e in _names("spaces")]
TECH_KEYS = [e["key"] for e in _names("techs")]
KIND_KEYS = list(EFFECTS)
MISSION_IDS = [m["id"] for m in PACK["missions"]]


def _nm(section, i, lang):
    return _names(section)[i][lang]


def _kind_name(kind, lang):
    for k in PACK["anomaly_kinds"]:
        if k["effect"] == EFFECTS[kind]:
            return k[lang]
    return EFFECTS[kind]


def _valid(int a):
    if a < 0 or a >= NUM_ACTIONS:
        return False
    if a < A_AGENT:
        return a - A_KEEP < g_nm
    if A_MUSEUM_BUY <= a < A_SELL_MISSION:
        return (a - A_MUSEUM_BUY) // 2 < g_nm
    if A_SELL_MISSION <= a < A_CLEAR:
        return a - A_SELL_MISSION < g_nm
    if A_COMPLETE <= a < A_BUY_ANOM:
        base = A_COMPLETE_REMOTE if a >= A_COMPLETE_REMOTE else A_COMPLETE
        return (a - base) // 3 < g_nm
    if A_PLAY <= a < A_PLAY_JUMP:
        return (a - A_PLAY) in (K_FREE_LANDING, K_TIME_SKIP, K_FOLD, K_FUEL_CACHE, K_BRIEFING, K_DOUBLE_PICK,
                                K_STABILISER)
    return True


def _describe(int a):
    """The public JSON form of action id ``a`` (context-free)."""
    if a < A_AGENT:
        return {"type": "keep", "mission": MISSION_IDS[a - A_KEEP]}
    if a < A_STAY:
        return {"type": "agent", "continent": CONT_KEYS[a - A_AGENT]}
    if a == A_STAY:
        return {"type": "stay"}
    if a < A_STEP_ERA:
        return {"type": "move", "space": SPACE_KEYS[a - A_MOVE]}
    if a <= A_STOP_TIME:
        return {"type": "time", "step": ("era", "season", "stop")[a - A_STEP_ERA]}
    if a < A_TAKE_ENV:
        return {"type": "take", "tech": TECH_KEYS[a - A_TAKE]}
    if a == A_TAKE_ENV:
        return {"type": "take", "tech": TECH_KEYS[T_ENV]}
    if a == A_SKIP_TAKE:
        return {"type": "skip_take"}
    if a < A_NT_PASS:
        return {"type": "buy_future", "price": g_nt_price[a - A_NT_BUY]}
    if a == A_NT_PASS:
        return {"type": "pass_future"}
    if a < A_SELL_ENV:
        x = a - A_SELL
        return {"type": "sell", "tech": TECH_KEYS[x % NCOMMON], "era": ERA_KEYS[x // NCOMMON]}
    if a == A_SELL_ENV:
        return {"type": "sell", "tech": TECH_KEYS[T_ENV]}
    if a == A_SELL_FUT:
        return {"type": "sell", "tech": TECH_KEYS[T_FUT]}
    if a == A_STORIES:
        return {"type": "stories"}
    if a < A_SELL_MISSION:
        x = a - A_MUSEUM_BUY
        return {"type": "museum_buy", "mission": MISSION_IDS[x // 2], "level": x % 2 + 2}
    if a < A_CLEAR:
        return {"type": "sell_mission", "mission": MISSION_IDS[a - A_SELL_MISSION]}
    if a < A_AGENCY_PASS:
        return {"type": "clear", "continent": CONT_KEYS[a - A_CLEAR]}
    if a == A_AGENCY_PASS:
        return {"type": "no_clear"}
    if a < A_BUY_ANOM:
        remote = a >= A_COMPLETE_REMOTE
        x = a - (A_COMPLETE_REMOTE if remote else A_COMPLETE)
        return {"type": "complete", "mission": MISSION_IDS[x // 3], "levels": x % 3 + 1, "remote": remote}
    if a < A_PLAY:
        return {"type": "buy_anomaly", "position": a - A_BUY_ANOM + 1}
    if a < A_PLAY_JUMP:
        return {"type": "play", "anomaly": KIND_KEYS[a - A_PLAY]}
    if a < A_PLAY_REDATE:
        return {"type": "play", "anomaly": KIND_KEYS[K_JUMP], "continent": CONT_KEYS[a - A_PLAY_JUMP]}
    if a < A_PLAY_PATCH:
        x = (a - A_PLAY_REDATE) // 2
        return {"type": "play", "anomaly": KIND_KEYS[K_REDATE], "tech": TECH_KEYS[x % NCOMMON],
                "era": ERA_KEYS[x // NCOMMON],
                "direction": "forward" if (a - A_PLAY_REDATE) % 2 else "back"}
    if a < A_REROLL:
        return {"type": "play", "anomaly": KIND_KEYS[K_PATCH], "continent": CONT_KEYS[a - A_PLAY_PATCH]}
    if a == A_REROLL:
        return {"type": "reroll"}
    if a == A_ACCEPT_ROLL:
        return {"type": "accept_roll"}
    if a == A_END_TURN:
        return {"type": "end_turn"}
    return {"type": "roll", "face": a - A_DIE + 1}


def _json_key(obj):
    return json.dumps(obj, sort_keys=True, ensure_ascii=False)


WORDS = {
    "en": {"keep": "keep {m}", "agent": "agent {c}", "stay": "stay", "move": "go {sp}", "era": "era",
           "season": "season", "stop": "stop", "take": "take {t}", "skip": "skip", "buy_future": "buy future {p}",
           "pass_future": "pass", "sell": "sell {t} {e}", "sell1": "sell {t}", "stories": "stories",
           "museum_buy": "museum {m} level {l}", "sell_mission": "sell mission {m}", "clear": "clear {c}",
           "no_clear": "no clear", "complete": "complete {m} {l}", "remote": "complete {m} {l} remote",
           "buy_anomaly": "buy anomaly {p}", "play": "play {k}", "play_c": "play {k} {c}",
           "redate": "play {k} {t} {e} {d}", "forward": "forward", "back": "back", "reroll": "reroll",
           "accept": "accept roll", "end": "end turn", "roll": "roll {f}"},
    "es": {"keep": "guardo {m}", "agent": "agente {c}", "stay": "me quedo", "move": "voy a {sp}", "era": "era",
           "season": "estación", "stop": "paro", "take": "tomo {t}", "skip": "no tomo",
           "buy_future": "compro futura {p}", "pass_future": "paso", "sell": "vendo {t} {e}", "sell1": "vendo {t}",
           "stories": "cuento historias", "museum_buy": "museo {m} nivel {l}", "sell_mission": "vendo misión {m}",
           "clear": "limpio {c}", "no_clear": "no limpio", "complete": "completo {m} {l}",
           "remote": "completo {m} {l} remota", "buy_anomaly": "compro anomalía {p}", "play": "juego {k}",
           "play_c": "juego {k} {c}", "redate": "juego {k} {t} {e} {d}", "forward": "adelante", "back": "atrás",
           "reroll": "relanzo", "accept": "acepto tirada", "end": "fin de turno", "roll": "dado {f}"},
}


def _text(int a, lang="en"):
    """Action id ``a`` in the email notation (context-free)."""
    if lang not in WORDS:
        lang = "en"
    w = WORDS[lang]
    d = _describe(a)
    kind = d["type"]
    cont = lambda key: _nm("continents", CONT_KEYS.index(key), lang)
    tech = lambda key: _nm("techs", TECH_KEYS.index(key), lang)
    era = lambda key: _nm("eras", ERA_KEYS.index(key), lang)
    if kind == "keep":
        return w["keep"].format(m=d["mission"])
    if kind == "agent":
        return w["agent"].format(c=cont(d["continent"]))
    if kind == "stay":
        return w["stay"]
    if kind == "move":
        return w["move"].format(sp=_nm("spaces", SPACE_KEYS.index(d["space"]), lang))
    if kind == "time":
        return w[d["step"]]
    if kind == "take":
        return w["take"].format(t=tech(d["tech"]))
    if kind == "skip_take":
        return w["skip"]
    if kind == "buy_future":
        return w["buy_future"].format(p=d["price"])
    if kind == "pass_future":
        return w["pass_future"]
    if kind == "sell":
        if "era" in d:
            return w["sell"].format(t=tech(d["tech"]), e=era(d["era"]))
        return w["sell1"].format(t=tech(d["tech"]))
    if kind == "stories":
        return w["stories"]
    if kind == "museum_buy":
        return w["museum_buy"].format(m=d["mission"], l=d["level"])
    if kind == "sell_mission":
        return w["sell_mission"].format(m=d["mission"])
    if kind == "clear":
        return w["clear"].format(c=cont(d["continent"]))
    if kind == "no_clear":
        return w["no_clear"]
    if kind == "complete":
        return w["remote" if d["remote"] else "complete"].format(m=d["mission"], l=d["levels"])
    if kind == "buy_anomaly":
        return w["buy_anomaly"].format(p=d["position"])
    if kind == "play":
        k = _kind_name(KIND_KEYS.index(d["anomaly"]), lang)
        if "direction" in d:
            return w["redate"].format(k=k, t=tech(d["tech"]), e=era(d["era"]), d=w[d["direction"]])
        if "continent" in d:
            return w["play_c"].format(k=k, c=cont(d["continent"]))
        return w["play"].format(k=k)
    if kind == "reroll":
        return w["reroll"]
    if kind == "accept_roll":
        return w["accept"]
    if kind == "end_turn":
        return w["end"]
    return w["roll"].format(f=d["face"])


def _norm(text):
    """Case, accents, hyphens and spacing do not matter in the notation."""
    t = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode().lower()
    return " ".join(re.sub(r"[-_]", " ", t).split())


_VALID = [a for a in range(NUM_ACTIONS) if _valid(a)]
_JSON_INDEX = {}
for _a in _VALID:
    _d = _describe(_a)
    _JSON_INDEX[_json_key(_d)] = _a
    if _d["type"] == "complete" and not _d["remote"]:
        _JSON_INDEX[_json_key({k: v for k, v in _d.items() if k != "remote"})] = _a
_TEXT_INDEX = {}
for _lang in ("en", "es"):
    for _a in _VALID:
        _TEXT_INDEX.setdefault(_norm(_text(_a, _lang)), _a)


# ------------------------------------------------------------------------------ views
def _mission_card(int m):
    """A mission card's public face."""
    c = PACK["missions"][m]
    return {"id": c["id"], "continent": CONT_KEYS[c["continent"]], "era": ERA_KEYS[c["era"]],
            "season": None if c["season"] is None else SEASON_KEYS[c["season"]],
            "techs": [{"tech": TECH_KEYS[t["type"]], "era": ERA_KEYS[t["era"]], "points": t["points"]}
                      for t in c["techs"]]}


def _anomaly_card(int i):
    card = PACK["anomaly_cards"][i]
    return {"card": i, "anomaly": card["effect"], "cost": card["cost"]}


def _view(state, r, viewer):
    """The position as ``viewer`` sees it (``r``: the struct as a dict). ``None``: everything, plus the
    raw struct that load_json reads back."""
    n = r["n"]
    v = viewer
    to_move = state.current_player()
    tokens = r["tokens"]
    continents = []
    for c in range(NCONT):
        locked = tokens[c] > 0
        slots = [t for t in r["slot"][c] if t >= 0]
        continents.append({
            "continent": CONT_KEYS[c], "tokens": tokens[c],
            "lock": None if not locked else ("minor" if tokens[c] == 1 else "permanent"),
            "techs": None if locked else [TECH_KEYS[t] for t in slots],
            "face_down": len(slots) if locked else 0,
            "landing_zone": r["cont_zone"][c] if r["cont_zone"][c] >= 0 else None})
    players = []
    for q in range(n):
        hand = r["hand"][q][:r["nhand"][q]]
        players.append({
            "seat": q, "tachyons": r["money"][q], "prestige": r["prestige"][q],
            "machine": SPACE_KEYS[r["machine"][q]], "machine_in_landing_zone": bool(r["machine_zone"][q]),
            "agent": CONT_KEYS[r["agent"][q]] if r["agent"][q] >= 0 else None,
            "agent_in_landing_zone": bool(r["agent_zone"][q]),
            "board": {ERA_KEYS[e]: {TECH_KEYS[t]: r["board"][q][e][t] for t in range(NCOMMON)
                                    if r["board"][q][e][t]} for e in range(NERA)},
            "environmental": r["env_own"][q], "future": r["fut_own"][q],
            "completed": [_mission_card(m) for m in r["done"][q][:r["ndone"][q]]],
            "missions_in_hand": r["nhand"][q],
            "museum_missions": [dict(_mission_card(m), museum_level=r["mus_level"][m],
                                     museum_tachyons=r["mus_paid"][m]) for m in hand if r["mus_level"][m] > 0],
            "anomalies_in_hand": r["nahand"][q],
            "score_now": state.score_now(q)})
    d = {
        "title": "takyon", "content": PACK["name"], "players": n,
        "decision": r["decisions"], "round": r["round"], "active": r["active"],
        "to_move": to_move if to_move >= 0 else ("chance" if to_move == CHANCE_PLAYER else None),
        "phase": PHASES[r["phase"]],
        "result": (None, "finished", "everyone_lost")[r["over"]],
        "era": ERA_KEYS[r["era"]], "season": SEASON_KEYS[r["season"]],
        "missions_completed": r["missions_done"], "minor_paradox_space": r["minor"] + 1,
        "continents": continents,
        "antarctica": {"environmental_pile": r["env_pile"]},
        "nova_terra": {"slots": [g_nt_price[i] if r["nt_slot"][i] else None for i in range(3)],
                       "future_supply": r["fut_supply"]},
        "landing_zones": {SPACE_KEYS[i]: (r["zone_occ"][i] if r["zone_occ"][i] >= 0 else None) for i in range(3)},
        "tech_reserve": r["nreserve"],
        "tech_discard": {TECH_KEYS[t]: r["tdiscard"][t] for t in range(NCOMMON)},
        "mission_deck": r["nmdeck"],
        "mission_discard": [MISSION_IDS[m] for m in r["mdisc"][:r["nmdisc"]]],
        "mission_box": [MISSION_IDS[m] for m in r["mbox"][:r["nmbox"]]],
        "anomaly_belt": [_anomaly_card(x) if x >= 0 else None for x in r["belt"]],
        "anomaly_left_deck": r["naleft"], "anomaly_right_deck": r["naright"],
        "anomalies_played": [_anomaly_card(i) for i in range(g_na) if r["aplayed"][i]],
        "players": players,
        "turn": {
            "anomalies": (None, "bought", "played")[r["anom_mode"]],
            "free_landing": bool(r["free_landing"]), "time_skip": bool(r["time_skip"]),
            "fold": bool(r["fold"]), "double_pick": bool(r["double_pick"]),
            "time_direction": r["time_dir"], "displacement_points_used": r["points_used"],
            "nova_terra_seat": r["nt_seat"] if r["phase"] == P_NT else None,
            "missions_drawn": r["ndrawn"], "choosing_seat": r["keep_seat"] if r["phase"] == P_KEEP else None,
            "major_rolls_pending": r["pending_rolls"],
            "roll_to_confirm": r["roll_face"] + 1 if r["roll_face"] >= 0 else None,
            "displaced": r["disp_queue"][:r["ndisp"]],
            "displaced_from": CONT_KEYS[r["disp_from"]] if r["ndisp"] else None},
    }
    if r["over"]:
        d["final_scores"] = [state.score_now(q) for q in range(n)]
        d["returns"] = state.returns()
    if v is not None and 0 <= v < n:
        d["you"] = {"seat": v,
                    "missions": [_mission_card(m) for m in r["hand"][v][:r["nhand"][v]]],
                    "anomalies": [_anomaly_card(i) for i in r["ahand"][v][:r["nahand"][v]]],
                    "drawn": ([_mission_card(m) for m in r["drawn"][:r["ndrawn"]]]
                              if r["keep_seat"] == v and r["phase"] == P_KEEP else [])}
    if v is None:
        d["hidden"] = {
            "mission_hands": [[MISSION_IDS[m] for m in r["hand"][q][:r["nhand"][q]]] for q in range(n)],
            "anomaly_hands": [[_anomaly_card(i) for i in r["ahand"][q][:r["nahand"][q]]] for q in range(n)],
            "missions_drawn": [MISSION_IDS[m] for m in r["drawn"][:r["ndrawn"]]],
            "mission_deck": [MISSION_IDS[m] for m in r["mdeck"][:r["nmdeck"]]],
            "anomaly_left_deck": [_anomaly_card(i) for i in r["aleft"][:r["naleft"]]],
            "anomaly_right_deck": [_anomaly_card(i) for i in r["aright"][:r["naright"]]],
            "tech_reserve": [TECH_KEYS[t] for t in r["reserve"][:r["nreserve"]]],
            "face_down": {CONT_KEYS[c]: [TECH_KEYS[t] for t in r["slot"][c] if t >= 0]
                          for c in range(NCONT) if tokens[c] > 0}}
        d["raw"] = r
    return d


LABELS = {
    "en": {"round": "Round", "era": "Era", "season": "Season", "missions": "Missions completed",
           "minor": "Minor-paradox track", "to_move": "To decide", "chance": "the die", "over": "nobody",
           "continents": "Continents", "locked_minor": "minor lock", "locked_perm": "PERMANENTLY LOCKED",
           "face_down": "face down", "zone": "landing zone", "agents": "agents", "antarctica": "Antarctica",
           "env_pile": "environmental pile", "nova_terra": "Nova Terra slots", "empty": "empty",
           "belt": "Anomaly belt", "players": "Players", "seat": "Seat", "tachyons": "tachyons",
           "prestige": "prestige", "machine": "machine", "agent": "agent", "hand": "missions in hand",
           "anoms": "anomalies in hand", "completed": "completed", "future": "future", "environmental":
           "environmental", "you": "Your hand", "your_anoms": "Your anomalies", "drawn": "Drawn, choose",
           "season_any": "any season", "result": "Result", "finished": "finished", "everyone_lost":
           "everyone lost", "score": "score now", "deck": "mission deck", "reserve": "tech reserve",
           "phase": "Phase"},
    "es": {"round": "Ronda", "era": "Era", "season": "Estación", "missions": "Misiones completadas",
           "minor": "Marcador de paradojas menores", "to_move": "Decide", "chance": "el dado", "over": "nadie",
           "continents": "Continentes", "locked_minor": "bloqueo menor", "locked_perm": "BLOQUEO PERMANENTE",
           "face_down": "boca abajo", "zone": "zona de aterrizaje", "agents": "agentes",
           "antarctica": "Antártida", "env_pile": "pila ambiental", "nova_terra": "Huecos de Nova Terra",
           "empty": "vacío", "belt": "Cinta de anomalías", "players": "Jugadores", "seat": "Asiento",
           "tachyons": "taquiones", "prestige": "prestigio", "machine": "máquina", "agent": "agente",
           "hand": "misiones en mano", "anoms": "anomalías en mano", "completed": "completadas",
           "future": "futuras", "environmental": "ambientales", "you": "Tu mano",
           "your_anoms": "Tus anomalías", "drawn": "Robadas, elige", "season_any": "cualquier estación",
           "result": "Resultado", "finished": "terminada", "everyone_lost": "todos pierden",
           "score": "puntos ahora", "deck": "mazo de misiones", "reserve": "reserva de techs",
           "phase": "Fase"},
}


def _render(d, lang):
    """A plain-text picture of a view (for email)."""
    if lang not in LABELS:
        lang = "en"
    L = LABELS[lang]
    name = lambda section, key, keys: _nm(section, keys.index(key), lang)
    cont = lambda key: name("continents", key, CONT_KEYS)
    tech = lambda key: name("techs", key, TECH_KEYS)
    era = lambda key: name("eras", key, ERA_KEYS)

    def card(m):
        season = name("seasons", m["season"], SEASON_KEYS) if m["season"] else L["season_any"]
        techs = ", ".join(f"{i + 1}) {tech(t['tech'])}/{era(t['era'])} {t['points']}"
                          for i, t in enumerate(m["techs"]))
        return f"{m['id']} {cont(m['continent'])} · {era(m['era'])} · {season} · {techs}"

    tm = d["to_move"]
    lines = [f"Takyon ({d['content']}) · {L['round']} {d['round'] + 1} · {L['phase']}: {d['phase']}",
             f"{L['era']}: {era(d['era'])} · {L['season']}: {name('seasons', d['season'], SEASON_KEYS)} · "
             f"{L['missions']}: {d['missions_completed']}/12 · {L['minor']}: {d['minor_paradox_space']}/4",
             f"{L['to_move']}: " + (L["chance"] if tm == "chance" else (L["over"] if tm is None else f"{L['seat']} {tm}")),
             "", L["continents"] + ":"]
    for c in d["continents"]:
        if c["lock"]:
            state = f"[{L['locked_minor'] if c['lock'] == 'minor' else L['locked_perm']}] {c['face_down']} {L['face_down']}"
        else:
            state = ", ".join(tech(t) for t in c["techs"]) or "-"
        agents = [str(p["seat"]) for p in d["players"] if p["agent"] == c["continent"]]
        zone = f" · {L['zone']}: {c['landing_zone']}" if c["landing_zone"] is not None else ""
        lines.append(f"  {cont(c['continent'])}: {state} · {L['agents']}: {' '.join(agents) or '-'}{zone}")
    ant = [str(p["seat"]) for p in d["players"] if p["agent"] == "antarctica"]
    lines.append(f"  {L['antarctica']}: {L['env_pile']} {d['antarctica']['environmental_pile']} · "
                 f"{L['agents']}: {' '.join(ant) or '-'}")
    lines.append(f"{L['nova_terra']}: " + " ".join(str(x) if x else L["empty"] for x in d["nova_terra"]["slots"]))
    lines.append(f"{L['belt']}: " + " | ".join(
        f"{i + 1}) {_kind_name(KIND_KEYS.index(b['anomaly']), lang)} ({b['cost']})" if b else f"{i + 1}) -"
        for i, b in enumerate(d["anomaly_belt"])))
    lines.append(f"{L['deck']}: {d['mission_deck']} · {L['reserve']}: {d['tech_reserve']}")
    lines += ["", L["players"] + ":"]
    for p in d["players"]:
        techs = "; ".join(f"{era(e)}: " + ", ".join(f"{k} {tech(t)}" for t, k in ts.items())
                          for e, ts in p["board"].items() if ts)
        lines.append(f"  {L['seat']} {p['seat']}: {p['tachyons']} {L['tachyons']}, {p['prestige']} {L['prestige']}, "
                     f"{L['score']} {p['score_now']} · {L['machine']}: {name('spaces', p['machine'], SPACE_KEYS)} · "
                     f"{L['agent']}: {cont(p['agent']) if p['agent'] else '-'}")
        lines.append(f"     {techs or '-'} · {L['future']} {p['future']} · {L['environmental']} {p['environmental']}")
        lines.append(f"     {L['hand']}: {p['missions_in_hand']} · {L['anoms']}: {p['anomalies_in_hand']} · "
                     f"{L['completed']}: {' '.join(m['id'] for m in p['completed']) or '-'}")
        for m in p["museum_missions"]:
            lines.append(f"     museum: {card(m)} (level {m['museum_level']})")
    if "you" in d:
        lines += ["", L["you"] + ":"] + [f"  {card(m)}" for m in d["you"]["missions"]]
        lines.append(f"{L['your_anoms']}: " + (", ".join(
            _kind_name(KIND_KEYS.index(a["anomaly"]), lang) for a in d["you"]["anomalies"]) or "-"))
        if d["you"]["drawn"]:
            lines += [L["drawn"] + ":"] + [f"  {card(m)}" for m in d["you"]["drawn"]]
    if d["result"]:
        lines += ["", f"{L['result']}: {L[d['result']]} · " + ", ".join(
            f"{L['seat']} {q}: {s}" for q, s in enumerate(d["final_scores"]))]
    return "\n".join(lines)


# ------------------------------------------------------------------------------ why a decision is illegal
NOW = {
    "disp": ("place your displaced agent on an adjacent continent or Antarctica",
             "colocar tu agente desplazado en un continente adyacente o en la Antártida"),
    "reroll": ("accept the major roll or play Reroll", "aceptar la tirada mayor o jugar Relanzar"),
    "chance": ("roll the die", "tirar el dado"),
    P_KEEP: ("choose which drawn missions to keep", "elegir qué misiones robadas te quedas"),
    P_SETUP_AGENT: ("place your agent on a continent with no agent", "colocar tu agente en un continente sin agente"),
    P_FREE1: ("complete missions, buy or play anomalies, or move your time machine",
              "completar misiones, comprar o jugar anomalías, o mover tu máquina del tiempo"),
    P_TIME: ("spend displacement points (era or season) or stop",
             "gastar puntos de desplazamiento (era o estación) o parar"),
    P_AGENT_MOVE: ("move your agent to an adjacent continent or stay",
                   "mover tu agente a un continente adyacente o quedarte"),
    P_WORMHOLE: ("move your agent to any unlocked continent", "mover tu agente a cualquier continente no bloqueado"),
    P_TAKE: ("take a tech from your agent's continent", "tomar una tech del continente de tu agente"),
    P_NT: ("buy a future tech or pass", "comprar una tech futura o pasar"),
    P_MUSEUM: ("sell a tech, tell stories or buy a mission tech", "vender una tech, contar historias o comprar una tech de misión"),
    P_AGENCY: ("clear a minor-locked continent or not", "limpiar un continente con bloqueo menor o no"),
    P_FREE2: ("complete missions, buy or play anomalies, or end your turn",
              "completar misiones, comprar o jugar anomalías, o terminar tu turno"),
}

# which decision kinds each situation accepts
ACCEPTS = {
    "disp": {"agent"}, "reroll": {"reroll", "accept_roll"}, "chance": {"roll"},
    P_KEEP: {"keep"}, P_SETUP_AGENT: {"agent"},
    P_FREE1: {"complete", "buy_anomaly", "play", "move"}, P_FREE2: {"complete", "buy_anomaly", "play", "end_turn"},
    P_TIME: {"time"}, P_AGENT_MOVE: {"agent", "stay"}, P_WORMHOLE: {"agent"}, P_TAKE: {"take", "skip_take"},
    P_NT: {"buy_future", "pass_future"}, P_MUSEUM: {"sell", "stories", "museum_buy", "sell_mission"},
    P_AGENCY: {"clear", "no_clear"},
}


def _why(state, int a):
    """(English, Spanish) reason why legal-looking decision ``a`` is not legal in ``state``."""
    r = state.raw()
    d = _describe(a)
    kind = d["type"]
    if r["over"]:
        return "The game is over.", "La partida ha terminado."
    ctx = ("disp" if r["ndisp"] else "reroll" if r["roll_face"] >= 0 else "chance" if r["pending_rolls"]
           else r["phase"])
    if kind not in ACCEPTS[ctx]:
        en, es = NOW[ctx]
        who = state.current_player()
        if who >= 0:
            return f"Not now: seat {who} must {en}.", f"Ahora no: el asiento {who} debe {es}."
        return f"Not now: first {en}.", f"Ahora no: primero hay que {es}."
    p = r["active"] if ctx not in ("disp",) else r["disp_queue"][0]
    money = r["money"][p]
    hand = r["hand"][p][:r["nhand"][p]]
    if kind in ("complete", "museum_buy", "sell_mission", "keep"):
        m = MISSION_IDS.index(d["mission"])
        if kind == "keep":
            return "That mission is not among the drawn cards.", "Esa misión no está entre las robadas."
        if m not in hand:
            return "That mission is not in your hand.", "Esa misión no está en tu mano."
        card = PACK["missions"][m]
        if kind == "complete":
            if d["remote"] and (r["anom_mode"] == 1 or not any(
                    g_a_kind[x] == K_REMOTE for x in r["ahand"][p][:r["nahand"][p]])):
                return ("You need a Remote Delivery card, and no anomaly bought this turn.",
                        "Necesitas una carta de Entrega Remota y no haber comprado anomalía este turno.")
            if d["remote"] and r["tokens"][card["continent"]] < 2:
                return ("Remote Delivery needs a permanently locked continent.",
                        "Entrega Remota exige un continente bloqueado para siempre.")
            if not d["remote"] and r["agent"][p] != card["continent"]:
                c = card["continent"]
                return (f"Your agent is not on {_nm('continents', c, 'en')}.",
                        f"Tu agente no está en {_nm('continents', c, 'es')}.")
            if r["era"] != card["era"]:
                return (f"The era must be {_nm('eras', card['era'], 'en')}.",
                        f"La era debe ser {_nm('eras', card['era'], 'es')}.")
            if card["season"] is not None and r["season"] != card["season"]:
                return (f"The season must be {_nm('seasons', card['season'], 'en')}.",
                        f"La estación debe ser {_nm('seasons', card['season'], 'es')}.")
            return ("You do not have the techs (under the right eras) for that many levels.",
                    "No tienes las techs (en las eras correctas) para tantos niveles.")
        if kind == "museum_buy":
            if r["rules"] & V5_NO_MUSEUM_TECHS:
                return "Variant 5: the museum sells no techs.", "Variante 5: el museo no vende techs."
            if r["mus_level"][m]:
                return "Only one level per card can be bought.", "Solo se puede comprar un nivel por carta."
            if not _tech_missing(&(<TakyonState>state).s, p, m, d["level"]):
                return ("The Museum only covers a missing tech: you have that one on your board.",
                        "El Museo solo cubre una tech que falta: esa la tienes en tu tablero.")
            return "You cannot pay that price.", "No puedes pagar ese precio."
        if not (r["rules"] & V2_SELL_MISSIONS):
            return "Missions are bought by the museum only with variant 2.", "El museo solo compra misiones con la variante 2."
        return ("Only missions of permanently locked continents can be sold.",
                "Solo se venden misiones de continentes bloqueados para siempre.")
    if kind == "move":
        sp = SPACE_KEYS.index(d["space"])
        if r["machine"][p] == sp:
            return "Your time machine is already there.", "Tu máquina del tiempo ya está ahí."
        if sp == S_NOVA_TERRA:
            return "You cannot afford any future tech on Nova Terra.", "No puedes pagar ninguna tech futura de Nova Terra."
        if sp == S_CONSOLE:
            return ("You need 1 tachyon and a mission left to draw.",
                    "Necesitas 1 taquión y que quede alguna misión por robar.")
        return ("You cannot pay the landing fee (or, in variant 1, the era wrap).",
                "No puedes pagar la tasa de aterrizaje (o, en la variante 1, el salto de era).")
    if kind in ("buy_anomaly", "play"):
        if kind == "buy_anomaly":
            if r["anom_mode"]:
                return ("You already bought or played an anomaly this turn.",
                        "Ya compraste o jugaste una anomalía este turno.")
            if r["belt"][d["position"] - 1] < 0:
                return "That belt position is empty.", "Esa posición de la cinta está vacía."
            return "You cannot pay that anomaly.", "No puedes pagar esa anomalía."
        if r["anom_mode"] == 1:
            return ("You bought an anomaly this turn, so you cannot play one.",
                    "Compraste una anomalía este turno, así que no puedes jugar ninguna.")
        k = KIND_KEYS.index(d["anomaly"])
        if not any(g_a_kind[x] == k for x in r["ahand"][p][:r["nahand"][p]]):
            return "You do not hold that anomaly.", "No tienes esa anomalía."
        return "That anomaly cannot be played like that now.", "Esa anomalía no se puede jugar así ahora."
    if kind == "time":
        if d["step"] == "stop":
            return ("Use both displacement points first (variant 1: and move the era at least once).",
                    "Usa antes los dos puntos de desplazamiento (variante 1: y mueve la era al menos una vez).")
        if d["step"] == "season" and r["rules"] & V1_MANDATORY_ERA:
            return "Variant 1: this point must move the era.", "Variante 1: este punto debe mover la era."
        return "You cannot pay for that step.", "No puedes pagar ese paso."
    if kind == "agent":
        c = CONT_KEYS.index(d["continent"])
        if c < NCONT and r["tokens"][c]:
            return "That continent is locked.", "Ese continente está bloqueado."
        if ctx == P_SETUP_AGENT:
            return "That continent already has an agent.", "Ese continente ya tiene un agente."
        if ctx in ("disp", P_AGENT_MOVE):
            return ("That continent is not adjacent (or you cannot pay its landing fee).",
                    "Ese continente no es adyacente (o no puedes pagar su tasa de aterrizaje).")
        return "You cannot pay that landing fee.", "No puedes pagar esa tasa de aterrizaje."
    if kind == "take":
        return "There is no such tech you can take here.", "Aquí no hay esa tech que puedas tomar."
    if kind == "buy_future":
        return "That slot is empty or too expensive.", "Ese hueco está vacío o es demasiado caro."
    if kind == "pass_future":
        return "The active player must buy a future tech.", "El jugador activo debe comprar una tech futura."
    if kind == "sell":
        return "You have no such tech on your board.", "No tienes esa tech en tu tablero."
    if kind == "clear":
        return ("That continent is not minor-locked, or you cannot pay 2 tachyons.",
                "Ese continente no tiene bloqueo menor, o no puedes pagar 2 taquiones.")
    if kind == "roll":
        return "That face is rolled again (permanently locked continent).", "Esa cara se repite (continente bloqueado para siempre)."
    return "That is not allowed now.", "Eso no está permitido ahora."


# ------------------------------------------------------------------------------ registration
def _metadata(options):
    return {"content": PACK["name"]}


OPTIONS = (
    Option("mandatory_era", False, doc_en="Variant 1: every time move includes an era step; time moves do not move the agent.",
           doc_es="Variante 1: todo movimiento temporal incluye un paso de era; no mueve al agente."),
    Option("sell_missions", False, doc_en="Variant 2: the Museum buys missions of permanently locked continents for 2 tachyons.",
           doc_es="Variante 2: el Museo compra misiones de continentes bloqueados para siempre por 2 taquiones."),
    Option("first_loses", False, doc_en="Variant 3: if everyone loses, the last-placed player wins and the leader is the grand loser.",
           doc_es="Variante 3: si todos pierden, gana el que va último y el que va primero es el gran perdedor."),
    Option("more_missions", False, doc_en="Variant 4: draw 3 keep 2 at set-up and at the Console; -2 per unfinished mission. Not with variant 2.",
           doc_es="Variante 4: roba 3 y quédate 2 al preparar y en la Consola; -2 por misión sin completar. No con la variante 2."),
    Option("no_museum_techs", False, doc_en="Variant 5: no buying techs at the Museum.",
           doc_es="Variante 5: no se compran techs en el Museo."),
    Option("max_rounds", 60, minimum=0, maximum=500, house=True,
           doc_en="Safety valve: the game ends and is scored after this many rounds (0: no limit).",
           doc_es="Válvula de seguridad: la partida termina y se puntúa tras estas rondas (0: sin límite)."),
)

SPEC = register(GameSpec(
    name="takyon", title_en="Takyon", title_es="Takyon", state_class=TakyonState,
    min_players=2, max_players=5, default_players=3, max_legal=NUM_ACTIONS, num_distinct_actions=NUM_ACTIONS,
    options=OPTIONS, ruleset="azahar-takyon-2023+turnpost-house-1", content_version=PACK["name"],
    hidden_information=True,
    # Measured by benchmarks/takyon_strength.py: win shares from the heuristic differ by hundredths
    # between moves, so a small exploration constant; uncut random rollouts to a 60-round end say
    # little, so rollouts stop after 5 decisions and the heuristic scores them.
    search_defaults={"rollout_depth": 5, "c": 0.2},
    conformance=({"players": 2}, {"players": 3}, {"players": 4}, {"players": 5},
                 {"players": 3, "mandatory_era": True}, {"players": 3, "sell_missions": True},
                 {"players": 3, "first_loses": True}, {"players": 4, "more_missions": True},
                 {"players": 3, "no_museum_techs": True},
                 {"players": 5, "mandatory_era": True, "first_loses": True, "more_missions": True,
                  "no_museum_techs": True}),
    extra_metadata=_metadata))

# byte comparison and hashing of states rely on the struct having no compiler padding
cdef TkS _probe
if sizeof(TkS) != <size_t>(<char*>&_probe.pad[3] - <char*>&_probe):
    raise ImportError("TkS has trailing padding: adjust TkS.pad")
