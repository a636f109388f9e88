"""The devil's coin flip and the rotating-table family as Coq theorems (docs/formal.md).

A claim about the coin flip is stated with Rules.v's ``wins``, any other member of the family
with RulesTable.v's ``table_wins`` on the table it names:

>>> statement({"id": "devil.n4.shortest", "kind": "shortest", "params": {"n": 4},
...            "value": 15}).text
'shortest (wins 4) 15'
>>> statement({"id": "devil.n8.dihedral.shortest", "kind": "shortest",
...            "params": {"n": 8, "group": "dihedral"}, "value": 255}).text
'shortest (table_wins (Table 8 2 (dihedral 8) zero)) 255'

Each proof goes by the road formal/table/TableClaims.v offers for the certificate's evidence: a
theorem for every N where one settles the claim (the coin flip; rotating dials with the goal
zero), else a checker run by ``vm_compute`` on the evidence, inlined as the kernel's numbers
(moves and states in base q, beliefs as sets of orbit numbers).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from coinproofs.coq import Script, Statement, Unsupported, nat, one_of
from coinproofs.coq.group import (
    factorization,
    generators_text,
    impossible_script,
    shortest_script,
)
from coinproofs.verify import table as kernel
from coinproofs.verify.certificate import Artifacts
from coinproofs.verify.lines import numbers_lines, payload
from coinproofs.verify.schema import Rejected, one_shape

# Numbers up to this are written as they are (Coq's nat is unary); longer values must be
# q^e - 1, written so.
LITERAL_MAX = 4096

GROUPS = {"cyclic": "(cyclic {n})", "dihedral": "(dihedral {n})",
          "symmetric": "(symmetric {n})", "trivial": "trivial", "klein": "klein",
          "alternating": "(alternating {n})"}

GOALS = {"zero": "zero", "equal": "equal"}

# How many earlier places of its first two moves a copy of a compressed strategy tries.
COPY_PLACES = 8


Claim = Mapping[str, Any]  # a certificate's claim object: id, game, kind, params, value


def is_coin_flip(claim: Claim) -> bool:
    """A claim about the devil's coin flip itself (Rules.v), not another member."""
    return set(claim["params"]) == {"n"} and claim["kind"] != "count"


def table(n: int, q: int, group: str, goal: str) -> str:
    """The table of RulesTable.v.

    >>> table(4, 3, "klein", "equal")
    '(Table 4 3 klein equal)'
    """
    generators = (GROUPS[group].format(n=nat(n)) if group in GROUPS  # else by its generators
                  else generators_text(kernel.generated(group, n)))
    return f"(Table {nat(n)} {nat(q)} {generators} {one_of(goal, GOALS)})"


def number(value: int, base: int, exponent: int) -> str:
    """A length as Coq reads it fast: a literal if small, else (base ^ exponent - 1).

    >>> number(255, 2, 8), number(2**64 - 1, 2, 64)
    ('255', '(2 ^ 64 - 1)')
    """
    if type(value) is not int:
        raise Unsupported(f"{value!r} is not a whole number")
    if value <= LITERAL_MAX:
        return nat(value)
    if value == base**exponent - 1:
        return f"({base} ^ {exponent} - 1)"
    raise Unsupported(f"the length {value:,} is neither at most {LITERAL_MAX:,} nor "
                      f"{base}^{exponent} - 1, so the statement would need a huge unary number")


def statement(claim: Claim) -> Statement:
    """The claim in the rules' terms, from its params and value alone."""
    if is_coin_flip(claim):
        return _coin_statement(claim)
    n, q, group, goal = _options(claim)
    wins = f"table_wins {table(n, q, group, goal)}"
    exponent = n if goal == "zero" else n - 1
    kind, value = claim["kind"], claim["value"]
    if kind == "shortest":
        return Statement(("RulesTable",),
                         f"shortest ({wins}) {number(value, q, exponent)}")
    if kind == "impossible":
        return Statement(("RulesTable",), f"impossible ({wins})")
    if kind == "count":
        length = number(value["length"], q, exponent)
        return Statement(("RulesTable", "ClaimsTable"),
                         f"shortest ({wins}) {length} /\\ counts {table(n, q, group, goal)} "
                         f"{length} {nat(value['sequences'])} {nat(value['up_to_group'])}")
    raise Unsupported(f"{claim['id']} is a kind of family claim with no Coq statement")


def _options(claim: Claim) -> tuple[int, int, str, str]:
    """(n, q, group, goal) of a family claim whose group RulesTable.v names."""
    try:
        return kernel.options(claim["params"])
    except Rejected as reason:
        raise Unsupported(f"{claim['id']} has no Coq statement: {reason}") from None


def _coin_statement(claim: Claim) -> Statement:
    n, kind, value = claim["params"]["n"], claim["kind"], claim["value"]
    if kind == "shortest":
        return Statement(("Rules",), f"shortest (wins {nat(n)}) {number(value, 2, n)}")
    if kind == "impossible":
        return Statement(("Rules",), f"impossible (wins {nat(n)})")
    if kind == "lamping":
        k = nat(int(nat(n)).bit_length() - 1)
        return Statement(("Rules", "Lamping"), f"wins {nat(n)} (lamping {k}) /\\ "
                                               f"size (lamping {k}) = {number(value, 2, n)}")
    raise Unsupported(f"{claim['id']} is a kind of devil claim with no Coq statement")


# --- Proofs -----------------------------------------------------------------------------------

def script(certificate: Mapping[str, Any], folder: Path) -> Script:
    """The proof of the certificate's claim, its evidence inlined."""
    claim = certificate["claim"]
    evidence = {item["method"]: item for item in reversed(certificate["evidence"])}
    theorems = {item["name"] for item in certificate["evidence"] if item["method"] == "theorem"}
    artifacts = Artifacts(folder)
    if is_coin_flip(claim):
        return _coin_script(claim, evidence, artifacts)
    r = kernel.table_of(*_options(claim), tables=False)  # the evidence read is bounded by itself
    if claim["kind"] == "shortest":
        return _shortest_script(claim, evidence, theorems, artifacts, r)
    if claim["kind"] == "impossible":
        return _impossible_script(claim, evidence, theorems, artifacts, r)
    return _count_script(claim, evidence, artifacts, r)


def _proof(lemma: str, *arguments: str) -> str:
    """Apply a checker's soundness lemma; Coq's kernel runs the checker, once, at Qed."""
    return f"apply: (@{lemma} {' '.join(arguments)}).\nvm_cast_no_check (erefl true)."


def _coin_script(claim: Claim, evidence: Mapping[str, Any], artifacts: Artifacts) -> Script:
    n = claim["params"]["n"]
    if claim["kind"] == "shortest":  # the kernel accepts only N = 2^k
        return Script(("TableClaims",), "", f"exact: (coin_shortest {n.bit_length() - 1}).")
    if claim["kind"] == "impossible":
        odd = n >> (n & -n).bit_length() - 1
        if odd == 1:
            raise Unsupported(f"{n} coins have no odd factor: Lamping's strategy wins")
        return Script(("TableClaims",), "", _proof("coin_impossible", "_", str(odd)))
    if "strategy" not in evidence:
        raise Unsupported(f"{claim['id']} names no strategy to compare with Lamping's")
    moves = kernel.moves_from_json(payload(evidence["strategy"], "moves", artifacts),
                                   kernel.coin_flip(n))
    pairs = "; ".join(f"({back}, {length})" for back, length in compressed(moves))
    return Script(("TableClaims",), f"Definition strategy := [:: {pairs}]%num.",
                  _proof("lamping_claim", str(n.bit_length() - 1), "strategy"))


def _shortest_script(claim: Claim, evidence: Mapping[str, Any], theorems: set[str],
                     artifacts: Artifacts, r: kernel.Table) -> Script:
    if "dial_shortest" in theorems:
        p, a, b = _prime_powers(r.n, r.q)
        return Script(("TableClaims",), "", _proof("rotating_shortest", str(p), str(a), str(b)))
    if "table_shortest" in theorems:
        n, q, name, goal = _options(claim)
        moves = (_numbers(_moves(evidence["strategy"], artifacts, r)) if "strategy" in evidence
                 else None)
        return shortest_script(r, name, number(claim["value"], q, n if goal == "zero"
                                                     else n - 1), moves)
    if "strategy" not in evidence:
        raise Unsupported(f"the certificate of {claim['id']} holds no strategy")
    strategy = f"Definition strategy := {_numbers(_moves(evidence['strategy'], artifacts, r))}."
    if "dial_wins_size_lb" in theorems:
        return Script(("TableClaims",), strategy,
                      _proof("rotating_strategy_shortest", str(r.n), str(r.q), "strategy"))
    if "reachability" not in evidence:
        raise Unsupported(f"the certificate of {claim['id']} shows no lower bound Coq checks")
    layers = _layers(evidence["reachability"], kernel.REACHABILITY, artifacts)
    return Script(("TableClaims",), f"{strategy}\nDefinition layers := {_numbers(layers)}.",
                  _proof("table_shortest_check_sound", "_", str(claim["value"]), "strategy",
                         "layers"))


def _impossible_script(claim: Claim, evidence: Mapping[str, Any], theorems: set[str],
                       artifacts: Artifacts, r: kernel.Table) -> Script:
    if "dial_not_wins" in theorems:
        p = min(factorization(r.n))
        s = min(prime for prime in factorization(r.q) if prime != p)
        return Script(("TableClaims",), "",
                      _proof("rotating_impossible", str(r.n), str(r.q), str(p), str(s)))
    if "invariant" in evidence:
        kernel.INVARIANT_SHAPE.check(evidence["invariant"])
        return Script(("TableClaims",),
                      f"Definition invariant := {_numbers(evidence['invariant']['orbits'])}.",
                      _proof("invariant_check_sound", "_", "invariant"))
    if "reachability" in evidence:
        layers = _layers(evidence["reachability"], kernel.REACHABILITY, artifacts)
        return Script(("TableClaims",), f"Definition layers := {_numbers(layers)}.",
                      _proof("closed_check_sound", "_", "layers"))
    if "table_not_wins" in theorems:
        return impossible_script(r, _options(claim)[2])
    raise Unsupported(f"the certificate of {claim['id']} holds no evidence Coq checks")


def _count_script(claim: Claim, evidence: Mapping[str, Any], artifacts: Artifacts,
                  r: kernel.Table) -> Script:
    if "count" not in evidence:
        raise Unsupported(f"the certificate of {claim['id']} holds no layers to count through")
    layers = _layers(evidence["count"], kernel.COUNT, artifacts)
    value = claim["value"]
    return Script(("TableCount",), f"Definition layers := {_numbers(layers)}.",
                  _proof("count_check_sound", "_", str(value["length"]),
                         f"{value['sequences']}%num", f"{value['up_to_group']}%num", "layers"))


def _prime_powers(n: int, q: int) -> tuple[int, int, int]:
    """(p, a, b) with n = p^a and q = p^b, p prime (the kernel checked that they exist).

    >>> _prime_powers(4, 8), _prime_powers(1, 7)
    ((2, 2, 3), (7, 0, 1))
    """
    (p, b), = factorization(q).items()
    return p, factorization(n).get(p, 0), b


# --- Evidence ------------------------------------------------------------------------------------

def _moves(item: Mapping[str, Any], artifacts: Artifacts, r: kernel.Table) -> list[int]:
    """A strategy's moves as the kernel's numbers, read within the kernel's bounds."""
    one_shape(item, *kernel.STRATEGY)
    raw: Iterable[Any] = (item["moves"] if "moves" in item
                          else numbers_lines(artifacts.lines(item), item["file"]))
    return kernel.moves_from_json(list(raw), r)


def _layers(item: Mapping[str, Any], shape: Any, artifacts: Artifacts) -> list[list[int]]:
    """Layers of beliefs (reachability or count evidence), read within the kernel's bounds."""
    shape.check(item)
    return list(numbers_lines(artifacts.lines(item), item["file"]))


def _numbers(items: Sequence[Any]) -> str:
    """A list (of lists) of whole numbers as Coq's binary numbers.

    >>> _numbers([[15], [13, 11]])
    '[:: [:: 15]; [:: 13; 11]]%num'
    """
    def text(item: Any) -> str:
        return f"[:: {'; '.join(map(text, item))}]" if isinstance(item, list) else str(item)
    return f"{text(list(items))}%num"


def compressed(moves: Sequence[int]) -> list[tuple[int, int]]:
    """Moves as (0, move), that move, and (back, length), the `length` moves that start `back`
    moves before (overlapping as in LZ77), taken greedily, the longest copy among the last few
    places its first two moves occur: Lamping's strategy, a block repeated with one move
    between, shrinks from 65,535 moves to 49 pairs (TableClaims.v's expand reads them; Coq
    reads a long list of numbers slowly).

    >>> compressed([5, 6, 5, 6, 5, 6, 7])
    [(0, 5), (0, 6), (2, 4), (0, 7)]
    """
    tokens: list[tuple[int, int]] = []
    seen: dict[tuple[int, ...], list[int]] = {}  # where each pair of moves starts
    at = 0
    while at < len(moves):
        back, length = 0, 0
        for start in reversed(seen.get(tuple(moves[at:at + 2]), [])[-COPY_PLACES:]):
            size = 0
            while at + size < len(moves) and moves[start + size] == moves[at + size]:
                size += 1
            if size > length:
                back, length = at - start, size
        step = length if length >= 2 else 1
        tokens.append((back, length) if length >= 2 else (0, moves[at]))
        for i in range(at, at + step):
            seen.setdefault(tuple(moves[i:i + 2]), []).append(i)
        at += step
    return tokens
