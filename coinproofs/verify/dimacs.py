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
    names a variable above `nvars`, or a comment that spans lines.
    """
    lines = []
    for comment in comments:
        if "\n" in comment or "\r" in comment:
            raise ValueError(f"the DIMACS comment {comment!r} must fit on one line")
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


def parse_dimacs(text: str) -> tuple[int, list[list[int]]]:
    """The number of variables and the clauses of a DIMACS CNF text.

    Strict: one `p cnf V C` header before any clause, exactly C clauses each ended by 0,
    literals within 1..V; lines starting with `c` are comments, anywhere. Raises ValueError
    otherwise.

    >>> parse_dimacs("c any\\np cnf 3 2\\n1 -3 0\\n2 0\\n")
    (3, [[1, -3], [2]])
    """
    header: tuple[int, int] | None = None
    clauses: list[list[int]] = []
    clause: list[int] = []
    for number, line in enumerate(text.split("\n"), 1):
        words = line.split()
        if not words or line.startswith("c"):
            continue
        if words[0] == "p":
            if header is not None:
                raise ValueError(f"DIMACS line {number}: a second 'p' header")
            header = parse_header(words, number)
            continue
        if header is None:
            raise ValueError(f"DIMACS line {number}: a clause comes before the 'p cnf' header")
        for word in words:
            literal = parse_int(word, number)
            if literal == 0:
                clauses.append(clause)
                clause = []
            elif abs(literal) > header[0]:
                raise ValueError(f"DIMACS line {number}: literal {literal} is outside "
                                 f"the {header[0]} declared variables")
            else:
                clause.append(literal)
    if header is None:
        raise ValueError("the DIMACS text has no 'p cnf' header")
    if clause:
        raise ValueError("the last DIMACS clause is not ended by 0")
    if len(clauses) != header[1]:
        raise ValueError(f"the DIMACS header declares {header[1]} clauses "
                         f"but the text has {len(clauses)}")
    return header[0], clauses


def parse_header(words: list[str], number: int) -> tuple[int, int]:
    """The (variables, clauses) counts of a `p cnf V C` header line."""
    if len(words) != 4 or words[1] != "cnf":
        raise ValueError(f"DIMACS line {number}: the header must read 'p cnf VARIABLES CLAUSES'")
    nvars, nclauses = parse_int(words[2], number), parse_int(words[3], number)
    if nvars < 0 or nclauses < 0:
        raise ValueError(f"DIMACS line {number}: the header's counts must not be negative")
    return nvars, nclauses


def parse_int(word: str, number: int) -> int:
    """The integer written as `word` (plain decimal digits with an optional minus sign)."""
    digits = word[1:] if word.startswith("-") else word
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"DIMACS line {number}: {word!r} is not an integer")
    return int(word)
