"""No repeats (Enigma 1404) in Coq: the statement of a claim ``norepeat.n<n>.<rule>`` in the
terms of formal/rules/RulesNoRepeats.v, and its proof.

Normal play needs no evidence: ``normal_first_wins`` (formal/norepeat/NoRepeatsMatching.v) proves
that the first player wins for every n >= 1 (the matching x <-> x with coin 0 turned), and each
claim is an instance of it; the certificate's own matching is not read. Misère play is proved
by the checker of formal/norepeat/NoRepeatsDag.v, run by ``vm_compute`` on the certificate's
strategy DAG (evidence ``strategy-dag``, format NRDAG1), written into the .v file as numbers;
or, for a strategy walk (``strategy-walk``, NRWALK1), by the checker of NoRepeatsWalk.v on the
walk expanded here into nodes (:func:`read_walk`: not trusted, Coq checks what it makes).

>>> statement({"params": {"n": 5, "misere": True}, "value": "second"}).text
'second_wins 5 misere'
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from functools import cache
from itertools import permutations
from pathlib import Path
from typing import Any

from coinproofs.coq import Script, Statement, Unsupported, nat, one_of
from coinproofs.verify import norepeat_walk as nrwalk
from coinproofs.verify.certificate import Artifacts
from coinproofs.verify.norepeat_dag import (
    DAG_NODES,
    HEADER,
    NODE,
    RECORD,
    STRATEGY_DAG,
    legal_coins,
    reduce,
)
from coinproofs.verify.norepeat_walk import (
    RECORD_BYTES,
    STRATEGY_WALK,
    WALK_NODES,
    default_reply,
    normal_form,
    unseen_reached,
)
from coinproofs.verify.schema import Rejected, expect

# The largest strategy DAG written into a .v file: checked in seconds (docs/formal.md, "No
# repeats"); six coins' DAGs, of 10^8 nodes and more, are far beyond.
COQ_DAG_NODES = 1 << 14
# The largest strategy walk expanded into a .v file (the same reasoning: the five-coin walk
# has hundreds of nodes; six coins' has millions).
COQ_WALK_NODES = 1 << 14
# The records of an expanded walk that NRDAG1 has no number for: a leaf (the winner turns coin
# z, the loser is left a position Coq solves by search) is (z, LEAF, NO_CHILD), as
# NoRepeatsDecode.v's step_of reads it.
NO_REPLY, NO_CHILD, LEAF = 255, 4294967295, 1


def statement(claim: Mapping[str, Any]) -> Statement:
    """Who wins, as RulesNoRepeats.v says it: ``first_wins n r`` or ``second_wins n r``."""
    n, misere = claim["params"]["n"], claim["params"]["misere"]
    who = one_of(claim["value"], {"first": "first_wins", "second": "second_wins"})
    rule = one_of(misere, {True: "misere", False: "normal"})
    return Statement(("RulesNoRepeats",), f"{who} {nat(n)} {rule}")


def script(certificate: Mapping[str, Any], folder: Path) -> Script:
    """The proof: an instance of normal_first_wins, or the checker run on the strategy DAG."""
    claim = certificate["claim"]
    n, misere = claim["params"]["n"], claim["params"]["misere"]
    if not misere and claim["value"] == "first":
        return Script(("NoRepeatsMatching",), "", "exact: normal_first_wins.")
    dags = [item for item in certificate["evidence"] if item.get("method") == "strategy-dag"]
    walks = [item for item in certificate["evidence"] if item.get("method") == "strategy-walk"]
    if not dags and walks:
        return walk_script_of(walks[0], n, misere, claim["value"], folder)
    if not dags:
        raise Unsupported(f"{claim['id']} has no strategy-dag or strategy-walk evidence, the "
                          "only kinds Coq checks for this claim")
    item = dags[0]
    STRATEGY_DAG.check(item)
    if item["nodes"] > COQ_DAG_NODES:
        raise Unsupported(f"the strategy DAG of {claim['id']} has {item['nodes']:,} nodes, more "
                          f"than the {COQ_DAG_NODES:,} a Coq proof is written for")
    data = Artifacts(folder).read(item, bound=DAG_NODES,
                                  bytes_each=HEADER.size + NODE.size + n * RECORD.size)
    return dag_script(n, misere, claim["value"], data)


def dag_script(n: int, misere: bool, winner: str, data: bytes) -> Script:
    """The proof that the strategy DAG `data` (an NRDAG1 file) wins for `winner` on n coins
    under the rule: its nodes as Coq numbers, and the checker run on them (from the winner's
    first move in the header, when the first player wins)."""
    nodes, first = read_dag(data)
    return checker_script("dag", n, misere, winner, nodes, first)


def checker_script(checker: str, n: int, misere: bool, winner: str, nodes: list[str],
                   first: int) -> Script:
    """The proof that `nodes` (Coq terms in NRDAG1's numbers) win for `winner`, by the DAG
    checker (`checker` "dag": NoRepeatsDag.v, `decode`) or the walk checker ("walk":
    NoRepeatsWalk.v, `decode_walk`)."""
    rule = "misere" if misere else "normal"
    listed = ";\n  ".join(nodes)
    definitions = ("Local Open Scope N_scope.\n"
                   f"Definition {checker} : seq raw_node := [::\n  {listed}].\n"
                   "Local Close Scope N_scope.")
    decoded = f"({'decode' if checker == 'dag' else 'decode_walk'} {n} {checker})"
    if winner == "second":
        proof = f"apply: (@{checker}_second_wins {n} {rule} {decoded})."
    else:
        proof = f"apply: (@{checker}_first_wins {n} {rule} {first} {decoded})."
    # The kernel runs the checker (in its VM) once, when it checks the proof at Qed.
    module = "NoRepeatsDag" if checker == "dag" else "NoRepeatsWalk"
    return Script((module, "NoRepeatsDecode"), definitions,
                  f"{proof}\nvm_cast_no_check (erefl true).")


def read_dag(data: bytes) -> tuple[list[str], int]:
    """The nodes of an NRDAG1 file as Coq terms ``(seen, current, [:: (reply, auto, child)])``,
    and the header's first move (255 when the second player wins), as the file has them: the
    Coq checker, not this reader, decides whether they prove anything.

    >>> read_dag(bytes.fromhex("4e52444147310a00" "01000100" "0100000000000000"
    ...                        "0300000000000000" "01" "00"))  # Amber turns it, Ben is stuck
    (['(3, 1, [::])'], 0)
    """
    expect(len(data) >= HEADER.size, "the strategy-dag file is shorter than its header")
    _, _, _, _, first, count = HEADER.unpack_from(data)
    at, nodes = HEADER.size, []
    try:
        for _ in range(count):
            seen, current, moves = NODE.unpack_from(data, at)
            at += NODE.size
            records = []
            for _ in range(moves):
                records.append("({}, {}, {})".format(*RECORD.unpack_from(data, at)))
                at += RECORD.size
            nodes.append(f"({seen}, {current}, [::{' ' if records else ''}{'; '.join(records)}])")
    except struct.error:
        raise Rejected(f"the strategy-dag file ends inside node {len(nodes):,}") from None
    expect(at == len(data), "the strategy-dag file goes on after its last node")
    return nodes, first


def walk_script_of(item: Mapping[str, Any], n: int, misere: bool, winner: str,
                   folder: Path) -> Script:
    """The proof from strategy-walk evidence, if its walk is small enough for a .v file."""
    STRATEGY_WALK.check(item)
    if item["nodes"] > COQ_WALK_NODES:
        raise Unsupported(f"the strategy walk has {item['nodes']:,} nodes, more than the "
                          f"{COQ_WALK_NODES:,} a Coq proof is written for (`verify --coq` "
                          "runs the extracted walk checker on it)")
    data = Artifacts(folder).read(item, bound=WALK_NODES,
                                  bytes_each=nrwalk.HEADER.size + n * RECORD_BYTES)
    return walk_script(n, misere, winner, data)


def extracted_walk(certificate: Mapping[str, Any], folder: Path) -> Path | None:
    """The walk file that `verify --coq` hands to the extracted walk checker
    (formal/checker/walkcheck) for this certificate: its strategy-walk evidence, when the walk
    has more than COQ_WALK_NODES nodes (no .v is written for it); else None. Which file it is
    does not matter to soundness: walkcheck proves the claim from the coins, rule and winner it
    is given, whatever walk it accepts."""
    claim = certificate["claim"]
    if claim.get("game") != "norepeat" or claim.get("value") not in ("first", "second"):
        return None
    for item in certificate["evidence"]:
        file = item.get("file")
        if (item.get("method") == "strategy-walk" and type(item.get("nodes")) is int
                and item["nodes"] > COQ_WALK_NODES and type(file) is str
                and Path(file).name == file):
            return folder / file
    return None


def walk_script(n: int, misere: bool, winner: str, data: bytes) -> Script:
    """The proof that the strategy walk `data` (an NRWALK1 file) wins for `winner` on n coins
    under the rule: its nodes, expanded, as Coq numbers, and the walk checker run on them."""
    nodes, first = read_walk(data, n, misere, winner)
    return checker_script("walk", n, misere, winner, nodes, first)


def read_walk(data: bytes, n: int, misere: bool, winner: str) -> tuple[list[str], int]:
    """The nodes of an NRWALK1 file, expanded as the kernel walks it, as Coq terms
    ``(seen, current, [:: (reply, auto, child)])`` in NRDAG1's numbers (a leaf's record
    ``(reply, 1, 4294967295)``), and the header's first move. Node 0 is the position the walk
    starts from, as it is (NoRepeatsWalk.v's rootb asks for it); the others are the nodes the
    walk enters, by their normal forms. What the file leaves out the expansion fills in as the
    kernel does (the default reply; the node, and the symmetry that maps the position onto it);
    format errors are refused with the kernel's reasons; whether the nodes prove anything is for
    Coq to decide.

    >>> two = bytes.fromhex("4e5257414c4b310a" "020102ff00000000" "02" + "00" * 15)
    >>> nodes, _ = read_walk(two, 2, True, "second")
    >>> nodes[0]  # the start: Ben answers either move of Amber's by turning the other coin
    '(1, 0, [:: (1, 7, 2); (0, 3, 2)])'
    >>> nodes[2]  # then her one move leaves him stuck, which wins under misère play
    '(11, 0, [:: (255, 0, 4294967295)])'
    """
    expect(len(data) >= nrwalk.HEADER.size, "the file is shorter than its header")
    count = nrwalk.HEADER.unpack_from(data)[7]
    # The kernel's reading of the header, the evidence's node count taken from it.
    player, first, leaf, records = nrwalk.read_header(data, n, misere, winner, count)
    expect(count <= COQ_WALK_NODES, f"the header says {count:,} nodes, more than the "
                                    f"{COQ_WALK_NODES:,} a Coq proof is written for")
    expansion = Expansion(n, misere, leaf, count,
                          nrwalk.Records(n, records, data[nrwalk.HEADER.size:]))
    nodes = expansion.expand(None if player == 2 else first)
    return nodes, first


class Expansion:
    """The kernel's walk of an NRWALK1 file (coinproofs/verify/norepeat_walk.py), keeping what
    it found: for each node it enters (by normal form) the winner's answer to each of the
    loser's moves. It does not solve leaves (Coq does)."""

    def __init__(self, n: int, misere: bool, leaf: int, count: int,
                 listed: nrwalk.Records) -> None:
        self.n, self.misere, self.leaf, self.count, self.listed = n, misere, leaf, count, listed
        self.moves = 0
        self.number: dict[int, int] = {}  # a node's normal form -> its number, from 1
        self.keys: list[int] = []
        self.answers: list[list[str]] = []
        self.replies: list[dict[int, int]] = []  # per node: the loser's coin -> the reply

    def expand(self, first: int | None) -> list[str]:
        """The nodes as Coq terms, node 0 the start (or the position after the first move)."""
        n = self.n
        seen, current = (1, 0) if first is None else (1 | 1 << (1 << first), 1 << first)
        expect(unseen_reached(seen, current, n) > self.leaf,
               "the walk starts at a leaf, which Coq's walk checker does not take (write the "
               "walk with a smaller leaf size)")
        key = self.keys[self.enter(seen, current) - 1]
        expect(len(self.keys) == self.count, f"the walk entered {len(self.keys):,} nodes, not "
                                             f"the {self.count:,} the header says")
        self.listed.finish(self.moves)
        # Node 0: the start as it is, the loser's moves answered as at its node, through the
        # symmetry that maps the one onto the other (coin i there is coin o[i] here).
        order = list(permutations(range(n)))[symmetry(n, seen, current, key)[0]]
        answers = []
        for coin in legal_coins(seen, current, n):
            moved = current ^ 1 << coin
            if not legal_coins(seen | 1 << moved, moved, n):
                answers.append(f"({NO_REPLY}, 0, {NO_CHILD})")
                continue
            reply = order.index(self.replies[self.number[key] - 1][order[coin]])
            answers.append(self.answer(seen | 1 << moved, moved, reply))
        start = f"({seen}, {current}, [::{' ' if answers else ''}{'; '.join(answers)}])"
        return [start] + [f"({key}, 0, [::{' ' if listed else ''}{'; '.join(listed)}])"
                          for key, listed in zip(self.keys, self.answers, strict=True)]

    def node(self, key: int) -> None:
        """Walk the node `key` (current pattern 0, the loser to move), keeping its answers."""
        n, number = self.n, len(self.keys)
        self.keys.append(key)
        self.answers.append([])
        self.replies.append({})
        for coin in legal_coins(key, 0, n):
            moved = 1 << coin
            seen = key | 1 << moved
            if not legal_coins(seen, moved, n):
                self.answers[number].append(f"({NO_REPLY}, 0, {NO_CHILD})")
                continue
            move = self.moves
            self.moves += 1
            default = default_reply(seen, moved, n, self.misere)
            if move == self.listed.next_move:
                reply = self.listed.reply
                expect(reply != default, f"node {number:,}, loser move {move:,}: the listed "
                                         f"reply {reply} is the default reply")
                expect(not seen >> (moved ^ 1 << reply) & 1,
                       f"node {number:,}, loser move {move:,}: the reply {reply} is not legal")
                self.listed.take()
            elif default is None:
                raise Rejected(f"node {number:,}, loser coin {coin}: every reply leaves the "
                               "loser stuck, which loses under misère play")
            else:
                reply = default
            self.replies[number][coin] = reply
            self.answers[number].append(self.answer(seen, moved, reply))

    def answer(self, seen: int, moved: int, reply: int) -> str:
        """The record for the winner's reply after the loser moved to `moved`, making `seen`
        seen: the loser stuck, a leaf, or a node (walked unless entered before), with the
        symmetry onto it."""
        n = self.n
        current = moved ^ 1 << reply
        seen |= 1 << current
        unseen = unseen_reached(seen, current, n)
        if unseen == 0:
            return f"({reply}, 0, {NO_CHILD})"
        if unseen <= self.leaf:
            return f"({reply}, {LEAF}, {NO_CHILD})"
        number = self.enter(seen, current)
        p, t = symmetry(n, seen, current, self.keys[number - 1])
        return f"({reply}, {p << n | t}, {number})"

    def enter(self, seen: int, current: int) -> int:
        """The number of the node of the position (its normal form), walked if new."""
        key = normal_form(seen, current, self.n)
        if key not in self.number:
            expect(len(self.keys) < self.count, f"the walk enters more nodes than the "
                                                f"{self.count:,} the header says")
            self.number[key] = len(self.keys) + 1
            self.node(key)
        return self.number[key]


def symmetry(n: int, seen: int, current: int, key: int) -> tuple[int, int]:
    """The symmetry x -> pi_p(x) XOR t that maps the position, reduced by Lemma R, onto the
    node `key`, as (p, t): p numbers pi as NoRepeatsDag.v's automorphisms do (lexicographic
    order of (pi(0), ..., pi(n-1)), bit pi(i) of pi(x) being bit i of x)."""
    rest = reduce(seen, current, n)
    patterns = [x for x in range(1 << n) if rest >> x & 1]
    for p, image in enumerate(_images(n)):
        t = image[current]
        if sum(1 << (image[x] ^ t) for x in patterns) == key:
            return p, t
    raise Rejected("no symmetry of the cube maps a position of the walk onto its normal form")


@cache
def _images(n: int) -> list[list[int]]:
    """For each reordering pi of the coins, in NoRepeatsDag.v's order, pi(x) for every x."""
    return [[sum(1 << order[coin] for coin in range(n) if x >> coin & 1) for x in range(1 << n)]
            for order in permutations(range(n))]
