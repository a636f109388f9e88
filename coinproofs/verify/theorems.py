"""The Coq theorems the kernel may cite (formal/, checked by Coq 8.16 with MathComp 1.15).

Each theorem holds for every number of coins; the kernel checks only its side condition, in
plain arithmetic on N, and then takes its conclusion as a fact about the claim. The theorems
are machine-checked, with no axiom ("Closed under the global context"), at the sources whose
digest is FORMAL_SHA256; a certificate citing a theorem names that digest, and the kernel
accepts no other. tests/test_formal.py recomputes the digest from formal/*.v, builds them and
checks the axioms, so whoever edits formal/ must update FORMAL_SHA256 here.

BEHIND names, for each kind of evidence the kernel checks by computation, the Coq theorems
that turn what it computes into a fact about every strategy (docs/lemmas.md says which parts
are still prose, and why).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

# `cd formal && LC_ALL=C sha256sum *.v | sha256sum`: the sources the theorems were checked at.
FORMAL_SHA256 = "a177621146d1526a46a24514df94dab5fe40cdffe833add1864dbbae939cdeeb"


def formal_sha256(folder: Path) -> str:
    """The digest of the .v files in `folder`, as sha256sum computes it (for the tests and for
    whoever updates FORMAL_SHA256; the kernel itself never reads formal/)."""
    lines = "".join(f"{hashlib.sha256(path.read_bytes()).hexdigest()}  {path.name}\n"
                    for path in sorted(folder.glob("*.v")))
    return hashlib.sha256(lines.encode()).hexdigest()


def is_power_of_two(n: int) -> bool:
    return n >= 1 and n & (n - 1) == 0


def odd_part(n: int) -> int:
    """n with every factor 2 divided out: odd_part(12) = 3."""
    while n % 2 == 0:
        n //= 2
    return n


@dataclass(frozen=True)
class Theorem:
    """A Coq theorem about N coins: what it says, the side condition the kernel checks (in
    words and as a test on N), and what it establishes when the condition holds, as
    (kind, length) facts in the sense of devil.Fact: ("wins", L) some strategy of L moves
    wins, ("none-up-to", L) none of at most L moves wins, ("impossible", None) none wins."""

    name: str
    says: str
    condition: str
    holds: Callable[[int], bool]
    facts: Callable[[int], list[tuple[str, int | None]]]


THEOREMS: dict[str, Theorem] = {theorem.name: theorem for theorem in [
    Theorem("wins_size_lb",
            "every winning strategy for N coins has at least 2^N - 1 moves",
            "none (it holds for every N)",
            lambda n: True,
            lambda n: [("none-up-to", 2**n - 2)]),
    Theorem("shortest_pow2",
            "for N = 2^k coins some winning strategy (Lamping's) has 2^N - 1 moves, and none "
            "has fewer",
            "N is a power of two",
            is_power_of_two,
            lambda n: [("wins", 2**n - 1), ("none-up-to", 2**n - 2)]),
    Theorem("odd_factor_not_wins",
            "if N >= 1 has an odd factor m > 1, no strategy wins",
            "N has an odd factor m > 1: the kernel takes m = N with every factor 2 divided "
            "out, which is odd and divides N, and checks m > 1",
            lambda n: n >= 1 and odd_part(n) > 1,
            lambda n: [("impossible", None)]),
]}

# The theorems behind each kind of evidence that the kernel checks by computation.
BEHIND: dict[str, tuple[str, ...]] = {
    "strategy": ("after_closure", "wins_unfinished"),
    "reachability": ("layers_size_lb", "layers_closed_not_wins", "update_turn"),
    "invariant": ("invariant_not_wins",),
    "algebraic": ("invariant_not_wins",),
    "theorem": tuple(THEOREMS),
}
