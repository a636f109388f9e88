"""The glasses as Coq theorems (coinproofs/coq/glasses.py, formal/rules/RulesGlasses.v and the
Glasses*.v checkers): statements written from the claim alone; the proofs of small claims
compile and prove exactly their statements; a tampered strategy, survival layer, invariant or
artifact makes coqc fail; and the Coq checkers compute what the kernel computes (orbit numbers,
invariants, survival layers, the worst case of a strategy) on every small case. Every default
claim, proved and checked by Coq, is a slow test."""

from __future__ import annotations

import copy
import hashlib
import itertools
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import coinproofs as cp
from coinproofs.coq import MATHCOMP_IMPORT, Unsupported, build, module_name
from coinproofs.coq import glasses as coq
from coinproofs.coq.check import check_folder, coqc, formal_folder, run_coq
from coinproofs.proofs import glasses as provers
from coinproofs.proofs.registry import ProofContext, find
from coinproofs.verify import glasses as kernel
from coinproofs.verify import theorems
from coinproofs.verify.certificate import SCHEMA, Artifacts, Rejected, check_document
from coinproofs.verify.table import rotation_orbits as orbits

FORMAL = formal_folder()
needs_coq = pytest.mark.skipif(
    shutil.which("coqc") is None or shutil.which("coqchk") is None,
    reason="needs coqc and coqchk (apt-get install coq libcoq-mathcomp)")


pytestmark = pytest.mark.usefixtures("coq_ready")  # formal/ built first (tests/conftest.py)


def certificate(claim_id: str, folder: Path, **inline: int) -> dict[str, Any]:
    """The certificate the prover writes for `claim_id` (artifacts in `folder`); `inline`
    overrides the provers' inline limits (0: everything in artifact files)."""
    spec = find(claim_id)
    saved = {name: getattr(provers, name) for name in inline}
    try:
        for name, value in inline.items():
            setattr(provers, name, value)
        evidence = spec.prove(ProofContext(folder, claim_id))
    finally:
        for name, value in saved.items():
            setattr(provers, name, value)
    return {"schema": SCHEMA, "claim": spec.as_json(), "evidence": evidence,
            "provenance": {"coinproofs": "test", "solver": "none", "seconds": 0}}


def compiles(text: str, folder: Path, name: str = "Proof") -> tuple[bool, str]:
    """Does Coq accept the file `text`? And what it said."""
    (folder / f"{name}.v").write_text(text)
    return run_coq(coqc(FORMAL, folder, name), folder)


def proof_compiles(document: dict[str, Any], folder: Path) -> tuple[bool, str]:
    return compiles(build.source(document, folder), folder)


def kernel_accepts(document: dict[str, Any], folder: Path) -> bool:
    try:
        check_document(document, folder)
    except Rejected:
        return False
    return True


def computed(expression: str, folder: Path) -> list[bool]:
    """The list of booleans `expression` computes to in Coq (vm_compute)."""
    text = (f"{MATHCOMP_IMPORT}\n"
            "From Coq Require Import NArith FMapPositive.\n"
            "From CoinProofs Require Import RulesGlasses GlassesPlay GlassesOrbits "
            "GlassesStrategy GlassesSurvival GlassesInvariant GlassesCode GlassesClaims.\n"
            f"Eval vm_compute in {expression}.\n")
    ok, output = compiles(text, folder, "Computed")
    assert ok, output
    return [word == "true" for word in re.findall(r"\b(true|false)\b", output)]


def coq_list(items: Iterator[str]) -> str:
    return "[:: " + "; ".join(items) + "]"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("coq-glasses")


@pytest.fixture(scope="module")
def shortest42(folder: Path) -> dict[str, Any]:
    return certificate("glasses.n4.k2.shortest", folder)


@pytest.fixture(scope="module")
def files42(folder: Path) -> dict[str, Any]:
    """The same claim with the strategy (named turns) and the layers in artifact files."""
    return certificate("glasses.n4.k2.shortest", folder, INLINE_TURNS=0, INLINE_BELIEFS=0)


@pytest.fixture(scope="module")
def impossible41(folder: Path) -> dict[str, Any]:
    return certificate("glasses.n4.k1.impossible", folder)


# --- Statements ------------------------------------------------------------------------------

def test_statements_say_the_claim_in_the_rules_terms() -> None:
    def stated(claim_id: str) -> str:
        return build.statement(find(claim_id).as_json()).text
    assert stated("glasses.n4.k2.shortest") == "shortest_turns 4 2 5"
    assert stated("glasses.n1.k0.shortest") == "shortest_turns 1 0 0"
    assert stated("glasses.n8.k4.wins") == "wins_within 8 4 10"
    assert stated("glasses.n5.k3.impossible") == "no_strategy 5 3"
    assert stated("glasses.n64.k32.wins") == "exists T, wins_within 64 32 T"
    assert build.statement(find("glasses.n7.k6.shortest").as_json()).requires == ("RulesGlasses",)


def test_statements_come_from_the_claim_alone(shortest42: dict[str, Any]) -> None:
    """The evidence changes the proof, never the statement; an unknown kind has none."""
    emptied = copy.deepcopy(shortest42) | {"evidence": []}
    assert build.statement(emptied["claim"]) == build.statement(shortest42["claim"])
    with pytest.raises(Unsupported, match="kind 'longest'"):
        coq.statement(shortest42["claim"] | {"kind": "longest"})


def test_evidence_that_cannot_be_written_is_unsupported(folder: Path,
                                                        impossible41: dict[str, Any]) -> None:
    broken = copy.deepcopy(impossible41)
    broken["evidence"][0]["orbits"] = ["DUX"]
    with pytest.raises(Unsupported, match="cannot be written for Coq"):
        coq.script(broken, folder)


def test_steps_unfold_shared_turns_by_depth(folder: Path, files42: dict[str, Any]) -> None:
    """Named turns become one step per turn and depth: the tree the steps unfold to is the
    certificate's, and each step's states are the states the kernel plays it from."""
    tree = coq.strategy_tree(files42["evidence"][0], Artifacts(folder))
    made = coq.steps(tree, 4, 5)
    assert [step.depth for step in made] == sorted(step.depth for step in made)
    assert made[0].states == {s for s in range(16) if not kernel.is_won(s, 4)}
    assert len(made) <= len(tree["named"]) * 5
    for step in made:  # every state of a step: a game the kernel plays there wins in time
        strategy = kernel.Strategy(tree, 4, 2)
        for state in step.states:
            assert step.depth + strategy._from(step.turn, state, step.depth + 1) <= 5


# --- The proofs of small claims ----------------------------------------------------------------

SMALL = ["glasses.n1.k0.shortest", "glasses.n2.k1.shortest", "glasses.n3.k2.shortest",
         "glasses.n3.k1.impossible", "glasses.n12.k7.impossible", "glasses.n64.k32.wins"]


@needs_coq
def test_small_claims_are_coq_theorems_of_their_statements(tmp_path: Path) -> None:
    """Each kind of claim and proof (no turn, no layers, layers, an invariant, the theorem
    glasses_hands_needed, the theorem glasses_hands_suffice): prove writes
    the .v beside the certificate, Coq compiles it, and Coq's kernel takes its theorem as a
    proof of the statement written afresh from the claim; coqchk finds no assumption in it."""
    assert cp.prove(*SMALL, out=tmp_path).proved
    files = [tmp_path / f"{claim_id}.json" for claim_id in SMALL]
    verdicts, assumptions = check_folder(tmp_path, files, jobs=2, norec=True)
    assert all(verdict.accepted for verdict in verdicts), [v.reason for v in verdicts]
    assert assumptions is not None and assumptions.none


@needs_coq
def test_the_theorem_proves_only_what_its_condition_allows(folder: Path) -> None:
    """The proof of an impossible claim that cites glasses_hands_needed compiles for K <
    N - N/p and not for K = N - N/p, where Coq's kernel finds the side condition false."""
    document = certificate("glasses.n12.k7.impossible", folder)
    assert proof_compiles(document, folder)[0]
    enough = copy.deepcopy(document)
    enough["claim"].update(id="glasses.n12.k8.impossible", params={"n": 12, "hands": 8},
                           statement=kernel.statement("impossible", 12, 8, None))
    assert not proof_compiles(enough, folder)[0]


@needs_coq
def test_the_suffice_theorem_proves_only_what_its_condition_allows(folder: Path) -> None:
    """The proof of a wins claim that cites glasses_hands_suffice (which compiles for K =
    N - N/p: SMALL) does not with a hand fewer, where Coq's kernel finds hands_check false;
    citing another theorem (glasses_hands_suffice_not9 too, which glasses_hands_suffice
    replaced) there is no proof to write."""
    document = certificate("glasses.n64.k32.wins", folder)
    fewer = copy.deepcopy(document)
    fewer["claim"].update(id="glasses.n64.k31.wins", params={"n": 64, "hands": 31},
                          statement=kernel.statement("wins", 64, 31, None))
    ok, output = proof_compiles(fewer, folder)
    assert not ok and "hands_check" in output
    for name in ("glasses_hands_needed", "glasses_hands_suffice_not9"):
        renamed = copy.deepcopy(document)
        renamed["evidence"][0]["name"] = name
        with pytest.raises(Unsupported, match="cites glasses_hands_suffice"):
            coq.script(renamed, folder)


@needs_coq
def test_the_hands_theorem_proves_n_divisible_by_9(folder: Path) -> None:
    """The prover's wins claims for N divisible by 9 (18 and 27 glasses) cite
    glasses_hands_suffice (GlassesEndsDown.v), and their proofs compile; with a
    hand too few Coq's kernel finds hands_check false, and the kernel refuses too."""
    for n, k in ((18, 12), (27, 18)):
        document = certificate(f"glasses.n{n}.k{k}.wins", folder)
        assert document["evidence"][0]["name"] == "glasses_hands_suffice"
        assert kernel_accepts(document, folder) and proof_compiles(document, folder)[0]
    fewer = copy.deepcopy(document)
    fewer["claim"].update(id="glasses.n27.k17.wins", params={"n": 27, "hands": 17},
                          statement=kernel.statement("wins", 27, 17, None))
    ok, output = proof_compiles(fewer, folder)
    assert not ok and "hands_check" in output
    assert not kernel_accepts(fewer, folder)


@needs_coq
def test_coq_and_the_kernel_agree_on_which_hands_win(folder: Path) -> None:
    """Coq's hands_check (the proofs' side condition) is the kernel's, for every N <= 64 and
    K <= N, in one run of Coq."""
    limit = kernel.MAX_CLAIM_N
    text = (f"{MATHCOMP_IMPORT}\n"
            "From CoinProofs Require Import GlassesEndsDown.\n"
            "Eval vm_compute in [seq [seq hands_check N K | K <- iota 0 N.+1] "
            f"| N <- iota 1 {limit}].\n")
    ok, output = compiles(text, folder, "AgreeAll")
    assert ok, output
    holds = theorems.GLASSES_THEOREMS["glasses_hands_suffice"].holds
    assert [word == "true" for word in re.findall(r"\b(true|false)\b", output)] == [
        holds(n, k) for n in range(1, limit + 1) for k in range(n + 1)]


# --- Tampering ------------------------------------------------------------------------------

def turn_objects(tree: Any) -> Iterator[dict[str, Any]]:
    """Every turn object of a tree (nested, or with named turns)."""
    if isinstance(tree, dict) and "named" in tree:
        yield from tree["named"].values()
        return
    yield tree
    for case in tree["if"].values():
        if isinstance(case.get("then"), dict):
            yield from turn_objects(case["then"])


def losing_changes(tree: Any) -> Iterator[Any]:
    """Copies of the tree with one answer's glasses to turn over changed."""
    for number, turn in enumerate(turn_objects(tree)):
        for pattern, case in turn["if"].items():
            for other in range(1 << len(turn["feel"])):
                changed = [p for j, p in enumerate(turn["feel"]) if other >> j & 1]
                if sorted(changed) != sorted(case["turn"]):
                    copied = copy.deepcopy(tree)
                    list(turn_objects(copied))[number]["if"][pattern]["turn"] = changed
                    yield copied


def first_rejected(documents: Iterator[dict[str, Any]], folder: Path) -> dict[str, Any]:
    """The first of the documents the kernel rejects."""
    return next(document for document in documents if not kernel_accepts(document, folder))


@needs_coq
def test_a_changed_turn_is_refused_by_coq(folder: Path, shortest42: dict[str, Any]) -> None:
    def changed() -> Iterator[dict[str, Any]]:
        for tree in losing_changes(shortest42["evidence"][0]["tree"]):
            document = copy.deepcopy(shortest42)
            document["evidence"][0]["tree"] = tree
            yield document
    ok, output = proof_compiles(first_rejected(changed(), folder), folder)
    assert not ok and "shortest_check" in output


@needs_coq
def test_a_changed_layer_is_refused_by_coq(folder: Path, shortest42: dict[str, Any]) -> None:
    """A belief of a survival layer changed (one orbit more or fewer), or the deepest layer
    dropped."""
    def changed() -> Iterator[dict[str, Any]]:
        layers = shortest42["evidence"][1]["layers"]
        for d, layer in enumerate(layers):
            for i, belief in enumerate(layer):
                for bit in range(len(orbits(4))):
                    document = copy.deepcopy(shortest42)
                    document["evidence"][1]["layers"][d][i] = belief ^ 1 << bit
                    yield document
    ok, output = proof_compiles(first_rejected(changed(), folder), folder)
    assert not ok and "shortest_check" in output
    shallow = copy.deepcopy(shortest42)
    del shallow["evidence"][1]["layers"][-1]
    ok, output = proof_compiles(shallow, folder)
    assert not ok and "shortest_check" in output


@needs_coq
def test_a_changed_invariant_is_refused_by_coq(folder: Path,
                                               impossible41: dict[str, Any]) -> None:
    """An orbit of the invariant alone (the devil cannot keep the glasses in it), and a won
    orbit added."""
    words = impossible41["evidence"][0]["orbits"]
    tried = 0
    for changed in ([words[-1]], [*words, "UUUU"]):
        document = copy.deepcopy(impossible41)
        document["evidence"][0]["orbits"] = changed
        if not kernel_accepts(document, folder):
            ok, output = proof_compiles(document, folder)
            assert not ok and "invariant_ok" in output, changed
            tried += 1
    assert tried == 2


@needs_coq
def test_a_tampered_artifact_is_refused_by_coq(folder: Path, tmp_path: Path,
                                               files42: dict[str, Any]) -> None:
    """The strategy file with a changed turn (its hash updated, so that only Coq can tell)."""
    shutil.copytree(folder, tmp_path, dirs_exist_ok=True)
    strategy = files42["evidence"][0]
    tree = json.loads((tmp_path / strategy["file"]).read_text())
    for changed in losing_changes(tree):
        data = json.dumps(changed).encode()
        (tmp_path / strategy["file"]).write_bytes(data)
        document = copy.deepcopy(files42)
        document["evidence"][0]["sha256"] = hashlib.sha256(data).hexdigest()
        if not kernel_accepts(document, tmp_path):
            break
    ok, output = proof_compiles(document, tmp_path)
    assert not ok and "shortest_check" in output


@needs_coq
def test_a_changed_claim_value_is_refused_by_coq(folder: Path,
                                                 shortest42: dict[str, Any]) -> None:
    """With the evidence of 5 turns, neither 4 turns (the strategy takes 5) nor 6 (the layers
    rule out 4 turns only) is proved."""
    for value in (4, 6):
        document = copy.deepcopy(shortest42)
        document["claim"]["value"] = value
        ok, output = proof_compiles(document, folder)
        assert not ok and f"shortest_check 4 2 {value}" in output


# --- Agreement with the kernel on small cases ---------------------------------------------------

@needs_coq
def test_orbit_numbers_are_the_kernels(tmp_path: Path) -> None:
    text = (f"{MATHCOMP_IMPORT}\nFrom Coq Require Import NArith.\n"
            "From CoinProofs Require Import GlassesPlay GlassesOrbits.\n")
    for n in range(1, kernel.MAX_N + 1):
        text += (f"Eval vm_compute in let tb := orbit_table {n} in [seq (if trie_get tb s is "
                 f"Some (j, _) then N.to_nat j else 99) | s <- all_glasses {n}].\n")
    ok, output = compiles(text, tmp_path, "Orbits")
    assert ok, output
    said = [[int(word) for word in re.findall(r"\d+", block)]
            for block in re.findall(r"= \[::([^\]]*)\]", output)]
    assert said == [[kernel.orbit_number(n)[s] for s in range(1 << n)]
                    for n in range(1, kernel.MAX_N + 1)]


def unequal_orbits(n: int) -> list[int]:
    """The numbers of the orbits of n glasses that are not won."""
    return [j for j in range(len(orbits(n))) if not kernel.won_orbits(n) >> j & 1]


def beliefs(n: int) -> Iterator[int]:
    """Every nonempty set of unequal orbits."""
    unequal = unequal_orbits(n)
    for size in range(1, len(unequal) + 1):
        for chosen in itertools.combinations(unequal, size):
            yield sum(1 << j for j in chosen)


@needs_coq
def test_invariants_are_decided_as_the_kernel_decides(tmp_path: Path) -> None:
    """Every set of orbits (the empty one too) for up to 5 glasses and any hands."""
    cases = [(n, k, belief) for n in range(2, 6) for k in range(n + 1)
             for belief in (0, *beliefs(n))]
    said = computed(coq_list(f"invariant_ok {n} {k} {belief}%N" for n, k, belief in cases),
                    tmp_path)
    for (n, k, belief), coq_says in zip(cases, said, strict=True):
        words = [kernel.letters(orbits(n)[j], n) for j in range(len(orbits(n))) if belief >> j & 1]
        try:
            kernel.invariant_evidence({"method": "invariant", "orbits": words}, n, k)
            kernel_says = True
        except Rejected:
            kernel_says = False
        assert coq_says == kernel_says, (n, k, words)
    assert any(said) and not all(said)


@needs_coq
def test_survival_layers_are_decided_as_the_kernel_decides(tmp_path: Path) -> None:
    """One layer of one belief, and two layers of one belief each, for up to 4 glasses."""
    cases = [(n, k, [[b]]) for n in range(2, 5) for k in range(n + 1) for b in beliefs(n)]
    cases += [(n, k, [[b1], [b2]]) for n in range(3, 5) for k in range(n)
              for b1 in beliefs(n) for b2 in beliefs(n) if b1 != b2]
    said = computed(coq_list(
        f"survival_ok {n} {k} {len(layers)} "
        f"(survival_code (codes [:: \"{coq.code(coq.layer_numbers(layers))}\"]%code))"
        for n, k, layers in cases), tmp_path)
    for (n, k, layers), coq_says in zip(cases, said, strict=True):
        evidence = {"method": "survival", "layers": layers, "turns": len(layers),
                    "beliefs": len(layers)}
        try:
            kernel.survival_evidence(evidence, n, k, Artifacts(tmp_path))
            kernel_says = True
        except Rejected:
            kernel_says = False
        assert coq_says == kernel_says, (n, k, layers)
    assert any(said) and not all(said)


@needs_coq
def test_strategies_win_within_the_kernels_worst_case(folder: Path, tmp_path: Path) -> None:
    """Every tree one changed answer away from the 2-turn strategy of 3 glasses and 2 hands,
    and the strategies of the small claims: Coq's check passes within T turns exactly when the
    kernel's worst case is at most T."""
    trees = []
    for claim_id in ("glasses.n3.k2.shortest", "glasses.n4.k3.shortest",
                     "glasses.n4.k2.shortest", "glasses.n5.k4.shortest"):
        document = certificate(claim_id, folder)
        n, k = document["claim"]["params"]["n"], document["claim"]["params"]["hands"]
        trees.append((n, k, document["evidence"][0]["tree"]))
    trees += [(3, 2, tree) for tree in losing_changes(trees[0][2])]
    cases = []
    for n, k, tree in trees:
        try:
            worst: int | None = kernel.Strategy(tree, n, k).play()
        except kernel.Escape:
            worst = None
        except Rejected:  # a form the kernel refuses (an answer for a feel that never comes)
            continue
        for turns in range(1, 7):
            cases.append((n, k, tree, turns, worst is not None and worst <= turns))
    said = computed(coq_list(
        f"strategy_ok {n} {k} {turns} (strategy_code {n} (codes [:: "
        f"\"{coq.code(coq.strategy_numbers(tree, n, turns))}\"]%code))"
        for n, k, tree, turns, _ in cases), tmp_path)
    assert said == [wins for *_, wins in cases]
    assert any(said) and not all(said)


# --- Every default claim -------------------------------------------------------------------

def default_glasses_claims() -> list[str]:
    return [claim["id"] for claim in cp.claims()["claims"] if claim["game"] == "glasses"]


@needs_coq
@pytest.mark.slow
def test_every_default_claim_is_a_coq_theorem(tmp_path: Path) -> None:
    """All 50 default glasses claims: proved, each .v compiled, each theorem taken by Coq's
    kernel as a proof of its statement, and coqchk (on the proofs and formal/) finds no
    assumption."""
    ids = default_glasses_claims()
    assert len(ids) == 50
    assert cp.prove(*ids, out=tmp_path, jobs=2).proved
    files = [tmp_path / f"{claim_id}.json" for claim_id in ids]
    assert all((tmp_path / f"{module_name(claim_id)}.v").is_file() for claim_id in ids)
    verdicts, assumptions = check_folder(tmp_path, files, jobs=2, norec=True)
    assert all(verdict.accepted for verdict in verdicts), [v.reason for v in verdicts
                                                           if not v.accepted]
    assert assumptions is not None and assumptions.none
