"""Canonical DIMACS text: the exact bytes whose SHA-256 ties a proof to the kernel's own formula.

A formula has one canonical text, so the kernel can regenerate it from a claim and compare
hashes instead of trusting a file:

>>> print(dimacs_text([[1, -2], [2]], 2, ["example"]), end="")
c example
p cnf 2 2
1 -2 0
2 0
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence


def dimacs_text(clauses: Sequence[Sequence[int]], nvars: int,
                comments: Sequence[str] = ()) -> str:
    """The canonical DIMACS text of `clauses` over variables 1..`nvars`.

    `c <comment>` lines, then `p cnf V C`, then one clause per line ending in ` 0` (the empty
    clause is the line `0`), and a final newline. Raises ValueError for a literal that is 0 or
    names a variable above `nvars`, or a comment that is not one line of printable ASCII
    (outside readers split lines on more than newlines, and may not read UTF-8).
    """
    lines = []
    for comment in comments:
        if not (comment.isascii() and comment.isprintable()):
            raise ValueError(f"the DIMACS comment {comment!r} must be one line of printable "
                             "ASCII")
        lines.append(f"c {comment}")
    lines.append(f"p cnf {nvars} {len(clauses)}")
    for clause in clauses:
        for literal in clause:
            if literal == 0 or abs(literal) > nvars:
                raise ValueError(f"literal {literal} in clause {list(clause)} is not one of "
                                 f"the variables 1..{nvars} or their negations")
        lines.append(" ".join([*map(str, clause), "0"]))
    return "\n".join(lines) + "\n"


def sha256_text(text: str) -> str:
    """The SHA-256 hex digest of `text` encoded as UTF-8."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
