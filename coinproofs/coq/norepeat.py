"""No repeats (Enigma 1404) in Coq: the statement of a claim ``norepeat.n<n>.<rule>`` in the
terms of formal/rules/RulesNoRepeats.v, and its proof.

Normal play needs no evidence: ``normal_first_wins`` (formal/norepeat/NoRepeatsMatching.v) proves
that the first player wins for every n >= 1 (the matching x <-> x with coin 0 turned), and each
claim is an instance of it; the certificate's own matching is not read. Misère play is proved
by the checker of formal/norepeat/NoRepeatsDag.v, run by ``vm_compute`` on the certificate's
strategy DAG (evidence ``strategy-dag``, format NRDAG1), written into the .v file as numbers.

>>> statement({"params": {"n": 5, "misere": True}, "value": "second"}).text
'second_wins 5 misere'
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from coinproofs.coq import Script, Statement, Unsupported, nat, one_of
from coinproofs.verify.certificate import Artifacts
from coinproofs.verify.norepeat_dag import (
    DAG_NODES,
    HEADER,
    NODE,
    RECORD,
    STRATEGY_DAG,
)
from coinproofs.verify.schema import Rejected, expect

# The largest strategy DAG written into a .v file: checked in seconds (docs/formal.md, "No
# repeats"); six coins' DAGs, of 10^8 nodes and more, are far beyond.
COQ_DAG_NODES = 1 << 14


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
    if not dags:
        raise Unsupported(f"{claim['id']} has no strategy-dag evidence, the only kind Coq "
                          "checks for this claim")
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
    rule = "misere" if misere else "normal"
    listed = ";\n  ".join(nodes)
    definitions = ("Local Open Scope N_scope.\n"
                   f"Definition dag : seq raw_node := [::\n  {listed}].\n"
                   "Local Close Scope N_scope.")
    if winner == "second":
        proof = f"apply: (@dag_second_wins {n} {rule} (decode {n} dag))."
    else:
        proof = f"apply: (@dag_first_wins {n} {rule} {first} (decode {n} dag))."
    # The kernel runs the checker (in its VM) once, when it checks the proof at Qed.
    return Script(("NoRepeatsDag", "NoRepeatsDecode"), definitions,
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
