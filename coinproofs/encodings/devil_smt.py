"""'A winning strategy of L moves exists' for z3, over bit-vectors, for the devil's coin flip
and every other table of its family.

A second formulation of the question the kernel's CNF asks (``verify/devil_cnf.py``), written
the other way round: beliefs are M-bit vectors (bit j = the j-th orbit, orbits in increasing
order of their least member, bit 0 = the goal) and each belief *equals* the image of the
previous one, instead of containing it. A move is a number m < K: the orbit of moves of the
dials turned (the positions flipped), played as that orbit's least member (for coins on a
rotating table K = M: the moves' orbits are the states'). The image of a belief under move m is
the union of the images of its orbits (``verify.kernel.orbit_images``), so

    belief_0 = every orbit,  belief_t = image(belief_{t-1}, move_t),  belief_L = {goal}

is satisfiable iff a strategy of L moves wins, and its models are the winning strategies.

>>> find_strategy(2, 3), find_strategy(2, 2)
([3, 1, 3], None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinproofs.encodings.devil_sat import check_table_size, rules_of
from coinproofs.games.devil import Game, as_table, coins_text, describe
from coinproofs.verify import table as kernel
from coinproofs.verify.table import GOAL

if TYPE_CHECKING:
    import z3


def orbit_images(game: Game) -> tuple[tuple[int, ...], ...]:
    """images[m][j]: the belief orbit j becomes under the m-th orbit of moves (the kernel's)."""

    return kernel.orbit_images(rules_of(as_table(game)))


def move_width(game: Game) -> int:
    """Bits for a move number: enough to write K itself, so that move < K is a constraint
    (with K = 2 orbits of moves and 1 bit, the constant K would wrap around to 0)."""
    return len(orbit_images(game)).bit_length()


def image(belief: z3.BitVecRef, images: tuple[int, ...]) -> z3.BitVecRef:
    """The belief after a move whose orbits' images are `images`: the union of the images of
    the belief's orbits."""
    # deferred: 32 ms of CPU to load (docs/design.md, "Imports")
    import z3

    width = len(images)
    parts = [z3.If(z3.Extract(j, j, belief) == 1, z3.BitVecVal(orbit_image, width),
                   z3.BitVecVal(0, width))
             for j, orbit_image in enumerate(images)]
    result = parts[0]
    for part in parts[1:]:
        result = result | part
    return result


def formula(game: Game, length: int) -> tuple[list[z3.BoolRef], list[z3.BitVecRef]]:
    """The constraints of the question, and the move variables move_1..move_L."""
    # deferred: 32 ms of CPU to load (docs/design.md, "Imports")
    import z3

    check_table_size(game, length)
    images = orbit_images(game)
    width = len(images[0])  # one bit per orbit in a belief
    count = len(images)  # one move per orbit of moves
    beliefs = [z3.BitVec(f"belief_{t}", width) for t in range(length + 1)]
    moves = [z3.BitVec(f"move_{t}", move_width(game)) for t in range(1, length + 1)]
    constraints = [beliefs[0] == (1 << width) - 1, beliefs[length] == GOAL]
    for t, move in enumerate(moves, 1):
        constraints.append(z3.ULT(move, count))
        after = image(beliefs[t - 1], images[count - 1])
        for m in reversed(range(count - 1)):  # the last orbit is what is left when none match
            after = z3.If(move == m, image(beliefs[t - 1], images[m]), after)
        constraints.append(beliefs[t] == after)
    return constraints, moves


def find_strategy(game: Game, length: int) -> list[int] | None:
    """A winning strategy of exactly `length` moves found by z3 (moves), or None.

    >>> from coinproofs.games.devil import Table
    >>> # HT or TH: turn either coin (z3 may give either model, as its earlier queries went)
    >>> find_strategy(Table(2, group="trivial", goal="equal"), 1) in ([1], [2])
    True
    >>> find_strategy(Table(2, group="trivial", goal="equal"), 0) is None
    True
    """
    # deferred: 32 ms of CPU to load (docs/design.md, "Imports")
    import z3

    constraints, moves = formula(game, length)
    solver = z3.Solver()
    solver.add(constraints)
    answer = solver.check()
    if answer == z3.unknown:
        raise RuntimeError(f"z3 gave up on {describe(game)} and {length} moves: "
                           f"{solver.reason_unknown()}")
    if answer == z3.unsat:
        return None
    model = solver.model()
    least_moves = kernel.move_orbits(rules_of(as_table(game)))
    return [least_moves[model.eval(move, model_completion=True).as_long()] for move in moves]


def header(game: Game, length: int) -> list[str]:
    """The comment lines of the SMT-LIB script: the claim and the variables."""
    t = as_table(game)
    r = rules_of(t)
    count, kinds = len(kernel.orbits(r)), len(kernel.move_orbits(r))
    moves = "1 move" if length == 1 else f"{length} moves"
    if t.is_coins:
        coins = "1 coin" if t.n == 1 else f"{t.n} coins"
        return [
            f"coinproofs devil-beliefs-bitvector/v1: the devil's coin flip with {coins}, {moves}",
            f"claim: a strategy of {moves} wins the devil's coin flip with {coins} "
            "(sat iff true; a model's move_t are a winning strategy)",
            f"M = {count} rotation orbits of coin states, numbered 0..{count - 1} in increasing "
            "order of their least member; orbit 0 is all heads",
            f"belief_t ({count} bits, t = 0..{length}): bit j set iff after t moves the coins "
            "may be in orbit j",
            f"move_t ({move_width(t)} bits, t = 1..{length}): move t flips the positions where "
            "the least member of orbit move_t has tails",
            *(f"orbit {j}: least member has tails at positions "
              f"{[i for i in range(t.n) if least >> i & 1]}"
              for j, least in enumerate(kernel.orbits(r))),
        ]
    return [
        f"coinproofs family-beliefs-bitvector/v1: {describe(t)}, {moves}",
        f"claim: a strategy of {moves} wins on {describe(t)} (sat iff true; a model's move_t "
        "are a winning strategy)",
        f"M = {count} orbits of states, numbered 0..{count - 1}: orbit 0 holds every goal "
        "state, the others in increasing order of their least member (dials of positions "
        f"0..{t.n - 1})",
        f"K = {kinds} orbits of moves, numbered 0..{kinds - 1} in increasing order of their "
        "least member",
        f"belief_t ({count} bits, t = 0..{length}): bit j set iff after t moves the dials may "
        "be in orbit j",
        f"move_t ({move_width(t)} bits, t = 1..{length}): move t is the least member of orbit "
        "of moves move_t",
        *(f"orbit {j}: least member {coins_text(least, t)}"
          for j, least in enumerate(kernel.orbits(r))),
        *(f"orbit of moves {m}: least member {coins_text(least, t)}"
          for m, least in enumerate(kernel.move_orbits(r))),
    ]


def smt2(game: Game, length: int) -> str:
    """The question as an SMT-LIB 2 script (QF_BV) ending in (check-sat), with a comment header
    naming the claim and the variables."""
    # deferred: 32 ms of CPU to load (docs/design.md, "Imports")
    import z3

    constraints, _ = formula(game, length)
    solver = z3.Solver()
    solver.add(constraints)
    lines = [f"; {line}" for line in header(game, length)]
    return "\n".join([*lines, "(set-logic QF_BV)", solver.to_smt2().rstrip(), ""])
