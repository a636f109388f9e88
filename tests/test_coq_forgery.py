"""Forged certificates on the Coq road: the claim id is the question.

`coinproofs verify --coq` once built the Coq statement from a certificate's params and value,
never comparing them with its claim id, and pasted them into Coq text unchecked: a certificate
`devil.n6.shortest` with the params of four coins and the honest proof of devil.n4.shortest
beside it was accepted, and a parameter holding Coq text proved `... \\/ True \\/ ...`. Here
every game and claim kind is forged in each way (another id, other params, another value,
another statement, a claim made consistent but false), every parameter carries an injection,
a hypothesis campaign checks that the statement Coq is asked about is always the one the claim
id determines, and `verify` and `verify --coq` agree on forged folders.

The checks that refuse a forgery run before Coq does (coinproofs/coq/check.py's
`proof_of`), so most tests here need no Coq; those that compile skip without it.
"""

from __future__ import annotations

import copy
import functools
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import coinproofs as cp
from coinproofs.coq import build, check
from coinproofs.proofs.registry import find
from coinproofs.verify import glasses, norepeat, penny, table
from coinproofs.verify.manifest import NAME, manifest_text
from coinproofs.verify.schema import raised
from tests.certificates import certificate
from tests.corpus import Corpus

needs_coq = pytest.mark.skipif(shutil.which("coqc") is None or shutil.which("coqchk") is None,
                               reason="needs coqc and coqchk (apt-get install coq "
                                      "libcoq-mathcomp)")

# A claim of every game and kind (cheap to prove: the agreement tests prove all but the last).
PROVED = ["devil.n4.shortest", "devil.n3.impossible", "devil.n4.lamping",
          "devil.n2.q4.shortest", "devil.n2.q3.impossible", "devil.n1.q3.count",
          "devil.n2.dihedral.shortest", "norepeat.n3.normal", "norepeat.n3.misere",
          "glasses.n4.k2.shortest", "glasses.n3.k1.impossible", "penny.p-positions.m100",
          "penny.first-20", "penny.riddler-20-30", "penny.misere.m100",
          "penny.a-wythoff.a2.m100", "penny.unique.m5"]
SAMPLE = [*PROVED, "glasses.n8.k4.wins"]

# Text that would change a statement's meaning if it reached Coq.
INJECTIONS = ["6) 5 \\/ True \\/ shortest (wins 6", "4. Axiom evil : False. (*", '"', "(*",
              "4 *) Axiom e : False. (* ", "15", 4.0, True, None, [4], {"n": 4}]


def honest(claim_id: str) -> dict[str, Any]:
    """The claim `claim_id` states, as the registry has it."""
    return copy.deepcopy(find(claim_id).as_json())


def restated(claim: dict[str, Any]) -> dict[str, Any]:
    """The claim with its statement rewritten by the kernel from its own params and value, so
    that only the registry can tell that it is not the claim its id states (as it is when the
    kernel's statement writer cannot read them)."""
    try:
        return claim | {"statement": statement_of(claim)}
    except Exception:
        return claim


def statement_of(claim: dict[str, Any]) -> str:
    """The kernel's statement of a claim's own params and value."""
    params, kind, value = claim["params"], claim["kind"], claim["value"]
    if claim["game"] == "devil":
        n, q, group, goal = table.options(params)
        text = table.statement(kind, n, q, group, goal, value)
    elif claim["game"] == "glasses":
        text = glasses.statement(kind, params["n"], params["hands"], value)
    elif claim["game"] == "norepeat":
        text = norepeat.statement(params["n"], params["misere"], value)
    else:
        text = penny.statement(kind, params, value)
    return text


def check_claim_object(claim: dict[str, Any]) -> Any:
    from coinproofs.verify.certificate import Claim

    return Claim(claim["id"], claim["game"], claim["kind"], claim["params"], claim["value"],
                 claim["statement"])


def other_value(value: Any) -> Any:
    """A value of the same shape that says something else."""
    if value is None:
        return 1
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return {"first": "second", "second": "first"}[value]
    if isinstance(value, list):
        return value[:-1]
    changed = dict(value)
    key = "sequences" if "sequences" in value else "winning_totals"
    changed[key] = (value[key] + 1) if isinstance(value[key], int) else [*value[key], 999]
    return changed


OTHER_WORD = {"dihedral": "symmetric", "symmetric": "dihedral", "equal": "zero"}


def forgeries(claim_id: str) -> dict[str, dict[str, Any]]:
    """The claim of `claim_id` forged in each way the issue names."""
    claim = honest(claim_id)
    others = [other for other in SAMPLE if other.split(".")[0] == claim_id.split(".")[0]
              and other != claim_id]
    forged = {
        "another id": claim | {"id": others[0]},
        "another value": claim | {"value": other_value(claim["value"])},
        "another value, restated": restated(claim | {"value": other_value(claim["value"])}),
        "another statement": claim | {"statement": claim["statement"] + " Really."},
        "another game": claim | {"game": "penny" if claim["game"] != "penny" else "devil"},
        "another kind": claim | {"kind": "shortest" if claim["kind"] != "shortest"
                                 else "impossible"},
    }
    for key, value in claim["params"].items():
        changed = (not value) if isinstance(value, bool) else (
            value + 1 if isinstance(value, int) else OTHER_WORD[value])
        forged[f"other params ({key})"] = claim | {"params": claim["params"] | {key: changed}}
        forged[f"other params, restated ({key})"] = restated(
            claim | {"params": claim["params"] | {key: changed}})
    return forged


def proof_of(folder: Path, claim: Any, name: str | None = None) -> check.Proof:
    """What the Coq road makes of a certificate holding `claim` (no proof file beside it)."""
    claim_id = claim.get("id") if isinstance(claim, dict) else None
    path = folder / (name or f"{claim_id if isinstance(claim_id, str) else 'x'}.json")
    path.write_text(json.dumps(certificate(claim, [{"method": "strategy"}])))
    return check.proof_of(folder, path, named=False)


def test_the_issue_forgery_is_refused_before_coq(tmp_path: Path) -> None:
    """devil.n6.shortest with the params of four coins (the issue's example)."""
    claim = honest("devil.n4.shortest") | {"id": "devil.n6.shortest"}
    proof = proof_of(tmp_path, claim)
    assert proof.reason == ("the certificate is not its claim: claim id 'devil.n6.shortest' "
                            "does not match devil.n4.shortest") and proof.statement == ""


def test_a_consistent_false_claim_is_refused(tmp_path: Path) -> None:
    """Six coins, params, value and statement all agreeing: no strategy wins, so the registry
    states no such claim."""
    claim = restated(honest("devil.n4.shortest") | {"id": "devil.n6.shortest",
                                                     "params": {"n": 6}})
    proof = proof_of(tmp_path, claim)
    assert proof.reason.startswith("the certificate is not its claim: devil.n6.shortest is not "
                                   "a claim coinproofs states: cannot prove devil.n6.shortest")
    assert "no strategy wins with 6 coins" in proof.reason


@pytest.mark.parametrize("claim_id", SAMPLE)
def test_the_honest_claim_gets_the_id_s_statement(tmp_path: Path, claim_id: str) -> None:
    proof = proof_of(tmp_path, honest(claim_id))
    assert proof.statement == build.statement(honest(claim_id)).text
    assert proof.reason.endswith(".v is missing")  # no proof file here: all else holds


@pytest.mark.parametrize("claim_id", SAMPLE)
def test_every_forgery_is_refused(tmp_path: Path, claim_id: str) -> None:
    for how, claim in forgeries(claim_id).items():
        proof = proof_of(tmp_path, claim, name=f"{claim_id}.json")
        assert proof.reason.startswith("the certificate is not its claim"), (how, proof.reason)
        assert proof.statement == "", how


@pytest.mark.parametrize("claim_id", SAMPLE)
def test_every_parameter_and_value_refuses_injection(tmp_path: Path, claim_id: str) -> None:
    claim = honest(claim_id)
    for text in INJECTIONS:
        attempts = [claim | {"params": claim["params"] | {key: text}} for key in claim["params"]]
        attempts += [claim | {"value": text}, restated(claim | {"value": text})]
        for attempt in attempts:
            if attempt == claim:
                continue
            proof = proof_of(tmp_path, attempt, name=f"{claim_id}.json")
            assert proof.reason and proof.statement == "", (attempt, proof.reason)


def test_a_malformed_certificate_is_one_refusal(tmp_path: Path) -> None:
    """The value "15" once ended the whole run with a TypeError; now it is one refusal, and so
    is anything else a certificate can hold."""
    claim = honest("devil.n4.shortest") | {"value": "15"}
    assert "the certificate is not its claim" in proof_of(tmp_path, claim).reason
    for text in ["", "[]", "{", '{"schema": 1}', "null", '"x"', "1e999999"]:
        path = tmp_path / "devil.n4.shortest.json"
        path.write_text(text)
        assert check.proof_of(tmp_path, path, named=False).reason


def test_a_renamed_certificate_is_refused_in_a_named_folder(tmp_path: Path) -> None:
    path = tmp_path / "devil.n2.shortest.json"
    path.write_text(json.dumps(certificate(honest("devil.n4.shortest"),
                                           [{"method": "strategy"}])))
    assert "holds the certificate of devil.n4.shortest" in check.proof_of(
        tmp_path, path, named=True).reason


# --- A campaign over certificate dictionaries -----------------------------------------------

JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 300) | st.floats(0, 20)
                    | st.sampled_from([text for text in INJECTIONS if isinstance(text, str)])
                    | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)
KEYS = st.sampled_from(["n", "q", "group", "goal", "hands", "misere", "max", "a", "count",
                        "lo", "hi"])


@st.composite
def claims(draw: st.DrawFn) -> dict[str, Any]:
    """A claim object: an honest one of the sample with some fields forged or injected."""
    claim = honest(draw(st.sampled_from(SAMPLE)))
    for key in draw(st.sets(st.sampled_from(["id", "game", "kind", "params", "value",
                                             "statement", "param"]))):
        if key == "id":
            claim["id"] = draw(st.sampled_from(SAMPLE) | st.text(max_size=30))
        elif key == "params":
            claim["params"] = draw(st.dictionaries(KEYS, JSON, max_size=4))
        elif key == "param" and claim["params"]:
            claim["params"] = claim["params"] | {draw(st.sampled_from(sorted(claim["params"]))):
                                                 draw(JSON)}
        elif key in ("game", "kind"):
            claim[key] = draw(st.sampled_from(["devil", "penny", "norepeat", "glasses",
                                               "shortest", "impossible", "winner", "count"]))
        elif key == "value":
            claim["value"] = draw(JSON)
        elif key == "statement":
            claim["statement"] = draw(st.text(max_size=20))
    return restated(claim) if draw(st.booleans()) else claim


@given(claim=claims())
def test_coq_text_is_determined_by_the_claim_id(tmp_path_factory: pytest.TempPathFactory,
                                                claim: dict[str, Any]) -> None:
    """Whatever the certificate holds, the statement Coq is asked about (and the driver that
    asks) is either none (refused) or exactly the one its claim id determines, and then the
    certificate's claim is exactly the registry's."""
    folder = tmp_path_factory.mktemp("campaign")
    proof = proof_of(folder, claim, name="certificate.json")
    if proof.statement == "":
        assert proof.reason
        return
    assert claim == honest(proof.claim)
    expected = build.statement(honest(proof.claim))
    assert (proof.statement, proof.requires) == (expected.text, expected.imports)
    clean = check.Proof(proof.claim, proof.module, proof.source, expected.text, expected.imports)
    assert check.driver([proof])[0] == check.driver([clean])[0]


# --- Both roads on forged folders (Coq runs) ------------------------------------------------

@pytest.fixture(scope="module")
def proved(corpus: Corpus) -> Path:
    """Certificates and Coq proofs of PROVED, as `prove` writes them."""
    return corpus.proved(*PROVED)


def forged_folder(proved: Path, tmp_path: Path, claim_id: str, claim: dict[str, Any]) -> Path:
    """A folder of the certificate of `claim_id` with its claim replaced by `claim`, the honest
    proof beside it (named for the forged id), its artifacts, and a MANIFEST that lists it
    all: only the forgery is wrong."""
    folder = tmp_path / "forged"
    folder.mkdir()
    for path in proved.glob(f"{claim_id}.*"):
        shutil.copy(path, folder)
    document = json.loads((proved / f"{claim_id}.json").read_text())
    (folder / f"{claim_id}.json").unlink()
    name = claim["id"] if isinstance(claim["id"], str) else claim_id
    (folder / f"{name}.json").write_text(json.dumps(document | {"claim": claim}))
    shutil.copy(proved / f"{build.module_name(claim_id)}.v",
                folder / f"{build.module_name(name)}.v")
    (folder / NAME).write_text(manifest_text(folder))
    return folder


AGREEMENT = ["devil.n4.shortest", "devil.n2.q3.impossible", "devil.n1.q3.count",
             "norepeat.n3.misere", "glasses.n4.k2.shortest", "penny.riddler-20-30"]


@needs_coq
@pytest.mark.parametrize("claim_id", AGREEMENT)
def test_both_roads_refuse_every_forged_folder(proved: Path, tmp_path: Path, formal: Path,
                                               quick_coqchk: None, claim_id: str) -> None:
    """`verify` and `verify --coq` agree: every forgery is refused by both."""
    for number, (how, claim) in enumerate(forgeries(claim_id).items()):
        place = tmp_path / str(number)
        place.mkdir()
        folder = forged_folder(proved, place, claim_id, claim)
        kernel, coq = cp.verify(folder, progress=False), cp.verify_coq(folder)
        assert not kernel.accepted and not coq.accepted, (how, kernel, coq)
        assert not any(verdict.accepted for verdict in coq), (how, coq)


@needs_coq
def test_a_true_claim_beside_another_claim_s_proof_is_refused(
        proved: Path, tmp_path: Path, formal: Path, quick_coqchk: None) -> None:
    """devil.n8.shortest is true, and stated exactly; the proof beside it is devil.n4's: Coq
    refuses it as a proof of the statement, and the kernel refuses the evidence."""
    claim = honest("devil.n8.shortest")
    folder = forged_folder(proved, tmp_path, "devil.n4.shortest", claim)
    kernel, coq = cp.verify(folder, progress=False), cp.verify_coq(folder)
    assert not kernel.accepted and not coq.accepted
    assert "not a proof of the claim's statement" in coq[0].reason


@pytest.fixture
def quick_coqchk(monkeypatch: pytest.MonkeyPatch) -> None:
    """verify --coq with coqchk on the proofs' own modules only (the libraries beneath them
    take a minute or more, and are checked in the slow tests and by `make verify-coq`)."""
    monkeypatch.setattr(check, "check_folder", functools.partial(check.check_folder, norec=True))


@needs_coq
def test_verify_coq_reads_a_folder_as_verify_does(proved: Path, tmp_path: Path, formal: Path,
                                                  quick_coqchk: None) -> None:
    """No MANIFEST, or one that does not match: the folder is not accepted."""
    folder = tmp_path / "one"
    folder.mkdir()
    for path in [*proved.glob("devil.n2.q3.impossible.*"), proved / "devil_n2_q3_impossible.v"]:
        shutil.copy(path, folder)
    checked = cp.verify_coq(folder)
    assert not checked.accepted and f"has no {NAME}" in checked.problem
    assert checked[0].accepted  # the claim itself still gets its verdict
    (folder / NAME).write_text(manifest_text(folder))
    assert cp.verify_coq(folder).accepted
    (folder / "stray.txt").write_text("not listed\n")
    checked = cp.verify_coq(folder)
    assert not checked.accepted and "stray.txt is not listed" in checked.problem


@needs_coq
def test_one_malformed_certificate_leaves_the_others_their_verdicts(proved: Path,
                                                                    tmp_path: Path,
                                                                    formal: Path) -> None:
    folder = tmp_path / "two"
    shutil.copytree(proved, folder)
    document = json.loads((folder / "devil.n4.shortest.json").read_text())
    document["claim"]["value"] = "15"
    (folder / "devil.n4.shortest.json").write_text(json.dumps(document))
    files = [folder / "devil.n4.shortest.json", folder / "devil.n2.q3.impossible.json"]
    verdicts, _ = check.check_folder(folder, files, norec=True)
    assert [verdict.accepted for verdict in verdicts] == [False, True], verdicts


@needs_coq
def test_a_looping_proof_is_refused_within_its_bound(proved: Path, tmp_path: Path,
                                                      formal: Path) -> None:
    folder = tmp_path / "loop"
    shutil.copytree(proved, folder)
    proof = folder / "devil_n2_q3_impossible.v"
    spin = ("Definition spin := "
            "Eval vm_compute in Nat.iter 4000 (Nat.iter 4000 (Nat.iter 4000 negb)) true.")
    proof.write_text(proof.read_text().replace("Theorem claim", f"{spin}\nTheorem claim", 1))
    with raised({"coq.seconds": 5}):
        verdicts, _ = check.check_folder(folder, [folder / "devil.n2.q3.impossible.json"],
                                         norec=True)
    assert "took more than its bound of 5 s" in verdicts[0].reason


def test_an_enormous_proof_file_is_refused_unread(tmp_path: Path) -> None:
    claim = honest("devil.n2.q3.impossible")
    (tmp_path / "devil_n2_q3_impossible.v").write_text("(* padding *)\n" * 1000)
    with raised({"coq.proof-bytes": 1000}):
        proof = proof_of(tmp_path, claim)
    assert "coq.proof-bytes" in proof.reason


@pytest.mark.parametrize("text", [
    '(* "*)" *) Axiom evil : False.', 'Declare ML Module "evil".', 'Load "/tmp/evil.v".',
    "Primitive x := #int63_add.", "Register bool as core.bool.type.",
    'Extraction "/tmp/x.ml" nat.', "Goal True. native_compute. exact I. Qed.",
    "(* never closed", '"never closed'])
def test_a_proof_file_is_read_as_coq_reads_it(tmp_path: Path, text: str) -> None:
    claim = honest("devil.n2.q3.impossible")
    (tmp_path / "devil_n2_q3_impossible.v").write_text(text + "\n")
    proof = proof_of(tmp_path, claim)
    assert "holds what no proof needs" in proof.reason, proof.reason


@needs_coq
def test_coqc_is_refused_past_its_memory_bound(proved: Path, tmp_path: Path,
                                               formal: Path) -> None:
    folder = tmp_path / "memory"
    shutil.copytree(proved, folder)
    with raised({"coq.memory": 200 << 20}):
        verdicts, _ = check.check_folder(folder, [folder / "devil.n2.q3.impossible.json"],
                                         norec=True)
    assert "Out of memory" in verdicts[0].reason and "200 MiB" in verdicts[0].reason


@needs_coq
def test_coqchk_of_the_libraries_is_bounded(proved: Path, tmp_path: Path, formal: Path) -> None:
    folder = tmp_path / "library"
    shutil.copytree(proved, folder)
    with raised({"coq.library-seconds": 0, "coq.seconds": 1}):
        budget = check.total([check.Proof("x", "x", folder)]) + check.Budget(
            check.LIBRARY_SECONDS.limit, check.MEMORY.limit)
    assert budget.seconds == 1


def test_a_claim_that_declares_long_work_gets_the_long_bounds() -> None:
    assert check.budget_of("") == check.Budget(120, 2 << 30)
    assert check.budget_of("seconds") == check.Budget(120, 2 << 30)
    assert check.budget_of("about 4 minutes") == check.Budget(3600, 8 << 30)
    assert check.stated("glasses.n8.k5.shortest").takes == "about 2 minutes"
    assert check.stated("devil.n4.shortest").takes == ""


@needs_coq
def test_verify_coq_tells_each_claim_as_it_goes(proved: Path, tmp_path: Path, formal: Path,
                                                quick_coqchk: None,
                                                capfd: pytest.CaptureFixture[str]) -> None:
    """A line per claim as its proof is compiled (or refused before), then the stages after:
    `verify --coq` is no longer silent until the end."""
    folder = tmp_path / "progress"
    folder.mkdir()
    for path in [*proved.glob("devil.n2.q3.impossible.*"), proved / "devil_n2_q3_impossible.v"]:
        shutil.copy(path, folder)
    (folder / "devil.n6.shortest.json").write_text(json.dumps(certificate(
        honest("devil.n4.shortest") | {"id": "devil.n6.shortest"}, [{"method": "strategy"}])))
    started: list[str] = []
    done: list[Any] = []
    checked = cp.verify_coq(*sorted(folder.glob("*.json")), progress=True,
                            on_start=started.append, on_done=done.append)
    assert sorted(started) == ["devil.n2.q3.impossible", "devil.n6.shortest"]
    assert [(verdict.claim, verdict.accepted) for verdict in done] == [
        ("devil.n6.shortest", False), ("devil.n2.q3.impossible", True)]
    assert [verdict.accepted for verdict in checked] == [True, False]
    err = capfd.readouterr().err
    assert "1/2 REJECTED devil.n6.shortest" in err and "2/2 compiled devil.n2.q3.impossible" in err
    assert "coqchk: re-checking the proofs" in err
