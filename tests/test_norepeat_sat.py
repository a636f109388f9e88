"""SAT agrees with the search: the winner has a strategy (the kernel accepts it), the loser none."""

from __future__ import annotations

import pytest

from coinproofs.encodings.norepeat import sat_winner, strategy_formula, winning_strategy
from coinproofs.games.norepeat import START, legal_coins, solve, turn
from coinproofs.verify.norepeat import check_strategy


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_solver_agrees_with_the_search(n: int, misere: bool) -> None:
    winner = solve(n, misere).winner
    assert sat_winner(n, misere) == winner
    loser = "second" if winner == "first" else "first"
    assert winning_strategy(n, misere, loser) is None
    strategy = winning_strategy(n, misere, winner)
    assert strategy is not None
    check_strategy(n, misere, winner, strategy)  # the model, read back, wins every game


def wins_within(n: int, misere: bool, player: str, depth: int) -> bool:
    """Can `player` force a win within `depth` moves? Plain recursion over histories."""

    def can(seen: int, pattern: int, moves_made: int) -> bool:
        coins = legal_coins(seen, pattern, n)
        to_move = "first" if moves_made % 2 == 0 else "second"
        if not coins:
            return (to_move == player) == misere
        if moves_made == depth:
            return False
        outcomes = [can(seen | 1 << turn(pattern, c), turn(pattern, c), moves_made + 1)
                    for c in coins]
        return any(outcomes) if to_move == player else all(outcomes)

    return can(1 << START, START, 0)


@pytest.mark.parametrize("misere", [False, True])
def test_depth_bounds_agree_with_plain_recursion(misere: bool) -> None:
    answers = [(winning_strategy(3, misere, player, depth) is not None,
                wins_within(3, misere, player, depth))
               for player in ("first", "second") for depth in range(9)]
    assert all(sat == plain for sat, plain in answers)
    assert any(sat for sat, _ in answers) and not all(sat for sat, _ in answers)


def test_the_formula_is_small_for_three_coins() -> None:
    formula = strategy_formula(3, False, "first")
    assert formula.pool.top < 200
    assert len(formula.cnf.clauses) < 200


@pytest.mark.slow
@pytest.mark.parametrize("misere", [False, True])
def test_four_coins(misere: bool) -> None:
    assert sat_winner(4, misere) == solve(4, misere).winner
