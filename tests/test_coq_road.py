"""The machinery of the Coq road (coinproofs/coq): the layout of a certificate's proof file,
`prove` writing it, and `verify --coq`'s checks — each theorem must prove exactly its claim's
statement, and coqchk must find no assumption — against the attacks a hostile proof file could
try. The games' own statements and proofs are tested in tests/test_coq_<game>.py; here a small
stand-in writes proofs of coin-flip impossibility claims from the Coq theorem
odd_factor_not_wins, so that these tests do not depend on any game's module.
"""

from __future__ import annotations

import json
import shutil
import types
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

import coinproofs as cp
from coinproofs.coq import (
    MATHCOMP_IMPORT,
    PROOF_MATHCOMP_IMPORT,
    Script,
    Statement,
    Unsupported,
    build,
    check,
    module_name,
)
from coinproofs.coq.check import check_folder, parse_summary
from coinproofs.coq.library import checkout_formal, project_modules
from coinproofs.verify.manifest import read_manifest
from tests.cli import coinproofs, fails_with_one_sentence
from tests.corpus import Corpus

needs_coq = pytest.mark.skipif(shutil.which("coqc") is None or shutil.which("coqchk") is None,
                               reason="needs coqc and coqchk (apt-get install coq "
                                      "libcoq-mathcomp)")
pytestmark = pytest.mark.usefixtures("coq_ready")  # formal/ built first (tests/conftest.py)


def odd_part(n: int) -> int:
    while n % 2 == 0:
        n //= 2
    return n


def stand_in_statement(claim: Mapping[str, Any]) -> Statement:
    return Statement(("Rules",), f"impossible (wins {claim['params']['n']})")


def stand_in_script(certificate: Mapping[str, Any], folder: Path) -> Script:
    n = certificate["claim"]["params"]["n"]
    return Script(("Impossible",), "",
                  f"by move=> ms; apply: (@odd_factor_not_wins {n} {odd_part(n)}).")


STAND_IN = types.SimpleNamespace(statement=stand_in_statement, script=stand_in_script)

# An honest proof, and one attack on each of the claims after it.
CLAIMS = ["devil.n3.impossible", "devil.n5.impossible", "devil.n6.impossible",
          "devil.n7.impossible", "devil.n9.impossible", "devil.n10.impossible",
          "devil.n11.impossible", "devil.n12.impossible", "devil.n13.impossible"]


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "game_module", lambda game: STAND_IN)


@pytest.fixture(scope="module")
def proved(corpus: Corpus) -> Path:
    """Certificates of the claims above, accepted by the kernel."""
    return corpus.proved(*CLAIMS)


def copy_of(proved: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "certificates"
    shutil.copytree(proved, folder)
    return folder


def test_module_names_are_coq_identifiers() -> None:
    assert module_name("penny.a-wythoff.a2.m1000") == "penny_a_wythoff_a2_m1000"
    assert module_name("devil.n4.q3.dihedral.equal.count") == "devil_n4_q3_dihedral_equal_count"


def test_source_layout(proved: Path, stand_in: None) -> None:
    certificate = json.loads((proved / "devil.n6.impossible.json").read_text())
    text = build.source(certificate, proved)
    head, imports, requires, theorem = text.split("\n\n")
    assert head.startswith("(* devil.n6.impossible: No strategy always wins")
    assert head.endswith("*)")
    assert imports == PROOF_MATHCOMP_IMPORT
    assert requires == "From CoinProofs Require Import Claims Rules Impossible."
    assert theorem == ("Theorem claim : impossible (wins 6).\nProof.\n"
                       "by move=> ms; apply: (@odd_factor_not_wins 6 3).\nQed.\n")


def test_statement_is_written_from_the_claim_alone(proved: Path, stand_in: None) -> None:
    """A certificate with other evidence gets the same statement: only the proof differs."""
    certificate = json.loads((proved / "devil.n6.impossible.json").read_text())
    tampered = certificate | {"evidence": []}
    assert build.statement(certificate["claim"]) == build.statement(tampered["claim"])


def test_comments_cannot_be_closed_by_a_statement(proved: Path, stand_in: None) -> None:
    certificate = json.loads((proved / "devil.n3.impossible.json").read_text())
    certificate["claim"]["statement"] = "sneaky *) Axiom cheat : False. (*"
    text = build.source(certificate, proved)
    assert "*) Axiom" not in text and "* ) Axiom cheat : False. ( *" in text


def test_prove_writes_the_proof_and_lists_it(tmp_path: Path, stand_in: None) -> None:
    proofs = cp.prove("devil.n3.impossible", out=tmp_path)
    assert proofs.proved and proofs[0].coq == "devil_n3_impossible.v"
    assert (tmp_path / "devil_n3_impossible.v").read_text().startswith("(* devil.n3.impossible")
    _, files = read_manifest(tmp_path)
    assert "devil_n3_impossible.v" in files


def test_a_claim_without_coq_proof_is_proved_and_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stand_in: None) -> None:
    cp.prove("devil.n3.impossible", out=tmp_path)

    def unsupported(game: str) -> types.ModuleType:
        raise Unsupported("no proof for this one")
    monkeypatch.setattr(build, "game_module", unsupported)
    proofs = cp.prove("devil.n3.impossible", out=tmp_path)
    assert proofs.proved and proofs[0].coq == "" and proofs[0].no_coq == "no proof for this one"
    assert not (tmp_path / "devil_n3_impossible.v").exists()  # the earlier proof is gone


def test_a_faulty_writer_costs_the_proof_not_the_claim(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def faulty(certificate: Mapping[str, Any], folder: Path) -> Script:
        raise KeyError("moves")
    monkeypatch.setattr(build, "game_module", lambda game: types.SimpleNamespace(
        statement=stand_in_statement, script=faulty))
    proofs = cp.prove("devil.n3.impossible", out=tmp_path)
    assert proofs.proved and proofs[0].no_coq.startswith("the Coq proof could not be written")


def test_coqchk_summary_parser() -> None:
    good = ("CONTEXT SUMMARY\n===============\n\n* Theory: Set is predicative\n  \n"
            "* Axioms: <none>\n  \n"
            "* Constants/Inductives relying on type-in-type: <none>\n  \n"
            "* Constants/Inductives relying on unsafe (co)fixpoints:\n    M.loop\n  \n"
            "* Inductives whose positivity is assumed: <none>\n  \n")
    found = parse_summary(good)
    assert found.unsafe_fixpoints == ("M.loop",) and not found.none
    assert parse_summary(good.replace("\n    M.loop", " <none>")).none
    with pytest.raises(ValueError, match="incomplete"):
        parse_summary(good.split("* Inductives")[0])
    with pytest.raises(ValueError, match="no context summary"):
        parse_summary("Error: cannot find library")
    impredicative = parse_summary(good.replace("Set is predicative", "Set is impredicative"))
    assert impredicative.impredicative_set and not impredicative.none


# --- Attacks on the Coq road -------------------------------------------------------------------
# Each rewrites the proof file of one claim; the honest proof of devil.n3.impossible beside
# them must still be accepted (each finding is blamed on its own proof).

THEOREM = "Theorem claim : impossible (wins {n})."
ATTACKS: dict[str, tuple[str, str]] = {
    "devil.n5.impossible": ("proves another statement",
                            "Theorem claim : True.\nProof. exact I. Qed.\n"),
    "devil.n6.impossible": ("redefines the rules",
                            "Definition wins (n : nat) (ms : seq (seq bool)) := False.\n"
                            "Theorem claim : impossible (wins 6).\nProof. by move=> ms. Qed.\n"),
    "devil.n7.impossible": ("assumes an axiom",
                            "Axiom cheat : False.\n" + THEOREM.format(n=7)
                            + "\nProof. case cheat. Qed.\n"),
    "devil.n9.impossible": ("switches off the guard",
                            "Unset Guard Checking.\nFixpoint loop (n : nat) : False := loop n.\n"
                            "Set Guard Checking.\n" + THEOREM.format(n=9)
                            + "\nProof. case: (loop 0). Qed.\n"),
    "devil.n10.impossible": ("bypasses the guard",
                             "#[bypass_check(guard)]\n"
                             "Fixpoint loop (n : nat) : False := loop n.\n" + THEOREM.format(n=10)
                             + "\nProof. case: (loop 0). Qed.\n"),
    "devil.n11.impossible": ("prints that it is closed",
                             'Goal True. idtac "Closed under the global context". Abort.\n'
                             "Axiom cheat : False.\n" + THEOREM.format(n=11)
                             + "\nProof. case cheat. Qed.\n"),
    "devil.n12.impossible": ("does not compile", THEOREM.format(n=12) + "\nProof. Qed.\n"),
}


def attacked_folder(proved: Path, tmp_path: Path) -> Path:
    """The certificates with their proofs: honest ones, then the attacks written over them,
    and one proof missing (n13's)."""
    folder = copy_of(proved, tmp_path)
    for path in sorted(folder.glob("*.json")):
        build.write_proof(path)
    header = f"{MATHCOMP_IMPORT}\n" \
             "From CoinProofs Require Import Claims Rules Impossible.\n"
    for claim_id, (_, text) in ATTACKS.items():
        (folder / f"{module_name(claim_id)}.v").write_text(header + text)
    (folder / "devil_n13_impossible.v").unlink()
    return folder


@needs_coq
def test_attacks_on_the_coq_road_are_refused(proved: Path, tmp_path: Path, stand_in: None,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """And the driver blames the line Coq refuses on its proof: the two proofs of other
    statements cost one more driver each, not one per proof."""
    folder = attacked_folder(proved, tmp_path)
    compiled: list[str] = []
    run_coq = check.run_coq
    monkeypatch.setattr(check, "run_coq", lambda command, *rest: (
        compiled.append(Path(command[-1]).stem), run_coq(command, *rest))[1])
    verdicts, _ = check_folder(folder, sorted(folder.glob("*.json")), jobs=2, norec=True)
    assert [name for name in compiled if name.startswith(check.DRIVER)] == [check.DRIVER] * 3
    said = {verdict.claim: verdict for verdict in verdicts}
    assert said["devil.n3.impossible"].accepted, said["devil.n3.impossible"].reason
    reasons = {claim_id: said[claim_id].reason for claim_id in ATTACKS}
    assert not any(said[claim_id].accepted for claim_id in ATTACKS), reasons
    for claim_id in ("devil.n5.impossible", "devil.n6.impossible"):
        assert "not a proof of the claim's statement" in reasons[claim_id]
    # Read as Coq lexes it, each of these is refused before Coq runs it.
    assert "'Axiom' assumes a fact" in reasons["devil.n7.impossible"]
    assert "'Unset Guard Checking' switches off" in reasons["devil.n9.impossible"]
    assert "'bypass_check' switches off" in reasons["devil.n10.impossible"]
    assert "'Axiom' assumes a fact" in reasons["devil.n11.impossible"]
    assert "coqc rejects" in reasons["devil.n12.impossible"]
    assert said["devil.n13.impossible"].reason == (
        "no Coq proof: devil_n13_impossible.v is missing")


def refusing(refused: Callable[[str, str], bool]) -> Callable[..., tuple[bool, str]]:
    """A stand-in for coqc on the driver: it refuses the first line of the file for which
    refused(file name, line) holds, naming that line as coqc does."""
    def run(command: list[str], folder: Path, budget: object = None) -> tuple[bool, str]:
        source = Path(command[-1])
        for number, line in enumerate(source.read_text().splitlines(), 1):
            if refused(source.stem, line):
                return False, f'File "{source}", line {number}, characters 0-9:\nError: no.'
        return True, ""
    return run


def the_header(name: str, line: str) -> bool:
    """The driver's line that imports formal/, in the driver of all the proofs only."""
    return name == check.DRIVER and line.startswith("From CoinProofs")


@pytest.mark.parametrize("refused, rejected, why", [
    # A proof's own line: that proof is rejected, the others checked again together.
    (lambda name, line: "n5_impossible.claim" in line, [5], "not a proof"),
    (lambda name, line: line == "Require Certificates.devil_n6_impossible.", [6], "not a proof"),
    # No proof's line, and each proof passes alone: none can be accepted.
    (the_header, [3, 5, 6], "cannot be checked together"),
    # Alone, one fails: it is rejected, and the others still cannot be checked together.
    (lambda name, line: the_header(name, line) or "n6_impossible.claim" in line, [3, 5, 6],
     "")])
def test_the_driver_blames_the_line_coq_refuses(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, refused: Callable[[str, str], bool],
        rejected: list[int], why: str) -> None:
    monkeypatch.setattr(check, "run_coq", refusing(refused))
    proofs = [check.Proof(f"devil.n{n}.impossible", f"devil_n{n}_impossible",
                          tmp_path / f"devil_n{n}_impossible.v", f"impossible (wins {n})",
                          ("Rules",)) for n in (3, 5, 6)]
    assert check.check_statements(proofs, tmp_path, tmp_path) == (len(rejected) < 3)
    assert [n for n, proof in zip((3, 5, 6), proofs, strict=True) if proof.reason] == rejected
    assert all(why in proof.reason for proof in proofs if proof.reason)


@needs_coq
@pytest.mark.parametrize("mode", [
    pytest.param("norec", marks=pytest.mark.slow), "admit_libraries"])
def test_coqchk_refuses_what_the_reading_lets_through(
        proved: Path, tmp_path: Path, stand_in: None, monkeypatch: pytest.MonkeyPatch,
        mode: str) -> None:
    """With the reading of proof files switched off, coqchk still names each assumption and
    blames it on its own proof: the reading is a first line, coqchk the judge. The same when
    coqchk checks formal/ too and admits only the libraries beneath (--admit-libraries)."""
    monkeypatch.setattr(check, "banned_commands", lambda text, proof=False: [])
    folder = attacked_folder(proved, tmp_path)
    verdicts, _ = check_folder(folder, sorted(folder.glob("*.json")), jobs=2,
                               **{mode: True})
    reasons = {verdict.claim: verdict.reason for verdict in verdicts}
    assert reasons["devil.n3.impossible"] == ""
    assert "cheat" in reasons["devil.n7.impossible"]
    assert "unsafe fixpoints" in reasons["devil.n9.impossible"]
    assert "unsafe fixpoints" in reasons["devil.n10.impossible"]
    assert "cheat" in reasons["devil.n11.impossible"]


@needs_coq
def test_a_linked_proof_file_is_refused(proved: Path, tmp_path: Path, stand_in: None) -> None:
    folder = copy_of(proved, tmp_path)
    honest = build.write_proof(folder / "devil.n3.impossible.json")
    elsewhere = tmp_path / "elsewhere.v"
    honest.rename(elsewhere)
    honest.symlink_to(elsewhere)
    verdicts, _ = check_folder(folder, [folder / "devil.n3.impossible.json"], norec=True)
    assert not verdicts[0].accepted and "is missing" in verdicts[0].reason


@needs_coq
@pytest.mark.slow
def test_honest_proofs_pass_the_full_coqchk(proved: Path, tmp_path: Path,
                                              stand_in: None) -> None:
    """coqchk re-checks the proofs and everything beneath them (formal/, MathComp, Coq's
    library: about a minute of CPU) and finds no assumption."""
    folder = copy_of(proved, tmp_path)
    files = [folder / f"{claim_id}.json" for claim_id in CLAIMS[:3]]
    for path in files:
        build.write_proof(path)
    verdicts, assumptions = check_folder(folder, files, jobs=2)
    assert all(verdict.accepted for verdict in verdicts), verdicts
    assert assumptions is not None and assumptions.none


@needs_coq
def test_a_second_check_compiles_only_what_changed(proved: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33: a rerun compiled every proof again. What coqc compiled is kept in the cache,
    and reused only for the same proof text, statement and library; the statements' check
    and coqchk judge every proof every time."""
    monkeypatch.setenv("COINPROOFS_CACHE", str(tmp_path / "cache"))
    folder = copy_of(proved, tmp_path)
    files = [folder / f"{claim_id}.json" for claim_id in CLAIMS[:3]]
    first, _ = check_folder(folder, files, jobs=2, norec=True, cache=True)
    assert all(v.accepted and not v.kept for v in first), first
    # Compiled again: a proof whose text changed, and one whose compiled module is not what
    # the record says it was.
    changed = folder / f"{module_name(CLAIMS[1])}.v"
    changed.write_text(changed.read_text() + "(* changed *)\n")
    compiled = check.build_folder(folder) / f"{module_name(CLAIMS[2])}.vo"
    compiled.write_bytes(compiled.read_bytes() + b"\0")
    second, _ = check_folder(folder, files, jobs=2, norec=True, cache=True)
    assert [v.kept for v in second] == [True, False, False] and all(v.accepted for v in second)
    # A proof changed into a lie is refused, though a module compiled from it before is kept.
    changed.write_text(changed.read_text().replace("Qed.", "Admitted.", 1))
    third, _ = check_folder(folder, files, jobs=2, norec=True, cache=True)
    assert [v.accepted for v in third] == [True, False, True]


@needs_coq
def test_an_interrupted_verify_coq_says_what_finishes_it(corpus: Corpus, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import re
    import signal
    import subprocess
    import sys

    from tests.cli import ROOT

    monkeypatch.setenv("COINPROOFS_CACHE", str(tmp_path / "cache"))
    claims = CLAIMS[:4]  # two compiled before Ctrl-C, and some left
    folder = corpus.copy(*claims, to=tmp_path / "certificates")
    run = subprocess.Popen([sys.executable, "-m", "coinproofs", "verify", "--coq", str(folder),
                            "--jobs", "1"], cwd=ROOT, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True,
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert run.stderr is not None
    seen = [run.stderr.readline()]
    assert seen[0].startswith(f"checking the Coq proofs of {len(claims)} claims, seconds each")
    while sum(" compiled " in line for line in seen) < 2:
        seen.append(run.stderr.readline())
    run.send_signal(signal.SIGINT)
    said = run.stderr.read().splitlines()[-1]
    assert run.wait(timeout=120) == 130
    counted = re.fullmatch(r"coinproofs: interrupted with (\d+) Coq proofs? compiled; "
                           r"`coinproofs verify --coq (\S+) --jobs 1` finishes it, without "
                           r"compiling them again", said)
    assert counted is not None and counted[2] == str(folder), said
    files = sorted(folder.glob("*.json"))
    again, _ = check_folder(folder, files, norec=True, cache=True)
    # Ctrl-C may come between a proof's line and its count: at least the one before it.
    assert sum(verdict.kept for verdict in again) >= int(counted[1]) >= 1


def test_verify_coq_options_go_together(tmp_path: Path) -> None:
    fails_with_one_sentence(coinproofs("verify", str(tmp_path), "--jobs", "2"),
                            "--jobs goes with --coq")
    fails_with_one_sentence(coinproofs("verify", str(tmp_path), "--admit-libraries"),
                            "--admit-libraries goes with --coq")
    fails_with_one_sentence(coinproofs("verify", "--coq", "--bound", "coq.nothing=5",
                                       str(tmp_path)), "no bound named 'coq.nothing'")


def test_claims_coq_names_a_claim_without_statement() -> None:
    """An id within no pattern is refused as `prove` refuses it."""
    fails_with_one_sentence(coinproofs("claims", "--coq", "devil.n0.shortest"))


def test_claims_coq_names_each_module_once() -> None:
    """The statement's imports, as a reader would paste them: Claims.v once, though the group
    claims' statements name it too."""
    for claim_id in ["devil.n4.g0-1.g2-3.equal.shortest", "devil.n4.shortest"]:
        run = coinproofs("claims", "--coq", claim_id, "--json")
        assert run.status == 0, run.err
        requires = json.loads(run.out)["requires"]
        assert requires[0] == "Claims" and len(requires) == len(set(requires)), requires


def test_admitting_the_libraries_still_checks_all_of_formal(tmp_path: Path) -> None:
    """--admit-libraries: coqchk checks the driver, each proof and every module of formal/,
    each alone (MathComp and Coq's library beneath are admitted), never fewer."""
    formal = checkout_formal()
    modules = check.formal_modules(formal)
    assert "CoinProofs.rules.Claims" in modules and "CoinProofs.Headline" in modules
    assert len(modules) == len(project_modules(formal)) > 60
    command = check.coqchk_command(formal, ["Certificates.driver", *modules], True, tmp_path)
    assert command.count("-norec") == len(modules) + 1
