"""Canonical DIMACS text, whose SHA-256 ties a proof to the kernel's own formula
(docs/certificates.md, "Conventions")."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence


def dimacs_text(clauses: Sequence[Sequence[int]], nvars: int,
                comments: Sequence[str] = ()) -> str:
    """The canonical DIMACS text of `clauses` over variables 1..`nvars`; ValueError for a
    literal 0 or past `nvars`, or a comment not one line of printable ASCII.

    >>> print(dimacs_text([[1, -2], [2]], 2, ["example"]), end="")
    c example
    p cnf 2 2
    1 -2 0
    2 0
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
