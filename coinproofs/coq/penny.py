r"""The penny game (Wythoff's game) in Coq: the statement of every penny claim in the terms of
formal/rules/RulesPenny.v, and its proof.

No claim needs the certificate's evidence. The losing positions are defined by play in the
rules; Fraenkel's theorem (formal/penny/PennyMex.v, Wythoff's for a = 1) proves for every position
that they are the pairs (A k, A k + a k), A k the least number no earlier pair uses, and a
checker (formal/penny/PennyGold.v, run by the kernel's ``vm_compute``) shows A k = floor(k alpha)
up to the claim's bound. A claim about a square is an instance of the theorems for every
position (formal/penny/PennyInstances.v: two square roots in binary numbers, whatever its side,
up to 10^12); a first or riddler claim applies the soundness theorem of its kind
(formal/penny/PennyClaims.v) to the claim's own numbers; ``penny.unique.m<M>`` is an instance
of ``unique_claim`` (formal/penny/PennyPlay.v), proved for every M. ``penny.wythoff``,
``penny.fraenkel`` and ``penny.misere-wythoff`` state a theorem of formal/penny/PennyWythoff.v,
for every position, in the words Headline.v prints (the gate pins them).

>>> print(statement({"kind": "p-positions", "params": {"max": 10000}, "value": 3821}).text)
... # doctest: +NORMALIZE_WHITESPACE
forall x y, x <= 10 ^ 4 /\ y <= 10 ^ 4 /\ losing wythoff normal (x, y) <->
  exists2 k, k < 3821 & wythoff_pair k (x, y)
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from coinproofs.coq import Script, Statement, Unsupported, nat
from coinproofs.verify.penny import formula_pair
from coinproofs.verify.theorems import PENNY_THEOREMS

RULES = ("RulesPenny",)
LARGEST_LITERAL = 5000  # Coq reads larger nat literals through Nat.of_num_uint, with a warning

# The largest lists a statement is written with: a first-C claim lists C pairs and a riddler
# claim a pair per losing split and every total, all unary numbers in Coq's checker (see
# docs/formal.md, "The penny game", for the times).
MOST_FIRST = 200
MOST_RIDDLER_HI = 500

# The soundness theorem (formal/penny/PennyClaims.v) that proves each kind of claim from its
# checker.
THEOREMS = {"first": "first_sound"}

# The instance (formal/penny/PennyInstances.v) of the theorems for every position that proves
# each kind of claim about a square: two square roots in binary numbers, whatever the side. Its
# arguments are the statement's side M and count V as numerals (syntax trees of small literals),
# which the checker reads in binary.
INSTANCES = {"p-positions": "@wythoff_numeral", "a-wythoff": "@square_numeral {a}",
             "misere": "@misere_numeral"}

# The statements of the theorems about every position, as formal/penny/PennyWythoff.v states them.
FOR_EVERY_POSITION = {
    "wythoff": "forall p, losing wythoff normal p <-> exists k, wythoff_pair k p",
    "fraenkel": "forall a p, 0 < a -> (losing a normal p <-> exists k, alpha_pair a k p)",
    "misere-wythoff": "forall p, losing wythoff misere p <-> (p \\in [:: (0, 1); (1, 0); (2, 2)] "
                      "\\/ exists2 k, 1 < k & wythoff_pair k p)",
}

# The checker's boolean is computed once, by the kernel at Qed (vm_compute's cast).
CHECKED = "vm_cast_no_check (erefl true)."


def number(n: int) -> str:
    """A natural number as Coq reads it without a huge unary literal.

    >>> [number(n) for n in (3821, 10000, 20000, 38197)]
    ['3821', '10 ^ 4', '2 * 10 ^ 4', '38 * 1000 + 197']
    >>> number(381966011251)
    '(381 * 1000 + 966) * 1000 * 1000 + 11 * 1000 + 251'
    """
    if int(nat(n)) < LARGEST_LITERAL:
        return str(n)
    zeros = len(str(n)) - len(str(n).rstrip("0"))
    if zeros >= 3 and n // 10 ** zeros < LARGEST_LITERAL:
        head = n // 10 ** zeros
        return f"10 ^ {zeros}" if head == 1 else f"{head} * 10 ^ {zeros}"
    if n // 1000 >= LARGEST_LITERAL:
        millions = number(n // 10 ** 6)
        millions = f"({millions})" if "+" in millions else millions
        return f"{millions} * 1000 * 1000 + {number(n % 10 ** 6)}"
    return f"{n // 1000} * 1000 + {n % 1000}"


def numeral(n: int) -> str:
    """`number(n)` as a PennyInstances.v numeral: its syntax tree, whose nat_of is the text.

    >>> numeral(38197)
    '(Add (Mul (Lit 38) (Lit 1000)) (Lit 197))'
    """
    def tree(node: ast.expr) -> str:
        if isinstance(node, ast.Constant):
            assert isinstance(node.value, int)  # number() writes whole numbers only
            return f"(Lit {node.value})"
        assert isinstance(node, ast.BinOp)
        operator = {ast.Add: "Add", ast.Mult: "Mul", ast.Pow: "Pow"}[type(node.op)]
        return f"({operator} {tree(node.left)} {tree(node.right)})"

    # Coq's ^, * and + bind as Python's **, * and +, and associate the same way.
    return tree(ast.parse(number(n).replace("^", "**"), mode="eval").body)


def numbers(values: Iterable[int]) -> str:
    """A Coq list of numbers: ``[:: 21; 24; 29]``."""
    return "[:: " + "; ".join(map(number, values)) + "]"


def pairs(values: Iterable[Iterable[int]]) -> str:
    """A Coq list of positions: ``[:: (8, 13); (9, 15)]``."""
    return "[:: " + "; ".join("(" + ", ".join(map(number, pair)) + ")" for pair in values) + "]"


def in_square(m: int, play: str, a: str = "wythoff") -> str:
    """The positions of the square with side m that are losing."""
    side = number(m)
    return f"forall x y, x <= {side} /\\ y <= {side} /\\ losing {a} {play} (x, y)"


def statement(claim: Mapping[str, Any]) -> Statement:
    """The claim as a proposition about RulesPenny.v's `losing` (and `solves` for unique)."""
    kind, params, value = claim["kind"], claim["params"], claim["value"]
    if kind == "p-positions":
        return Statement(RULES, f"{in_square(params['max'], 'normal')} <-> "
                                f"exists2 k, k < {number(value)} & wythoff_pair k (x, y)")
    if kind == "a-wythoff":
        a = nat(params["a"])
        return Statement(RULES, f"{in_square(params['max'], 'normal', str(a))} <-> "
                                f"exists2 k, k < {number(value)} & alpha_pair {a} k (x, y)")
    if kind == "misere":
        return Statement(RULES, f"{in_square(params['max'], 'misere')} <-> "
                                f"(x, y) \\in [:: (0, 1); (1, 0); (2, 2)] \\/ "
                                f"exists2 k, 2 <= k < {number(value)} & wythoff_pair k (x, y)")
    if kind == "first":
        last_smaller = value[-1][0]
        return Statement(RULES, f"forall x y, x <= y -> x <= {number(last_smaller)} -> "
                                f"(losing wythoff normal (x, y) <-> (x, y) \\in {pairs(value)})")
    if kind == "riddler":
        return Statement(RULES, riddler_statement(params["lo"], params["hi"], value))
    if kind in FOR_EVERY_POSITION:
        return Statement(RULES, FOR_EVERY_POSITION[kind])
    if kind == "unique":
        side = number(params["max"])
        return Statement(RULES, f"solves {side} (losing wythoff normal) /\\ forall s, solves "
                                f"{side} s -> forall x y, x <= {side} -> y <= {side} -> "
                                f"(s (x, y) <-> losing wythoff normal (x, y))")
    raise Unsupported(f"a penny claim of kind {kind!r} has no Coq statement")


def riddler_statement(lo: int, hi: int, value: Mapping[str, Any]) -> str:
    """The losing splits of lo..hi pennies, the totals that have one, the totals that have
    none (every split of them wins for the player to move)."""
    low, high = number(lo), number(hi)
    losing = "losing wythoff normal"
    return (f"let splits := {pairs(value['losing'])} in "
            f"(forall x y, {low} <= x + y <= {high} -> ({losing} (x, y) <-> "
            f"(x, y) \\in splits \\/ (y, x) \\in splits)) /\\ "
            f"(forall n, {low} <= n <= {high} -> ((exists2 x, x <= n & {losing} (x, n - x)) "
            f"<-> n \\in {numbers(value['losing_totals'])})) /\\ "
            f"(forall n, n \\in {numbers(value['winning_totals'])} <-> "
            f"{low} <= n <= {high} /\\ forall x, x <= n -> ~ {losing} (x, n - x))")


def script(certificate: Mapping[str, Any], folder: Path) -> Script:
    """The proof: the soundness theorem of the claim's kind, its checker run by vm_compute.
    The evidence (and so `folder`) is not read: the checker computes what it needs."""
    claim = certificate["claim"]
    kind, params, value = claim["kind"], claim["params"], claim["value"]
    if kind == "unique":
        return Script(("PennyPlay",), "", "exact: unique_claim.")
    if kind in PENNY_THEOREMS:
        return Script(("PennyWythoff",), "", f"exact: {PENNY_THEOREMS[kind]}.")
    if kind == "first" and len(value) > MOST_FIRST:
        raise Unsupported(f"{claim['id']} lists {len(value):,} positions, more than the "
                          f"{MOST_FIRST:,} a Coq proof is written for")
    if kind == "riddler" and params["hi"] > MOST_RIDDLER_HI:
        raise Unsupported(f"{claim['id']} reaches {params['hi']:,} pennies, more than the "
                          f"{MOST_RIDDLER_HI:,} a Coq proof is written for")
    if kind == "riddler":
        theorem = f"(riddler_sound (k0 := {number(first_pair_from(params['lo']))}))"
    elif kind in INSTANCES:
        instance = INSTANCES[kind].format(a=params.get("a"))
        positive = " isT" if kind == "a-wythoff" else ""  # 0 < a
        return Script(("PennyInstances",), "",
                      f"have := {instance} {numeral(params['max'])} {numeral(value)}{positive}.\n"
                      "cbn [nat_of].\n"
                      f"by move=> instance; apply: instance; {CHECKED}")
    elif kind in THEOREMS:
        theorem = THEOREMS[kind]
    else:
        raise Unsupported(f"a penny claim of kind {kind!r} has no Coq proof")
    return Script(("PennyClaims",), "", f"apply: {theorem}.\n{CHECKED}")


def first_pair_from(total: int) -> int:
    """The index k of the first of Wythoff's pairs with at least `total` pennies (the pairs'
    totals grow with k); the checker confirms it.

    >>> first_pair_from(20), first_pair_from(22)
    (5, 6)
    """
    k = 0
    while sum(formula_pair(k)) < total:
        k += 1
    return k
