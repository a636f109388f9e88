"""Explaining a devil strategy in the words of Lamping's recursion (Norvig's open question: can
the strategies be understood?).

For 2m coins, pair each coin i with the coin i + m opposite it. The *halves' XOR* h is the
m-coin word whose coin i is coin i XOR coin i + m. Turning the table turns h (as m coins), and
a move that flips both coins of every pair it touches leaves h alone; only a move whose two
halves differ changes h, by the XOR of its halves.

Lamping's strategy for 2m coins is D, s_1, D, s_2, D, ..., s_k, D: D plays an m-coin winning
strategy on both halves at once (so it wins whenever h = 0, the table being an m-coin position
written twice), and the single moves s_1..s_k change h as an m-coin winning strategy does, so
one of them brings h to 0 and the D after it wins. `explanation` finds this shape in any
strategy that has it (the search's and Lamping's alike), says what each phase does to the
belief, and explains D the same way, down to one coin.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from coinproofs.games.devil import (
    Table,
    beliefs_along,
    canonical,
    coins_text,
    orbit,
    orbits,
    positions,
    wins,
)
from coinproofs.text import plural


@dataclass(frozen=True)
class Shape:
    """A strategy for 2m coins as D, s_1, D, ..., s_k, D: D's moves on one half (`half`), and
    the change each s makes to the halves' XOR h (`changes`)."""

    m: int
    half: list[int]
    changes: list[int]


def shape(moves: list[int], n: int) -> Shape | None:
    """The Lamping shape of a strategy for n coins, or None if it has none.

    >>> shape([0b11, 0b01, 0b11], 2)  # D = [flip coin 0], s_1 flips coin 0 only
    Shape(m=1, half=[1], changes=[1])
    >>> shape([0b01], 2) is None
    True
    """
    if n % 2 or not moves:
        return None
    m = n // 2
    low = (1 << m) - 1
    runs: list[list[int]] = [[]]
    changes: list[int] = []
    for move in moves:
        first, second = move & low, move >> m
        if first == second:
            runs[-1].append(first)
        else:
            changes.append(first ^ second)
            runs.append([])
    if not runs[0] or any(run != runs[0] for run in runs):
        return None
    return Shape(m, runs[0], changes)


def halves_xor(state: int, m: int) -> int:
    """h: coin i XOR coin i + m, as an m-coin state.

    >>> coins_text(halves_xor(0b0110, 2), 2)  # HTTH: pairs (H,T) and (T,H)
    'TT'
    """
    return (state & ((1 << m) - 1)) ^ (state >> m)


def _moves_text(moves: list[int]) -> str:
    return "[" + ", ".join(str(positions(move)) for move in moves) + "]"


def _span(first: int, last: int) -> str:
    return f"move {first}" if first == last else f"moves {first}-{last}"


def _h_values(belief: int, n: int, m: int) -> list[str]:
    """The halves' XORs (up to rotation, as m-coin words) of the orbits in a belief other
    than all heads."""
    leaders = orbits(n)
    found = {canonical(halves_xor(leaders[j], m), m)
             for j in range(1, len(leaders)) if belief >> j & 1}
    # Named as everywhere else: the least H/T word of the orbit, position 0 first.
    return sorted(min(coins_text(state, m) for state in orbit(h, m)) for h in found)


def explanation(moves: list[int], n: int) -> str:
    """The strategy walked through phase by phase, or why it has no Lamping shape.

    >>> print(explanation([0b11, 0b01, 0b11], 2))  # doctest: +ELLIPSIS
    A 3-move strategy for 2 coins (it wins), read as Lamping's recursion.
    <BLANKLINE>
    2 coins: pair coin 0 with 1 (each with the coin opposite). ...
    """
    verdict = "it wins" if wins(moves, n) else "it does not always win"
    lines = [f"A {len(moves)}-move strategy for {n} coins ({verdict}), read as Lamping's "
             "recursion.", ""]
    lines += _level(moves, n)
    return "\n".join(textwrap.fill(line, 100, subsequent_indent="    " if line.startswith("  ")
                                    else "") if line else line for line in lines)


def _level(moves: list[int], n: int) -> list[str]:
    """The explanation of one level of the recursion, then of D's half, one level down."""
    if n == 1:
        kind = ("flip the coin: from T it wins, from H nothing was needed"
                if moves == [1] else f"the moves {_moves_text(moves)}")
        return [f"1 coin: {kind}."]
    found = shape(moves, n)
    if found is None:
        return [f"{n} coins: the moves {_moves_text(moves)} are not of the form D, s_1, D, "
                "..., s_k, D (a run D with equal halves between single moves whose halves "
                "differ), so Lamping's recursion does not describe them."]
    m, k = found.m, len(found.changes)
    times = {1: "once", 2: "twice"}.get(k, f"{k} times")
    pairs = ", ".join(f"{i} with {i + m}" for i in range(min(m, 4))) + (", ..." if m > 4 else "")
    d = len(found.half)
    lines = [
        f"{n} coins: pair coin {pairs} (each with the coin opposite). The halves' XOR h is "
        f"the {m}-coin word 'coin i XOR coin i+{m}'; turning the table turns h, and only a "
        "move whose halves differ changes it.",
        f"The strategy is D, then {times} a single move s that changes h followed by D "
        f"again. D ({_span(1, d)}) plays {_moves_text(found.half)} on both halves at once: it "
        "leaves h alone, and when h = 0 (both halves equal) it is the smaller game and "
        f"{'wins' if wins(found.half, m) else 'does not always win'}.",
        f"The changes the s-moves make to h, {_moves_text(found.changes)}, are a {k}-move "
        f"strategy for {plural(m, 'coin')} that "
        + ("wins: whatever h was, one of them makes it 0 and the D after it finishes the game."
           if wins(found.changes, m) else "does not always win: the devil can keep h from 0."),
        "",
        "Phase by phase (the belief: the orbits the player cannot rule out):",
    ]
    beliefs = beliefs_along(moves, n)
    at = 0
    for phase in range(2 * k + 1):
        is_d = phase % 2 == 0
        length = d if is_d else 1
        before, after = beliefs[at], beliefs[at + length]
        what = ("D" if is_d else
                f"s_{phase // 2 + 1} flips {positions(moves[at])}, changing h by "
                f"{positions(found.changes[phase // 2])}")
        h = _h_values(after, n, m)
        rest = (f"the states left have h in {{{', '.join(h)}}}" if h
                else "only all heads is left")
        lines.append(f"  {_span(at + 1, at + length)}, {what}: {before.bit_count()} -> "
                     f"{plural(after.bit_count(), 'orbit')}; {rest}")
        at += length
    lines += ["", *_level(found.half, m)]
    return lines


def belief_story(moves: list[int], table: Table, described: str) -> str:
    """A strategy for another table of the family (`described`: the table in words), whose
    moves Lamping's recursion does not read: how the belief shrinks, each time it first holds
    fewer orbits than ever before.

    >>> print(belief_story([1], Table(2, goal="equal"), "2 coins, goal: all alike"))
    A 1-move strategy for 2 coins, goal: all alike (it wins). Lamping's recursion reads
    strategies for coins on a rotating table; here is how the belief (the orbits the player
    cannot rule out) shrinks instead:
      at the start: 2 orbits
      after move 1: 1 orbit, the goal's alone
    """
    beliefs = beliefs_along(moves, table)
    verdict = "it wins" if wins(moves, table) else "it does not always win"
    lines = [f"A {len(moves):,}-move strategy for {described} ({verdict}). Lamping's recursion "
             "reads strategies for coins on a rotating table; here is how the belief (the "
             "orbits the player cannot rule out) shrinks instead:"]
    fewest = beliefs[0].bit_count()
    lines.append(f"  at the start: {plural(fewest, 'orbit')}")
    for t, belief in enumerate(beliefs[1:], 1):
        if belief.bit_count() < fewest:
            fewest = belief.bit_count()
            alone = ", the goal's alone" if belief == 1 else ""
            lines.append(f"  after move {t:,}: {plural(fewest, 'orbit')}{alone}")
    return "\n".join([textwrap.fill(lines[0], 90), *lines[1:]])
