"""The devil's coin flip and the rotating-table family as Coq theorems (coinproofs/coq/devil.py,
formal/Table*.v): each claim's .v, written from its certificate, compiles with coqc alone and
proves exactly the statement written from the claim; evidence tampered with, of every kind,
makes coqc fail; Coq's checkers agree with the kernel on small tables.

The .v is assembled here as the Coq road's contract says (coinproofs/coq/__init__.py) until the
shared builder lands. Tests that run Coq skip without coqc; every default claim is compiled in
the slow run, one claim of each road in the default run.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from coinproofs.coq import Statement, Unsupported, module_name
from coinproofs.coq import devil as coq_devil
from coinproofs.games.devil import Table, search
from coinproofs.proofs.registry import find, select
from coinproofs.proofs.runner import prove_one
from coinproofs.verify import family
from coinproofs.verify.certificate import Claim, parse_claim

ROOT = Path(__file__).resolve().parent.parent
FORMAL = ROOT / "formal"
needs_coq = pytest.mark.skipif(shutil.which("coqc") is None,
                               reason="needs coqc (apt-get install coq libcoq-mathcomp)")

Document = dict[str, Any]


# --- The contract's .v, compiled --------------------------------------------------------------

def source(document: Document, folder: Path) -> tuple[str, Statement]:
    """The claim's .v as the Coq road writes it, and its statement."""
    claim = parse_claim(document)
    statement = coq_devil.statement(claim)
    script = coq_devil.script(document, folder)
    requires = " ".join(dict.fromkeys(statement.requires + script.requires))
    text = (f"(* {claim.id}: {claim.statement} *)\n"
            "From mathcomp Require Import all_ssreflect.\n"
            f"From CoinProofs Require Import {requires}.\n"
            f"{script.definitions}\n"
            f"Theorem claim : {statement.text}.\nProof.\n{script.proof}\nQed.\n")
    return text, statement


def coqc(folder: Path, name: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["coqc", "-Q", str(FORMAL), "CoinProofs", "-Q", ".", "Proved",
                           "-w", "-notation-overridden", f"{name}.v"],
                          cwd=folder, capture_output=True, text=True, timeout=600)


def compiles(document: Document, folder: Path) -> bool:
    """Write the claim's .v beside its certificate and compile it; if it compiles, check in a
    separate file that its theorem has exactly the statement."""
    text, statement = source(document, folder)
    module = module_name(document["claim"]["id"])
    (folder / f"{module}.v").write_text(text)
    if coqc(folder, module).returncode != 0:
        return False
    check = f"check_{module}"
    (folder / f"{check}.v").write_text(
        "From mathcomp Require Import all_ssreflect.\n"
        f"From CoinProofs Require Import {' '.join(statement.requires)}.\n"
        f"Require Proved.{module}.\nCheck (Proved.{module}.claim : {statement.text}).\n")
    result = coqc(folder, check)
    assert result.returncode == 0, result.stdout + result.stderr
    return True


@pytest.fixture(scope="module")
def built() -> None:
    """formal/ compiled (`make formal`)."""
    result = subprocess.run(["make", "--no-print-directory", "formal"], cwd=ROOT,
                            capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, result.stdout + result.stderr


def proved(claim_id: str, folder: Path) -> Document:
    outcome = prove_one(find(claim_id), folder)
    assert outcome.proved, outcome.reason
    document: Document = json.loads((folder / f"{claim_id}.json").read_text())
    return document


# --- Statements ------------------------------------------------------------------------------

def claim(claim_id: str) -> Claim:
    spec = find(claim_id)
    return Claim(spec.id, spec.game, spec.kind, spec.params, spec.value, spec.statement)


@pytest.mark.parametrize("claim_id, text", [
    ("devil.n4.shortest", "shortest (wins 4) 15"),
    ("devil.n64.shortest", "shortest (wins 64) (2 ^ 64 - 1)"),
    ("devil.n6.impossible", "impossible (wins 6)"),
    ("devil.n16.lamping", "wins 16 (lamping 4) /\\ size (lamping 4) = (2 ^ 16 - 1)"),
    ("devil.n8.dihedral.shortest", "shortest (table_wins (Table 8 2 (dihedral 8) zero)) 255"),
    ("devil.n9.q3.shortest", "shortest (table_wins (Table 9 3 (cyclic 9) zero)) (3 ^ 9 - 1)"),
    ("devil.n4.q3.klein.impossible", "impossible (table_wins (Table 4 3 klein zero))"),
    ("devil.n2.trivial.equal.shortest", "shortest (table_wins (Table 2 2 trivial equal)) 1"),
    ("devil.n4.alternating.impossible",
     "impossible (table_wins (Table 4 2 (alternating 4) zero))"),
    ("devil.n8.equal.count",
     "shortest (table_wins (Table 8 2 (cyclic 8) equal)) 127 /\\ counts (Table 8 2 (cyclic 8) "
     f"equal) 127 {2**247} 4398046511104"),
])
def test_statement(claim_id: str, text: str) -> None:
    assert coq_devil.statement(claim(claim_id)).text == text


def test_statement_of_a_claim_with_other_options_is_refused() -> None:
    odd = Claim("devil.n4.custom.shortest", "devil", "shortest", {"n": 4, "generators": [[1]]},
                3, "")
    with pytest.raises(Unsupported, match=r"devil\.n4\.custom\.shortest"):
        coq_devil.statement(odd)


# --- Every road ------------------------------------------------------------------------------

# One claim of each road to a proof (TableClaims.v and TableCount.v).
ROADS = {
    "devil.n4.shortest": "coin_shortest",
    "devil.n6.impossible": "coin_impossible",
    "devil.n2.q4.shortest": "rotating_shortest",
    "devil.n2.q3.impossible": "rotating_impossible",
    "devil.n1.q6.shortest": "rotating_strategy_shortest",
    "devil.n4.dihedral.shortest": "shortest_check_sound",
    "devil.n3.dihedral.impossible": "invariant_check_sound",
    "devil.n4.count": "count_check_sound",
}


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Document]]:
    folder = tmp_path_factory.mktemp("devil")
    return folder, {claim_id: proved(claim_id, folder) for claim_id in ROADS}


@needs_coq
@pytest.mark.parametrize("claim_id", ROADS)
def test_road_compiles(built: None, certificates: tuple[Path, dict[str, Document]],
                       claim_id: str) -> None:
    folder, documents = certificates
    assert ROADS[claim_id] in coq_devil.script(documents[claim_id], folder).proof
    assert compiles(documents[claim_id], folder)


def without(document: Document, method: str) -> Document:
    changed = copy.deepcopy(document)
    changed["evidence"] = [item for item in changed["evidence"] if item["method"] != method]
    return changed


@needs_coq
def test_closed_layers_road(built: None,
                            certificates: tuple[Path, dict[str, Document]]) -> None:
    """Without its invariant, an impossible claim is proved by its closed layers."""
    folder, documents = certificates
    closed = without(documents["devil.n3.dihedral.impossible"], "invariant")
    assert "closed_check_sound" in coq_devil.script(closed, folder).proof
    assert compiles(closed, folder)


# --- Tampered evidence -------------------------------------------------------------------------

def rewrite_artifact(document: Document, folder: Path, method: str,
                     change: Any) -> Document:
    """A copy whose artifact for `method`, a list of numbers a line, is changed line by line
    by change(lines) and written again, its SHA-256 in the certificate updated (so that the
    content, not the hash, is what differs)."""
    changed = copy.deepcopy(document)
    item = next(item for item in changed["evidence"] if item["method"] == method)
    lines = [json.loads(line) for line in (folder / item["file"]).read_text().splitlines()]
    change(lines)
    data = "".join(json.dumps(line) + "\n" for line in lines).encode()
    item["file"] = f"tampered.{item['file']}"
    (folder / item["file"]).write_bytes(data)
    item["sha256"] = hashlib.sha256(data).hexdigest()
    return changed


def set_last_belief(lines: list[list[int]]) -> None:
    lines[-1][-1] += 2  # one more orbit in a belief of the last layer


@needs_coq
def test_tampered_strategy_fails(built: None,
                                 certificates: tuple[Path, dict[str, Document]]) -> None:
    """An empty move in a shortest strategy: it does not win (else a shorter one would)."""
    folder, documents = certificates
    tampered = copy.deepcopy(documents["devil.n4.dihedral.shortest"])
    strategy = next(item for item in tampered["evidence"] if item["method"] == "strategy")
    strategy["moves"][3] = []
    assert not compiles(tampered, folder)


@needs_coq
def test_tampered_layers_fail(built: None,
                              certificates: tuple[Path, dict[str, Document]]) -> None:
    folder, documents = certificates
    document = documents["devil.n4.dihedral.shortest"]
    assert not compiles(rewrite_artifact(document, folder, "reachability", set_last_belief),
                        folder)


@needs_coq
def test_tampered_invariant_fails(built: None,
                                  certificates: tuple[Path, dict[str, Document]]) -> None:
    folder, documents = certificates
    tampered = copy.deepcopy(documents["devil.n3.dihedral.impossible"])
    invariant = next(item for item in tampered["evidence"] if item["method"] == "invariant")
    invariant["orbits"][0] = 0b111  # all tails: flipping every coin ends the game
    assert not compiles(tampered, folder)


@needs_coq
def test_tampered_count_layers_fail(built: None,
                                    certificates: tuple[Path, dict[str, Document]]) -> None:
    folder, documents = certificates
    assert not compiles(rewrite_artifact(documents["devil.n4.count"], folder, "count",
                                         set_last_belief), folder)


@needs_coq
@pytest.mark.parametrize("field", ["sequences", "up_to_group"])
def test_wrong_count_fails(built: None, certificates: tuple[Path, dict[str, Document]],
                           field: str) -> None:
    folder, documents = certificates
    tampered = copy.deepcopy(documents["devil.n4.count"])
    tampered["claim"]["value"][field] += 1
    assert not compiles(tampered, folder)


@needs_coq
@pytest.mark.slow
def test_tampered_lamping_fails(built: None, tmp_path: Path) -> None:
    document = proved("devil.n16.lamping", tmp_path)
    assert compiles(document, tmp_path)
    tampered = rewrite_artifact(document, tmp_path, "strategy",
                                lambda lines: lines.__setitem__(0, [0, 1]))
    assert not compiles(tampered, tmp_path)


# --- Coq's checkers and the kernel -------------------------------------------------------------

SMALL_TABLES = [(n, q, group, goal)
                for n in (1, 2, 3, 4) for q in (2, 3)
                for group in family.GROUPS if group != "klein" or n == 4
                for goal in ("zero", "equal") if q**n <= 16]


def coq_table(n: int, q: int, group: str, goal: str) -> str:
    return coq_devil.table(n, q, group, goal)


def vm_values(folder: Path, lines: list[str]) -> list[str]:
    """What Coq computes for each line (an expression), by vm_compute, in order."""
    script = ["From mathcomp Require Import all_ssreflect.", "From Coq Require Import BinNat.",
              "From CoinProofs Require Import RulesTable TableOrbits TableBeliefs.",
              *[f"Eval vm_compute in {line}." for line in lines]]
    (folder / "agree.v").write_text("\n".join(script) + "\n")
    result = coqc(folder, "agree")
    assert result.returncode == 0, result.stdout + result.stderr
    return re.findall(r"^\s+= (.*)$", result.stdout, flags=re.MULTILINE)


def strategies(n: int, q: int, group: str, goal: str) -> Iterator[tuple[list[int], bool]]:
    """The engine's shortest strategy (if one wins) and the same without its last move, each
    with the kernel's verdict."""
    r = family.rules(n, q, group, goal)
    found = search(Table(n, q, group, goal)).strategy
    if found is None:
        return
    moves = list(found)
    for strategy in (moves, moves[:-1]):
        yield strategy, family.simulate(strategy, r) is None


@needs_coq
def test_checkers_agree_with_kernel(built: None, tmp_path: Path) -> None:
    """The orbits Coq numbers are the kernel's, and Coq's strategy checker says what the
    kernel's exact simulation says."""
    lines: list[str] = []
    expected: list[str] = []
    for n, q, group, goal in SMALL_TABLES:
        r = family.rules(n, q, group, goal)
        table = coq_table(n, q, group, goal)
        lines += [f"orbits_ok {table}", f"orbit_count {table}", f"size (move_reps {table})"]
        expected += ["true", str(len(family.orbits(r))), str(len(family.move_orbits(r)))]
        for strategy, wins in strategies(n, q, group, goal):
            moves = "; ".join(map(str, strategy))
            lines.append(f"table_winsb {table} (map (state_of {q} {n}) [:: {moves}]%num)")
            expected.append(str(wins).lower())
    assert vm_values(tmp_path, lines) == expected


# --- Every default claim ------------------------------------------------------------------------

@needs_coq
@pytest.mark.slow
def test_every_default_devil_claim_compiles(built: None, tmp_path: Path) -> None:
    claims = [spec.id for spec in select([]) if spec.game == "devil"]
    documents = [proved(claim_id, tmp_path) for claim_id in claims]
    with ThreadPoolExecutor(2) as pool:
        verdicts = dict(zip(claims, pool.map(lambda doc: compiles(doc, tmp_path), documents),
                            strict=True))
    assert [claim_id for claim_id, ok in verdicts.items() if not ok] == []
