# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""That Time You Killed Me (base game and chapters 1-4), rules as fixed by /work/shared/rules/ttykm.md.

Decisions are small ints (see the A_* constants): a turn is SELECT (0..15: the square of one of your
copies on your focus era), then L actions (16..51) with that copy, then FOCUS (52..54: the new era).
L is fixed at the start of the turn: the longest sequence (0, 1 or 2) any of your copies on the focus
era can take; only copies that can reach L are selectable, and only first actions that keep L reachable
are legal. PASS (55) exists only with the ``voluntary_pass`` house option.

Text, rendering and messages live in engine/ttykm_text.py; this module holds the rules and the JSON.
"""
from libc.stdint cimport uint8_t, int8_t, uint16_t, uint32_t, uint64_t, int32_t
from libc.string cimport memset, memcpy

from engine.core cimport State, TERMINAL_PLAYER
from engine.rng cimport fnv1a, FNV_OFFSET

from engine.errors import IllegalActionError, OptionError, ParseError
from engine.registry import GameSpec, Option, register
from engine import ttykm_text as _text

cdef extern from *:
    """
    static inline int ttykm_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    """
    int ctz64 "ttykm_ctz64"(uint64_t x) noexcept nogil

cdef enum:
    EMPTY = 0
    WCOPY = 1                # + seat: 1 white copy, 2 black copy
    BCOPY = 2
    SHRUB = 3
    TREE = 4                 # a standing tree (its root is its own square)
    FALLEN = 5
    STATUE = 6               # + colour: 6 neutral, 7 white, 8 black
    ELEPHANT = 9             # + 0 dark, 10 light
    KIND = 0x0F
    SEED = 0x10

    GROWTH = 1
    INFLUENCE = 2
    MEMORY = 4

    A_SELECT = 0             # + square 0..15
    A_MOVE = 16              # + direction (0 N, 1 E, 2 S, 3 W)
    A_PULL = 20              # move dragging the statue behind the copy
    A_FORWARD = 24
    A_BACK = 25
    A_PLANT = 26             # + 0 here, 1 + direction
    A_UPROOT = 31            # + 0 here, 1 + direction
    A_BUILD = 36             # + direction
    A_TRAIN = 40             # + direction of the elephant
    A_COMMAND = 44           # + direction the elephant moves
    A_CMDPULL = 48           # command, the elephant dragging the statue behind it
    A_FOCUS = 52             # + era
    A_PASS = 55
    N_ACTIONS = 56

    PH_SELECT = 0
    PH_ACT = 1
    PH_REFOCUS = 2
    PH_OVER = 3

# Per-action bookkeeping: who acts (credited with kills), where the acting copy is now, which statues
# moved in which era (for propagation to later eras), seeds whose growth must be undone, and a build
# that still has to appear in later eras.
ctypedef struct Ctx:
    int8_t player
    int8_t ae
    int8_t asq               # -1 once the acting copy died
    int8_t build_sq          # -1: no pending build
    int8_t build_dir
    int8_t moved[3][3]       # [era][statue colour]: direction + 1 if it moved there this action
    uint16_t ungrow_shrub[3] # [era]: squares whose shrub goes (their seed one era earlier went)
    uint16_t ungrow_tree[3]  # [era]: roots whose trees go (their seed two eras earlier went)

cdef int8_t NB[16][4]        # neighbour of a square in a direction, -1 beyond the wall
cdef Ctx NO_MOVES            # all zero: "no statue moved yet", for legality checks before an action
memset(&NO_MOVES, 0, sizeof(Ctx))
cdef int _q, _d, _r, _c
for _q in range(16):
    _r = _q // 4
    _c = _q % 4
    NB[_q][0] = _q - 4 if _r > 0 else -1
    NB[_q][1] = _q + 1 if _c < 3 else -1
    NB[_q][2] = _q + 4 if _r < 3 else -1
    NB[_q][3] = _q - 1 if _c > 0 else -1


cdef inline int kind_at(Pos* p, int e, int q) noexcept nogil:
    return p.cell[e][q] & KIND


cdef inline bint is_copy(int k) noexcept nogil:
    return k == WCOPY or k == BCOPY


cdef inline bint is_statue(int k) noexcept nogil:
    return STATUE <= k < ELEPHANT


cdef inline int find_kind(Pos* p, int e, int k) noexcept nogil:
    cdef int q
    for q in range(16):
        if (p.cell[e][q] & KIND) == k:
            return q
    return -1


cdef inline void ctx_init(Ctx* c, int player, int e, int q) noexcept nogil:
    memset(c, 0, sizeof(Ctx))
    c.player = player
    c.ae = e
    c.asq = q
    c.build_sq = -1


# ---------------------------------------------------------------------------------------- hashing
cdef inline uint64_t _mix(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef uint64_t pos_hash(Pos* p) noexcept nogil:
    """Hash of everything that makes a position for repetition (the dead counts are left out)."""
    cdef const uint8_t* b = <const uint8_t*>p
    cdef uint64_t h = 0x243F6A8885A308D3, w
    cdef int i
    for i in range(POS_HASHED // 8):
        memcpy(&w, b + 8 * i, 8)
        h = (h ^ w) * <uint64_t>0x9E3779B97F4A7C15
        h ^= h >> 29
    return _mix(h)


cdef inline uint32_t material_key(Pos* p) noexcept nogil:
    # Supplies only shrink, the dead only grow and statues are built once, so a change of this key
    # means no earlier position can come back.
    return (p.supply[0] | (p.supply[1] << 4) | ((p.dead[0][0] + p.dead[0][1]) << 8)
            | ((p.dead[1][0] + p.dead[1][1]) << 12) | (p.built[0] << 16) | (p.built[1] << 17))


# ---------------------------------------------------------------------------------- basic effects
cdef inline void move_obj(Pos* p, Ctx* c, int e, int src, int dst) noexcept nogil:
    # Seeds belong to squares: a copy leaves its seed behind and stands on the one it reaches.
    cdef uint8_t obj = p.cell[e][src] & KIND
    p.cell[e][src] &= SEED
    p.cell[e][dst] = (p.cell[e][dst] & SEED) | obj
    if c.ae == e and c.asq == src:
        c.asq = dst


cdef inline void schedule_ungrow(Ctx* c, int e, int q) noexcept nogil:
    if e + 1 < 3:
        c.ungrow_shrub[e + 1] |= <uint16_t>(1 << q)
    if e + 2 < 3:
        c.ungrow_tree[e + 2] |= <uint16_t>(1 << q)


cdef inline void destroy_seed(Pos* p, Opts* o, Ctx* c, int e, int q) noexcept nogil:
    p.cell[e][q] &= KIND
    p.seeds_gone += 1
    if o.ungrow:
        schedule_ungrow(c, e, q)


cdef inline void kill_copy(Pos* p, Opts* o, Ctx* c, int e, int q, bint crushed) noexcept nogil:
    # Fine point 6: crushed copies take their seed with them; copies pushed to death leave it.
    cdef int owner = (p.cell[e][q] & KIND) - WCOPY
    p.dead[owner][c.player] += 1
    p.cell[e][q] &= SEED
    if crushed and (p.cell[e][q] & SEED):
        destroy_seed(p, o, c, e, q)
    if c.ae == e and c.asq == q:
        c.asq = -1


cdef bint can_push(Pos* p, Ctx* c, int e, int q, int d) noexcept nogil:
    """Can the object on q be displaced one square in direction d? Copies always can (they move or
    die); a statue or a standing tree only if the whole chain in front of it can; nothing else can."""
    cdef int k = p.cell[e][q] & KIND, t
    if k <= BCOPY:
        return True
    if is_statue(k):
        if c.moved[e][k - STATUE]:
            return False         # fine point 11: a statue moves at most once per era per action
    elif k != TREE:
        return False
    t = NB[q][d]
    if t < 0:
        return False
    return can_enter(p, c, e, t, d)


cdef inline bint can_enter(Pos* p, Ctx* c, int e, int t, int d) noexcept nogil:
    # Where a pushed statue or a falling tree may arrive (the same squares for both, fine points 2-4).
    cdef int k = p.cell[e][t] & KIND
    if k <= BCOPY:
        return True
    if k == TREE or is_statue(k):
        return can_push(p, c, e, t, d)
    return False


cdef void push(Pos* p, Opts* o, Ctx* c, int e, int q, int d) noexcept nogil:
    """Displace the object on q in direction d, resolving the chain in front of it. For statues and
    trees the caller has checked can_push."""
    cdef int k = p.cell[e][q] & KIND
    cdef int t = NB[q][d]
    cdef int tk
    if is_copy(k):
        if t < 0:
            kill_copy(p, o, c, e, q, False)
            return
        tk = p.cell[e][t] & KIND
        if is_copy(tk):
            if tk == k and not (k - WCOPY == c.player and not o.own_paradox):
                # paradox: both die and the chain stops here (fine point 5)
                kill_copy(p, o, c, e, t, False)
                kill_copy(p, o, c, e, q, False)
                return
            push(p, o, c, e, t, d)
        elif tk == TREE or is_statue(tk):
            if not can_push(p, c, e, t, d):
                kill_copy(p, o, c, e, q, False)
                return
            push(p, o, c, e, t, d)
        elif tk != EMPTY:
            kill_copy(p, o, c, e, q, False)    # shrub, fallen tree, elephant
            return
        move_obj(p, c, e, q, t)
    elif is_statue(k):
        tk = p.cell[e][t] & KIND
        if tk != EMPTY:
            push(p, o, c, e, t, d)
        if p.cell[e][t] & SEED:
            destroy_seed(p, o, c, e, t)
        move_obj(p, c, e, q, t)
        c.moved[e][k - STATUE] = d + 1
    elif k == TREE:
        tk = p.cell[e][t] & KIND
        if is_copy(tk):
            kill_copy(p, o, c, e, t, True)
        elif tk != EMPTY:
            push(p, o, c, e, t, d)
        if p.cell[e][t] & SEED:
            destroy_seed(p, o, c, e, t)
        p.cell[e][q] = EMPTY
        p.cell[e][t] = FALLEN
        p.root[e][t] = q


cdef inline bint elephant_can_move(Pos* p, Ctx* c, int e, int x, int d) noexcept nogil:
    cdef int t = NB[x][d], k
    if t < 0:
        return False
    k = p.cell[e][t] & KIND
    if k <= FALLEN and k != TREE:
        return True      # empty, seed, copy (crushed), shrub or fallen tree (trampled)
    if k == TREE or is_statue(k):
        return can_push(p, c, e, t, d)
    return False


cdef void elephant_move(Pos* p, Opts* o, Ctx* c, int e, int x, int d, bint pull) noexcept nogil:
    cdef int t = NB[x][d], s, k = p.cell[e][t] & KIND
    if is_copy(k):
        kill_copy(p, o, c, e, t, True)
    elif k == SHRUB:
        p.cell[e][t] = EMPTY       # trampling un-grows nothing (fine point 7)
    elif k == FALLEN:
        p.cell[e][t] = EMPTY
        p.root[e][t] = 0
    elif k != EMPTY:
        push(p, o, c, e, t, d)
    if p.cell[e][t] & SEED:
        destroy_seed(p, o, c, e, t)
    move_obj(p, c, e, x, t)
    if pull:
        s = NB[x][d ^ 2]
        k = p.cell[e][s] & KIND
        move_obj(p, c, e, s, x)
        c.moved[e][k - STATUE] = d + 1


cdef int try_place_statue(Pos* p, Opts* o, Ctx* c, int e, int q, int d, int colour) noexcept nogil:
    """A later-era copy of a built statue arriving on q as if pushed in direction d: 0 placed,
    1 stopped by a seed (fine point 10), 2 blocked by something that cannot move."""
    cdef int k = p.cell[e][q]
    if k & SEED:
        return 1
    if k != EMPTY:
        if not is_copy(k) and not ((k == TREE or is_statue(k)) and can_push(p, c, e, q, d)):
            return 2
        push(p, o, c, e, q, d)
    p.cell[e][q] = STATUE + colour
    return 0


cdef void resolve_later(Pos* p, Opts* o, Ctx* c, int e0) noexcept nogil:
    """Carry an action's consequences into the later eras, each completely before the next:
    removals (un-growing), then placements (a build), then propagated statue moves (fine points 11-12)."""
    cdef int k, q, col, d1, x, r
    cdef uint16_t m
    for k in range(e0 + 1, 3):
        m = c.ungrow_shrub[k]
        while m:
            q = ctz64(m)
            m &= m - 1
            if (p.cell[k][q] & KIND) == SHRUB:
                p.cell[k][q] = EMPTY
        m = c.ungrow_tree[k]
        if m:
            for q in range(16):
                if (p.cell[k][q] & KIND) == TREE and (m >> q) & 1:
                    p.cell[k][q] = EMPTY
                elif (p.cell[k][q] & KIND) == FALLEN and (m >> p.root[k][q]) & 1:
                    p.cell[k][q] = EMPTY
                    p.root[k][q] = 0
        if c.build_sq >= 0:
            col = 1 + c.player
            r = try_place_statue(p, o, c, k, c.build_sq, c.build_dir, col)
            if r == 2 and o.rebound:
                # the statue moves one square back instead; later eras repeat the rebounded placement
                x = NB[c.build_sq][c.build_dir ^ 2]
                if x >= 0 and try_place_statue(p, o, c, k, x, c.build_dir ^ 2, col) == 0:
                    c.build_sq = x
                    c.build_dir = c.build_dir ^ 2
                    r = 0
            if r != 0:
                c.build_sq = -1
        for col in range(3):
            d1 = c.moved[k - 1][col]
            if d1 and not c.moved[k][col]:
                x = find_kind(p, k, STATUE + col)
                if x >= 0 and can_push(p, c, k, x, d1 - 1):
                    push(p, o, c, k, x, d1 - 1)


# -------------------------------------------------------------------------- actions of a copy
cdef inline int my_elephant(Pos* p, int e, int player) noexcept nogil:
    if p.hat[e][0] == player + 1:
        return 0
    if p.hat[e][1] == player + 1:
        return 1
    return -1


cdef uint64_t gen_act(Pos* p, Opts* o, int e, int q, int player, bint any_one) noexcept nogil:
    """The legal actions (bit = action id) of the copy on (e, q); with any_one, stop at the first."""
    cdef uint64_t m = 0
    cdef int d, t, k, el, x
    cdef int mine = WCOPY + player
    cdef Ctx* c = &NO_MOVES
    for d in range(4):
        t = NB[q][d]
        if t < 0:
            continue
        k = p.cell[e][t] & KIND
        if k == EMPTY or (is_copy(k) and k != mine) or ((k == TREE or is_statue(k)) and can_push(p, c, e, t, d)):
            m |= (<uint64_t>1) << (A_MOVE + d)
            if any_one:
                return m
            if o.chapter & INFLUENCE:
                x = NB[q][d ^ 2]
                if x >= 0 and is_statue(p.cell[e][x] & KIND):
                    m |= (<uint64_t>1) << (A_PULL + d)
    if e < 2 and (p.cell[e + 1][q] & KIND) == EMPTY:
        m |= (<uint64_t>1) << A_FORWARD
        if any_one:
            return m
    if e > 0 and p.supply[player] > 0 and (p.cell[e - 1][q] & KIND) == EMPTY:
        m |= (<uint64_t>1) << A_BACK
        if any_one:
            return m
    if o.chapter & GROWTH:
        for d in range(5):
            t = q if d == 0 else NB[q][d - 1]
            if t < 0:
                continue
            k = p.cell[e][t]
            if k & SEED:
                m |= (<uint64_t>1) << (A_UPROOT + d)
            elif p.seeds > 0 and k <= BCOPY:
                m |= (<uint64_t>1) << (A_PLANT + d)
        if any_one and m:
            return m
    if o.chapter & INFLUENCE and not p.built[player]:
        for d in range(4):
            t = NB[q][d]
            if t >= 0 and p.cell[e][t] == EMPTY:
                m |= (<uint64_t>1) << (A_BUILD + d)
        if any_one and m:
            return m
    if o.chapter & MEMORY:
        for d in range(4):
            t = NB[q][d]
            if t < 0:
                continue
            k = p.cell[e][t] & KIND
            if k >= ELEPHANT and p.hat[e][k - ELEPHANT] != player + 1:
                m |= (<uint64_t>1) << (A_TRAIN + d)
        el = my_elephant(p, e, player)
        if el >= 0:
            x = find_kind(p, e, ELEPHANT + el)
            if not o.cmd_adjacent or NB[x][0] == q or NB[x][1] == q or NB[x][2] == q or NB[x][3] == q:
                for d in range(4):
                    if elephant_can_move(p, c, e, x, d):
                        m |= (<uint64_t>1) << (A_COMMAND + d)
                        if o.chapter & INFLUENCE:
                            t = NB[x][d ^ 2]
                            if t >= 0 and is_statue(p.cell[e][t] & KIND):
                                m |= (<uint64_t>1) << (A_CMDPULL + d)
    return m


cdef void apply_act(Pos* p, Opts* o, Ctx* c, int a) noexcept nogil:
    """Apply action a of the acting copy (c.ae, c.asq); c tracks where that copy ends up."""
    cdef int e = c.ae, q = c.asq, player = c.player, d, t, el, k, x, grown
    if a < A_FORWARD:
        d = (a - A_MOVE) & 3
        t = NB[q][d]
        if (p.cell[e][t] & KIND) != EMPTY:
            push(p, o, c, e, t, d)
        move_obj(p, c, e, q, t)
        if a >= A_PULL:
            x = NB[q][d ^ 2]
            if p.cell[e][q] & SEED:
                destroy_seed(p, o, c, e, q)
            k = p.cell[e][x] & KIND
            move_obj(p, c, e, x, q)
            c.moved[e][k - STATUE] = d + 1
    elif a == A_FORWARD:
        p.cell[e + 1][q] = (p.cell[e + 1][q] & SEED) | (WCOPY + player)
        p.cell[e][q] &= SEED
        c.ae = e + 1
        return
    elif a == A_BACK:
        # the acting copy goes back; the copy left standing here comes from the supply
        p.cell[e - 1][q] = (p.cell[e - 1][q] & SEED) | (WCOPY + player)
        p.supply[player] -= 1
        c.ae = e - 1
        return
    elif a < A_UPROOT:
        d = a - A_PLANT
        t = q if d == 0 else NB[q][d - 1]
        p.cell[e][t] |= SEED
        p.seeds -= 1
        grown = 0
        if e + 1 < 3 and p.cell[e + 1][t] == EMPTY:
            p.cell[e + 1][t] = SHRUB
            grown = 1
        if grown and e + 2 < 3 and p.cell[e + 2][t] == EMPTY:
            p.cell[e + 2][t] = TREE
        return
    elif a < A_BUILD:
        d = a - A_UPROOT
        t = q if d == 0 else NB[q][d - 1]
        p.cell[e][t] &= KIND
        p.seeds += 1
        schedule_ungrow(c, e, t)
    elif a < A_TRAIN:
        d = a - A_BUILD
        t = NB[q][d]
        p.cell[e][t] = STATUE + 1 + player
        p.built[player] = 1
        c.build_sq = t
        c.build_dir = d
    elif a < A_COMMAND:
        d = a - A_TRAIN
        el = (p.cell[e][NB[q][d]] & KIND) - ELEPHANT
        for k in range(e, 3):
            if k > e and p.hat[k][el] == player + 1:
                break
            if p.hat[k][1 - el] == player + 1:
                p.hat[k][1 - el] = 0
            p.hat[k][el] = player + 1
        return
    else:
        d = (a - A_COMMAND) & 3
        el = my_elephant(p, e, player)
        x = find_kind(p, e, ELEPHANT + el)
        elephant_move(p, o, c, e, x, d, a >= A_CMDPULL)
    resolve_later(p, o, c, e)


cdef inline uint64_t sure_second(Pos* p, int player) noexcept nogil:
    # First actions that always leave a second one, so the lookahead can skip them: after a plain move
    # the copy can step back (it never dies walking and nothing refills the square it left); after a
    # forward travel it can travel back if the supply has a copy; after planting it can uproot that seed,
    # and after uprooting it can plant there again.
    cdef uint64_t m = ((<uint64_t>0xF) << A_MOVE) | ((<uint64_t>0x3FF) << A_PLANT)
    if p.supply[player] > 0:
        m |= (<uint64_t>1) << A_FORWARD
    return m


cdef uint64_t reaching_two(Pos* p, Opts* o, int e, int q, int player, uint64_t m1, bint any_one) noexcept nogil:
    """The first actions in m1 after which the same copy is alive and has a second action."""
    cdef Pos scratch
    cdef Ctx c
    cdef uint64_t res = m1 & sure_second(p, player), m
    cdef int a
    if any_one and res:
        return res
    m = m1 & ~res
    while m:
        a = ctz64(m)
        m &= m - 1
        memcpy(&scratch, p, sizeof(Pos))
        ctx_init(&c, player, e, q)
        apply_act(&scratch, o, &c, a)
        if c.asq >= 0 and gen_act(&scratch, o, c.ae, c.asq, player, True) != 0:
            res |= (<uint64_t>1) << a
            if any_one:
                return res
    return res


# ------------------------------------------------------------------------------- turn structure
cdef void start_turn(TS* s) noexcept nogil:
    """Fix L and the selectable copies for the player to move."""
    cdef Pos* p = &s.pos
    cdef int pl = p.to_move, e = p.focus[pl], q
    cdef uint16_t sel1 = 0, sel2 = 0
    cdef uint64_t m1
    s.phase = PH_SELECT
    s.acts_done = 0
    s.act_era = -1
    s.act_sq = -1
    s.first_mask = 0
    for q in range(16):
        if (p.cell[e][q] & KIND) == WCOPY + pl:
            m1 = gen_act(p, &s.o, e, q, pl, True)
            if m1 == 0:
                continue
            sel1 |= <uint16_t>(1 << q)
            if m1 & sure_second(p, pl):
                sel2 |= <uint16_t>(1 << q)
                continue
            m1 = gen_act(p, &s.o, e, q, pl, False)
            if reaching_two(p, &s.o, e, q, pl, m1, True):
                sel2 |= <uint16_t>(1 << q)
    if sel2:
        s.L = 2
        s.sel_mask = sel2
    elif sel1:
        s.L = 1
        s.sel_mask = sel1
    else:
        s.L = 0
        s.sel_mask = 0
        s.phase = PH_REFOCUS


cdef void compute_first(TS* s) noexcept nogil:
    cdef int pl = s.pos.to_move
    cdef uint64_t m1 = gen_act(&s.pos, &s.o, s.act_era, s.act_sq, pl, False)
    if s.L == 2:
        m1 = reaching_two(&s.pos, &s.o, s.act_era, s.act_sq, pl, m1, False)
    s.first_mask = m1


cdef int eras_with(Pos* p, int pl) noexcept nogil:
    cdef int e, q, n = 0
    for e in range(3):
        for q in range(16):
            if (p.cell[e][q] & KIND) == WCOPY + pl:
                n += 1
                break
    return n


cdef void end_turn(TS* s) noexcept nogil:
    cdef Pos* p = &s.pos
    cdef int mover = p.to_move, i, count = 0
    cdef uint64_t h
    cdef uint32_t key
    s.turn += 1
    s.act_era = -1
    s.act_sq = -1
    s.L = 0                  # canonical turn fields, so a finished game round-trips through JSON
    s.acts_done = 0
    if eras_with(p, 1 - mover) <= 1:
        s.phase = PH_OVER
        s.winner = mover
        s.reason = 1
        return
    p.to_move = 1 - mover
    h = pos_hash(p)
    key = material_key(p)
    if key != s.rep_key:
        s.rep_key = key
        s.rep_start = s.hist_n
    for i in range(s.rep_start, s.hist_n):
        if s.hist[i] == h:
            count += 1
    s.hist[s.hist_n] = h
    s.hist_n += 1
    if s.o.repetition and count + 1 >= s.o.repetition:
        s.phase = PH_OVER
        s.winner = 2
        s.reason = 2
    elif s.turn >= s.o.turn_limit:
        s.phase = PH_OVER
        s.winner = 2
        s.reason = 3
    else:
        start_turn(s)


cdef void apply_decision(TS* s, int a) noexcept nogil:
    cdef Ctx c
    s.decisions += 1
    if s.phase == PH_SELECT:
        if a == A_PASS:
            s.sel_mask = 0
            s.phase = PH_REFOCUS
            return
        s.act_era = s.pos.focus[s.pos.to_move]
        s.act_sq = a
        s.sel_mask = 0
        s.phase = PH_ACT
        compute_first(s)
    elif s.phase == PH_ACT:
        s.first_mask = 0
        if a == A_PASS:
            s.phase = PH_REFOCUS
            s.act_era = -1
            s.act_sq = -1
            return
        ctx_init(&c, s.pos.to_move, s.act_era, s.act_sq)
        apply_act(&s.pos, &s.o, &c, a)
        s.act_era = c.ae
        s.act_sq = c.asq
        s.acts_done += 1
        if s.acts_done >= s.L or c.asq < 0:
            s.phase = PH_REFOCUS
            s.act_era = -1
            s.act_sq = -1
    elif s.phase == PH_REFOCUS:
        s.pos.focus[s.pos.to_move] = a - A_FOCUS
        end_turn(s)


cdef int legal_decisions(TS* s, int* out) noexcept nogil:
    cdef int k = 0, a, e
    cdef uint64_t m
    if s.phase == PH_SELECT:
        m = s.sel_mask
    elif s.phase == PH_ACT:
        if s.acts_done == 0:
            m = s.first_mask
        else:
            m = gen_act(&s.pos, &s.o, s.act_era, s.act_sq, s.pos.to_move, False)
    elif s.phase == PH_REFOCUS:
        for e in range(3):
            if e != s.pos.focus[s.pos.to_move]:
                out[k] = A_FOCUS + e
                k += 1
        return k
    else:
        return 0
    while m:
        a = ctz64(m)
        m &= m - 1
        out[k] = a
        k += 1
    if s.o.allow_pass:
        out[k] = A_PASS
        k += 1
    return k


cdef int check_ts(TS* s) noexcept nogil:
    """0 if the structural invariants hold, else the number of the first broken one."""
    cdef Pos* p = &s.pos
    cdef int e, q, k, pl, r, cnt[11], seeds = 0
    cdef int onboard[2]
    onboard[0] = 0
    onboard[1] = 0
    for e in range(3):
        for k in range(11):
            cnt[k] = 0
        for q in range(16):
            k = p.cell[e][q] & KIND
            if k > ELEPHANT + 1 or (p.cell[e][q] & ~(KIND | SEED)):
                return 1
            cnt[k] += 1
            if p.cell[e][q] & SEED:
                seeds += 1
                if k > BCOPY:
                    return 2             # only a copy may share a square with a seed
            if k == FALLEN:
                r = p.root[e][q]
                if r < 0 or r > 15 or not (NB[q][0] == r or NB[q][1] == r or NB[q][2] == r or NB[q][3] == r):
                    return 3             # a fallen tree lies next to its root
            elif p.root[e][q] != 0:
                return 4
        onboard[0] += cnt[WCOPY]
        onboard[1] += cnt[BCOPY]
        if not (s.o.chapter & GROWTH) and (cnt[SHRUB] or cnt[TREE] or cnt[FALLEN]):
            return 6
        for k in range(3):
            if cnt[STATUE + k] > 1:
                return 7                 # one statue of each colour per era
        if (s.o.chapter & MEMORY):
            if cnt[ELEPHANT] != 1 or cnt[ELEPHANT + 1] != 1:
                return 8                 # every era has both elephants
            if p.hat[e][0] > 2 or p.hat[e][1] > 2 or (p.hat[e][0] != 0 and p.hat[e][0] == p.hat[e][1]):
                return 9                 # a player's hat is on at most one elephant per era
        elif cnt[ELEPHANT] or cnt[ELEPHANT + 1] or p.hat[e][0] or p.hat[e][1]:
            return 10
        if not (s.o.chapter & INFLUENCE) and (cnt[STATUE] or cnt[STATUE + 1] or cnt[STATUE + 2]):
            return 11
        for k in range(2):
            if cnt[STATUE + 1 + k] and not p.built[k]:
                return 12
    for pl in range(2):
        if onboard[pl] + p.supply[pl] + p.dead[pl][0] + p.dead[pl][1] != 7:
            return 13                    # copies are conserved
    if s.o.chapter & GROWTH:
        if seeds + p.seeds + p.seeds_gone != 5:
            return 14                    # seeds are conserved
    elif seeds or p.seeds or p.seeds_gone:
        return 15
    if s.phase == PH_ACT:
        if s.act_era < 0 or s.act_sq < 0 or (p.cell[s.act_era][s.act_sq] & KIND) != WCOPY + p.to_move:
            return 16                    # the acting copy is a live copy of the mover
        if s.acts_done >= s.L and not s.o.allow_pass:
            return 17
    if s.phase == PH_OVER and s.winner < 0:
        return 18
    if s.phase != PH_OVER and s.winner >= 0:
        return 19
    if s.hist_n > s.turn + 1 or s.hist_n == 0:
        return 20
    return 0


# ----------------------------------------------------------------------------------- Python surface
ERAS = ("past", "present", "future")
SEATS = ("white", "black")
DIRS = ("N", "E", "S", "W")
PHASES = ("select", "act", "refocus", "over")
REASONS = (None, "win", "repetition", "turn_limit")
STATUE_COLOURS = ("neutral", "white", "black")
ELEPHANTS = ("dark", "light")
CHAPTERS = {"base": 0, "growth": GROWTH, "influence": INFLUENCE, "memory": MEMORY,
            "growth+influence": GROWTH | INFLUENCE, "growth+memory": GROWTH | MEMORY,
            "influence+memory": INFLUENCE | MEMORY}


def _opt_error(en, es, name):
    return OptionError(en, es, details={"option": name})


cdef class TTYKMState(State):
    """A position of That Time You Killed Me (perfect information: every seat sees everything)."""

    def _setup(self, uint64_t seed):
        cdef Pos* p = &self.s.pos
        cdef int e
        memset(&self.s, 0, sizeof(TS))
        self._read_options()
        for e in range(3):
            p.cell[e][0] = WCOPY
            p.cell[e][15] = BCOPY
        p.supply[0] = 4
        p.supply[1] = 4
        p.focus[0] = 0
        p.focus[1] = 2
        opts = self.game.options
        if self.s.o.chapter & GROWTH:
            p.seeds = 5
        if self.s.o.chapter & INFLUENCE and opts["statue_square"]:
            for e in range(3):
                p.cell[e][opts["statue_square"] - 1] = STATUE
        if self.s.o.chapter & MEMORY:
            for e in range(3):
                p.cell[e][opts["dark_elephant_square"] - 1] = ELEPHANT
                p.cell[e][opts["light_elephant_square"] - 1] = ELEPHANT + 1
        self.s.winner = -1
        self.s.hist[0] = pos_hash(p)
        self.s.hist_n = 1
        self.s.rep_key = material_key(p)
        start_turn(&self.s)

    def _read_options(self):
        opts = self.game.options
        cdef Opts* o = &self.s.o
        o.chapter = CHAPTERS[opts["chapter"]]
        o.allow_pass = bool(opts["voluntary_pass"])
        o.own_paradox = bool(opts["own_copy_paradox"])
        o.ungrow = bool(opts["ungrow_destroyed_seeds"])
        o.rebound = opts["build_rule"] == "rebound"
        o.cmd_adjacent = opts["command_reach"] == "adjacent"
        o.repetition = opts["repetition"]
        o.turn_limit = opts["turn_limit"]
        used = [1, 16]
        if o.chapter & INFLUENCE and opts["statue_square"]:
            used.append(opts["statue_square"])
        if o.chapter & MEMORY:
            used += [opts["dark_elephant_square"], opts["light_elephant_square"]]
        if len(set(used)) != len(used):
            raise _opt_error("The statue, the elephants and the starting copies need different squares.",
                             "La estatua, los elefantes y las copias iniciales necesitan casillas distintas.",
                             "statue_square")

    # ------------------------------------------------------------------ C level
    cdef void* c_struct(self) noexcept nogil:
        return &self.s

    cdef size_t c_struct_size(self) noexcept nogil:
        return sizeof(TS)

    cdef int c_current_player(self) noexcept nogil:
        if self.s.phase == PH_OVER:
            return TERMINAL_PLAYER
        return self.s.pos.to_move

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        return legal_decisions(&self.s, out)

    cdef void c_apply(self, int action) noexcept nogil:
        apply_decision(&self.s, action)

    cdef bint c_is_terminal(self) noexcept nogil:
        return self.s.phase == PH_OVER

    cdef void c_returns(self, double* out) noexcept nogil:
        out[0] = 0.0
        out[1] = 0.0
        if self.s.phase == PH_OVER and self.s.winner < 2:
            out[self.s.winner] = 1.0
            out[1 - self.s.winner] = -1.0

    cdef int c_decision_count(self) noexcept nogil:
        return self.s.decisions

    cdef int c_check(self) noexcept nogil:
        return check_ts(&self.s)

    cdef uint64_t c_info_hash(self, int viewer) noexcept nogil:
        # Perfect information; the unused tail of the history is all zeros, so it is left out.
        return fnv1a(&self.s, sizeof(TS) - sizeof(uint64_t) * (MAX_TURNS + 1 - self.s.hist_n), FNV_OFFSET)

    cdef bint c_evaluate(self, double* out) noexcept nogil:
        # Material and presence: each era a player still holds is worth 0.25, each copy alive
        # (board or supply) 0.04, seen from the player to move; clamped to (-0.9, 0.9) so it never
        # claims a certain result.
        cdef Pos* p = &self.s.pos
        cdef double v[2]
        cdef double x
        cdef int pl
        for pl in range(2):
            v[pl] = 0.25 * eras_with(p, pl) + 0.04 * (7 - p.dead[pl][0] - p.dead[pl][1])
        x = v[0] - v[1]
        if x > 0.9:
            x = 0.9
        if x < -0.9:
            x = -0.9
        out[0] = x
        out[1] = -x
        return True

    # ------------------------------------------------------------------ helpers for the Python surface
    def _acting(self):
        """(era, square 0..15) of the acting copy, or None."""
        if self.s.phase == PH_ACT and self.s.act_sq >= 0:
            return (self.s.act_era, self.s.act_sq)
        return None

    def _phase(self):
        return PHASES[self.s.phase]

    def _raw_actions(self):
        """Every action the acting copy could take now, ignoring the longest-sequence rule."""
        if self.s.phase != PH_ACT:
            return []
        m = gen_act(&self.s.pos, &self.s.o, self.s.act_era, self.s.act_sq, self.s.pos.to_move, False)
        return [a for a in range(64) if (m >> a) & 1]

    def _copy_actions(self, int era, int sq):
        """Every action the mover's copy on (era, sq) could take, ignoring the longest-sequence rule."""
        m = gen_act(&self.s.pos, &self.s.o, era, sq, self.s.pos.to_move, False)
        return [a for a in range(64) if (m >> a) & 1]

    def _cell(self, int e, int q):
        """(kind, has_seed, root) of a square: kind is one of 'empty', 'copy-white', 'shrub', ..."""
        c = self.s.pos.cell[e][q]
        return (_KIND_NAMES[c & KIND], bool(c & SEED), self.s.pos.root[e][q])

    def _can_push(self, int e, int q, int d):
        cdef Ctx c
        ctx_init(&c, self.s.pos.to_move, -1, -1)
        return bool(can_push(&self.s.pos, &c, e, q, d))

    def _elephant_can_move(self, int e, int x, int d):
        cdef Ctx c
        ctx_init(&c, self.s.pos.to_move, -1, -1)
        return bool(elephant_can_move(&self.s.pos, &c, e, x, d))

    def _chapter_flags(self):
        return {"growth": bool(self.s.o.chapter & GROWTH), "influence": bool(self.s.o.chapter & INFLUENCE),
                "memory": bool(self.s.o.chapter & MEMORY)}

    def _focus_era(self):
        return self.s.pos.focus[self.s.pos.to_move]

    def _required(self):
        return self.s.L

    def _position_hash(self):
        return pos_hash(&self.s.pos)

    # ------------------------------------------------------------------ JSON
    def to_json(self, viewer=None):
        """The whole position (perfect information, so every view is the same)."""
        cdef Pos* p = &self.s.pos
        eras = {}
        for e in range(3):
            eras[ERAS[e]] = [self._square_json(e, q) for q in range(16)]
        hats_used = [0, 0]
        for e in range(3):
            for el in range(2):
                if p.hat[e][el]:
                    hats_used[p.hat[e][el] - 1] += 1
        players = {}
        for pl in range(2):
            info = {"supply": p.supply[pl], "focus": ERAS[p.focus[pl]],
                    "dead": p.dead[pl][0] + p.dead[pl][1],
                    "dead_by": {"white": p.dead[pl][0], "black": p.dead[pl][1]},
                    "eras_present": [ERAS[e] for e in range(3)
                                     if any((p.cell[e][q] & KIND) == WCOPY + pl for q in range(16))]}
            if self.s.o.chapter & INFLUENCE:
                info["statue_built"] = bool(p.built[pl])
            if self.s.o.chapter & MEMORY:
                info["hats_in_supply"] = 3 - hats_used[pl]
            players[SEATS[pl]] = info
        acting = None
        if self.s.phase == PH_ACT:
            acting = {"era": ERAS[self.s.act_era], "square": self.s.act_sq + 1}
        d = {
            "chapter": self.game.options["chapter"],
            "turn": self.s.turn + (0 if self.s.phase == PH_OVER else 1),
            "turns_completed": self.s.turn,
            "to_move": SEATS[p.to_move],
            "phase": PHASES[self.s.phase],
            "actions_required": self.s.L,
            "actions_taken": self.s.acts_done,
            "acting": acting,
            "selectable": [q + 1 for q in range(16) if (self.s.sel_mask >> q) & 1],
            "eras": eras,
            "players": players,
            "result": None,
            "decisions": self.s.decisions,
            "position_hashes": [format(self.s.hist[i], "016x") for i in range(self.s.hist_n)],
            "repetition_window_start": self.s.rep_start,
            "repetition_key": self.s.rep_key,
        }
        if self.s.o.chapter & GROWTH:
            d["seeds"] = {"supply": p.seeds, "destroyed": p.seeds_gone}
        if self.s.phase == PH_OVER:
            d["result"] = {"winner": SEATS[self.s.winner] if self.s.winner < 2 else None,
                           "reason": REASONS[self.s.reason]}
        return d

    def _square_json(self, int e, int q):
        cdef Pos* p = &self.s.pos
        c = p.cell[e][q]
        k = c & KIND
        seed = bool(c & SEED)
        if k == EMPTY:
            return {"piece": "seed"} if seed else None
        if is_copy(k):
            o = {"piece": "copy", "owner": SEATS[k - WCOPY]}
            if seed:
                o["seed"] = True
            return o
        if k == SHRUB:
            return {"piece": "shrub"}
        if k == TREE:
            return {"piece": "tree"}
        if k == FALLEN:
            return {"piece": "fallen_tree", "root": p.root[e][q] + 1}
        if is_statue(k):
            return {"piece": "statue", "owner": STATUE_COLOURS[k - STATUE]}
        el = k - ELEPHANT
        h = p.hat[e][el]
        return {"piece": "elephant", "kind": ELEPHANTS[el], "hat": SEATS[h - 1] if h else None}

    def load_json(self, obj):
        """Rebuild the struct from ``to_json(None)`` (or a hand-made position in the same shape;
        without ``position_hashes`` the position is taken as the first of the game)."""
        cdef Pos* p = &self.s.pos
        memset(&self.s, 0, sizeof(TS))
        self._read_options()
        try:
            for e in range(3):
                squares = obj["eras"][ERAS[e]]
                if len(squares) != 16:
                    raise ValueError("an era has 16 squares")
                for q, sq in enumerate(squares):
                    self._load_square(e, q, sq)
            for pl in range(2):
                info = obj["players"][SEATS[pl]]
                p.supply[pl] = info["supply"]
                p.focus[pl] = ERAS.index(info["focus"])
                p.dead[pl][0] = info["dead_by"]["white"]
                p.dead[pl][1] = info["dead_by"]["black"]
                p.built[pl] = bool(info.get("statue_built", False))
            if "seeds" in obj:
                p.seeds = obj["seeds"]["supply"]
                p.seeds_gone = obj["seeds"]["destroyed"]
            p.to_move = SEATS.index(obj["to_move"])
            self.s.turn = obj["turns_completed"]
            self.s.decisions = obj.get("decisions", 0)
            phase = PHASES.index(obj.get("phase", "select"))
            self.s.winner = -1
            self.s.act_era = -1
            self.s.act_sq = -1
            hashes = obj.get("position_hashes")
            if hashes:
                if len(hashes) > MAX_TURNS + 1:
                    raise ValueError("too many positions")
                for i, h in enumerate(hashes):
                    self.s.hist[i] = int(h, 16)
                self.s.hist_n = len(hashes)
                self.s.rep_start = obj["repetition_window_start"]
                self.s.rep_key = obj["repetition_key"]
            else:
                self.s.hist[0] = pos_hash(p)
                self.s.hist_n = 1
                self.s.rep_key = material_key(p)
            if phase == PH_OVER:
                res = obj["result"]
                self.s.phase = PH_OVER
                self.s.winner = 2 if res["winner"] is None else SEATS.index(res["winner"])
                self.s.reason = REASONS.index(res["reason"])
            elif phase == PH_SELECT:
                start_turn(&self.s)
            else:
                self.s.phase = phase
                self.s.L = obj["actions_required"]
                self.s.acts_done = obj["actions_taken"]
                if phase == PH_ACT:
                    self.s.act_era = ERAS.index(obj["acting"]["era"])
                    self.s.act_sq = obj["acting"]["square"] - 1
                    if self.s.acts_done == 0:
                        compute_first(&self.s)
                else:
                    self.s.act_era = -1
                    self.s.act_sq = -1
        except (KeyError, ValueError, TypeError, IndexError) as exc:
            raise ParseError(f"Not a valid TTYKM position: {exc}.",
                             f"No es una posición válida de TTYKM: {exc}.") from None

    def _load_square(self, int e, int q, sq):
        cdef Pos* p = &self.s.pos
        if sq is None:
            return
        piece = sq["piece"]
        if piece == "seed":
            p.cell[e][q] = SEED
        elif piece == "copy":
            p.cell[e][q] = (WCOPY + SEATS.index(sq["owner"])) | (SEED if sq.get("seed") else 0)
        elif piece == "shrub":
            p.cell[e][q] = SHRUB
        elif piece == "tree":
            p.cell[e][q] = TREE
        elif piece == "fallen_tree":
            p.cell[e][q] = FALLEN
            p.root[e][q] = sq["root"] - 1
        elif piece == "statue":
            p.cell[e][q] = STATUE + STATUE_COLOURS.index(sq["owner"])
        elif piece == "elephant":
            el = ELEPHANTS.index(sq["kind"])
            p.cell[e][q] = ELEPHANT + el
            p.hat[e][el] = 0 if sq.get("hat") is None else SEATS.index(sq["hat"]) + 1
        else:
            raise ValueError(f"unknown piece {piece!r}")

    # ------------------------------------------------------------------ decisions as JSON and text
    def action_to_json(self, int action):
        """The JSON form of a decision (squares numbered 1-16, directions N E S W)."""
        if action < A_MOVE:
            return {"select": action + 1}
        if action < A_PULL:
            return {"move": DIRS[action - A_MOVE]}
        if action < A_FORWARD:
            return {"move": DIRS[action - A_PULL], "pull": True}
        if action == A_FORWARD:
            return {"travel": "forward"}
        if action == A_BACK:
            return {"travel": "back"}
        if action < A_UPROOT:
            return {"plant": self._target_square(action - A_PLANT - 1)}
        if action < A_BUILD:
            return {"uproot": self._target_square(action - A_UPROOT - 1)}
        if action < A_TRAIN:
            return {"build": self._target_square(action - A_BUILD)}
        if action < A_COMMAND:
            return {"train": self._target_square(action - A_TRAIN)}
        if action < A_CMDPULL:
            return {"command": DIRS[action - A_COMMAND]}
        if action < A_FOCUS:
            return {"command": DIRS[action - A_CMDPULL], "pull": True}
        if action < A_PASS:
            return {"focus": ERAS[action - A_FOCUS]}
        if action == A_PASS:
            return {"pass": True}
        raise ValueError(f"no decision {action}")

    def _target_square(self, int d):
        """Square number (1-16) next to the acting copy in direction d (-1: its own square)."""
        if self.s.phase != PH_ACT:
            raise IllegalActionError("No copy is acting now.", "Ahora no actúa ninguna copia.",
                                     code="no_acting_copy")
        q = self.s.act_sq if d < 0 else NB[self.s.act_sq][d]
        return q + 1

    def json_to_action(self, obj):
        """The decision a JSON object names now (ParseError if malformed, IllegalActionError if it
        names a square the acting copy cannot reach)."""
        return _text.json_to_action(self, obj)

    def _direction_to(self, int target):
        """Direction (-1 here, 0..3) from the acting copy to square index target, or None."""
        if self.s.phase != PH_ACT:
            return None
        q = self.s.act_sq
        if target == q:
            return -1
        for d in range(4):
            if NB[q][d] == target:
                return d
        return None

    def action_to_text(self, int action, lang="en"):
        """A decision in the text notation (``select 5``, ``move N pull``, ``back``, ``focus future``)."""
        return _text.format_action(self.action_to_json(action), lang)

    def parse_turn(self, text, lang="en"):
        """Parse a text turn into decisions (see engine/ttykm_text.py for the notation)."""
        return _text.parse_turn(self, text, lang)

    def render_text(self, viewer=None, lang="en"):
        """The three eras side by side with a legend (for email)."""
        return _text.render(self, lang)

    def explain_illegal(self, obj, lang="en"):
        """Why the JSON decision ``obj`` is illegal here ("" if it is legal)."""
        return _text.explain_illegal(self, obj, lang)


_KIND_NAMES = {EMPTY: "empty", WCOPY: "copy-white", BCOPY: "copy-black", SHRUB: "shrub", TREE: "tree",
               FALLEN: "fallen_tree", STATUE: "statue-neutral", STATUE + 1: "statue-white",
               STATUE + 2: "statue-black", ELEPHANT: "elephant-dark", ELEPHANT + 1: "elephant-light"}

#: Action id layout, for the text module and tests.
ACTION_IDS = {"select": A_SELECT, "move": A_MOVE, "pull": A_PULL, "forward": A_FORWARD, "back": A_BACK,
              "plant": A_PLANT, "uproot": A_UPROOT, "build": A_BUILD, "train": A_TRAIN,
              "command": A_COMMAND, "command_pull": A_CMDPULL, "focus": A_FOCUS, "pass": A_PASS}


def _metadata(options):
    return {"ruleset_notes": "rules/ttykm.md; house rules listed under house_rules"}


_HOUSE = dict(house=True)

register(GameSpec(
    name="ttykm", title_en="That Time You Killed Me", title_es="That Time You Killed Me",
    state_class=TTYKMState, min_players=2, max_players=2, max_legal=N_ACTIONS,
    num_distinct_actions=N_ACTIONS, ruleset="ttykm-bga-2023+turnpost-1",
    options=(
        Option("chapter", "base", choices=tuple(CHAPTERS),
               doc_en="Which modules are in play (chapter 4 is two of them together).",
               doc_es="Qué módulos se juegan (el capítulo 4 combina dos)."),
        Option("voluntary_pass", False, **_HOUSE,
               doc_en="Allow ending the action step early (the rules file: no voluntary pass).",
               doc_es="Permite terminar antes las acciones (las reglas: no se puede pasar)."),
        Option("own_copy_paradox", True, **_HOUSE,
               doc_en="Your copy pushed into another of your copies in a chain: both die (off: it pushes it on).",
               doc_es="Tu copia empujada contra otra tuya en una cadena: mueren ambas (si no: la empuja)."),
        Option("repetition", 3, minimum=0, maximum=9, **_HOUSE,
               doc_en="The game is drawn at this occurrence of a position (0: never).",
               doc_es="La partida es tablas a esta repetición de una posición (0: nunca)."),
        Option("turn_limit", 300, minimum=1, maximum=MAX_TURNS, **_HOUSE,
               doc_en="The game is drawn when this turn ends without a winner.",
               doc_es="La partida es tablas si este turno termina sin ganador."),
        Option("ungrow_destroyed_seeds", True, **_HOUSE,
               doc_en="A seed destroyed by a tree, statue or elephant un-grows its shrub and tree.",
               doc_es="Una semilla destruida por árbol, estatua o elefante deshace su arbusto y árbol."),
        Option("tree_chain", "last-decides", choices=("last-decides",), **_HOUSE,
               doc_en="A chain of trees falls only if the last one can (no alternative).",
               doc_es="Una cadena de árboles cae solo si el último puede (sin alternativa)."),
        Option("statue_square", 7, minimum=0, maximum=16, **_HOUSE,
               doc_en="Square of the neutral statue in every era (0: none).",
               doc_es="Casilla de la estatua neutral en cada era (0: ninguna)."),
        Option("build_rule", "no-rebound", choices=("no-rebound", "rebound"), **_HOUSE,
               doc_en="A later-era statue blocked by something immovable does not appear, or rebounds.",
               doc_es="Una estatua de una era posterior bloqueada no aparece, o rebota."),
        Option("dark_elephant_square", 4, minimum=1, maximum=16, **_HOUSE,
               doc_en="Square of the dark elephant in every era.",
               doc_es="Casilla del elefante oscuro en cada era."),
        Option("light_elephant_square", 13, minimum=1, maximum=16, **_HOUSE,
               doc_en="Square of the light elephant in every era.",
               doc_es="Casilla del elefante claro en cada era."),
        Option("hats", 3, choices=(3,), **_HOUSE,
               doc_en="Hats per player (three: one per era is all a player can use).",
               doc_es="Sombreros por jugador (tres: uno por era es todo lo que se usa)."),
        Option("command_reach", "anywhere", choices=("anywhere", "adjacent"), **_HOUSE,
               doc_en="Whether commanding an elephant needs your copy next to it.",
               doc_es="Si ordenar a un elefante exige que tu copia esté a su lado."),
        Option("command_propagation", "none", choices=("none",), **_HOUSE,
               doc_en="A commanded elephant's move does not repeat in later eras.",
               doc_es="El movimiento de un elefante no se repite en eras posteriores."),
    ),
    conformance=tuple({"chapter": c} for c in CHAPTERS) + (
        {"chapter": "growth+influence", "build_rule": "rebound", "own_copy_paradox": False,
         "ungrow_destroyed_seeds": False},
        {"chapter": "influence+memory", "command_reach": "adjacent", "voluntary_pass": True},
        {"chapter": "base", "repetition": 2, "turn_limit": 40},
    ),
    extra_metadata=_metadata))
