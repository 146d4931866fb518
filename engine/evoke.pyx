# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Juego de Mesa Evoke-Soacha: a cooperative game of 2–4 agents against spreading problems on a map
of Soacha (rules: ``/work/shared/rules/evoke.md``; map and trivia bank: ``engine/data/evoke/``).

How the state models what the rules leave to people at a table:

* **Deck.** The node deck is an ordered array in the struct, shuffled by the struct's own PRNG at
  set-up and whenever an emptied deck is rebuilt from its discards. Its order (past the cards a
  Creative Visionary has shown the team) and the PRNG are hidden from every agent; ``c_determinize``
  reshuffles the unseen cards, gathered in ascending order, from the search's rng.
* **Spread** happens inside the transition that ends the previous turn, so every state where an
  agent decides already shows the spread of that agent's turn.
* **Trivia.** Removing the last problem of a node costs the action and then goes through:
  (1) a chance node that draws a question (uniform over the questions not yet asked in this pass
  through the bank; public once drawn); (2) for an agent played by a person (``agentN_ai`` false,
  the default) a decision of that seat choosing option A–D, judged against the bank's answer key;
  for an AI agent (``agentN_ai`` true) no choice at all but a chance node, right with that seat's
  ``agentN_accuracy`` percent. ``agentN_ai`` follows from the seats (the registry's ``seat_options``
  hook, applied by ``Game.with_seats``); a seat the AI takes over later keeps its options, so it
  chooses a letter by search like any decision (blind, see below). The answer key is data (the bank), never a struct field, and no
  seat's view shows it.
* **Search never reads the key.** ``c_determinize`` sets the struct's ``blind`` flag: in a
  determinized state every answer, a person's choice included, is followed by a chance node right
  with that seat's accuracy. So search treats every trivia answer as a chance event, as the rules
  ask, and an AI choosing a letter for a human seat cannot learn the key by simulation. Since the
  question then cannot matter, a determinized draw has one outcome (the first unasked question),
  which keeps search from splitting its tree into one subtree per question.
* **Search heuristic.** ``c_evaluate`` scores a cut-off rollout (``rollout_depth``) as the win
  return times half team progress (ideas, solutions, a base) and half safety (meters, threat on the
  map); uncut random rollouts almost never win, so they teach search nothing.
* **Returns.** 0 for every agent on a loss; on a win every agent gets ``1 + team_evocoins / 100``
  (a team reward: the evocoins of 2/3/4 agents are 70/90/100, so 1.7/1.9/2.0). The game master's
  10 evocoins belong to no seat.
"""
import json
import os
import unicodedata

from libc.stdint cimport uint64_t
from libc.string cimport memset, memcpy

from engine.core cimport State, CHANCE_PLAYER, TERMINAL_PLAYER
from engine.rng cimport Rng, rng_seed, rng_next, rng_below, fnv1a, FNV_OFFSET

from engine.errors import IllegalActionError, ParseError
from engine.notation import parse_steps, split_steps, unknown_step
from engine.registry import GameSpec, Option, register

# ---------------------------------------------------------------------------------------- constants
cdef enum:
    NN = 48             # nodes on the map (the struct's arrays are this long)
    NSEC = 4            # coloured sections
    MAXDEG = 12         # most lines + secret paths at one node
    MAXQ = 256          # most trivia questions the struct's "asked" bitset can hold
    NP = 4              # most agents

# problem colours
cdef enum:
    C_NONE = 0
    C_YELLOW = 1
    C_RED = 2
    C_BLACK = 3

# roles
cdef enum:
    R_VISIONARY = 0
    R_THINKER = 1
    R_COLLABORATOR = 2
    R_LEADER = 3

# phases
cdef enum:
    PH_ACTION = 0       # the current agent chooses one of the six actions (or passes)
    PH_DRAW = 1         # chance: a trivia question is drawn
    PH_ANSWER = 2       # the current agent chooses an option A–D
    PH_JUDGE = 3        # chance: the answer is right or wrong (AI agents, determinized states)
    PH_OVER = 4

# outcomes
cdef enum:
    O_PLAYING = 0
    O_WON = 1
    O_STUCK = 2         # an agent cannot move: every neighbour is blocked
    O_METER = 3         # the crisis meter had to move past 12
    O_SECTION = 4       # every node of a section in play is black
    O_LIMIT = 5         # house: the turn limit

# action ids (decisions and chance outcomes share one space)
cdef enum:
    A_MOVE = 0          # + node index
    A_REMOVE = 48
    A_BUILD = 49
    A_GIVE = 50         # + seat
    A_SOLVE = 54
    A_PEEK = 55
    A_SEND = 56         # + seat (Committed Collaborator: give an idea to an agent anywhere)
    A_PASS = 60         # house: end the turn early
    A_ANSWER = 61       # + option 0..3
    A_WRONG = 65        # chance
    A_RIGHT = 66        # chance
    A_QUESTION = 67     # chance: + question index

cdef int METER[6]
METER[:] = [2, 3, 4, 6, 8, 12]
#: Threat of a node by [colour][count] in the search heuristic (c_evaluate).
cdef double THREAT[4][4]
THREAT[0][:] = [0.0, 0.0, 0.0, 0.0]
THREAT[1][:] = [0.0, 1.0, 3.0, 8.0]
THREAT[2][:] = [0.0, 10.0, 14.0, 20.0]
THREAT[3][:] = [0.0, 30.0, 30.0, 30.0]
#: Weight of progress against safety in the search heuristic (c_evaluate).
cdef double W_PROGRESS = 0.5
cdef int TEAM_COINS[5]
TEAM_COINS[:] = [0, 50, 70, 90, 100]

ROLES = ("visionary", "thinker", "collaborator", "leader")
ROLE_NAMES = {"en": ("Creative Visionary", "Systems Thinker", "Committed Collaborator", "Empathetic Leader"),
              "es": ("Visionario Creativo", "Pensador Sistémico", "Colaborador Comprometido", "Líder Empático")}
COLOURS = (None, "yellow", "red", "black")
COLOUR_NAMES = {"en": ("", "yellow", "red", "black"), "es": ("", "amarillo", "rojo", "negro")}
PHASES = ("action", "trivia_draw", "trivia_answer", "trivia_judge", "over")
OUTCOMES = (None, "won", "lost_stuck", "lost_meter", "lost_section", "lost_turn_limit")
LETTERS = "ABCD"


# ---------------------------------------------------------------------------------------- the struct
ctypedef struct EvokeS:
    Rng rng                     # the deck's shuffles; hidden from agents, reseeded by determinize
    uint64_t asked[4]           # bitset: questions already asked in this pass through the bank
    int nplayers
    int mission                 # 1..8
    int secret                  # secret paths are active (missions 7–8)
    int turn_limit              # house: agent turns before the game ends as a loss
    int turn                    # agent turns completed
    int seat                    # the agent whose turn it is
    int actions                 # actions left this turn
    int phase                   # PH_*
    int outcome                 # O_*
    int alert                   # alert index: 0 is "!", then 1, 2, 3
    int meter                   # crisis meter step 0..5 (cards 2,3,4,6,8,12); 6 only once lost
    int crisis_turn             # a crisis happened this turn (the alert index moved already)
    int peeked                  # the Visionary looked at the deck this turn
    int thinker_uses            # Systems Thinker power uses this turn
    int gifts_open              # free gifts left in the Collaborator's current paid gift action
    int deck_n                  # cards in the deck; the top card is deck[deck_n - 1]
    int known                   # top cards of the deck the team has seen
    int question                # trivia question being answered, -1 none
    int trivia_node             # node whose last problem is at stake
    int last_question           # the last trivia question resolved (for the email), -1 none
    int last_node               # where it was asked
    int last_option             # option the agent chose then, -1 if none (AI or blind)
    int last_right              # 1 right, 0 wrong, -1 none
    int nsolved                 # agents with a solution
    int blind                   # determinized: answers are judged by chance, not by the key
    int decisions               # decisions applied, chance included
    int pos[4]                  # node of each agent
    int ideas[4]
    int solved[4]               # 0, or the order in which the agent got its solution (1..4)
    int role[4]                 # R_*
    int level[4]                # 1..5
    int ai[4]                   # the agent's trivia answers are chance events (an AI agent)
    int acc[4]                  # percent: chance that this agent answers right when it is chance
    int free_builds[4]          # Empathetic Leader's free bases used this game
    signed char in_play[NN]     # node is in a section of this mission
    signed char colour[NN]      # C_*
    signed char count[NN]       # problems of that colour (a black node counts 1)
    signed char base[NN]
    signed char deck[NN]        # node cards, bottom first
    signed char discard[NN]     # 1 if the node's card is in the discard pile


# ---------------------------------------------------------------------------------------- data
cdef int N_NODES = 0
cdef int NODE_SEC[NN]
cdef int DEG[NN]
cdef int ADJ[NN][MAXDEG]
cdef int ADJ_SECRET[NN][MAXDEG]
cdef int NQ = 0
cdef int Q_KEY[MAXQ]
cdef int Q_NOPT[MAXQ]

DATA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "evoke")
MAP_FILE = os.path.join(DATA_DIR, "soacha-map.json")
TRIVIA_FILE = os.path.join(DATA_DIR, "trivia.json")


def _load_data():
    """Read the map and the trivia bank into the module's C tables (once, at import)."""
    global N_NODES, NQ
    with open(MAP_FILE, encoding="utf-8") as f:
        m = json.load(f)
    with open(TRIVIA_FILE, encoding="utf-8") as f:
        t = json.load(f)
    nodes = m["nodes"]
    if len(nodes) > NN:
        raise ValueError("the map has more nodes than the engine's struct holds")
    sections = list(m["sections"])
    ids = [n["id"] for n in nodes]
    index = {nid: i for i, nid in enumerate(ids)}
    N_NODES = len(nodes)
    adj = [[] for _ in nodes]
    for e in m["edges"]:
        a, b, sec = index[e["a"]], index[e["b"]], e["kind"] == "secret"
        adj[a].append((b, sec))
        adj[b].append((a, sec))
    for i in range(N_NODES):
        NODE_SEC[i] = sections.index(nodes[i]["section"])
        # ascending neighbours keep legal moves sorted without a sort in the hot path
        lst = sorted(adj[i])
        if len(lst) > MAXDEG:
            raise ValueError("a node has more neighbours than the engine allows")
        DEG[i] = len(lst)
        for k, (b, sec) in enumerate(lst):
            ADJ[i][k] = b
            ADJ_SECRET[i][k] = sec
    qs = t["questions"]
    if len(qs) > MAXQ:
        raise ValueError("the trivia bank has more questions than the engine's bitset holds")
    NQ = len(qs)
    for i, q in enumerate(qs):
        Q_KEY[i] = q["answer"]
        Q_NOPT[i] = len(q["options"]["en"])
    missions = {int(k): v for k, v in m["missions"].items()}
    return m, t, ids, index, sections, missions


MAP, TRIVIA, NODE_IDS, NODE_INDEX, SECTIONS, MISSIONS = _load_data()
QUESTIONS = TRIVIA["questions"]
QUESTION_INDEX = {q["id"]: i for i, q in enumerate(QUESTIONS)}

#: Set-up per mission: (cards, problems per card, colour), in the order the seed gives.
SETUP = {1: ((2, 3, C_YELLOW), (2, 2, C_YELLOW), (2, 1, C_YELLOW)),
         5: ((4, 3, C_YELLOW), (4, 2, C_YELLOW), (4, 1, C_YELLOW)),
         8: ((8, 3, C_YELLOW), (8, 2, C_YELLOW), (8, 1, C_RED))}
SETUP[2] = SETUP[3] = SETUP[4] = SETUP[1]
SETUP[6] = SETUP[7] = SETUP[5]


def _norm(text):
    """Lower case, accents stripped, spaces collapsed: how names and words are compared."""
    t = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode().lower()
    return " ".join(t.replace("(", " ").replace(")", " ").replace(".", " ").split())


NODE_BY_NAME = {}
for _i, _n in enumerate(MAP["nodes"]):
    NODE_BY_NAME[_norm(_n["id"])] = _i
    NODE_BY_NAME[_norm(_n["name"])] = _i
    NODE_BY_NAME.setdefault(_norm(_n["name"].split("(")[0]), _i)


# ---------------------------------------------------------------------------------------- rules (C)
cdef inline int peek_cards(int level) noexcept nogil:
    return level if level < 4 else 4


cdef inline int thinker_max(int level) noexcept nogil:
    return level if level < 4 else 4


cdef inline int leader_free(int level) noexcept nogil:
    return level if level < 4 else 4


cdef inline bint edge_on(EvokeS* s, int n, int k) noexcept nogil:
    """The k-th connection of node n exists in this mission."""
    return s.in_play[ADJ[n][k]] and (not ADJ_SECRET[n][k] or s.secret)


cdef void shuffle_discards(EvokeS* s) noexcept nogil:
    """Rebuild the empty deck from the discard pile (gathered in ascending order) and shuffle it."""
    cdef int i, j, t, n = 0
    for i in range(N_NODES):
        if s.discard[i]:
            s.deck[n] = i
            s.discard[i] = 0
            n += 1
    for i in range(n - 1, 0, -1):
        j = rng_below(&s.rng, i + 1)
        t = s.deck[i]
        s.deck[i] = s.deck[j]
        s.deck[j] = t
    s.deck_n = n
    s.known = 0


cdef int draw_card(EvokeS* s) noexcept nogil:
    """Draw the top node card onto the discard pile; an emptied deck is rebuilt at once, so a peek
    always has cards to look at."""
    cdef int c
    if s.deck_n == 0:
        shuffle_discards(s)
    s.deck_n -= 1
    c = s.deck[s.deck_n]
    s.deck[s.deck_n] = 0        # slots past the top stay zero, so equal positions are equal bytes
    if s.known > 0:
        s.known -= 1
    s.discard[c] = 1
    if s.deck_n == 0:
        shuffle_discards(s)
    return c


cdef void note_crisis(EvokeS* s) noexcept nogil:
    """The alert index moves once per turn with a crisis; each return to "!" moves the meter."""
    if s.crisis_turn:
        return
    s.crisis_turn = 1
    s.alert = (s.alert + 1) % 4
    if s.alert == 0:
        s.meter += 1
        if s.meter > 5 and s.outcome == O_PLAYING:
            s.outcome = O_METER


cdef void add_problem(EvokeS* s, int node) noexcept nogil:
    """Add one problem to ``node`` and play out the crisis chain it may start.

    Each node has at most one crisis per chain and ignores problems after it (so the origin takes
    nothing back); a crisis sends one problem to every neighbour in play. The result does not depend
    on the order the queue is worked in: a node crises iff enough of its neighbours do."""
    cdef signed char crisis[NN]
    cdef int queue[512]
    cdef int head = 0, tail = 0, n, k, m
    memset(crisis, 0, sizeof(crisis))
    queue[tail] = node
    tail += 1
    while head < tail:
        n = queue[head]
        head += 1
        if not s.in_play[n] or s.base[n] or crisis[n]:
            continue
        if s.colour[n] == C_NONE:
            s.colour[n] = C_YELLOW
            s.count[n] = 1
            continue
        if s.colour[n] != C_BLACK and s.count[n] < 3:
            s.count[n] += 1
            continue
        crisis[n] = 1
        if s.colour[n] != C_BLACK:
            s.colour[n] += 1
            s.count[n] = 1
        note_crisis(s)
        for k in range(DEG[n]):
            m = ADJ[n][k]
            if edge_on(s, n, k) and not crisis[m] and tail < 512:
                queue[tail] = m
                tail += 1


cdef bint agent_stuck(EvokeS* s, int a) noexcept nogil:
    cdef int n = s.pos[a], k
    for k in range(DEG[n]):
        if edge_on(s, n, k) and s.colour[ADJ[n][k]] != C_BLACK:
            return False
    return True


cdef void check_losses(EvokeS* s) noexcept nogil:
    """The three losses of the rules (the meter one is set by note_crisis)."""
    cdef int sec, i, a
    cdef bint any_node, all_black
    if s.outcome != O_PLAYING:
        return
    for sec in range(NSEC):
        any_node = False
        all_black = True
        for i in range(N_NODES):
            if s.in_play[i] and NODE_SEC[i] == sec:
                any_node = True
                if s.colour[i] != C_BLACK:
                    all_black = False
                    break
        if any_node and all_black:
            s.outcome = O_SECTION
            return
    for a in range(s.nplayers):
        if agent_stuck(s, a):
            s.outcome = O_STUCK
            return


cdef void start_turn(EvokeS* s) noexcept nogil:
    """Reset the per-turn counters and spread: one problem per card, as many cards as the meter says."""
    cdef int i, c
    s.actions = 4
    s.crisis_turn = 0
    s.peeked = 0
    s.thinker_uses = 0
    s.gifts_open = 0
    for i in range(METER[s.meter]):
        c = draw_card(s)
        add_problem(s, c)
        if s.outcome != O_PLAYING:
            break
    check_losses(s)


cdef void end_turn(EvokeS* s) noexcept nogil:
    s.turn += 1
    s.gifts_open = 0
    if s.turn >= s.turn_limit:
        s.outcome = O_LIMIT
        return
    s.seat = (s.seat + 1) % s.nplayers
    start_turn(s)


cdef void after_action(EvokeS* s) noexcept nogil:
    check_losses(s)
    if s.outcome != O_PLAYING:
        s.phase = PH_OVER
        return
    if s.actions <= 0 and s.gifts_open <= 0:
        end_turn(s)
    s.phase = PH_OVER if s.outcome != O_PLAYING else PH_ACTION


cdef bint section_has_base(EvokeS* s, int sec) noexcept nogil:
    cdef int i
    for i in range(N_NODES):
        if s.base[i] and NODE_SEC[i] == sec:
            return True
    return False


cdef bint can_build(EvokeS* s) noexcept nogil:
    cdef int a = s.seat, n = s.pos[a]
    cdef bint free = s.role[a] == R_LEADER and s.free_builds[a] < leader_free(s.level[a])
    if s.base[n] or section_has_base(s, NODE_SEC[n]):
        return False
    if s.colour[n] == C_NONE:
        return free or s.ideas[a] >= 1
    # level-5 Empathetic Leader: also on yellow problems, which the base clears
    return s.colour[n] == C_YELLOW and free and s.level[a] == 5


cdef void resolve_answer(EvokeS* s, bint right) noexcept nogil:
    cdef int a = s.seat, n = s.trivia_node
    s.last_question = s.question
    s.last_node = n
    s.last_right = 1 if right else 0
    s.question = -1
    s.trivia_node = 0
    s.phase = PH_ACTION
    if right:
        s.ideas[a] += 1
        if s.colour[n] == C_RED:
            s.colour[n] = C_YELLOW
            s.count[n] = 3
        else:
            s.colour[n] = C_NONE
            s.count[n] = 0
        if s.role[a] == R_THINKER and s.level[a] == 5 and s.thinker_uses < 4:
            s.thinker_uses += 1
            s.actions += 1
    else:
        if s.role[a] == R_THINKER and s.thinker_uses < thinker_max(s.level[a]):
            s.thinker_uses += 1
        else:
            add_problem(s, n)
    after_action(s)


cdef int action_legal(EvokeS* s, int* out) noexcept nogil:
    """Legal decisions of the current agent in PH_ACTION, ascending."""
    cdef int a = s.seat, n = s.pos[a], k = 0, i, m, j
    cdef bint acts = s.actions > 0
    if acts:
        for i in range(DEG[n]):
            m = ADJ[n][i]
            if edge_on(s, n, i) and s.colour[m] != C_BLACK:
                out[k] = A_MOVE + m
                k += 1
        if s.count[n] > 0 and s.colour[n] != C_BLACK:
            out[k] = A_REMOVE
            k += 1
        if can_build(s):
            out[k] = A_BUILD
            k += 1
        if s.ideas[a] > 0:
            for j in range(s.nplayers):
                if j != a and s.pos[j] == n:
                    out[k] = A_GIVE + j
                    k += 1
        if s.base[n] and s.ideas[a] >= 5 and not s.solved[a]:
            out[k] = A_SOLVE
            k += 1
        if s.role[a] == R_VISIONARY and not s.peeked:
            out[k] = A_PEEK
            k += 1
    if s.role[a] == R_COLLABORATOR and s.ideas[a] > 0 and (acts or s.gifts_open > 0):
        for j in range(s.nplayers):
            if j != a:
                out[k] = A_SEND + j
                k += 1
    out[k] = A_PASS
    return k + 1


cdef void apply_action(EvokeS* s, int action) noexcept nogil:
    cdef int a = s.seat, n = s.pos[a], j, cards
    if action >= A_SEND and action < A_SEND + NP:
        j = action - A_SEND
        s.ideas[a] -= 1
        s.ideas[j] += 1
        if s.level[a] < 5:
            if s.gifts_open > 0:
                s.gifts_open -= 1
            else:
                s.actions -= 1
                s.gifts_open = s.level[a] - 1
        if s.ideas[a] == 0:
            s.gifts_open = 0
        after_action(s)
        return
    s.gifts_open = 0
    if action < A_REMOVE:
        s.pos[a] = action - A_MOVE
        s.actions -= 1
    elif action == A_REMOVE:
        s.actions -= 1
        if s.count[n] >= 2:
            s.count[n] -= 1
        else:
            s.trivia_node = n
            s.phase = PH_DRAW
            return
    elif action == A_BUILD:
        s.actions -= 1
        if s.role[a] == R_LEADER and s.free_builds[a] < leader_free(s.level[a]):
            s.free_builds[a] += 1
            s.colour[n] = C_NONE
            s.count[n] = 0
        else:
            s.ideas[a] -= 1
        s.base[n] = 1
    elif action >= A_GIVE and action < A_GIVE + NP:
        j = action - A_GIVE
        s.ideas[a] -= 1
        s.ideas[j] += 1
        s.actions -= 1
    elif action == A_SOLVE:
        s.ideas[a] -= 5
        s.nsolved += 1
        s.solved[a] = s.nsolved
        s.actions -= 1
        if s.nsolved == s.nplayers:
            s.outcome = O_WON
            s.phase = PH_OVER
            return
    elif action == A_PEEK:
        s.peeked = 1
        cards = peek_cards(s.level[a])
        if cards > s.deck_n:
            cards = s.deck_n
        if cards > s.known:
            s.known = cards
        if s.level[a] < 5:
            s.actions -= 1
    elif action == A_PASS:
        s.actions = 0
    after_action(s)


# ---------------------------------------------------------------------------------------- the State
cdef class EvokeState(State):
    """A position of Evoke-Soacha (see the module docstring for how chance and hidden cards work)."""
    cdef EvokeS s

    def _setup(self, uint64_t seed):
        opts = self.game.options
        memset(&self.s, 0, sizeof(EvokeS))
        rng_seed(&self.s.rng, seed)
        self._fill_rules(opts)
        mission = MISSIONS[self.s.mission]
        n = 0
        for i in range(N_NODES):
            if self.s.in_play[i]:
                self.s.deck[n] = i
                n += 1
        self.s.deck_n = n
        self._shuffle_deck()
        for cards, problems, colour in SETUP[self.s.mission]:
            for _ in range(cards):
                c = draw_card(&self.s)
                self.s.colour[c] = colour
                self.s.count[c] = problems
        start = NODE_INDEX[mission["start"]]
        for a in range(NP):
            self.s.pos[a] = start if a < self.s.nplayers else 0
        self.s.question = -1
        self.s.last_question = -1
        self.s.last_option = -1
        self.s.last_right = -1
        start_turn(&self.s)
        if self.s.outcome != O_PLAYING:
            self.s.phase = PH_OVER

    def _fill_rules(self, opts):
        self.s.nplayers = int(opts["players"])
        self.s.mission = int(opts["mission"])
        self.s.turn_limit = int(opts["turn_limit"])
        mission = MISSIONS[self.s.mission]
        self.s.secret = 1 if mission["secret_paths_active"] else 0
        for i in range(N_NODES):
            self.s.in_play[i] = 1 if SECTIONS[NODE_SEC[i]] in mission["sections"] else 0
        for a in range(self.s.nplayers):
            k = a + 1
            self.s.role[a] = ROLES.index(opts[f"agent{k}_role"])
            self.s.level[a] = int(opts[f"agent{k}_level"])
            self.s.ai[a] = 1 if opts[f"agent{k}_ai"] else 0
            self.s.acc[a] = int(opts[f"agent{k}_accuracy"])

    def _shuffle_deck(self):
        for i in range(self.s.deck_n - 1, 0, -1):
            j = rng_below(&self.s.rng, i + 1)
            self.s.deck[i], self.s.deck[j] = self.s.deck[j], self.s.deck[i]

    cdef void* c_struct(self) noexcept nogil:
        return &self.s

    cdef size_t c_struct_size(self) noexcept nogil:
        return sizeof(EvokeS)

    cdef int c_current_player(self) noexcept nogil:
        if self.s.phase == PH_OVER:
            return TERMINAL_PLAYER
        if self.s.phase == PH_DRAW or self.s.phase == PH_JUDGE:
            return CHANCE_PLAYER
        return self.s.seat

    cdef bint c_is_terminal(self) noexcept nogil:
        return self.s.phase == PH_OVER

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef int k = 0, i
        if self.s.phase == PH_ACTION:
            return action_legal(&self.s, out)
        if self.s.phase == PH_ANSWER:
            for i in range(Q_NOPT[self.s.question]):
                out[i] = A_ANSWER + i
            return Q_NOPT[self.s.question]
        if self.s.phase == PH_DRAW or self.s.phase == PH_JUDGE:
            return self.c_chance_outcomes(out, NULL)
        return 0

    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil:
        cdef int k = 0, q
        cdef double p
        if self.s.phase == PH_DRAW:
            for q in range(NQ):
                if not (self.s.asked[q >> 6] >> (q & 63)) & 1:
                    actions[k] = A_QUESTION + q
                    k += 1
                    # Determinized, the verdict is chance whatever the question, so which one is
                    # drawn cannot matter: one placeholder keeps search from splitting its tree
                    # into a subtree per question.
                    if self.s.blind:
                        break
            if probs != NULL:
                for q in range(k):
                    probs[q] = 1.0 / k
            return k
        if self.s.phase == PH_JUDGE:
            p = self.s.acc[self.s.seat] / 100.0
            if p < 1.0:
                actions[k] = A_WRONG
                if probs != NULL:
                    probs[k] = 1.0 - p
                k += 1
            if p > 0.0:
                actions[k] = A_RIGHT
                if probs != NULL:
                    probs[k] = p
                k += 1
            return k
        return 0

    cdef void c_apply(self, int action) noexcept nogil:
        cdef EvokeS* s = &self.s
        cdef int q, w
        s.decisions += 1
        if s.phase == PH_ACTION:
            apply_action(s, action)
        elif s.phase == PH_DRAW:
            q = action - A_QUESTION
            s.asked[q >> 6] |= (<uint64_t>1) << (q & 63)
            # a new pass through the bank once every question has been asked
            for w in range(NQ):
                if not (s.asked[w >> 6] >> (w & 63)) & 1:
                    break
            else:
                memset(s.asked, 0, sizeof(s.asked))
            s.question = q
            s.last_option = -1
            s.phase = PH_JUDGE if s.ai[s.seat] else PH_ANSWER
        elif s.phase == PH_ANSWER:
            s.last_option = action - A_ANSWER
            if s.blind:
                s.phase = PH_JUDGE
            else:
                resolve_answer(s, action - A_ANSWER == Q_KEY[s.question])
        elif s.phase == PH_JUDGE:
            resolve_answer(s, action == A_RIGHT)

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int i
        cdef double r = 0.0
        if self.s.outcome == O_WON:
            r = 1.0 + TEAM_COINS[self.s.nplayers] / 100.0
        for i in range(self.num_players):
            out[i] = r

    cdef int c_decision_count(self) noexcept nogil:
        return self.s.decisions

    cdef void c_determinize(self, int viewer, Rng* rng) noexcept nogil:
        # Every agent sees the same things: all but the deck order below the team's known top
        # cards, the PRNG and the answer key. The unseen cards are gathered in ascending order
        # so the sample depends on public information and rng alone.
        cdef int unseen = self.s.deck_n - self.s.known, i, j, t
        if viewer < 0:
            return
        sort_cards(self.s.deck, unseen)
        for i in range(unseen - 1, 0, -1):
            j = rng_below(rng, i + 1)
            t = self.s.deck[i]
            self.s.deck[i] = self.s.deck[j]
            self.s.deck[j] = t
        rng_seed(&self.s.rng, rng_next(rng))
        self.s.blind = 1

    cdef uint64_t c_info_hash(self, int viewer) noexcept nogil:
        cdef EvokeS v
        memcpy(&v, &self.s, sizeof(EvokeS))
        sort_cards(v.deck, v.deck_n - v.known)
        v.rng.s = 0
        v.blind = 0
        return fnv1a(&v, sizeof(EvokeS), FNV_OFFSET)

    cdef int c_check(self) noexcept nogil:
        return check_struct(&self.s)

    cdef bint c_evaluate(self, double* out) noexcept nogil:
        # A search heuristic for cut-off rollouts (random play almost never wins, so uncut rollouts
        # return 0 and teach search nothing). Half progress, half safety, scaled to the win return:
        # progress counts each agent's ideas up to 5 (6 once solved) and 2 for a first base; safety
        # is the distance of alert index and meter from the loss (24 crisis turns) times how clear
        # the map is. A node's threat (THREAT) grows fast near a crisis: 3 yellows or any red are
        # one card from spreading, and black is permanent.
        cdef EvokeS* s = &self.s
        cdef double prog = 0.0, safety, load = 0.0, win
        cdef int a, i, nodes = 0, has_base = 0
        for a in range(s.nplayers):
            if s.solved[a]:
                prog += 6.0
            else:
                prog += s.ideas[a] if s.ideas[a] < 5 else 5
        for i in range(N_NODES):
            if s.in_play[i]:
                nodes += 1
                has_base |= s.base[i]
                load += THREAT[s.colour[i]][s.count[i]]
        prog = (prog + 2.0 * has_base) / (6.0 * s.nplayers + 2.0)
        safety = (1.0 - (4.0 * s.meter + s.alert) / 24.0) * (1.0 - load / (THREAT[C_BLACK][1] * nodes))
        if safety < 0.0:
            safety = 0.0
        win = 1.0 + TEAM_COINS[s.nplayers] / 100.0
        for a in range(self.num_players):
            out[a] = win * (W_PROGRESS * prog + (1.0 - W_PROGRESS) * safety)
        return True

    # ------------------------------------------------------------------ Python surface
    def _node_id(self, int n):
        return NODE_IDS[n]

    def to_json(self, viewer=None):
        """The position; agents all see the same (deck order, PRNG and answer key hidden);
        ``None`` is the game master's view, enough to rebuild the struct byte for byte."""
        cdef EvokeS* s = &self.s
        nodes = []
        for i in range(N_NODES):
            if s.in_play[i]:
                nodes.append({"id": NODE_IDS[i], "colour": COLOURS[s.colour[i]], "count": int(s.count[i]),
                              "base": bool(s.base[i])})
        agents = []
        for a in range(s.nplayers):
            agents.append({"seat": a, "node": NODE_IDS[s.pos[a]], "ideas": s.ideas[a],
                           "solved": s.solved[a] or None, "role": ROLES[s.role[a]], "level": s.level[a],
                           "ai": bool(s.ai[a]), "accuracy": s.acc[a], "free_bases_used": s.free_builds[a]})
        top = [NODE_IDS[s.deck[s.deck_n - 1 - i]] for i in range(s.known)]
        d = {
            "mission": s.mission, "players": s.nplayers, "turn": s.turn, "turn_limit": s.turn_limit,
            "seat": s.seat, "actions_left": s.actions, "phase": PHASES[s.phase],
            "outcome": OUTCOMES[s.outcome], "alert": "!" if s.alert == 0 else str(s.alert),
            "meter": METER[s.meter] if s.meter <= 5 else None, "meter_step": s.meter,
            "crisis_this_turn": bool(s.crisis_turn), "peeked": bool(s.peeked),
            "thinker_uses": s.thinker_uses, "gifts_open": s.gifts_open,
            "nodes": nodes, "agents": agents,
            "deck": {"size": s.deck_n, "top": top,
                     "discards": [NODE_IDS[i] for i in range(N_NODES) if s.discard[i]]},
            "trivia": self._trivia_json(viewer is None),
            "last_trivia": None if s.last_question < 0 else {
                "question": QUESTIONS[s.last_question]["id"], "node": NODE_IDS[s.last_node],
                "option": LETTERS[s.last_option] if s.last_option >= 0 else None,
                "right": bool(s.last_right)},
            "asked": [QUESTIONS[q]["id"] for q in range(NQ) if (s.asked[q >> 6] >> (q & 63)) & 1],
            "decision": s.decisions,
        }
        if s.outcome == O_WON:
            d["evocoins"] = {str(a): (50, 20, 20, 10)[s.solved[a] - 1] for a in range(s.nplayers)}
        if viewer is None:
            d["hidden"] = {"deck_order": [NODE_IDS[s.deck[i]] for i in range(s.deck_n)],
                           "rng": format(s.rng.s, "016x"), "blind": bool(s.blind)}
        return d

    def _trivia_json(self, bint master):
        """The trivia at stake (from the draw to the verdict); the answer only for the master."""
        cdef int q = self.s.question
        if self.s.phase not in (PH_DRAW, PH_ANSWER, PH_JUDGE):
            return None
        d = {"node": NODE_IDS[self.s.trivia_node]}
        if q < 0:
            return d
        d.update({"id": QUESTIONS[q]["id"], "question": QUESTIONS[q]["question"],
                  "options": {lang: [f"{LETTERS[i]}) {o}" for i, o in enumerate(opts)]
                              for lang, opts in QUESTIONS[q]["options"].items()}})
        if master:
            d["answer"] = LETTERS[QUESTIONS[q]["answer"]]
            d["source"] = QUESTIONS[q]["source"]
        return d

    def load_json(self, obj):
        cdef EvokeS* s = &self.s
        memset(&self.s, 0, sizeof(EvokeS))
        s.nplayers = obj["players"]
        s.mission = obj["mission"]
        s.turn_limit = obj["turn_limit"]
        mission = MISSIONS[s.mission]
        s.secret = 1 if mission["secret_paths_active"] else 0
        for i in range(N_NODES):
            s.in_play[i] = 1 if SECTIONS[NODE_SEC[i]] in mission["sections"] else 0
        s.turn, s.seat, s.actions = obj["turn"], obj["seat"], obj["actions_left"]
        s.phase = PHASES.index(obj["phase"])
        s.outcome = OUTCOMES.index(obj["outcome"])
        s.alert = 0 if obj["alert"] == "!" else int(obj["alert"])
        s.meter = obj["meter_step"]
        s.crisis_turn, s.peeked = int(obj["crisis_this_turn"]), int(obj["peeked"])
        s.thinker_uses, s.gifts_open = obj["thinker_uses"], obj["gifts_open"]
        for nd in obj["nodes"]:
            i = NODE_INDEX[nd["id"]]
            s.colour[i] = COLOURS.index(nd["colour"])
            s.count[i] = nd["count"]
            s.base[i] = 1 if nd["base"] else 0
        for ag in obj["agents"]:
            a = ag["seat"]
            s.pos[a] = NODE_INDEX[ag["node"]]
            s.ideas[a] = ag["ideas"]
            s.solved[a] = ag["solved"] or 0
            s.role[a] = ROLES.index(ag["role"])
            s.level[a] = ag["level"]
            s.ai[a] = int(ag["ai"])
            s.acc[a] = ag["accuracy"]
            s.free_builds[a] = ag["free_bases_used"]
            if s.solved[a]:
                s.nsolved += 1
        hidden = obj["hidden"]
        order = hidden["deck_order"]
        s.deck_n = len(order)
        for i, nid in enumerate(order):
            s.deck[i] = NODE_INDEX[nid]
        s.known = len(obj["deck"]["top"])
        for nid in obj["deck"]["discards"]:
            s.discard[NODE_INDEX[nid]] = 1
        s.rng.s = int(hidden["rng"], 16)
        s.blind = int(hidden["blind"])
        tr = obj["trivia"]
        s.trivia_node = NODE_INDEX[tr["node"]] if tr else 0
        s.question = QUESTION_INDEX[tr["id"]] if tr and "id" in tr else -1
        last = obj["last_trivia"]
        s.last_question = QUESTION_INDEX[last["question"]] if last else -1
        s.last_node = NODE_INDEX[last["node"]] if last else 0
        s.last_option = LETTERS.index(last["option"]) if last and last["option"] else -1
        s.last_right = int(last["right"]) if last else -1
        for qid in obj["asked"]:
            q = QUESTION_INDEX[qid]
            s.asked[q >> 6] |= (<uint64_t>1) << (q & 63)
        s.decisions = obj["decision"]

    # ------------------------------------------------------------------ decisions: JSON and text
    def action_to_json(self, int action):
        """The public JSON object of a decision (seats are 0-based)."""
        if action >= A_QUESTION:
            return {"chance": "question", "question": QUESTIONS[action - A_QUESTION]["id"]}
        if action in (A_WRONG, A_RIGHT):
            return {"chance": "judge", "right": action == A_RIGHT}
        if action < A_REMOVE:
            return {"action": "move", "to": NODE_IDS[action]}
        if A_GIVE <= action < A_GIVE + NP:
            return {"action": "give", "seat": action - A_GIVE}
        if A_SEND <= action < A_SEND + NP:
            return {"action": "send", "seat": action - A_SEND}
        if A_ANSWER <= action < A_ANSWER + 4:
            return {"action": "answer", "option": LETTERS[action - A_ANSWER]}
        return {"action": {A_REMOVE: "remove", A_BUILD: "build", A_SOLVE: "solve", A_PEEK: "peek",
                           A_PASS: "pass"}[action]}

    def json_to_action(self, obj):
        """The decision a JSON object names (legality is checked when it is applied)."""
        if not isinstance(obj, dict):
            raise ParseError("A decision must be a JSON object.", "Una decisión debe ser un objeto JSON.")
        if "chance" in obj:
            if obj["chance"] == "question" and obj.get("question") in QUESTION_INDEX:
                return A_QUESTION + QUESTION_INDEX[obj["question"]]
            if obj["chance"] == "judge" and isinstance(obj.get("right"), bool):
                return A_RIGHT if obj["right"] else A_WRONG
            raise ParseError("Unknown chance outcome.", "Resultado de azar desconocido.")
        kind = obj.get("action")
        simple = {"remove": A_REMOVE, "build": A_BUILD, "solve": A_SOLVE, "peek": A_PEEK, "pass": A_PASS}
        if kind in simple:
            return simple[kind]
        if kind == "move":
            return A_MOVE + self._parse_node(obj.get("to"))
        if kind in ("give", "send"):
            seat = obj.get("seat")
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.s.nplayers:
                raise ParseError(f"'seat' must be a seat number from 0 to {self.s.nplayers - 1}.",
                                 f"'seat' debe ser un número de asiento de 0 a {self.s.nplayers - 1}.")
            return (A_GIVE if kind == "give" else A_SEND) + seat
        if kind == "answer":
            opt = str(obj.get("option", "")).strip().upper()
            if len(opt) != 1 or opt not in LETTERS:
                raise ParseError("'option' must be a letter A–D.", "'option' debe ser una letra A–D.")
            return A_ANSWER + LETTERS.index(opt)
        raise ParseError(
            "Expected {\"action\": move|remove|build|give|send|solve|peek|pass|answer, ...}.",
            "Se esperaba {\"action\": move|remove|build|give|send|solve|peek|pass|answer, ...}.")

    def _parse_node(self, text, step=None):
        key = _norm(text or "")
        if key not in NODE_BY_NAME:
            shown = step if step is not None else text
            raise ParseError(f"'{shown}': no node on the map has that name or id.",
                             f"'{shown}': ningún nodo del mapa tiene ese nombre o identificador.")
        return NODE_BY_NAME[key]

    def action_to_text(self, int action, lang="en"):
        """A decision in the email notation (agents numbered from 1)."""
        es = lang == "es"
        if action >= A_QUESTION:
            return ("pregunta " if es else "question ") + QUESTIONS[action - A_QUESTION]["id"]
        if action == A_RIGHT:
            return "acierto" if es else "right"
        if action == A_WRONG:
            return "fallo" if es else "wrong"
        if action < A_REMOVE:
            return ("mover " if es else "move ") + NODE_IDS[action]
        if A_GIVE <= action < A_GIVE + NP:
            return ("dar agente " if es else "give agent ") + str(action - A_GIVE + 1)
        if A_SEND <= action < A_SEND + NP:
            return ("enviar agente " if es else "send agent ") + str(action - A_SEND + 1)
        if A_ANSWER <= action < A_ANSWER + 4:
            return ("responder " if es else "answer ") + LETTERS[action - A_ANSWER]
        words = {A_REMOVE: ("remove", "quitar"), A_BUILD: ("build", "construir"),
                 A_SOLVE: ("solve", "resolver"), A_PEEK: ("peek", "mirar"), A_PASS: ("pass", "pasar")}
        return words[action][1 if es else 0]

    def _parse_step(self, EvokeState state, step, lang):
        words = _norm(step).split()
        if not words:
            raise unknown_step(step)
        verb, rest = words[0], words[1:]
        if len(words) >= 2 and " ".join(words[:2]) in VERB_ALIASES:
            verb, rest = VERB_ALIASES[" ".join(words[:2])], words[2:]
        elif verb in VERB_ALIASES:
            verb = VERB_ALIASES[verb]
        elif len(words) == 1 and len(verb) == 1 and verb.upper() in LETTERS:
            verb, rest = "answer", words
        else:
            raise unknown_step(step)
        if verb == "move":
            # a node's name may begin with a filler word ("La Isla"): try the words as they are first
            while rest and " ".join(rest) not in NODE_BY_NAME and rest[0] in FILLERS:
                rest = rest[1:]
            if not rest:
                raise ParseError(f"'{step}': which node?", f"'{step}': ¿a qué nodo?")
            action = A_MOVE + state._parse_node(" ".join(rest), step)
        if verb == "answer":
            # the letter is the last word ("a" is also a Spanish preposition, so no filler stripping)
            rest = rest[len(rest) - 1:]
        while verb != "answer" and rest and rest[0] in FILLERS:
            rest = rest[1:]
        if verb == "move":
            pass
        elif verb in ("give", "send"):
            if len(rest) != 1 or not rest[0].isdigit():
                raise ParseError(f"'{step}': name the agent by number, e.g. '{verb} agent 2'.",
                                 f"'{step}': indica el agente por número, p. ej. "
                                 f"'{'dar' if verb == 'give' else 'enviar'} agente 2'.")
            seat = int(rest[0]) - 1
            if not 0 <= seat < state.s.nplayers:
                raise ParseError(f"'{step}': agents are numbered 1 to {state.s.nplayers}.",
                                 f"'{step}': los agentes van del 1 al {state.s.nplayers}.")
            action = (A_GIVE if verb == "give" else A_SEND) + seat
        elif verb == "answer":
            if len(rest) != 1 or rest[0].upper() not in LETTERS:
                raise ParseError(f"'{step}': answer with a letter A–D.", f"'{step}': responde con una letra A–D.")
            action = A_ANSWER + LETTERS.index(rest[0].upper())
        else:
            if rest:
                raise unknown_step(step)
            action = {"remove": A_REMOVE, "build": A_BUILD, "solve": A_SOLVE, "peek": A_PEEK,
                      "pass": A_PASS}[verb]
        why = state._why(action)
        if why:
            raise IllegalActionError(f"'{step}': {why[0]}", f"'{step}': {why[1]}")
        return action

    def parse_turn(self, text, lang="en"):
        """Parse an email turn: steps separated by commas, semicolons or new lines."""
        return parse_steps(self, split_steps(text), lang, self._parse_step)

    def explain_illegal(self, obj, lang="en"):
        """Why the JSON decision ``obj`` is illegal here ("" if it is legal)."""
        why = self._why(self.json_to_action(obj))
        return "" if not why else why[1 if lang == "es" else 0]

    def _why(self, int action):
        """(en, es) reason why ``action`` is illegal now, or None if it is legal."""
        cdef EvokeS* s = &self.s
        if action in self.legal_actions():
            return None
        if s.phase == PH_OVER:
            return ("The game is over.", "La partida ha terminado.")
        if s.phase in (PH_DRAW, PH_JUDGE):
            return ("Waiting for chance (a trivia draw or verdict), not for a decision.",
                    "Se espera el azar (una pregunta o su veredicto), no una decisión.")
        if s.phase == PH_ANSWER:
            if A_ANSWER <= action < A_ANSWER + 4:
                n = Q_NOPT[s.question]
                return (f"This question has options A–{LETTERS[n - 1]} only.",
                        f"Esta pregunta solo tiene las opciones A–{LETTERS[n - 1]}.")
            return ("A trivia question is waiting for your answer (a letter).",
                    "Una pregunta de trivia espera tu respuesta (una letra).")
        a, n = s.seat, s.pos[s.seat]
        here = NODE_IDS[n]
        if A_ANSWER <= action < A_ANSWER + 4 or action >= A_WRONG:
            return ("There is no trivia question to answer.", "No hay ninguna pregunta de trivia que responder.")
        if s.actions <= 0 and not (A_SEND <= action < A_SEND + NP):
            return ("No actions left: you may only send ideas or pass.",
                    "No quedan acciones: solo puedes enviar ideas o pasar.")
        if action < A_REMOVE:
            to = NODE_IDS[action]
            if not s.in_play[action]:
                return (f"{to} is not in this mission's sections.", f"{to} no está en las secciones de esta misión.")
            if s.colour[action] == C_BLACK:
                return (f"{to} is blocked by a black problem.", f"{to} está bloqueado por un problema negro.")
            return (f"{to} is not next to {here}.", f"{to} no es vecino de {here}.")
        if action == A_REMOVE:
            if s.colour[n] == C_BLACK:
                return ("A black problem cannot be removed.", "Un problema negro no se puede quitar.")
            return (f"There is no problem on {here}.", f"No hay ningún problema en {here}.")
        if action == A_BUILD:
            if s.base[n]:
                return (f"{here} already has a base.", f"{here} ya tiene una base.")
            if section_has_base(s, NODE_SEC[n]):
                return ("This section already has a base (one per section).",
                        "Esta sección ya tiene una base (una por sección).")
            if s.colour[n] != C_NONE:
                return ("Bases go on problem-free nodes only.", "Las bases solo van en nodos sin problemas.")
            return ("A base costs 1 idea and you have none.", "Una base cuesta 1 idea y no tienes ninguna.")
        if A_GIVE <= action < A_GIVE + NP or A_SEND <= action < A_SEND + NP:
            j = action - (A_GIVE if action < A_SOLVE else A_SEND)
            if j == a:
                return ("You cannot give ideas to yourself.", "No puedes darte ideas a ti mismo.")
            if j >= s.nplayers:
                return (f"There is no agent {j + 1}.", f"No existe el agente {j + 1}.")
            if s.ideas[a] == 0:
                return ("You have no ideas to give.", "No tienes ideas para dar.")
            if action >= A_SEND:
                return ("Only the Committed Collaborator gives ideas at a distance.",
                        "Solo el Colaborador Comprometido da ideas a distancia.")
            return (f"Agent {j + 1} is not on your node.", f"El agente {j + 1} no está en tu nodo.")
        if action == A_SOLVE:
            if s.solved[a]:
                return ("You already have your solution.", "Ya tienes tu solución.")
            if not s.base[n]:
                return ("A solution is obtained on a base.", "La solución se consigue en una base.")
            return ("A solution costs 5 ideas.", "Una solución cuesta 5 ideas.")
        if action == A_PEEK:
            if s.role[a] != R_VISIONARY:
                return ("Only the Creative Visionary looks at the deck.", "Solo el Visionario Creativo mira el mazo.")
            return ("You already looked at the deck this turn.", "Ya miraste el mazo en este turno.")
        return ("Not a decision of this game.", "No es una decisión de este juego.")

    # ------------------------------------------------------------------ the picture for email
    def render_text(self, viewer=None, lang="en"):
        """A text picture of the situation: meters, agents, the nodes in play, the trivia question."""
        es = lang == "es"
        cdef EvokeS* s = &self.s
        d = self.to_json(viewer)
        L = []
        L.append((f"Misión {d['mission']} — turno {d['turn'] + 1} de {d['turn_limit']}" if es
                  else f"Mission {d['mission']} — turn {d['turn'] + 1} of {d['turn_limit']}"))
        meter = "superado" if d["meter"] is None and es else ("past 12" if d["meter"] is None else d["meter"])
        L.append((f"Índice de alerta: {d['alert']}   Medidor de crisis: {meter} cartas por turno" if es
                  else f"Alert index: {d['alert']}   Crisis meter: {meter} cards per turn"))
        L.append((f"Mazo: {d['deck']['size']} cartas; descartes: {len(d['deck']['discards'])}" if es
                  else f"Deck: {d['deck']['size']} cards; discards: {len(d['deck']['discards'])}"))
        if d["deck"]["top"]:
            L.append(("Próximas cartas (vistas por el equipo): " if es else "Next cards (seen by the team): ")
                     + ", ".join(d["deck"]["top"]))
        if d["outcome"]:
            L.append(OUTCOME_TEXT[d["outcome"]][1 if es else 0])
        else:
            who = f"agente {s.seat + 1}" if es else f"agent {s.seat + 1}"
            L.append((f"Turno del {who}; acciones restantes: {s.actions}" if es
                      else f"Turn of {who}; actions left: {s.actions}"))
        L.append("")
        L.append("Agentes:" if es else "Agents:")
        for ag in d["agents"]:
            sol = ""
            if ag["solved"]:
                sol = f", solución n.º {ag['solved']}" if es else f", solution #{ag['solved']}"
            kind = " (IA)" if ag["ai"] and es else (" (AI)" if ag["ai"] else "")
            L.append(f"  {ag['seat'] + 1}. {ROLE_NAMES[lang if es else 'en'][ROLES.index(ag['role'])]} "
                     f"{'nivel' if es else 'level'} {ag['level']}{kind} — {ag['node']} "
                     f"{MAP['nodes'][NODE_INDEX[ag['node']]]['name']} — "
                     f"{ag['ideas']} {'ideas'}{sol}")
        L.append("")
        L.append("Nodos:" if es else "Nodes:")
        for nd in d["nodes"]:
            i = NODE_INDEX[nd["id"]]
            cn = COLOUR_NAMES["es" if es else "en"]
            prob = "-" if nd["colour"] is None else f"{nd['count']} {cn[COLOURS.index(nd['colour'])]}"
            extra = (" [BASE]" if nd["base"] else "")
            here = [str(a["seat"] + 1) for a in d["agents"] if a["node"] == nd["id"]]
            if here:
                extra += (" agentes " if es else " agents ") + ",".join(here)
            nbrs = [NODE_IDS[ADJ[i][k]] + ("*" if ADJ_SECRET[i][k] else "")
                    for k in range(DEG[i]) if edge_on(s, i, k)]
            L.append(f"  {nd['id']} {MAP['nodes'][i]['name']}: {prob}{extra} -> {' '.join(nbrs)}")
        tr = d["trivia"]
        if tr:
            L.append("")
            L.append(("Pregunta de trivia: " if es else "Trivia question: ") + tr["question"]["es" if es else "en"])
            L.extend("  " + o for o in tr["options"]["es" if es else "en"])
            if "answer" in tr:
                L.append(("  Respuesta (maestro de juego): " if es else "  Answer (game master): ") + tr["answer"])
        return "\n".join(L)


cdef void sort_cards(signed char* cards, int n) noexcept nogil:
    """Insertion sort: the canonical order of the unseen cards (at most 48)."""
    cdef int i, j
    cdef signed char t
    for i in range(1, n):
        t = cards[i]
        j = i - 1
        while j >= 0 and cards[j] > t:
            cards[j + 1] = cards[j]
            j -= 1
        cards[j + 1] = t


cdef int check_struct(EvokeS* s) noexcept nogil:
    """0 if the struct is consistent, else the number of the first broken invariant."""
    cdef int i, a, sec, bases, seen, total = 0
    cdef signed char in_deck[NN]
    for i in range(N_NODES):
        if s.colour[i] == C_NONE and s.count[i] != 0:
            return 1
        if (s.colour[i] == C_YELLOW or s.colour[i] == C_RED) and not 1 <= s.count[i] <= 3:
            return 1
        if s.colour[i] == C_BLACK and s.count[i] != 1:
            return 1
        if s.count[i] and (s.base[i] or not s.in_play[i]):
            return 2
    memset(in_deck, 0, sizeof(in_deck))
    for i in range(s.deck_n):
        if s.deck[i] < 0 or s.deck[i] >= N_NODES or in_deck[s.deck[i]] or s.discard[s.deck[i]]:
            return 3
        in_deck[s.deck[i]] = 1
    for i in range(N_NODES):
        if (in_deck[i] or s.discard[i]) != (s.in_play[i] != 0):
            return 3
    for a in range(s.nplayers):
        if not s.in_play[s.pos[a]]:
            return 4
        if s.ideas[a] < 0:
            return 5
        if s.solved[a]:
            total += 1
    for sec in range(NSEC):
        bases = 0
        for i in range(N_NODES):
            if s.base[i] and NODE_SEC[i] == sec:
                bases += 1
        if bases > 1:
            return 6
    if s.known < 0 or s.known > s.deck_n or s.deck_n == 0:
        return 7
    if (s.phase == PH_OVER) != (s.outcome != O_PLAYING):
        return 8
    if s.meter > 6 or (s.meter == 6 and s.outcome != O_METER) or not 0 <= s.alert <= 3:
        return 9
    if total != s.nsolved:
        return 10
    if s.phase != PH_OVER and not 0 <= s.actions <= 4:
        return 11
    if (s.phase == PH_ANSWER or s.phase == PH_JUDGE) != (s.question >= 0):
        return 12
    if s.phase == PH_ACTION and s.actions == 0 and s.gifts_open == 0:
        return 13
    return 0


VERB_ALIASES = {
    "move": "move", "go": "move", "mover": "move", "moverse": "move", "ir": "move", "muevo": "move",
    "remove": "remove", "quitar": "remove", "eliminar": "remove", "quito": "remove",
    "build": "build", "construir": "build", "construyo": "build",
    "give": "give", "dar": "give", "doy": "give", "pasar idea": "give",
    "send": "send", "enviar": "send", "envio": "send",
    "solve": "solve", "resolver": "solve", "solucion": "solve",
    "peek": "peek", "look": "peek", "mirar": "peek", "ver": "peek", "miro": "peek",
    "pass": "pass", "end": "pass", "pasar": "pass", "paso": "pass", "fin": "pass", "terminar": "pass",
    "answer": "answer", "responder": "answer", "respondo": "answer", "respuesta": "answer",
    "end turn": "pass", "fin turno": "pass",
}
FILLERS = {"to", "a", "al", "the", "el", "la", "agent", "agente", "idea", "ideas", "node", "nodo",
           "base", "problem", "problema", "option", "opcion", "turn", "turno", "de"}
OUTCOME_TEXT = {
    "won": ("Won: every agent has a solution.", "Ganada: todos los agentes tienen su solución."),
    "lost_stuck": ("Lost: an agent is surrounded by blocked nodes.",
                   "Perdida: un agente quedó rodeado de nodos bloqueados."),
    "lost_meter": ("Lost: the crisis meter went past 12.", "Perdida: el medidor de crisis pasó de 12."),
    "lost_section": ("Lost: a whole section is blocked.", "Perdida: toda una sección quedó bloqueada."),
    "lost_turn_limit": ("Lost: the turn limit was reached.", "Perdida: se alcanzó el límite de turnos."),
}


def _set_heuristic_weight(double w):
    """Tuning hook for benchmarks: the weight of progress (vs safety) in ``c_evaluate``."""
    global W_PROGRESS
    W_PROGRESS = w


def _metadata(options):
    return {"map": "engine/data/evoke/soacha-map.json", "map_status": MAP["status"],
            "trivia_bank": "engine/data/evoke/trivia.json", "trivia_questions": NQ,
            "game_master_view": "to_json(None) / render_text(None): shows the trivia answer"}


def _options():
    opts = [
        Option("mission", 1, minimum=1, maximum=8,
               doc_en="Mission 1–8: which sections are in play and where the agents start.",
               doc_es="Misión 1–8: qué secciones se juegan y dónde empiezan los agentes."),
        Option("turn_limit", 200, minimum=1, maximum=2000, house=True,
               doc_en="Agent turns before the game ends as a loss (so every game ends).",
               doc_es="Turnos de agente antes de que la partida termine como derrota (para que toda partida acabe)."),
    ]
    for k in range(1, NP + 1):
        opts += [
            Option(f"agent{k}_role", ROLES[k - 1], choices=ROLES,
                   doc_en=f"Role of agent {k}.", doc_es=f"Rol del agente {k}."),
            Option(f"agent{k}_level", 1, minimum=1, maximum=5,
                   doc_en=f"Role level 1–5 of agent {k}.", doc_es=f"Nivel 1–5 del rol del agente {k}."),
            Option(f"agent{k}_ai", False, house=True, from_seats=True,
                   doc_en=f"Agent {k} is an AI: its trivia answers are chance events, not a choice of "
                          f"option. Set from the seats (true where the AI plays the seat).",
                   doc_es=f"El agente {k} es una IA: sus respuestas de trivia son azar, no la elección de "
                          f"una opción. Lo fijan los puestos (verdadero donde juega la IA)."),
            Option(f"agent{k}_accuracy", 70, minimum=0, maximum=100, house=True,
                   doc_en=f"Percent chance that agent {k} answers trivia right when the answer is a chance event.",
                   doc_es=f"Probabilidad (%) de que el agente {k} acierte la trivia cuando la respuesta es azar."),
        ]
    return tuple(opts)


def _seat_options(ai_seats):
    """The options implied by the seats: an agent the AI plays answers trivia by chance."""
    return {f"agent{k}_ai": bool(ai) for k, ai in enumerate(ai_seats, 1)}


def _conformance():
    # missions 1–8 × 2–4 agents; roles, levels and AI seats vary so each rule runs somewhere
    out = []
    for mission in range(1, 9):
        for players in (2, 3, 4):
            cfg = {"mission": mission, "players": players}
            for k in range(1, NP + 1):
                cfg[f"agent{k}_role"] = ROLES[(k - 1 + mission + players) % 4]
                cfg[f"agent{k}_level"] = 1 + (mission + k * players) % 5
            if (mission + players) % 2:
                cfg["agent1_ai"] = True
                cfg["agent2_ai"] = True
            out.append(cfg)
    return tuple(out)


register(GameSpec(
    name="evoke", title_en="Evoke-Soacha", title_es="Juego de Mesa Evoke-Soacha", state_class=EvokeState,
    min_players=2, max_players=4, default_players=4,
    max_legal=max(NQ, A_QUESTION), num_distinct_actions=A_QUESTION + NQ,
    options=_options(), ruleset="evoke-soacha-2016", content_version="1",
    hidden_information=True, cooperative=True, conformance=_conformance(),
    extra_metadata=_metadata, seat_options=_seat_options,
    # Cut rollouts scored by c_evaluate: uncut ones nearly always lose, and teach search nothing.
    search_defaults={"rollout_depth": 8}))
