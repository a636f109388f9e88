"""'A winning strategy of L moves exists for N coins' for z3, over bit-vectors.

A second formulation of the question the kernel's CNF asks (``verify/devil_cnf.py``), written
the other way round: beliefs are M-bit vectors (bit j = the j-th rotation orbit, orbits in
increasing order of their least member, bit 0 = all heads) and each belief *equals* the image
of the previous one, instead of containing it. A move is a number m < M: the orbit of the
positions flipped, played as that orbit's least member. The image of a belief under move m
is the union of the images of its orbits (``verify.devil.orbit_images``), so

    belief_0 = every orbit,  belief_t = image(belief_{t-1}, move_t),  belief_L = {all heads}

is satisfiable iff a strategy of L moves wins, and its models are the winning strategies.

>>> find_strategy(2, 3), find_strategy(2, 2)
([3, 1, 3], None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinproofs.verify.devil import GOAL, orbit_images, orbits, start_belief

if TYPE_CHECKING:
    import z3


def move_width(n: int) -> int:
    """Bits for a move number: enough to write M itself, so that move < M is a constraint
    (with M = 2 orbits and 1 bit, the constant M would wrap around to 0)."""
    return len(orbits(n)).bit_length()


def image(belief: z3.BitVecRef, move_orbit: int, n: int) -> z3.BitVecRef:
    """The belief after a move of the given orbit: the union of the images of its orbits."""
    import z3

    width = len(orbits(n))
    parts = [z3.If(z3.Extract(j, j, belief) == 1, z3.BitVecVal(orbit_image, width),
                   z3.BitVecVal(0, width))
             for j, orbit_image in enumerate(orbit_images(n)[move_orbit])]
    result = parts[0]
    for part in parts[1:]:
        result = result | part
    return result


def formula(n: int, length: int) -> tuple[list[z3.BoolRef], list[z3.BitVecRef]]:
    """The constraints of the question, and the move variables move_1..move_L."""
    import z3

    from coinproofs.encodings.devil_sat import check_size

    check_size(n, length)
    width = count = len(orbits(n))  # one bit per orbit in a belief; one move per orbit
    beliefs = [z3.BitVec(f"belief_{t}", width) for t in range(length + 1)]
    moves = [z3.BitVec(f"move_{t}", move_width(n)) for t in range(1, length + 1)]
    constraints = [beliefs[0] == start_belief(n), beliefs[length] == GOAL]
    for t, move in enumerate(moves, 1):
        constraints.append(z3.ULT(move, count))
        after = image(beliefs[t - 1], count - 1, n)
        for m in reversed(range(count - 1)):  # the last orbit is what is left when none match
            after = z3.If(move == m, image(beliefs[t - 1], m, n), after)
        constraints.append(beliefs[t] == after)
    return constraints, moves


def find_strategy(n: int, length: int) -> list[int] | None:
    """A winning strategy of exactly `length` moves found by z3 (move bitmasks), or None."""
    import z3

    constraints, moves = formula(n, length)
    solver = z3.Solver()
    solver.add(constraints)
    answer = solver.check()
    if answer == z3.unknown:
        raise RuntimeError(f"z3 gave up on {n} coins and {length} moves: {solver.reason_unknown()}")
    if answer == z3.unsat:
        return None
    model = solver.model()
    return [orbits(n)[model.eval(move, model_completion=True).as_long()] for move in moves]


def smt2(n: int, length: int) -> str:
    """The question as an SMT-LIB 2 script (QF_BV) ending in (check-sat), with a comment header
    naming the claim and the variables."""
    import z3

    constraints, _ = formula(n, length)
    solver = z3.Solver()
    solver.add(constraints)
    count = len(orbits(n))
    coins = "1 coin" if n == 1 else f"{n} coins"
    moves = "1 move" if length == 1 else f"{length} moves"
    header = [
        f"coinproofs devil-beliefs-bitvector/v1: the devil's coin flip with {coins}, {moves}",
        f"claim: a strategy of {moves} wins the devil's coin flip with {coins} "
        "(sat iff true; a model's move_t are a winning strategy)",
        f"M = {count} rotation orbits of coin states, numbered 0..{count - 1} in increasing "
        "order of their least member; orbit 0 is all heads",
        f"belief_t ({count} bits, t = 0..{length}): bit j set iff after t moves the coins may "
        "be in orbit j",
        f"move_t ({move_width(n)} bits, t = 1..{length}): move t flips the positions where the "
        "least member of orbit move_t has tails",
        *(f"orbit {j}: least member has tails at positions "
          f"{[i for i in range(n) if least >> i & 1]}" for j, least in enumerate(orbits(n))),
    ]
    lines = [f"; {line}" for line in header]
    return "\n".join([*lines, "(set-logic QF_BV)", solver.to_smt2().rstrip(), ""])
