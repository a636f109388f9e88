"""The claims the group theorems decide, as Coq proofs (formal/Group*.v; docs/formal.md): the
roads coinproofs/coq/devil.py takes when a certificate cites `table_shortest` or
`table_not_wins` (any group of the devil, either goal).

* shortest, with a strategy: TableClaims.v's checker runs on it and `strategy_shortest` adds the
  lower bound for every group (GroupStrategy.v);
* shortest, the theorem alone: the rotations (`rotation_shortest`, N = p^a, q = p^b) and the
  trivial group (`trivial_shortest`), whose side conditions are arithmetic on N and q; any
  other group by the list of its elements (`closed_shortest`, GroupOrder.v: closed under each
  generator, p^k of them, so the group's order divides p^k), listed here, checked by
  `vm_compute`;
* impossible, the theorem alone: the rotations (`rotation_impossible`), else a word of the
  generators whose permutation has a prime order p, with a prime r != p dividing q
  (`word_impossible`, GroupClaims.v), checked by `vm_compute`: this module finds the word, Coq
  checks it.
"""

from __future__ import annotations

from collections.abc import Sequence

from coinproofs.coq import Script, Unsupported
from coinproofs.verify import table as kernel
from coinproofs.verify.theorems import prime_factors

Permutation = tuple[int, ...]



def factorization(n: int) -> dict[int, int]:
    """Each prime dividing n >= 1 and its exponent: factorization(12) = {2: 2, 3: 1}."""
    found = {}
    for p in prime_factors(n):
        found[p] = next(k for k in range(n.bit_length() + 1) if n % p ** (k + 1))
    return found

def generators_text(generators: Sequence[Permutation]) -> str:
    """Generators as RulesTable.v lists them: each permutation by its images.

    >>> generators_text([(1, 0, 2), (0, 2, 1)])
    '[:: [:: 1; 0; 2]; [:: 0; 2; 1]]'
    """
    return "[:: " + "; ".join("[:: " + "; ".join(map(str, g)) + "]" for g in generators) + "]"


def shortest_script(r: kernel.Table, group: str, length: str, moves: str | None) -> Script:
    """The proof that the shortest strategy has `length` moves (Coq's text for the claim's
    value); `moves` (the strategy as Coq's binary numbers) when the certificate holds one."""
    if moves is not None:
        return Script(("TableClaims", "GroupStrategy"), f"Definition strategy := {moves}.",
                      f"apply: (@strategy_shortest _ {length} strategy).\n"
                      "vm_cast_no_check (erefl true).")
    if group == "cyclic":
        (p, b), = factorization(r.q).items()
        a = factorization(r.n).get(p, 0)
        return Script(("GroupNamed",), "",
                      f"apply: (@rotation_shortest {p} {a} {b} {r.goal}).\n"
                      "vm_cast_no_check (erefl true).")
    if group == "trivial":
        return Script(("GroupNamed",), "",
                      f"apply: (@trivial_shortest {r.n} {r.q} {r.goal}); by vm_compute.")
    return elements_script(r)


def elements_script(r: kernel.Table) -> Script:
    """The proof by the group's elements (the kernel's listing, within `devil.group`): Coq
    checks that the list is closed under each generator and has p^k members, q = p^b.

    >>> print(elements_script(kernel.table_of(4, 16, "klein", tables=False)).proof)
    apply: (@closed_shortest _ elements 2 4 2).
      vm_cast_no_check (erefl true).
    by [].
    """
    factors = factorization(r.q)
    if len(factors) != 1:
        raise Unsupported(f"q = {r.q} is not a power of a prime: no strategy wins against a "
                          "group other than the trivial one")
    elements = kernel.group(r)
    (p, b), = factors.items()
    k = factorization(len(elements)).get(p, 0)
    if p ** k != len(elements):
        raise Unsupported(f"the devil's group has {len(elements):,} elements, not a power of "
                          f"{p}: no strategy wins")
    return Script(("GroupOrder",), f"Definition elements := {generators_text(elements)}.",
                  f"apply: (@closed_shortest _ elements {p} {b} {k}).\n"
                  "  vm_cast_no_check (erefl true).\nby [].")


def impossible_script(r: kernel.Table, group: str) -> Script:
    """The proof that no strategy wins, as the theorem table_not_wins says."""
    if group == "cyclic":
        p, s = kernel.sizes(r).refuting_primes or (0, 0)
        return Script(("GroupNamed",), "",
                      f"apply: (@rotation_impossible {r.n} {r.q} {p} {s} {r.goal}); by vm_compute.")
    word, p, s = prime_order_word(r)
    return Script(("GroupClaims",), f"Definition word := {generators_text(word)}.",
                  f"apply: (@word_impossible _ word {p} {s}); by vm_compute.")


def prime_order_word(r: kernel.Table) -> tuple[list[Permutation], int, int]:
    """A word of the generators whose permutation x has a prime order p, and a prime s != p
    dividing q: breadth-first through the group, the shortest words first.

    >>> word, p, s = prime_order_word(kernel.table_of(3, 2, "dihedral"))
    >>> word, p, s
    ([(1, 2, 0)], 3, 2)
    """
    identity = tuple(range(r.n))
    words: dict[Permutation, list[int]] = {identity: []}
    frontier = [identity]
    while frontier:
        for x in frontier:
            order, power = 1, x
            while power != identity:
                power, order = tuple(x[power[i]] for i in range(r.n)), order + 1
            for p in prime_factors(order):
                others = [s for s in prime_factors(r.q) if s != p]
                if others:
                    word = [r.generators[i] for i in words[x]] * (order // p)
                    return word, p, others[0]
        fresh = []
        for x in frontier:
            for index, h in enumerate(r.generators):
                product = tuple(h[x[i]] for i in range(r.n))  # first x, then h
                if product not in words:
                    words[product] = words[x] + [index]
                    kernel.GROUP.check(len(words), "the devil's group", counted=True)
                    fresh.append(product)
        frontier = fresh
    raise Unsupported("no element of the devil's group has a prime order p with a prime "
                      "r != p dividing q: the table can be won")
