"""CaDiCaL 1.9.5 (through pysat) as a solver that hands back an LRAT proof when it says UNSAT.

pysat's own ``with_proof=True`` gives CaDiCaL's DRUP trace, not LRAT, so :func:`solve` reaches
into pysat's Cadical195 object: it switches on CaDiCaL's `lrat` option and points CaDiCaL's
proof tracer at a file of ours. This is the one place that does it; the tests pin it down.

The proof is then renumbered for the kernel (``coinproofs.verify.lrat``), which numbers the
original clauses 1..m in order. CaDiCaL draws original and derived clause ids from one counter,
so a clause that it simplifies while clauses are still being added (one with a literal already
false by a unit clause, or a repeated literal) gets a derived id in between original ones:
for [[1], [-1, 2], [-2]] it writes ``3 2 0 1 2 0`` although the kernel's clause 3 is [-2].
Nothing here is trusted: a wrong renumbering would only make the kernel reject the proof.
"""

from __future__ import annotations

import tempfile
import time
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pysolvers  # pysat's C extension; its proof-tracer hook is not in pysat's public API
from pysat.solvers import Solver


@contextmanager
def interrupts_kept() -> Iterator[None]:
    """Let Ctrl-C stay an interrupt: pysat's solvers catch SIGINT themselves and raise their own
    error, which a caller would otherwise take for a failure of the solver."""
    try:
        yield
    except pysolvers.error as error:
        if "keyboard interrupt" in str(error).lower():
            raise KeyboardInterrupt from None
        raise


@dataclass
class SolveResult:
    """A solver's answer: a model when satisfiable, an LRAT refutation when not (if asked)."""

    satisfiable: bool
    model: list[int] | None
    lrat: bytes | None
    seconds: float


def solve(clauses: Sequence[Sequence[int]], *, proof: bool = True) -> SolveResult:
    """Solve `clauses` with CaDiCaL 1.9.5; when they are unsatisfiable and `proof` is set, return
    an LRAT proof whose original clauses are `clauses` numbered 1..m in order.

    >>> solve([[1, 2], [-1]]).model
    [-1, 2]
    >>> print(solve([[1], [-1]]).lrat.decode(), end="")
    3 0 1 2 0
    """
    start = time.perf_counter()
    if any(len(clause) == 0 for clause in clauses):
        return SolveResult(False, None, empty_clause_proof(clauses) if proof else None,
                           time.perf_counter() - start)
    with tempfile.TemporaryDirectory(prefix="coinproofs-cadical-") as folder:
        trace_path = Path(folder) / "proof.lrat"
        solver = Solver(name="cadical195")
        try:
            if proof:
                trace_lrat(solver, trace_path)
            with interrupts_kept():
                for clause in clauses:
                    solver.add_clause(clause)
                satisfiable = bool(solver.solve())
                model = solver.get_model() if satisfiable else None
        finally:
            solver.delete()  # CaDiCaL flushes and closes the proof file only here
        trace = trace_path.read_bytes() if proof and not satisfiable else None
    lrat = None if trace is None else kernel_numbering(trace, len(clauses))
    return SolveResult(satisfiable, model, lrat, time.perf_counter() - start)


def trace_lrat(solver: Solver, path: Path) -> None:
    """Make a fresh CaDiCaL `solver` write its proof as text LRAT into the file at `path`."""
    cadical = solver.solver
    # Options must be set before the first clause is added.
    cadical.configure({"lrat": 1, "binary": 0})
    # pysat keeps the Python file object and CaDiCaL's FILE* side by side, as with_proof does;
    # delete() closes both. The C side needs a file opened for update ("w+b"): plain "wb" fails.
    cadical.prfile = open(path, "w+b")  # noqa: SIM115 (closed by solver.delete())
    cadical.prfp = pysolvers.cadical195_tracepr(cadical.cadical, cadical.prfile)


def empty_clause_proof(clauses: Sequence[Sequence[int]]) -> bytes:
    """The one-line LRAT proof for a formula that contains the empty clause."""
    empty = next(number for number, clause in enumerate(clauses, 1) if len(clause) == 0)
    return f"{len(clauses) + 1} 0 {empty} 0\n".encode()


def kernel_numbering(trace: bytes, originals: int) -> bytes:
    """CaDiCaL's LRAT `trace` with ids renumbered: original clauses 1..`originals` in order,
    then the derived clauses from `originals` + 1 on.

    Derived clauses are exactly the ids of addition lines; every other id is an original
    clause, and original clauses got their ids in order.

    >>> print(kernel_numbering(b"3 2 0 1 2 0\\n3 d 2 0\\n5 0 3 4 0\\n", 3).decode(), end="")
    4 2 0 1 2 0
    4 d 2 0
    5 0 4 3 0
    """
    lines = [line.split() for line in trace.splitlines() if line.strip()]
    derived = [int(words[0]) for words in lines if words[1] != b"d"]
    if not derived or derived[0] > originals:
        return trace  # no clause was derived among the originals: the numbering already fits
    renamed = {old: originals + rank for rank, old in enumerate(derived, 1)}

    def new_id(word: bytes) -> bytes:
        old = int(word)
        new = renamed.get(old, old - bisect_left(derived, old))  # skip derived ids below `old`
        return str(new).encode()

    out = []
    for words in lines:
        if words[1] == b"d":
            out.append(b" ".join([new_id(words[0]), b"d", *map(new_id, words[2:])]))
        else:
            end = words.index(b"0", 1)  # the literals end here; the hints follow
            out.append(b" ".join([new_id(words[0]), *words[1:end + 1],
                                  *map(new_id, words[end + 1:])]))
    return b"\n".join(out) + b"\n"
