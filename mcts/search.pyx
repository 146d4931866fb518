# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Monte Carlo tree search over the C-level State protocol (``engine/core.pxd``).

One entry point, :func:`search`; the whole loop (selection, expansion, rollout, backup, the clock) runs
in C: one scratch State reused through ``c_copy_from``, preallocated action buffers, a node pool in one
``malloc``'d array. Python is touched once before the loop and once after, to build the result.

**Perfect information: UCT.** Children are chosen by UCB1, ``mean + c * sqrt(ln N / n)`` with ``N`` the
parent's visits and ``mean`` the average return of the seat that chose the child. Untried actions are
expanded first, one node per iteration, picked uniformly at random. The move played is the root child
with the best lower confidence bound (see the end of :func:`search`).

**Hidden information: single-observer ISMCTS** (Cowling, Powley & Whitehouse 2012). Each iteration starts
from a fresh determinization, ``c_determinize(searcher, rng)`` of the root, drawn from what the searcher
can see, never from the true hidden state: the root is overwritten before anything reads its hidden parts.
The search's Rng is seeded like ``State.resample_from_infostate``, so the first iteration's
determinization is exactly ``state.resample_from_infostate(searcher, seed)`` (tests rely on it).
There is one tree, seen from the searcher's side:

* decision edges are keyed by (action, acting seat); since the legal set changes between
  determinizations, UCB uses availability counts (``ln`` of how often the child was legal at its parent)
  instead of the parent's visits;
* chance edges are keyed by the searcher's information hash of the outcome, so outcomes the searcher
  would not see (a card dealt to an opponent) share one child and those it would see get their own.

Why single-observer rather than a tree per seat (MO-ISMCTS): it is one tree and one code path with UCT,
cheap per iteration, and its statistics are a function of the searcher's information set, which is what
the no-peeking test checks. Its known costs, acceptable for the games in this project: opponents' nodes
are not split by the opponents' own private information (strategy fusion), and an opponent's decision
whose content the searcher cannot see still branches the tree by action id.

**Rewards** are vectors: a rollout's ``c_returns`` (or ``c_evaluate`` at a depth cut-off) gives one number
per seat, and each node adds the number of the seat that chose the action into it. This covers 2 to
``MAX_PLAYERS`` seats without change; in a cooperative game every seat has the same return, so every node
maximises the team's result with the same code.

**Rollouts** are uniformly random to the end; with ``rollout_depth`` they stop after that many
decisions and use the state's ``c_evaluate`` heuristic (zeros for a game without one). Chance outcomes,
in the tree and in rollouts, are drawn with ``c_chance_outcomes``' probabilities from the search's own
seeded Rng, so a search with an iteration budget is a pure function of (information set, seed, params).

Note: the function :func:`search` is re-exported as ``mcts.search``, which shadows this module's name as
an attribute of the package; import the function with ``from mcts import search``.
"""
from libc.math cimport log, sqrt
from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc, realloc
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

from engine.core cimport State, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_PLAYERS
from engine.rng cimport Rng, rng_below, rng_seed, rng_choose

from mcts.result import SearchResult

#: UCB's exploration constant, for returns from -1 (loss) to +1 (win). Textbook UCB1 is sqrt(2) for
#: rewards in [0, 1]; on That Time You Killed Me the optimum is flat around 1-1.4: against c=1.0,
#: with 500 iterations each over 40 seeded games, c=0.5 won 6, c=1.4 won 22 and c=2.0 won 17.
DEFAULT_C = 1.0
#: Bound on tree size (each node is 40 bytes: 80 MB at the default). Past it, the search keeps running
#: iterations but stops adding nodes, so memory stays bounded under long time budgets.
DEFAULT_MAX_NODES = 2_000_000
#: Iterations between two reads of the clock under a time budget.
CLOCK_EVERY = 8

cdef enum:
    NO_NODE = -1


cdef inline double _now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef int _new_node(Tree* t, int action, int player, uint64_t key) noexcept nogil:
    """Append a node (not yet linked); NO_NODE when the tree is full or memory ran out."""
    cdef Node* grown
    cdef int cap
    if t.size >= t.max_nodes:
        return NO_NODE
    if t.size == t.capacity:
        cap = t.capacity * 2
        if cap > t.max_nodes:
            cap = t.max_nodes
        grown = <Node*>realloc(t.nodes, sizeof(Node) * cap)
        if grown == NULL:
            return NO_NODE
        t.nodes = grown
        t.capacity = cap
    cdef Node* n = &t.nodes[t.size]
    n.value = 0.0
    n.key = key
    n.action = action
    n.player = player
    n.visits = 0
    n.avail = 0
    n.first_child = NO_NODE
    n.next_sibling = NO_NODE
    t.size += 1
    return t.size - 1


cdef inline bint _before(Node* n, int action, int player, uint64_t key) noexcept nogil:
    """Whether node n sorts before the edge (action, player, key) among its siblings."""
    if n.action != action:
        return n.action < action
    if n.player != player:
        return n.player < player
    return n.key < key


cdef int _child(Tree* t, int parent, int action, int player, uint64_t key, bint* created) noexcept nogil:
    """The child of parent along edge (action, player, key), added in sorted place if missing."""
    cdef int prev = NO_NODE
    cdef int c = t.nodes[parent].first_child
    cdef int n
    while c != NO_NODE and _before(&t.nodes[c], action, player, key):
        prev = c
        c = t.nodes[c].next_sibling
    if c != NO_NODE and t.nodes[c].action == action and t.nodes[c].player == player and t.nodes[c].key == key:
        created[0] = False
        return c
    n = _new_node(t, action, player, key)
    created[0] = n != NO_NODE
    if n == NO_NODE:
        return NO_NODE
    t.nodes[n].next_sibling = c
    if prev == NO_NODE:
        t.nodes[parent].first_child = n
    else:
        t.nodes[prev].next_sibling = n
    return n


cdef inline int _sample_chance(State s, int* acts, double* probs, Rng* rng) noexcept:
    cdef int k = s.c_chance_outcomes(acts, probs)
    return acts[rng_choose(rng, probs, k)]


cdef struct Params:
    double c                # exploration constant
    int rollout_depth       # decisions per rollout before c_evaluate; -1: to the end
    bint hidden             # information-set search (determinize, availability, chance by info hash)
    long max_iterations     # -1: no iteration budget
    double max_seconds      # < 0: no time budget


cdef struct Figures:
    long iterations
    long decisions          # every c_apply, in the tree and in rollouts
    double elapsed


cdef Figures _run(Tree* t, State root, State s, int searcher, Params* P, Rng* rng,
                  int* acts, double* probs, int* untried, int** path_buf, int* path_cap) noexcept:
    """The search loop: iterations from `root` into tree `t`, whose nodes[0] is the root node."""
    cdef Figures f
    cdef double rew[MAX_PLAYERS]
    cdef double start = _now()
    cdef double deadline = start + P.max_seconds
    cdef int* path = path_buf[0]
    cdef int* grown
    cdef int plen, node, child, p, k, i, a, nu, depth, best
    cdef int nplayers = root.num_players
    cdef bint created, leaf
    cdef double score, best_score, ln_n
    cdef Node* ch
    f.iterations = 0
    f.decisions = 0
    while True:
        if P.max_iterations >= 0 and f.iterations >= P.max_iterations:
            break
        if P.max_seconds >= 0 and f.iterations % CLOCK_EVERY == 0 and _now() >= deadline:
            break
        s.c_copy_from(root)
        if P.hidden:
            s.c_determinize(searcher, rng)
        node = 0
        path[0] = 0
        plen = 1
        leaf = False
        # ---- selection and expansion: walk the tree until a new node is added or the tree ends
        while not leaf:
            p = s.c_current_player()
            if p == TERMINAL_PLAYER:
                break
            if p == CHANCE_PLAYER:
                a = _sample_chance(s, acts, probs, rng)
                s.c_apply(a)
                f.decisions += 1
                if P.hidden:
                    child = _child(t, node, -1, CHANCE_PLAYER, s.c_info_hash(searcher), &created)
                else:
                    child = _child(t, node, a, CHANCE_PLAYER, 0, &created)
                if child == NO_NODE:
                    break
                leaf = created
            else:
                k = s.c_legal_actions(acts)
                # Merge walk: legal actions and children are both ascending by action, so one pass
                # finds the untried actions and scores the available children.
                nu = 0
                best = NO_NODE
                best_score = -1e300
                ln_n = log(<double>(t.nodes[node].visits if t.nodes[node].visits > 0 else 1))
                child = t.nodes[node].first_child
                for i in range(k):
                    a = acts[i]
                    while child != NO_NODE and (t.nodes[child].action < a or (
                            t.nodes[child].action == a and t.nodes[child].player < p)):
                        child = t.nodes[child].next_sibling
                    if child != NO_NODE and t.nodes[child].action == a and t.nodes[child].player == p:
                        ch = &t.nodes[child]
                        ch.avail += 1
                        if ch.visits > 0:
                            if P.hidden:
                                ln_n = log(<double>ch.avail)
                            score = ch.value / ch.visits + P.c * sqrt(ln_n / ch.visits)
                            if score > best_score:
                                best_score = score
                                best = child
                    else:
                        untried[nu] = a
                        nu += 1
                if nu > 0:
                    a = untried[rng_below(rng, nu) if nu > 1 else 0]
                    child = _child(t, node, a, p, 0, &created)
                    if child == NO_NODE:
                        break              # tree full: roll out from here
                    t.nodes[child].avail += 1
                    leaf = True
                else:
                    if best == NO_NODE:
                        break
                    child = best
                    a = t.nodes[child].action
                s.c_apply(a)
                f.decisions += 1
            node = child
            if plen == path_cap[0]:
                grown = <int*>realloc(path, sizeof(int) * path_cap[0] * 2)
                if grown == NULL:
                    break
                path = grown
                path_buf[0] = grown
                path_cap[0] *= 2
            path[plen] = node
            plen += 1
        # ---- rollout
        depth = 0
        while True:
            p = s.c_current_player()
            if p == TERMINAL_PLAYER:
                s.c_returns(rew)
                break
            if P.rollout_depth >= 0 and depth >= P.rollout_depth:
                if not s.c_evaluate(rew):
                    for i in range(nplayers):
                        rew[i] = 0.0
                break
            if p == CHANCE_PLAYER:
                a = _sample_chance(s, acts, probs, rng)
            else:
                k = s.c_legal_actions(acts)
                a = acts[rng_below(rng, k)]
            s.c_apply(a)
            f.decisions += 1
            depth += 1
        # ---- backup: each node scores the return of the seat that chose the action into it
        t.nodes[0].visits += 1
        for i in range(1, plen):
            ch = &t.nodes[path[i]]
            ch.visits += 1
            if ch.player >= 0:
                ch.value += rew[ch.player]
        f.iterations += 1
    f.elapsed = _now() - start
    return f


_PARAMS = frozenset({"max_nodes"})


def search(State state, *, iterations=None, seconds=None, seed=0, c=DEFAULT_C, rollout_depth=None,
           **params):
    """Search from ``state`` for the seat to move and return a :class:`mcts.SearchResult`.

    Budget: ``iterations``, ``seconds`` or both (whichever ends first). With an iteration budget the
    result is a pure function of (what the searcher can see, seed, parameters). ``c`` is the UCB
    exploration constant; ``rollout_depth`` cuts rollouts after that many decisions and scores them
    with the game's heuristic (None: play to the end). Extra parameter: ``max_nodes`` (tree size bound).
    A state with a single legal action returns it at once (``forced=True``, no iterations).
    """
    unknown = set(params) - _PARAMS
    if unknown:
        raise TypeError(f"unknown search parameter(s): {', '.join(sorted(unknown))}")
    if iterations is None and seconds is None:
        raise ValueError("give a budget: iterations, seconds or both")
    if iterations is not None and iterations < 1:
        raise ValueError("iterations must be at least 1")
    if seconds is not None and seconds < 0:
        raise ValueError("seconds must not be negative")
    if rollout_depth is not None and rollout_depth < 0:
        raise ValueError("rollout_depth must be None or at least 0")
    cdef int searcher = state.c_current_player()
    if searcher == CHANCE_PLAYER:
        raise ValueError("cannot search from a chance node: sample the outcome (state.sample_chance())")
    if searcher == TERMINAL_PLAYER:
        raise ValueError("cannot search from a terminal state: the game is over")
    legal = state.legal_actions()
    if len(legal) == 1:
        return SearchResult(action=legal[0], player=searcher, iterations=0, elapsed=0.0,
                            simulated_decisions=0, visits={legal[0]: 0}, values={legal[0]: 0.0},
                            forced=True, nodes=0)

    cdef Params P
    P.c = float(c)
    P.rollout_depth = -1 if rollout_depth is None else int(rollout_depth)
    P.hidden = bool(state.game.spec.hidden_information)
    P.max_iterations = -1 if iterations is None else int(iterations)
    P.max_seconds = -1.0 if seconds is None else float(seconds)
    cdef int max_nodes = int(params.get("max_nodes", DEFAULT_MAX_NODES))
    if max_nodes < 1:
        raise ValueError("max_nodes must be at least 1")

    cdef Rng rng
    rng_seed(&rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    cdef Tree t
    cdef int cap = state.max_legal if state.max_legal > 1 else 1
    cdef int path_cap = 256
    t.capacity = 1024 if max_nodes > 1024 else max_nodes
    t.max_nodes = max_nodes
    t.size = 0
    t.nodes = <Node*>malloc(sizeof(Node) * t.capacity)
    cdef int* acts = <int*>malloc(sizeof(int) * cap)
    cdef int* untried = <int*>malloc(sizeof(int) * cap)
    cdef double* probs = <double*>malloc(sizeof(double) * cap)
    cdef int* path = <int*>malloc(sizeof(int) * path_cap)
    cdef State scratch = state.c_clone()
    cdef Figures f
    cdef int child
    try:
        if t.nodes == NULL or acts == NULL or untried == NULL or probs == NULL or path == NULL:
            raise MemoryError()
        _new_node(&t, -1, searcher, 0)
        f = _run(&t, state, scratch, searcher, &P, &rng, acts, probs, untried, &path, &path_cap)
        visits = {}
        values = {}
        child = t.nodes[0].first_child
        while child != NO_NODE:
            if t.nodes[child].player == searcher:
                a = t.nodes[child].action
                visits[a] = t.nodes[child].visits
                values[a] = (t.nodes[child].value / t.nodes[child].visits
                             if t.nodes[child].visits else 0.0)
            child = t.nodes[child].next_sibling
        nodes = t.size
    finally:
        free(t.nodes)
        free(acts)
        free(untried)
        free(probs)
        free(path)
    # Secure child: the best lower confidence bound, mean - c*sqrt(ln N / n), the mirror of UCB1.
    # The most-visited ("robust") child lags when a line's value rises late in the budget (a win
    # found deep in a subtree); the lower bound still trusts well-explored moves over lucky ones.
    if visits:
        ln_root = log(<double>f.iterations)
        action = min(visits, key=lambda a: (
            -(values[a] - P.c * sqrt(ln_root / visits[a])) if visits[a] else 1e300, a))
    else:
        action = legal[0]   # a zero time budget ran no iteration
    return SearchResult(action=action, player=searcher, iterations=f.iterations, elapsed=f.elapsed,
                        simulated_decisions=f.decisions, visits=visits, values=values, forced=False,
                        nodes=nodes)
