"""The Coq theorems the kernel may cite: each one's side condition, checked in plain arithmetic,
and its facts; FORMAL_SHA256, the digest of the sources they were checked at (whoever edits
formal/ updates it); STATEMENTS, as Coq prints them, so that `says` and the facts are written
from a proved statement (the gate compares); BEHIND, the theorems behind each kind of evidence
checked by computation. Prose: docs/design.md, "The trust boundary" and "The gate of
`formal/`"; docs/formal.md; docs/lemmas.md (which parts are still prose).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coinproofs.verify.schema import expect

# The sources the theorems were checked at (every .v file of formal/ and its folders, and the
# options Coq compiled them with), as the shell computes it:
#   (cd formal && find . -name '*.v' | cut -c3- | LC_ALL=C sort | xargs sha256sum &&
#    sha256sum _CoqProject) | sha256sum
FORMAL_SHA256 = "f5be68aa029d653452e976cad7554bd92011326e018066f34ab0a76f029adb7f"


def formal_sha256(folder: Path) -> str:
    """The digest above, of `folder` (for the gate and the tests: the kernel never reads it)."""
    names = sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*.v"))
    lines = "".join(f"{hashlib.sha256((folder / name).read_bytes()).hexdigest()}  {name}\n"
                    for name in [*names, "_CoqProject"])
    return hashlib.sha256(lines.encode()).hexdigest()


def check_sources(evidence: Mapping[str, Any]) -> None:
    """Reject theorem evidence unless the Coq sources it names are FORMAL_SHA256."""
    expect(evidence["formal_sha256"] == FORMAL_SHA256,
           f"theorem evidence cites the Coq sources {evidence['formal_sha256'][:12]}…, but the "
           f"kernel's theorems were checked at {FORMAL_SHA256[:12]}…")


def is_power_of_two(n: int) -> bool:
    return n >= 1 and n & (n - 1) == 0


def odd_part(n: int) -> int:
    """n with every factor 2 divided out: odd_part(12) = 3."""
    while n % 2 == 0:
        n //= 2
    return n


@dataclass(frozen=True)
class Sizes:
    """What a theorem's side condition reads of a table: N, q, the goal, whether the devil's
    group is the rotations, and its order (listed by table.group before a theorem is cited)."""

    n: int
    q: int
    goal: str
    rotations: bool
    order: int

    @property
    def length(self) -> int:
        """RulesTable.v's `bound`: q^N - 1 (goal zero), q^(N-1) - 1 (goal equal)."""
        return int(self.q ** (self.n - (self.goal == "equal"))) - 1

    @property
    def refuting_primes(self) -> tuple[int, int] | None:
        """Primes p != r with p dividing the group's order and r dividing q, if any."""
        return distinct_primes(self.order, self.q)

    @property
    def is_coin_flip(self) -> bool:
        return self.q == 2 and self.rotations and self.goal == "zero"


# The tables each theorem speaks of: the coin flip's (formal/devil/), dials on a rotating table
# with the goal zero (formal/table/Dials*.v), or every group and goal (formal/table/Group*.v).
ABOUT: dict[str, Callable[[Sizes], bool]] = {
    "coins": lambda t: t.is_coin_flip,
    "dials": lambda t: t.rotations and t.goal == "zero",
    "groups": lambda t: True,
}


@dataclass(frozen=True)
class Theorem:
    """A Coq theorem about every table of the kind `about` names: what it says, its side
    condition (in words, and tested on Sizes), and the facts it then gives, (kind, length) as
    in table.Fact."""

    name: str
    about: str
    says: str
    condition: str
    holds: Callable[[Sizes], bool]
    facts: Callable[[Sizes], list[tuple[str, int | None]]]


def prime_factors(n: int) -> list[int]:
    """The primes dividing n >= 1, least first, by trial division: prime_factors(12) = [2, 3]."""
    primes, p = [], 2
    while p * p <= n:
        if n % p == 0:
            primes.append(p)
            while n % p == 0:
                n //= p
        p += 1
    return primes + ([n] if n > 1 else [])


def distinct_primes(n: int, q: int) -> tuple[int, int] | None:
    """Primes p != r with p dividing n and r dividing q, or None: (2, 3) for n = 2, q = 3."""
    return next(((p, r) for p in prime_factors(n) for r in prime_factors(q) if p != r), None)


THEOREMS: dict[str, Theorem] = {theorem.name: theorem for theorem in [
    Theorem("wins_size_lb", "coins",
            "every winning strategy for N coins has at least 2^N - 1 moves",
            "none (it holds for every N)",
            lambda t: True,
            lambda t: [("none-up-to", 2**t.n - 2)]),
    Theorem("shortest_pow2", "coins",
            "for N = 2^k coins some winning strategy (Lamping's) has 2^N - 1 moves, and none "
            "has fewer",
            "N is a power of two",
            lambda t: is_power_of_two(t.n),
            lambda t: [("wins", 2**t.n - 1), ("none-up-to", 2**t.n - 2)]),
    Theorem("odd_factor_not_wins", "coins",
            "if N >= 1 has an odd factor m > 1, no strategy wins",
            "N has an odd factor m > 1: the kernel takes m = N with every factor 2 divided "
            "out, which is odd and divides N, and checks m > 1",
            lambda t: t.n >= 1 and odd_part(t.n) > 1,
            lambda t: [("impossible", None)]),
    Theorem("dial_wins_size_lb", "dials",
            "every winning strategy for N dials with q states has at least q^N - 1 moves",
            "none (it holds for every N and q)",
            lambda t: True,
            lambda t: [("none-up-to", t.q**t.n - 2)]),
    Theorem("dial_not_wins", "dials",
            "if primes p != r divide N >= 1 and q >= 1, no strategy wins",
            "primes p != r with p dividing N and r dividing q: the kernel factors N and q and "
            "looks for such a pair",
            lambda t: t.n >= 1 and t.q >= 1 and distinct_primes(t.n, t.q) is not None,
            lambda t: [("impossible", None)]),
    Theorem("dial_shortest", "dials",
            "for N = p^a dials with q = p^b states, p prime, some strategy of q^N - 1 moves "
            "wins (Bar-Yehuda, Etzion and Moran's), and none has fewer",
            "N >= 1 and q >= 1 powers of one prime: the kernel factors N q and checks that at "
            "most one prime divides it",
            lambda t: t.n >= 1 and t.q >= 1 and len(prime_factors(t.n * t.q)) <= 1,
            lambda t: [("wins", t.q**t.n - 1), ("none-up-to", t.q**t.n - 2)]),
    Theorem("table_wins_size_lb", "groups",
            "for every group, every winning strategy has at least q^N - 1 moves (goal zero) "
            "or q^(N-1) - 1 moves (goal equal)",
            "none (it holds for every table)",
            lambda t: True,
            lambda t: [("none-up-to", t.length - 1)]),
    Theorem("table_not_wins", "groups",
            "if a prime p divides the order of the devil's group and a prime r != p divides "
            "q >= 1, no strategy wins, whichever the goal",
            "primes p != r with p dividing the order of the group the generators generate and "
            "r dividing q: the kernel lists the group, counts it, factors its order and q, and "
            "looks for such a pair",
            lambda t: t.q >= 1 and t.refuting_primes is not None,
            lambda t: [("impossible", None)]),
    Theorem("table_shortest", "groups",
            "if no prime divides the order of the devil's group and a different one q, a "
            "strategy of q^N - 1 moves (goal zero) or q^(N-1) - 1 moves (goal equal) wins (the "
            "greedy chain's, table_strategy), and none has fewer",
            "N >= 1, q >= 1, and no primes p != r with p dividing the order of the group the "
            "generators generate and r dividing q (the group is trivial, or it and q are "
            "powers of one prime)",
            lambda t: t.n >= 1 and t.q >= 1 and t.refuting_primes is None,
            lambda t: [("wins", t.length), ("none-up-to", t.length - 1)]),
]}

# The penny game's theorems for every position (formal/penny/PennyWythoff.v), by the kind of
# penny claim that cites them: they have no side condition, and the claim states the theorem.
PENNY_THEOREMS: dict[str, str] = {"wythoff": "wythoff_theorem", "fraenkel": "fraenkel_theorem",
                                  "misere-wythoff": "misere_wythoff_theorem"}

@dataclass(frozen=True)
class GlassesTheorem:
    """A Coq theorem about N glasses and K hands, as Theorem, with the side condition on
    (N, K); what it establishes, once that holds: 'impossible' (no strategy wins) or 'wins'
    (a strategy wins, within some number of turns the theorem does not give)."""

    name: str
    says: str
    condition: str
    holds: Callable[[int, int], bool]
    gives: str


def hands_needed(n: int) -> int:
    """N - N/p, p the largest prime factor of N >= 2: hands_needed(12) = 8."""

    return n - n // prime_factors(n)[-1]


GLASSES_THEOREMS: dict[str, GlassesTheorem] = {theorem.name: theorem for theorem in [
    GlassesTheorem("glasses_hands_needed",
                   "if a prime p divides N and K < N - N/p, no strategy wins with K hands",
                   "K < N - N/p with N >= 2, the kernel taking p the largest prime factor of "
                   "N (by trial division)",
                   lambda n, k: n >= 2 and k < hands_needed(n), "impossible"),
    GlassesTheorem("glasses_hands_suffice",
                   "if K >= N - N/p for every prime p dividing N, a strategy wins with K hands",
                   "0 < N, K <= N and K >= N - N/p for every prime p dividing N (the kernel "
                   "listing them by trial division)",
                   lambda n, k: n > 0 and k <= n
                   and all(n - n // p <= k for p in prime_factors(n)), "wins"),
]}


# The theorems behind each kind of evidence that the kernel checks by computation.
BEHIND: dict[str, tuple[str, ...]] = {
    "strategy": ("after_closure", "wins_unfinished"),
    "reachability": ("layers_size_lb", "layers_closed_not_wins", "update_turn"),
    "invariant": ("invariant_not_wins",),
    "algebraic": ("invariant_not_wins",),
    "theorem": tuple(THEOREMS) + tuple(PENNY_THEOREMS.values()) + tuple(GLASSES_THEOREMS),
}

# Every theorem the kernel relies on (cited, or behind an evidence kind), as Coq prints it
# (`Check NAME`, white space aside): the gate compares these with Coq's own printing.
STATEMENTS: dict[str, str] = {
    "wins_size_lb": "forall (n : nat) (ms : seq coins), wins n ms -> 2 ^ n - 1 <= size ms",
    "shortest_pow2":
        "forall k : nat, (exists2 ms : seq coins, wins (2 ^ k) ms & size ms = 2 ^ 2 ^ k - 1) "
        "/\\ (forall ms : seq coins, wins (2 ^ k) ms -> 2 ^ 2 ^ k - 1 <= size ms)",
    "odd_factor_not_wins":
        "forall (N m : nat) (ms : seq coins), 0 < N -> 1 < m -> odd m -> m %| N -> "
        "~ wins N ms",
    "dial_wins_size_lb":
        "forall (q n : nat) (ms : seq dials), dial_wins q n ms -> q ^ n - 1 <= size ms",
    "dial_not_wins":
        "forall (N q p r : nat) (ms : seq dials), 0 < N -> 0 < q -> prime p -> prime r -> "
        "p != r -> p %| N -> r %| q -> ~ dial_wins q N ms",
    "dial_shortest":
        "forall p a b : nat, prime p -> (exists2 ms : seq dials, dial_wins (p ^ b) (p ^ a) ms "
        "& size ms = (p ^ b) ^ p ^ a - 1) /\\ (forall ms : seq dials, "
        "dial_wins (p ^ b) (p ^ a) ms -> (p ^ b) ^ p ^ a - 1 <= size ms)",
    "after_closure":
        "forall (n : nat) (V : coins -> Prop) (m y : coins), orbits n V -> size m = n -> "
        "after n V m y <-> y <> heads n /\\ (exists (x : coins) (r r' : nat), V x /\\ "
        "y = turn r' (flip (turn r x) m))",
    "wins_unfinished":
        "forall (n : nat) (ms : seq coins), all (fun m : coins => size m == n) ms -> "
        "wins n ms <-> "
        "(forall y : coins, ~ unfinished n ms y)",
    "layers_size_lb":
        "forall (n : nat) (layer : nat -> (coins -> Prop) -> Prop) (last : nat), "
        "layer 0 (fun y : coins => size y = n) -> (forall (d : nat) (B : coins -> Prop) "
        "(m : coins), d < last -> layer d B -> size m = n -> exists2 e : nat, e <= d.+1 & "
        "layer e (update n B m)) -> (forall (d : nat) (B : coins -> Prop), layer d B -> "
        "~ (forall y : coins, B y <-> y = heads n)) -> forall ms : seq coins, "
        "size ms <= last -> ~ wins n ms",
    "layers_closed_not_wins":
        "forall (n : nat) (layer : nat -> (coins -> Prop) -> Prop), "
        "layer 0 (fun y : coins => size y = n) -> (forall (d : nat) (B : coins -> Prop) "
        "(m : coins), layer d B -> size m = n -> exists e : nat, layer e (update n B m)) -> "
        "(forall (d : nat) (B : coins -> Prop), layer d B -> ~ (forall y : coins, B y <-> "
        "y = heads n)) -> forall ms : seq coins, ~ wins n ms",
    "update_turn":
        "forall (n : nat) (B : coins -> Prop) (m : coins) (r : nat), (forall x : coins, "
        "B x -> size x = n) -> size m = n -> forall y : coins, update n B (turn r m) y <-> "
        "update n B m y",
    "invariant_not_wins":
        "forall (n : nat) (I : coins -> Prop) (ms : seq coins), invariant n I -> "
        "~ wins n ms",
    "table_wins_size_lb":
        "forall (T : table) (ms : seq dials), table_wins T ms -> bound T <= size ms",
    "table_not_wins":
        "forall (T : table) (p r : nat) (ms : seq dials), perms T -> 0 < states T -> "
        "prime p -> prime r -> p != r -> p %| #|fingroup.gval (devil_group T)| -> "
        "r %| states T -> ~ table_wins T ms",
    "glasses_hands_needed":
        "forall N K p : nat, prime p -> p %| N -> K < N - N %/ p -> no_strategy N K",
    "glasses_hands_suffice":
        "forall N K : nat, 0 < N -> K <= N -> (forall p : nat, prime p -> p %| N -> "
        "N - N %/ p <= K) -> exists T : nat, wins_within N K T",
    "table_shortest":
        "forall T : table, perms T -> 0 < states T -> 0 < positions T -> criterion T -> "
        "(exists2 ms : seq dials, table_wins T ms & size ms = bound T) /\\ "
        "(forall ms : seq dials, table_wins T ms -> bound T <= size ms)",
    "wythoff_theorem":
        "forall p : position, losing wythoff normal p <-> (exists k : nat, wythoff_pair k p)",
    "fraenkel_theorem":
        "forall (a : nat) (p : position), 0 < a -> losing a normal p <-> "
        "(exists k : nat, alpha_pair a k p)",
    "misere_wythoff_theorem":
        "forall p : position, losing wythoff misere p <-> p \\in [:: (0, 1); (1, 0); (2, 2)] "
        "\\/ (exists2 k : nat, 1 < k & wythoff_pair k p)",
}
