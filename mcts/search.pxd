# The search tree of mcts/search.pyx, for Cython code that wants to read it. One tree lives in one
# C array of Node (grown with realloc, freed when the search ends); nodes refer to each other by index
# so that growing the array never invalidates a link.
from libc.stdint cimport uint64_t

ctypedef struct Node:
    double value        # sum over visits of the reward of `player` (the seat that chose `action`)
    uint64_t key        # hidden information, chance edges: the searcher's info hash after the outcome
    int action          # the decision or chance outcome that leads here (-1: root, or an info-hash edge)
    int player          # the seat that chose `action`; CHANCE_PLAYER for a chance outcome
    int visits          # iterations that passed through this node
    int avail           # iterations in which `action` was legal at the parent (ISMCTS availability)
    int first_child     # index of the first child, children sorted by (action, player, key); -1: none
    int next_sibling    # index of the next child of the same parent; -1: last

ctypedef struct Tree:
    Node* nodes         # nodes[0] is the root
    int size            # nodes in use
    int capacity        # nodes allocated
    int max_nodes       # no expansion past this many nodes (memory bound); search goes on without
