"""No repeats in Coq (formal/rules/RulesNoRepeats.v and the files after it;
coinproofs/coq/norepeat.py): each claim's .v file compiles and states the claim; a tampered
strategy DAG makes it fail to compile; and Coq's answers agree with the kernel's for 1 to 4
coins under both rules.

The tests that run Coq skip when `coqc` is missing (Debian: apt-get install coq
libcoq-mathcomp).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import coinproofs as cp
from coinproofs.coq import MATHCOMP_IMPORT, Unsupported, build
from coinproofs.coq.check import check_folder, coqc, run_coq
from coinproofs.coq.norepeat import COQ_DAG_NODES, read_dag, script, statement
from coinproofs.games.norepeat import solve, strategy_dag
from coinproofs.verify.certificate import Artifacts, Claim
from coinproofs.verify.norepeat import check_claim, claim_id
from coinproofs.verify.norepeat import statement as words
from coinproofs.verify.norepeat_dag import HEADER, NO_CHILD, NO_REPLY, NODE, RECORD, check_dag
from coinproofs.verify.schema import Rejected
from tests.corpus import Corpus

ROOT = Path(__file__).resolve().parent.parent
FORMAL = ROOT / "formal"
needs_coq = pytest.mark.skipif(shutil.which("coqc") is None or shutil.which("coqchk") is None,
                               reason="needs coqc and coqchk (apt-get install coq "
                                      "libcoq-mathcomp)")

# Fast to prove and to check: the misère claims of 3 and 4 coins (strategy DAGs), two normal ones.
SMALL = ["norepeat.n1.normal", "norepeat.n12.normal", "norepeat.n3.misere",
         "norepeat.n4.misere"]


def claim(n: int, misere: bool, value: str) -> dict[str, Any]:
    """A claim object as certificates hold it."""
    return {"id": claim_id(n, misere), "game": "norepeat", "params": {"n": n, "misere": misere},
            "kind": "winner", "value": value, "statement": words(n, misere, value)}


# --- The statement and the script, without Coq -----------------------------------------------

def test_statement_is_written_from_params_and_value() -> None:
    assert statement(claim(10, False, "first")).text == "first_wins 10 normal"
    assert statement(claim(5, True, "second")).text == "second_wins 5 misere"
    assert statement(claim(5, True, "second")).requires == ("RulesNoRepeats",)


def test_normal_play_reads_no_evidence(tmp_path: Path) -> None:
    """Normal play is an instance of normal_first_wins: the matching is not read, so a
    certificate with none, or a broken one, gives the same proof."""
    with_matching = {"claim": claim(16, False, "first"),
                     "evidence": [{"method": "matching", "file": "absent.pairs",
                                   "sha256": "0" * 64}]}
    without = {"claim": claim(16, False, "first"), "evidence": []}
    assert script(with_matching, tmp_path) == script(without, tmp_path)
    assert "normal_first_wins" in script(without, tmp_path).proof


def test_misere_needs_a_small_dag(tmp_path: Path) -> None:
    only_strategy = {"claim": claim(3, True, "second"),
                     "evidence": [{"method": "strategy", "moves": {}}]}
    with pytest.raises(Unsupported, match="no strategy-dag or strategy-walk evidence"):
        script(only_strategy, tmp_path)
    huge = {"claim": claim(6, True, "second"),
            "evidence": [{"method": "strategy-dag", "file": "x.nrdag", "sha256": "0" * 64,
                          "nodes": COQ_DAG_NODES + 1}]}
    with pytest.raises(Unsupported, match="more than the"):
        script(huge, tmp_path)


def test_read_dag_refuses_a_cut_file() -> None:
    data = strategy_dag(solve(3, misere=True))
    with pytest.raises(Rejected, match="ends inside node"):
        read_dag(data[:-3])
    with pytest.raises(Rejected, match="goes on after"):
        read_dag(data + b"\0")


# --- Compiling the proofs ----------------------------------------------------------------------

def compile_text(folder: Path, name: str, text: str) -> tuple[bool, str]:
    """Write folder/name.v and compile it against the formal library: did it compile, and what
    Coq said."""
    (folder / f"{name}.v").write_text(text)
    return run_coq(coqc(FORMAL, folder, name), folder)


def coq_accepts(folder: Path, certificates: list[Path]) -> None:
    """`verify --coq`'s check: each .v compiles, its theorem proves exactly the claim's
    statement, and coqchk finds no assumption in it."""
    verdicts, assumptions = check_folder(folder, certificates, jobs=2, norec=True)
    assert all(verdict.accepted for verdict in verdicts), verdicts
    assert assumptions is not None and assumptions.none


@needs_coq
def test_small_claims_compile(formal: Path, corpus: Corpus) -> None:
    coq_accepts(corpus.proved(*SMALL), corpus.certificates(*SMALL))


def default_claims() -> list[str]:
    """The norepeat claims a bare `coinproofs prove` proves."""
    return [claim["id"] for claim in cp.claims()["claims"] if claim["game"] == "norepeat"]


@pytest.mark.slow
@needs_coq
def test_every_default_claim_compiles(formal: Path, corpus: Corpus) -> None:
    ids = default_claims()
    assert {"norepeat.n16.normal", "norepeat.n5.misere"} <= set(ids)
    coq_accepts(corpus.proved(*ids), corpus.certificates(*ids))


# --- A tampered strategy DAG -------------------------------------------------------------------

def record_offsets(data: bytes) -> Iterator[tuple[int, int, int]]:
    """(node, where the node starts, where its first record starts) for each node of the
    file."""
    at, count = HEADER.size, HEADER.unpack_from(data)[-1]
    for node in range(count):
        moves = NODE.unpack_from(data, at)[2]
        yield node, at, at + NODE.size
        at += NODE.size + moves * RECORD.size


def splice(data: bytes, at: int, part: bytes) -> bytes:
    """data with the bytes from `at` on replaced by `part`."""
    return data[:at] + part + data[at + len(part):]


def mutations(data: bytes) -> Iterator[tuple[str, bytes]]:
    """Changed copies of a DAG file, one number changed in each, at the first node past the
    root whose first record names a child: the node's seen set (a neighbour of its current
    pattern), the winner's reply, the automorphism, the child."""
    n, count = data[8], HEADER.unpack_from(data)[-1]
    for node, start, first in record_offsets(data):
        reply, auto, child = RECORD.unpack_from(data, first)
        if node == 0 or reply == NO_REPLY or child == NO_CHILD:
            continue
        seen, current, moves = NODE.unpack_from(data, start)
        yield "seen", splice(data, start, NODE.pack(seen ^ 1 << (current ^ 1), current, moves))
        records = {"reply": ((reply + 1) % n, auto, child),
                   "automorphism": (reply, auto ^ 1, child),
                   "child": (reply, auto, (child + 1) % count)}
        for name, record in records.items():
            yield name, splice(data, first, RECORD.pack(*record))
        return


@needs_coq
def test_tampered_dag_fails_to_compile(formal: Path, corpus: Corpus, tmp_path: Path) -> None:
    folder = corpus.copy("norepeat.n4.misere", to=tmp_path / "certificates")
    path = folder / "norepeat.n4.misere.json"
    certificate = json.loads(path.read_text())
    [item] = [e for e in certificate["evidence"] if e["method"] == "strategy-dag"]
    data = (folder / item["file"]).read_bytes()
    changed_numbers = []
    for name, changed in mutations(data):
        changed_numbers.append(name)
        (folder / item["file"]).write_bytes(changed)
        item["sha256"] = hashlib.sha256(changed).hexdigest()
        path.write_text(json.dumps(certificate))
        with pytest.raises(Rejected):  # the kernel refuses it...
            check_dag(4, True, "second", item, Artifacts(folder))
        build.write_proof(path)  # ...and so does Coq
        [verdict] = check_folder(folder, [path], norec=True)[0]
        assert not verdict.accepted and "dag_ok" in verdict.reason, (name, verdict)
    assert changed_numbers == ["seen", "reply", "automorphism", "child"]


# --- Coq agrees with the kernel ---------------------------------------------------------------

def kernel_answer(n: int, misere: bool, folder: Path) -> tuple[str, bytes]:
    """Who wins n coins under the rule, as the kernel says: of the two claims, the one it
    accepts with the engine's strategy DAG as evidence (it refuses the other); and the DAG."""
    data = strategy_dag(solve(n, misere))
    (folder / "answer.nrdag").write_bytes(data)
    item = {"method": "strategy-dag", "file": "answer.nrdag",
            "sha256": hashlib.sha256(data).hexdigest(), "nodes": HEADER.unpack_from(data)[-1]}
    accepted = []
    for value in ("first", "second"):
        try:
            check_claim(Claim(**claim(n, misere, value)), [item], Artifacts(folder))
        except Rejected:
            continue
        accepted.append(value)
    [winner] = accepted
    return winner, data


def agreement(cases: list[tuple[int, bool]], folder: Path) -> str:
    """A Coq file of the kernel's answers for each (n, misère): who wins, computed by Coq's
    own recursion over the whole game (first_winsb); the kernel's strategy DAG, accepted by
    Coq's checker (dag_ok); and each of its nodes lost for the player to move (winb). It
    compiles only if every answer agrees."""
    lines = [MATHCOMP_IMPORT,
             "From CoinProofs Require Import Claims RulesNoRepeats NoRepeatsPlay NoRepeatsDag "
             "NoRepeatsDecode."]
    for n, misere in cases:
        winner, data = kernel_answer(n, misere, folder)
        nodes, first = read_dag(data)
        rule = "misere" if misere else "normal"
        name, verdict = f"n{n}_{rule}", "true" if winner == "first" else "false"
        lines += ["Local Open Scope N_scope.",
                  f"Definition dag_{name} : seq raw_node := [:: {'; '.join(nodes)}].",
                  "Local Close Scope N_scope.",
                  f"Lemma winner_{name} : first_winsb {n} {rule} = {verdict}."
                  " Proof. by vm_compute. Qed.",
                  f"Lemma dag_{name}_ok : dag_ok {n} {rule} "
                  f"{'None' if winner == 'second' else f'(Some {first})'} (decode {n} dag_{name})."
                  " Proof. by vm_compute. Qed.",
                  f"Lemma nodes_{name}_lost : all (fun c => ~~ winb {rule} {n} (2 ^ {n}).+1 "
                  f"(position_of {n} c)) (decode {n} dag_{name}). Proof. by vm_compute. Qed."]
    return "\n".join(lines) + "\n"


@needs_coq
def test_coq_agrees_with_the_kernel(formal: Path, tmp_path: Path) -> None:
    cases = [(n, misere) for n in (1, 2, 3) for misere in (False, True)]
    compiled, said = compile_text(tmp_path, "agree", agreement(cases, tmp_path))
    assert compiled, said


@pytest.mark.slow
@needs_coq
def test_coq_agrees_with_the_kernel_on_four_coins(formal: Path, tmp_path: Path) -> None:
    """Four coins: Coq's recursion over the whole game takes seconds for each rule."""
    compiled, said = compile_text(tmp_path, "agree4", agreement([(4, False), (4, True)], tmp_path))
    assert compiled, said


def failing_line(said: str, text: str) -> str:
    """The line of text where coqc stopped with an error (each lemma is on one line)."""
    found = re.search(r"line (\d+), characters \d+-\d+:\nError", said)
    assert found, said
    return text.splitlines()[int(found.group(1)) - 1]


@needs_coq
def test_a_wrong_answer_does_not_compile(formal: Path, tmp_path: Path) -> None:
    """The agreement file fails at the first answer written the other way round: a winner,
    and a strategy DAG given under the other rule."""
    text = agreement([(3, True)], tmp_path)
    flipped = text.replace("first_winsb 3 misere = false", "first_winsb 3 misere = true")
    assert flipped != text
    compiled, said = compile_text(tmp_path, "flipped", flipped)
    assert not compiled and "winner_n3_misere" in failing_line(said, flipped)
    other_rule = text.replace("dag_ok 3 misere", "dag_ok 3 normal")
    compiled, said = compile_text(tmp_path, "other_rule", other_rule)
    assert not compiled and "dag_n3_misere_ok" in failing_line(said, other_rule)
