"""Monte Carlo tree search over the engine's State protocol.

    >>> import engine, mcts
    >>> state = engine.load_game("kuhn_poker").replay(0, [0, 2, 1])   # holding K, facing a bet
    >>> mcts.search(state, iterations=1000, seed=1).action
    1

``search`` (``mcts/search.pyx``): UCT and information-set MCTS; ``SearchResult`` (``mcts/result.py``);
players and seeded matches (``mcts/players.py``).
"""
from mcts.result import SearchResult
from mcts.search import DEFAULT_C, search

__all__ = ["DEFAULT_C", "SearchResult", "search"]
