"""No repeats as SAT: "this player has a strategy that wins within d moves", over the game tree.

The game tree is unrolled (every history up to d moves: 112 nodes for 3 coins, 90,677 for 4)
and each node h gets a variable reach(h): "the strategy lets the game get to h". At a node
where `player` moves, pick(h, c) says "the strategy turns coin c at h".

    reach(start)
    player to move at h, legal coins c:   reach(h) -> OR_c pick(h, c);   pick(h, c) -> reach(hc)
    opponent to move at h, legal coins c: reach(h) -> reach(hc)  for every c
    h ends the game the wrong way:        not reach(h)  (the player is stuck under normal play,
                                          or the opponent is stuck under misère play)
    h is d moves deep and not over:       not reach(h)

A model is a winning strategy (read it off by following the picks from the start; the kernel's
history-strategy check then re-checks it), and the formula is unsatisfiable iff no strategy of
the player wins every game within d moves. The rules come from the kernel (verify/norepeat.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

from coinproofs.encodings.cadical import interrupts_kept
from coinproofs.verify.norepeat import START, stuck_player_wins, turn
from coinproofs.verify.norepeat_dag import legal_coins

History = tuple[int, ...]
SOLVER = "cadical195"


@dataclass
class StrategyFormula:
    """The CNF for one player on n coins, with the variables named by history."""

    n: int
    misere: bool
    player: str  # "first" or "second"
    depth: int
    cnf: CNF = field(default_factory=CNF)
    pool: IDPool = field(default_factory=IDPool)

    def reach(self, history: History) -> int:
        return int(self.pool.id(("reach", history)))

    def pick(self, history: History, coin: int) -> int:
        return int(self.pool.id(("pick", history, coin)))

    def player_to_move(self, history: History) -> bool:
        return (len(history) % 2 == 0) == (self.player == "first")


def strategy_formula(n: int, misere: bool, player: str, depth: int | None = None
                     ) -> StrategyFormula:
    """The CNF that is satisfiable iff `player` has a strategy winning within `depth` moves
    (no bound if None: the game lasts at most 2^n - 1 moves)."""
    formula = StrategyFormula(n, misere, player, (1 << n) if depth is None else depth)
    formula.cnf.append([formula.reach(())])
    _unroll(formula, (), 1 << START, START)
    return formula


def _unroll(formula: StrategyFormula, history: History, seen: int, pattern: int) -> None:
    reach = formula.reach(history)
    coins = legal_coins(seen, pattern, formula.n)
    mover_is_player = formula.player_to_move(history)
    if not coins:
        if mover_is_player != stuck_player_wins(formula.misere):
            formula.cnf.append([-reach])  # the game ends here, and the player loses
        return
    if len(history) == formula.depth:
        formula.cnf.append([-reach])  # not over within the allowed moves
        return
    if mover_is_player:
        formula.cnf.append([-reach] + [formula.pick(history, coin) for coin in coins])
    for coin in coins:
        child = (*history, coin)
        cause = formula.pick(history, coin) if mover_is_player else reach
        formula.cnf.append([-cause, formula.reach(child)])
        after = turn(pattern, coin)
        _unroll(formula, child, seen | 1 << after, after)


def winning_strategy(n: int, misere: bool, player: str, depth: int | None = None
                     ) -> dict[str, int] | None:
    """A strategy (history '0,2,1' -> coin) with which `player` wins within `depth` moves,
    found by the SAT solver, or None if the formula is unsatisfiable."""
    formula = strategy_formula(n, misere, player, depth)
    with Solver(name=SOLVER, bootstrap_with=formula.cnf.clauses) as solver, interrupts_kept():
        if not solver.solve():
            return None
        true = {literal for literal in solver.get_model() if literal > 0}
    plan: dict[str, int] = {}

    def follow(history: History, seen: int, pattern: int) -> None:
        coins = legal_coins(seen, pattern, n)
        if coins and formula.player_to_move(history):
            coins = [next(c for c in coins if formula.pick(history, c) in true)]
            plan[",".join(map(str, history))] = coins[0]
        for coin in coins:
            after = turn(pattern, coin)
            follow((*history, coin), seen | 1 << after, after)

    follow((), 1 << START, START)
    return plan


def sat_winner(n: int, misere: bool) -> str:
    """Who wins, by asking the solver for each player's strategy (exactly one must exist)."""
    found = {player: winning_strategy(n, misere, player) is not None
             for player in ("first", "second")}
    if found["first"] == found["second"]:
        raise RuntimeError(f"the solver finds a winning strategy for "
                           f"{'both players' if found['first'] else 'neither player'}")
    return "first" if found["first"] else "second"
