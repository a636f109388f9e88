"""Playing a strategy against a devil who rotates at random: evidence, not proof.

Norvig checked his 15-move strategy by letting a *random devil* play it 1000 times from each of
the 16 starts: every game was won, and the move numbers at which the coins first showed all
heads were spread almost evenly over 0..15. This module replays that experiment for any N and
any strategy. A random devil is far weaker than the real one (who picks the worst rotation), so
a strategy that wins every random game may still lose; only an exact check proves it wins.

The random devil turns the table by r, drawn uniformly from 0..N-1, before every flip. Games
are spread evenly over the starts: `games` games from each of the 2^N initial states (so the
notebook's experiment is `histogram(strategy, 4, 1000, seed)`: 16,000 games).

States and moves are bitmasks as everywhere in the project (bit i = the coin at position i,
1 = tails; all heads is 0). Every function also takes a member of the rotating-table family (a
:class:`~coinproofs.games.devil.Table` instead of n): its random devil applies a permutation
drawn uniformly from the table's group before every move, a move turns dials, and the games are
spread over the q^n starts. On a table of coins with rotations (whatever the goal) the devil
draws the turn r as above, so a seed gives the same games.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import numpy as np
import numpy.typing as npt

from coinproofs.games.devil import (
    Game,
    Table,
    added,
    as_table,
    describe,
    dials,
    elements,
    from_dials,
    goal_states,
    permuted,
)

ALL_HEADS = 0

States = npt.NDArray[np.int64]

# histogram() plays every game move by move: 2^N * games * len(strategy) coin updates at most.
# Numpy does about 5 * 10^7 a second (N=8, 255 moves, 1000 games per start: 1.4 s), so this
# bounds a run to several seconds.
MAX_STEPS = 4 * 10**8

# Games are vectors of int64 bitmasks (and the exact check stops at 20 coins too).
MAX_N = 20

# Another group's devil looks its permutations up in a table of |G| x q^n states.
MAX_PERMUTATION_TABLE = 1 << 24


def _rotates(t: Table) -> bool:
    """Does the devil turn coins on a round table (drawing the turn r, bits shifted)?"""
    return t.q == 2 and t.group == "cyclic"


def choices(game: Game) -> int:
    """How many permutations the random devil draws from: the n turns, or the group's
    elements."""
    t = as_table(game)
    return t.n if _rotates(t) else len(elements(t))


@cache
def _permutation_table(t: Table) -> States:
    """table[c, x]: state x after the devil's c-th permutation (the group's elements)."""
    return np.stack([permuted(g, t) for g in elements(t)])


def permute_all(states: States, chosen: States, game: Game) -> States:
    """Each state after the devil's permutation chosen for it (numbers below choices(game)).

    >>> permute_all(np.array([0b0011, 0b1000]), np.array([1, 1]), 4).tolist()  # turn by 1
    [6, 1]
    """
    t = as_table(game)
    if _rotates(t):
        return rotate_all(states, chosen, t.n)
    turned: States = _permutation_table(t)[chosen, states]
    return turned


def finished(states: States, game: Game) -> npt.NDArray[np.bool_]:
    """Which states are goal states (all heads, or all dials equal)."""
    t = as_table(game)
    if t.goal == "zero":
        at_goal: npt.NDArray[np.bool_] = states == ALL_HEADS
        return at_goal
    return np.isin(states, goal_states(t))


def moved(states: States, move: int, game: Game) -> States:
    """Each state with the move's dials turned (for coins: flipped)."""
    t = as_table(game)
    if t.q == 2:
        return states ^ move
    turned: States = added(move, t)[states]
    return turned


def play(strategy: list[int], initial: int, game: Game, rng: np.random.Generator) -> int | None:
    """The number of moves after which the coins first show all heads (0 if they start so),
    or None if the random devil survives the whole strategy.

    >>> rng = np.random.default_rng(1)
    >>> play([0b11, 0b01, 0b11], 0b00, 2, rng)  # all heads already: won before any move
    0
    >>> play([0b11, 0b01, 0b11], 0b11, 2, rng)  # TT: flipping both coins wins at once
    1
    >>> play([0b01], 0b11, 2, rng) is None  # TT becomes HT or TH, never HH
    True
    """
    state = np.array([initial], dtype=np.int64)
    if finished(state, game)[0]:
        return 0
    for number, move in enumerate(strategy, 1):
        state = moved(permute_all(state, rng.integers(choices(game), size=1), game), move, game)
        if finished(state, game)[0]:
            return number
    return None


def histogram(strategy: list[int], game: Game, games: int, seed: int,
              random_starts: bool = False) -> Counter[int | None]:
    """How many games were won after each number of moves (None counts the games lost), for
    `games` games from each of the 2^n starts (or, with `random_starts`, `games` games in all,
    each from a start drawn at random: for large n) against a random devil seeded with `seed`.
    The same arguments always give the same Counter.

    >>> histogram([0b11, 0b01, 0b11], 2, 10, seed=0)[None]  # a winning strategy never loses
    0
    >>> sum(histogram([0b01], 2, 10, seed=0).values())  # 10 games from each of 4 starts
    40
    """
    check_size(strategy, game, games, random_starts)
    size = as_table(game).size
    rng = np.random.default_rng(seed)
    states = (rng.integers(size, size=games, dtype=np.int64) if random_starts
              else np.repeat(np.arange(size, dtype=np.int64), games))
    # Only the unfinished games are played on: `playing` indexes them, `coins` are their states.
    # finished_at[g] is the move number that won game g, or -1 while it is not won.
    done = finished(states, game)
    finished_at = np.where(done, 0, -1)
    playing = np.flatnonzero(~done)
    coins = states[playing]
    for number, move in enumerate(strategy, 1):
        if len(playing) == 0:
            break
        coins = moved(permute_all(coins, rng.integers(choices(game), size=len(coins)), game),
                      move, game)
        won = finished(coins, game)
        finished_at[playing[won]] = number
        playing, coins = playing[~won], coins[~won]
    numbers, counts = np.unique(finished_at, return_counts=True)
    return Counter({(int(number) if number >= 0 else None): int(count)
                    for number, count in zip(numbers, counts, strict=True)})


def rotate_all(states: States, turns: States, n: int) -> States:
    """rotate(state, r, n) for a whole array of states, each with its own r in 0..n-1.

    >>> rotate_all(np.array([0b0011, 0b1000]), np.array([1, 1]), 4).tolist()
    [6, 1]
    """
    everything = (1 << n) - 1
    turned: States = ((states << turns) | (states >> (n - turns))) & everything
    return turned


def check_size(strategy: list[int], game: Game, games: int, random_starts: bool = False) -> None:
    """Refuse experiments that cannot run (bad sizes) or would run for too long."""
    t = as_table(game)
    n = t.n
    if not 1 <= n <= MAX_N:
        raise ValueError(f"random play handles 1 to {MAX_N} coins, not {n}")
    if games < 1:
        raise ValueError(f"play at least 1 game from each start, not {games}")
    bad = [move for move in strategy if not 0 <= move < t.size]
    if bad:
        where = f"the {n} coins" if t.q == 2 else describe(t)
        raise ValueError(f"move {bad[0]:#b} flips positions outside {where}" if t.q == 2 else
                         f"move {bad[0]} turns dials outside {where}")
    if not _rotates(t) and len(elements(t)) * t.size > MAX_PERMUTATION_TABLE:
        raise ValueError(f"the devil's group has {len(elements(t)):,} permutations of "
                         f"{t.size:,} states: too many to draw at random here")
    if random_starts:
        if games * len(strategy) > MAX_STEPS:
            raise ValueError(f"{games:,} games of {len(strategy):,} moves are more than the "
                             f"{MAX_STEPS:.0e} coin updates that run in reasonable time: play "
                             f"at most {MAX_STEPS // max(1, len(strategy)):,}")
        return
    steps_per_game = t.size * len(strategy)  # one game from every start
    if steps_per_game > MAX_STEPS:
        raise ValueError(f"{n} coins and {len(strategy):,} moves are too many for random play: "
                         f"one game from each of the {t.size:,} starts is already "
                         f"{steps_per_game:.1e} coin updates, more than the {MAX_STEPS:.0e} "
                         "that run in reasonable time (--random-starts plays fewer games, "
                         "each from a start drawn at random)")
    if games * steps_per_game > MAX_STEPS:
        raise ValueError(f"{games:,} games from each start is {games * steps_per_game:.1e} coin "
                         f"updates, more than the {MAX_STEPS:.0e} that run in reasonable time: "
                         f"play at most {MAX_STEPS // steps_per_game:,}")


# The exact chance of winning at each move against a random devil follows the distribution of
# the coins over all 2^N states move by move: 2^N * N * len(strategy) steps in all.
MAX_EXPECTATION_STEPS = 10**8


def win_chances(strategy: list[int], game: Game) -> list[float] | None:
    """chances[t]: the probability that a game from a start drawn uniformly at random first
    reaches the goal after t moves, against a devil who turns the table by a uniformly random r
    (on another table: applies a uniformly random permutation of its group) before every move
    (exact, by following the distribution of the coins); None when that takes more than
    MAX_EXPECTATION_STEPS steps. `games` games from each start win at move t about
    games * q^n * chances[t] times.

    For a winning strategy of 2^n - 1 moves every chance is 1 / 2^n: whatever the rotations,
    each move number is the first visit to all heads of exactly one start.

    >>> win_chances([0b11, 0b01, 0b11], 2)
    [0.25, 0.25, 0.25, 0.25]
    >>> win_chances([0b01], 2)  # HH at once, or HT flipped to HH after one move
    [0.25, 0.25]
    """
    check_size(strategy, game, 1, random_starts=True)  # one game's worth: n and the moves
    t = as_table(game)
    if t.size * choices(t) * len(strategy) > MAX_EXPECTATION_STEPS:
        return None
    states = np.arange(t.size, dtype=np.int64)
    unturned = [permute_all(states, np.full(t.size, c), t) for c in range(choices(t))]
    goal = finished(states, t)
    coins = np.full(t.size, 1 / t.size)  # coins[s]: the chance that the coins show s
    chances = [float(coins[goal].sum())]
    coins[goal] = 0.0  # a won game is over
    for move in strategy:
        turned = np.mean([coins[rotated] for rotated in unturned], axis=0)
        back = from_dials([-turn for turn in dials(move, t)], t)  # the move's opposite
        coins = turned[moved(states, back, t)]
        chances.append(float(coins[goal].sum()))
        coins[goal] = 0.0
    return chances
