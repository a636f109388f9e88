r"""The penny game (Wythoff's game) in Coq: the statement of every penny claim in the terms of
formal/rules/RulesPenny.v, and its proof.

No claim needs the certificate's evidence, and every one is an instance of a theorem proved for
every position or every bound. The losing positions are defined by play in the rules; Wythoff's,
Fraenkel's and misère play's theorems (formal/penny/PennyWythoff.v) prove them the pairs
(floor(k alpha), floor(k alpha) + a k). A claim about a square is an instance of them
(formal/penny/PennyInstances.v: two square roots in binary numbers, whatever its side, up to
10^12); so are a first or riddler claim (formal/penny/PennyLists.v), whose statements name the
pairs by ``floor_phi`` instead of listing the claim's numbers, so that they stay a line long at
every bound (a riddler claim's range of pairs is a hint that four square roots confirm);
``penny.unique.m<M>`` is an instance of ``unique_claim`` (formal/penny/PennyPlay.v), proved for
every M. ``penny.wythoff``, ``penny.fraenkel`` and ``penny.misere-wythoff`` state a theorem of
formal/penny/PennyWythoff.v, for every position, in the words Headline.v prints (the gate pins
them).

>>> print(statement({"kind": "p-positions", "params": {"max": 10000}, "value": 3821}).text)
... # doctest: +NORMALIZE_WHITESPACE
forall x y, x <= 10 ^ 4 /\ y <= 10 ^ 4 /\ losing wythoff normal (x, y) <->
  exists2 k, k < 3821 & wythoff_pair k (x, y)
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from coinproofs.coq import Script, Statement, Unsupported, nat
from coinproofs.verify.penny import formula_pair
from coinproofs.verify.theorems import PENNY_THEOREMS

RULES = ("RulesPenny",)
LARGEST_LITERAL = 5000  # Coq reads larger nat literals through Nat.of_num_uint, with a warning

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


def argument(n: int) -> str:
    """`number(n)` as an argument of a function: in parentheses if it is an expression.

    >>> argument(608), argument(23_608)
    ('608', '(23 * 1000 + 608)')
    """
    text = number(n)
    return f"({text})" if " " in text else text


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
        # The first C pairs are k = 0..C - 1; the smaller pile of the last is floor_phi (C - 1).
        last = params["count"] - 1
        return Statement(RULES, f"forall x y, x <= y -> x <= floor_phi {argument(last)} -> "
                                f"(losing wythoff normal (x, y) <-> "
                                f"exists2 k, k <= {number(last)} & wythoff_pair k (x, y))")
    if kind == "riddler":
        return Statement(RULES, riddler_statement(params["lo"], params["hi"]))
    if kind in FOR_EVERY_POSITION:
        return Statement(RULES, FOR_EVERY_POSITION[kind])
    if kind == "unique":
        side = number(params["max"])
        return Statement(RULES, f"solves {side} (losing wythoff normal) /\\ forall s, solves "
                                f"{side} s -> forall x y, x <= {side} -> y <= {side} -> "
                                f"(s (x, y) <-> losing wythoff normal (x, y))")
    raise Unsupported(f"a penny claim of kind {kind!r} has no Coq statement")


def riddler_statement(lo: int, hi: int) -> str:
    """The losing splits of lo..hi pennies (the pairs k0 <= k < k1 and their mirror images), the
    totals that have one (those pairs' totals), the totals that have none (every split of them
    wins for the player to move)."""
    low, high = number(lo), number(hi)
    pairs = f"{number(first_pair_from(lo))} <= k < {number(first_pair_from(hi + 1))}"
    total = "floor_phi k + (floor_phi k + k)"
    losing = "losing wythoff normal"
    return (f"(forall x y, {low} <= x + y <= {high} -> ({losing} (x, y) <-> "
            f"exists2 k, {pairs} & wythoff_pair k (x, y))) /\\ "
            f"(forall n, {low} <= n <= {high} -> ((exists2 x, x <= n & {losing} (x, n - x)) "
            f"<-> exists2 k, {pairs} & n = {total})) /\\ "
            f"(forall n, {low} <= n <= {high} -> ((forall x, x <= n -> ~ {losing} (x, n - x)) "
            f"<-> forall k, {pairs} -> n <> {total}))")


def script(certificate: Mapping[str, Any], folder: Path) -> Script:
    """The proof: an instance of a theorem, its side condition run by vm_compute where it has
    one. The evidence (and so `folder`) is not read: the claim's numbers are all it needs."""
    claim = certificate["claim"]
    kind, params, value = claim["kind"], claim["params"], claim["value"]
    if kind == "unique":
        return Script(("PennyPlay",), "", "exact: unique_claim.")
    if kind in PENNY_THEOREMS:
        return Script(("PennyWythoff",), "", f"exact: {PENNY_THEOREMS[kind]}.")
    if kind == "first":
        return Script(("PennyLists",), "",
                      f"exact: (@first_instance {argument(params['count'] - 1)}).")
    if kind == "riddler":
        k0, k1 = first_pair_from(params["lo"]), first_pair_from(params["hi"] + 1)
        arguments = " ".join(map(argument, (params["lo"], params["hi"], k0, k1)))
        return Script(("PennyLists",), "",
                      f"apply: (@riddler_instance {arguments}).\n{CHECKED}")
    if kind in INSTANCES:
        instance = INSTANCES[kind].format(a=params.get("a"))
        positive = " isT" if kind == "a-wythoff" else ""  # 0 < a
        return Script(("PennyInstances",), "",
                      f"have := {instance} {numeral(params['max'])} {numeral(value)}{positive}.\n"
                      "cbn [nat_of].\n"
                      f"by move=> instance; apply: instance; {CHECKED}")
    raise Unsupported(f"a penny claim of kind {kind!r} has no Coq proof")


def first_pair_from(total: int) -> int:
    """The index k of the first of Wythoff's pairs with at least `total` pennies (the pairs'
    totals grow with k); PennyLists.v's riddler_range confirms it.

    >>> first_pair_from(20), first_pair_from(22)
    (5, 6)
    """
    k = 0
    while sum(formula_pair(k)) < total:
        k += 1
    return k
