"""What a search returns: the chosen action and the root statistics behind it."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SearchResult:
    """The outcome of one :func:`mcts.search`.

    ``visits`` and ``values`` cover the searcher's root actions that the search tried; ``values`` are
    mean returns for the searching seat. ``simulated_decisions`` counts every decision applied to a
    scratch state (tree walk and rollouts, chance outcomes included). ``forced`` is True when the state
    had one legal action and no search ran.
    """

    action: int
    player: int
    iterations: int
    elapsed: float
    simulated_decisions: int
    visits: dict[int, int] = field(default_factory=dict)
    values: dict[int, float] = field(default_factory=dict)
    forced: bool = False
    nodes: int = 0

    @property
    def iterations_per_second(self) -> float:
        """Iterations per second of wall time (0 when nothing was timed)."""
        return self.iterations / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def decisions_per_second(self) -> float:
        """Simulated decisions per second of wall time, tree work included."""
        return self.simulated_decisions / self.elapsed if self.elapsed > 0 else 0.0
