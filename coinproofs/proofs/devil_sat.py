"""SAT evidence for the devil's coin flip: LRAT lower bounds and strategies from SAT models.

Both solve the kernel's reference formula (``verify/devil_cnf.py``) with CaDiCaL 1.9.5. The
kernel rebuilds that formula for an lrat evidence item and checks the proof against it; a
strategy decoded from a model is simulated exactly, like any other strategy.
"""

from __future__ import annotations

from coinproofs.proofs.devil_evidence import strategy_evidence
from coinproofs.proofs.registry import Evidence, ProofContext


def lower_bound_evidence(context: ProofContext, n: int, length: int) -> Evidence:
    """An LRAT proof that no strategy of `length` moves wins for n coins (hence none of at most
    `length` moves); raises ValueError if one does."""
    from coinproofs.encodings.devil_sat import check_size
    from coinproofs.proofs.sat import lrat_evidence
    from coinproofs.verify.devil_cnf import ENCODING, header, reference_cnf

    check_size(n, length)
    cnf = reference_cnf(n, length)
    context.progress(f"devil.n{n}: no strategy of {length} moves (SAT, LRAT)")
    return lrat_evidence(context, cnf.clauses, cnf.nv, header(n, length), ENCODING,
                         {"length": length}, suffix=f"L{length}")


def sat_strategy_evidence(context: ProofContext, n: int, length: int,
                          variant: str = "reference") -> Evidence:
    """A winning strategy of `length` moves from a CaDiCaL model of the reference formula, or of
    its faster variant "counted" (``encodings/devil_sat.py``; for 8 coins); raises ValueError
    if the formula is unsatisfiable."""
    from coinproofs.encodings.devil_sat import decode, solve_formula

    context.progress(f"devil.n{n}: a strategy of {length} moves (SAT)")
    context.solvers.add("cadical195")
    result = solve_formula(n, length, variant)
    if result.model is None:
        raise ValueError(f"CaDiCaL finds no winning strategy of {length} moves for {n} coins")
    moves = decode(result.model, n, length)
    found_by = "cadical195" if variant == "reference" else f"cadical195 ({variant} encoding)"
    return strategy_evidence(context, moves, found_by=found_by, suffix="sat.moves.jsonl")
