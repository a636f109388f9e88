"""The Coq development in formal/: it builds, every headline theorem is "Closed under the global
context" by coqchk's own account (the gate, coinproofs/coq/gate.py, and the attacks that fooled
the old one), no proof is left unfinished, the kernel cites the sources it was checked at and
records what its theorems say, and Coq's checker (winsb, proved to decide wins) agrees with the
kernel's exact simulation.

The tests that run Coq skip when `coqc` is missing (Debian: apt-get install coq libcoq-mathcomp);
.ci/run installs it, so they run in CI.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from coinproofs.coq import MATHCOMP, MATHCOMP_IMPORT
from coinproofs.coq.gate import (
    banned_findings,
    bound_names,
    gate,
    library_assumptions,
    outside_rules_findings,
    printed_statements,
    statement_findings,
)
from coinproofs.games.devil import from_dials, table
from coinproofs.games.family import coq_dial_strategy, dial_strategy
from coinproofs.verify import table as family
from coinproofs.verify import theorems
from tests.conftest import make

ROOT = Path(__file__).resolve().parent.parent
FORMAL = ROOT / "formal"
needs_coq = pytest.mark.skipif(shutil.which("coqc") is None,
                               reason="needs coqc (apt-get install coq libcoq-mathcomp)")
needs_ocaml = pytest.mark.skipif(shutil.which("ocamlopt") is None,
                                 reason="needs ocamlopt (apt-get install ocaml)")


# The headline theorems (docs/formal.md): Headline.v states each one, `make headline` prints
# its axioms (none), and coqchk (the gate) finds none.
HEADLINE = ["nth_turn", "wins_size_lb", "lamping_wins", "size_lamping", "lamping_shortest",
            "odd_factor_not_wins", "wins_exists_iff_pow2", "shortest_pow2", "after_closure",
            "wins_unfinished", "winsP", "layers_size_lb", "layers_closed_not_wins", "update_turn",
            "invariant_not_wins", "dial_wins_size_lb", "dial_invariant_not_wins",
            "dial_coprime_not_wins", "dial_not_wins", "dial_wins_prime_powers",
            "one_dial_shortest", "compose_wins", "dial_wins_mul", "dial_wins_blocks",
            "dial_shortest", "wins_table", "dial_wins_table", "table_winsP", "layers_ok_size_lb",
            "layers_closed_impossible", "invariant_impossible", "card_paths",
            "table_shortest_check_sound", "closed_check_sound", "count_check_sound",
            "table_wins_size_lb", "table_not_wins", "table_shortest",
            "table_wins_exists_iff", "chain_table_wins", "rotation_shortest",
            "rotation_impossible", "trivial_shortest", "chain_shortest", "word_impossible",
            "strategy_shortest",
            "won_or_lost", "not_won_lost", "winner_exists", "winner_exclusive",
            "first_winsbP", "bisimilar_won", "sym_bisimilar", "cut_bisimilar", "normal_first_wins",
            "dag_second_wins", "dag_first_wins", "walk_second_wins", "walk_first_wins",
            "strategy_sound", "survival_sound",
            "invariant_sound", "glasses_hands_needed", "glasses_hands_suffice",
            "winning_or_losing", "losingE",
            "solves_unique", "unique_claim", "fraenkel", "wythoff_mex", "misere_losing",
            "mex_is_gold_sound", "square_sound", "wythoff_square", "misere_square", "first_sound",
            "riddler_sound", "wythoff_theorem", "fraenkel_theorem", "misere_wythoff_theorem"]


def headline_names() -> list[str]:
    """The theorems Headline.v states (Check), in order: `make headline` prints the axioms of
    each."""
    text = (FORMAL / "Headline.v").read_text()
    return re.findall(r"^Check (\w+)\.$", text, flags=re.MULTILINE)


def test_no_banned_command() -> None:
    """No proof left unfinished, no fact assumed, no kernel check switched off, no code loaded
    into Coq, and _CoqProject holds only what it needs (coinproofs/coq/gate.py)."""
    assert banned_findings(FORMAL) == []


def test_headline_lists_every_theorem() -> None:
    assert headline_names() == HEADLINE


def test_headline_imports_the_mathcomp_files_the_statements_do() -> None:
    """Headline.v prints each headline theorem with the notations of coinproofs.coq.MATHCOMP,
    the files `verify --coq`'s statements and the gate's printing import: the two lists cannot
    drift apart unseen."""
    text = (FORMAL / "Headline.v").read_text()
    imported = [name for line in re.findall(r"^From mathcomp Require Import (.*)\.$", text,
                                            flags=re.MULTILINE) for name in line.split()]
    assert imported == list(MATHCOMP)


def test_kernel_cites_headline_theorems() -> None:
    """Every theorem the kernel may cite, or names behind an evidence method, is a headline
    theorem, and the kernel records its statement."""
    cited = set(theorems.THEOREMS) | {
        name for names in theorems.BEHIND.values() for name in names}
    assert cited <= set(headline_names())
    assert cited == set(theorems.STATEMENTS)


def test_formal_sha256_is_current() -> None:
    """The kernel's record of the sources it cites (theorems.FORMAL_SHA256) is the digest of
    formal/*.v and formal/_CoqProject now: whoever edits formal/ must rebuild, check, and
    update it."""
    assert theorems.formal_sha256(FORMAL) == theorems.FORMAL_SHA256, (
        "formal/ changed: run `make formal-gate`, then set FORMAL_SHA256 in "
        f"coinproofs/verify/theorems.py to {theorems.formal_sha256(FORMAL)}")


def test_formal_sha256_is_sha256sum() -> None:
    """The digest is what `cd formal && find . -name '*.v' | cut -c3- | LC_ALL=C sort | xargs
    sha256sum; sha256sum _CoqProject` piped to sha256sum prints: every .v of formal/ and its
    folders, by its path."""
    names = sorted(path.relative_to(FORMAL).as_posix() for path in FORMAL.rglob("*.v"))
    assert "rules/Claims.v" in names and "Headline.v" in names
    lines = "".join(f"{hashlib.sha256((FORMAL / name).read_bytes()).hexdigest()}  {name}\n"
                    for name in [*names, "_CoqProject"])
    assert theorems.formal_sha256(FORMAL) == hashlib.sha256(lines.encode()).hexdigest()


def test_the_rules_stand_alone_in_their_folder() -> None:
    """formal/rules/ holds the rules a reader must trust and nothing else; each game's proofs
    stand in a folder of their own beside it, Headline.v and the extractions at the top."""
    assert sorted(path.stem for path in (FORMAL / "rules").glob("*.v")) == [
        "Claims", "ClaimsTable", "Rules", "RulesBeliefs", "RulesDials", "RulesGlasses",
        "RulesGroup", "RulesNoRepeats", "RulesPenny", "RulesTable"]
    assert sorted(path.name for path in FORMAL.glob("*.v")) == ["Extract.v", "ExtractWalk.v",
                                                                 "Headline.v"]


@pytest.fixture(scope="session")
def built(formal: Path) -> str:
    """formal/ built: the session's one `make formal` (tests/conftest.py)."""
    return str(formal)


@needs_coq
def test_kernel_records_what_coq_states(built: str) -> None:
    """Each theorem the kernel relies on says, as Coq prints it, what the kernel records."""
    assert statement_findings(printed_statements(FORMAL, list(theorems.STATEMENTS))) == []


@needs_coq
def test_kernel_statements_name_only_the_rules(built: str) -> None:
    """Each theorem the kernel relies on is stated with definitions of formal/rules/ (and of
    Coq and MathComp) alone: a reader trusts it by reading the rules files."""
    assert outside_rules_findings(FORMAL, theorems.STATEMENTS) == []


@needs_coq
def test_gate_finds_names_outside_the_rules(built: str) -> None:
    """Statements naming a definition of a proof file (Play.v's moves, GroupShortest.v's
    table_strategy) are refused, each for that name; the rules' names and bound variables that
    a proof file also defines (PennyMex.v's B) are not."""
    statements = {
        "wins_unfinished": "forall (n : nat) (ms : seq coins), moves n ms -> wins n ms",
        "table_shortest": "forall T : table, table_wins T (table_strategy T)",
        "update_turn": "forall (n : nat) (B : coins -> Prop) (m : coins), update n B m = B"}
    assert [str(finding) for finding in outside_rules_findings(FORMAL, statements)] == [
        "wins_unfinished: its statement names CoinProofs.devil.Play.moves, defined outside "
        "formal/rules/",
        "table_shortest: its statement names CoinProofs.table.GroupShortest.table_strategy, "
        "defined outside formal/rules/"]


def test_bound_names() -> None:
    """The variables of forall, exists, exists2 and fun binders, whatever their grouping;
    the names in their types are not bound."""
    assert bound_names("forall (n : nat) (layer : nat -> (coins -> Prop) -> Prop) (last : "
                       "nat), exists2 e : nat, e <= n & layer e (fun y : coins => size y = "
                       "n)") == {"n", "layer", "last", "e", "y"}
    assert bound_names("forall T : table, exists (x : coins) (r r' : nat), V x") == {
        "T", "x", "r", "r'"}


@needs_coq
@pytest.mark.slow
def test_formal_passes_the_gate(built: str) -> None:
    """The whole gate (`make formal-gate`, which CI runs): coqchk re-checks formal/ and the
    libraries beneath it (about a minute of CPU) and finds no assumption."""
    assert gate(FORMAL) == []


# --- The gate against the attacks that passed the old one --------------------------------------
# The old gate grepped for a few words and read `Print Assumptions` from the build's output.

ATTACKS = {
    "guard": "Unset Guard Checking.\nFixpoint f (n : nat) : False := f n.",
    "bypass": "#[bypass_check(guard)] Fixpoint f (n : nat) : False := f n.",
    "axioms": "Axioms a b : False.",
    "hypotheses": "Hypotheses h k : False.",
    "parameters": "Parameters p q : nat.",
    "conjectures": "Conjectures c d : False.",
    "variable": "Variable v : False.",
    "context": "Context (v : False).",
    "obligations": "Admit Obligations.",
    "plugin": 'Declare ML Module "evil_plugin".',
    "variable in a module": "Module M. Variable v : False. End M.",
    # A string inside a comment is read by Coq's lexer: the old gate took the rest of the file
    # for a comment after this one, and found nothing.
    "string in a comment": '(* "(*" *)\nAxiom evil : False.',
    "closing in a string in a comment": '(* "*)" Axiom *)\nAxiom evil : False.',
    "primitive": "Primitive int := #int63_type.",
    "register": 'Register bool as core.bool.type.',
    "load": 'Load "evil.v".',
    "load path": 'Add LoadPath "/tmp" as Evil.',
    "module declared": "Module Type T. End T. Declare Module M : T.",
    "typing flags": "#[typing_flags(guarded=no)] Fixpoint f (n : nat) : False := f n.",
    "unended comment": "(* never closed\nAxiom evil : False.",
}


@pytest.mark.parametrize("name", list(ATTACKS))
def test_gate_finds_banned_commands(tmp_path: Path, name: str) -> None:
    (tmp_path / "_CoqProject").write_text("-Q . CoinProofs\nAttack.v\n")
    (tmp_path / "Attack.v").write_text(ATTACKS[name] + "\n")
    assert [finding.where for finding in banned_findings(tmp_path)] == ["Attack.v"]


def test_gate_finds_files_the_project_leaves_out(tmp_path: Path) -> None:
    """A .v file that _CoqProject does not list is compiled by nobody and checked by nobody."""
    (tmp_path / "_CoqProject").write_text("-Q . CoinProofs\nFine.v\n")
    (tmp_path / "Fine.v").write_text("Definition x := 1.\n")
    (tmp_path / "Stray.v").write_text("Definition y := 2.\n")
    assert [finding.where for finding in banned_findings(tmp_path)] == ["Stray.v"]


def test_gate_reads_sections_and_comments(tmp_path: Path) -> None:
    (tmp_path / "_CoqProject").write_text("-Q . CoinProofs\nFine.v\n")
    (tmp_path / "Fine.v").write_text(
        "(* Axiom, Admitted, Unset Guard Checking: words in a comment *)\n"
        "Section S. Variables (n : nat) (h : n = n). Context (m : nat).\n"
        "Lemma l : n = n. Proof. exact h. Qed. End S.\nDefinition s := \"Axiom\".\n")
    assert banned_findings(tmp_path) == []


@pytest.mark.parametrize("line", ["-arg -type-in-type", "-arg -impredicative-set",
                                  "-R /elsewhere Other", "-arg -load-vernac-source evil.v"])
def test_gate_refuses_project_options(tmp_path: Path, line: str) -> None:
    (tmp_path / "_CoqProject").write_text(f"-Q . CoinProofs\n{line}\nRules.v\n")
    assert [finding.where for finding in banned_findings(tmp_path)] == ["_CoqProject line 2"]


def test_digest_covers_the_project_file(tmp_path: Path) -> None:
    shutil.copy(FORMAL / "rules" / "Rules.v", tmp_path)
    (tmp_path / "_CoqProject").write_text("-Q . CoinProofs\nRules.v\n")
    before = theorems.formal_sha256(tmp_path)
    (tmp_path / "_CoqProject").write_text("-Q . CoinProofs\n-arg -type-in-type\nRules.v\n")
    assert theorems.formal_sha256(tmp_path) != before


def compile_library(folder: Path, files: dict[str, str]) -> None:
    """A small library CoinProofs in `folder` (plain Coq, no MathComp), compiled in order."""
    for name, text in files.items():
        (folder / f"{name}.v").write_text(text)
        result = subprocess.run(["coqc", "-Q", str(folder), "CoinProofs", f"{name}.v"],
                                cwd=folder, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stdout + result.stderr


@needs_coq
def test_coqchk_sees_what_printing_hides(tmp_path: Path) -> None:
    """A theorem that rests on an axiom, behind a printed "Closed under the global context"
    (which fooled the old gate), on an unguarded fixpoint, or on type-in-type: coqchk names
    each, whatever the files print."""
    compile_library(tmp_path, {
        "Cheat": "Axiom cheat : False.\nTheorem t : 1 = 2. Proof. case cheat. Qed.\n"
                 'Goal True. idtac "Closed under the global context". Abort.\n',
        "Loop": "Unset Guard Checking.\nFixpoint loop (n : nat) : False := loop n.\n"
                "Set Guard Checking.\nTheorem u : 1 = 2. Proof. case (loop 0). Qed.\n",
        "Top": "Require CoinProofs.Cheat CoinProofs.Loop.\n"})
    found = library_assumptions(tmp_path, ("Top", "Cheat", "Loop"), norec=True)
    assert found.axioms == ("CoinProofs.Cheat.cheat",)
    assert found.unsafe_fixpoints == ("CoinProofs.Loop.loop",)


@needs_coq
def test_coqchk_checks_every_module_of_the_project(tmp_path: Path) -> None:
    """A module that Headline.v does not import is checked all the same: the gate runs coqchk
    over every module _CoqProject lists (the old gate checked Headline.v's closure alone)."""
    compile_library(tmp_path, {"Cheat": "Axiom cheat : False.\n",
                               "Headline": "Definition fine := 1.\n"})
    (tmp_path / "_CoqProject").write_text("-Q . CoinProofs\nHeadline.v\nCheat.v\n")
    assert library_assumptions(tmp_path, norec=True).axioms == ("CoinProofs.Cheat.cheat",)
    assert library_assumptions(tmp_path, ("Headline",), norec=True).none


@needs_coq
def test_gate_compares_statements_with_coq(tmp_path: Path) -> None:
    """shortest_pow2 weakened to `nat -> True` (the digest updated as well, which fooled the
    old gate): what Coq prints is not what the kernel records."""
    compile_library(tmp_path, {
        "Decide": "Theorem shortest_pow2 : forall n : nat, True. Proof. exact (fun _ => I). Qed.\n",
        "Headline": "Require Import CoinProofs.Decide.\n"})
    printed = printed_statements(tmp_path, ["shortest_pow2"])
    assert printed == {"shortest_pow2": "nat -> True"}
    findings = {finding.where: finding.what for finding in statement_findings(printed)}
    assert "the kernel records" in findings["shortest_pow2"]
    assert findings["wins_size_lb"] == "Coq has no such theorem"


# --- Coq agrees with the kernel -------------------------------------------------------------

def coq_moves(strategy: list[int], n: int) -> str:
    """A strategy of move bitmasks as a Coq list of coins (position 0 first, true = flip)."""
    moves = ("[:: " + "; ".join("true" if move >> i & 1 else "false" for i in range(n)) + "]"
             for move in strategy)
    return "[:: " + "; ".join(moves) + "]"


# Every strategy of a given length, in the order of itertools.product: a move as a bitmask k
# (bit i = position i) is the list of coins odd (k / 2^i), i = 0..n-1.
STRATEGIES = """
Definition bitmask n k : seq bool := mkseq (fun i => odd (k %/ 2 ^ i)) n.
Fixpoint strategies n len : seq (seq (seq bool)) :=
  if len is len'.+1 then
    flatten [seq [seq bitmask n k :: s | s <- strategies n len'] | k <- iota 0 (2 ^ n)]
  else [:: [::]].
"""


def kernel_verdicts() -> Iterator[tuple[str, int, int]]:
    """Groups of strategies (name, N, length): every single move for N <= 4, every strategy
    of up to 4 moves for N <= 3."""
    for n in (1, 2, 3, 4):
        yield f"single_n{n}", n, 1
    for n in (1, 2, 3):
        for length in range(5):
            yield f"n{n}_length{length}", n, length


def agreement_file(flip: tuple[str, int] | None = None) -> str:
    """Coq examples: winsb (Beliefs.v) on each strategy is the kernel's verdict, and the
    kernel's Lamping strategies for N = 1, 2, 4, 8 are Coq's and win. `flip` = (group, index)
    writes the opposite of one verdict."""
    lines = [MATHCOMP_IMPORT,
             "From CoinProofs Require Import Rules Beliefs Lamping.", STRATEGIES]
    for group, n, length in kernel_verdicts():
        verdicts = []
        for index, strategy in enumerate(itertools.product(range(1 << n), repeat=length)):
            wins = family.simulate(list(strategy), family.coin_flip(n)) is None
            verdicts.append(str(wins != (flip == (group, index))).lower())
        lines += [f"Example {group} : [seq winsb {n} s | s <- strategies {n} {length}] =",
                  f"  [:: {'; '.join(verdicts)}].",
                  "Proof. by vm_compute. Qed.", ""]
    for k in range(4):
        n = 2**k
        strategy = family.lamping(n)
        wins = family.simulate(strategy, family.coin_flip(n)) is None
        lines += [f"Definition kernel_lamping{n} := {coq_moves(strategy, n)}.",
                  f"Example lamping{n}_is_coqs : kernel_lamping{n} = lamping {k}.",
                  "Proof. by vm_compute. Qed.",
                  f"Example lamping{n}_wins : winsb {n} kernel_lamping{n} = "
                  f"{str(wins != (flip == ('lamping', k))).lower()}.",
                  "Proof. by vm_compute. Qed.", ""]
    return "\n".join(lines)


def compile_coq(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    source = tmp_path / "Agreement.v"
    source.write_text(text)
    return subprocess.run(["coqc", "-w", "-notation-overridden", "-Q", str(FORMAL), "CoinProofs",
                           str(source)], cwd=tmp_path, capture_output=True, text=True,
                          timeout=600)


@needs_coq
def test_coq_agrees_with_kernel(built: str, tmp_path: Path) -> None:
    result = compile_coq(tmp_path, agreement_file())
    assert result.returncode == 0, result.stdout + result.stderr


def up_to(text: str, example: str) -> str:
    """`text` up to the end of the example named `example`: the examples before it, which Coq
    accepts, and that one (Coq need not check what comes after)."""
    lines = text.splitlines()
    start = next(at for at, line in enumerate(lines) if line.startswith(f"Example {example} "))
    end = next(at for at in range(start, len(lines)) if lines[at].startswith("Proof."))
    return "\n".join(lines[:end + 1]) + "\n"


@needs_coq
@pytest.mark.parametrize("flip", [("single_n1", 1), ("n3_length4", 2024),
                                  pytest.param(("lamping", 3), marks=pytest.mark.slow)])
def test_flipped_verdict_fails(built: str, tmp_path: Path, flip: tuple[str, int]) -> None:
    """One verdict written the other way round (a win as a loss, or a loss as a win): Coq
    refuses the file, naming the example."""
    text = up_to(agreement_file(flip), "lamping8_wins" if flip[0] == "lamping" else flip[0])
    result = compile_coq(tmp_path, text)
    assert result.returncode != 0
    line = int(re.search(r"line (\d+)", result.stderr).group(1))
    failed = re.findall(r"^Example (\w+)", "\n".join(text.splitlines()[:line]), re.MULTILINE)
    assert failed[-1] == ("lamping8_wins" if flip[0] == "lamping" else flip[0])


# --- Coq's strategies for dials win by the kernel ----------------------------------------------

# (p, a, b): N = p^a dials with q = p^b states, the strategy `dial_strategy p a b` of
# DialsShortest.v, which Coq proves wins with q^N - 1 moves (`dial_shortest`).
DIAL_CASES = [(2, 1, 2), (2, 2, 1), (2, 1, 3), (2, 3, 1), (3, 1, 1), (3, 1, 2), (5, 1, 1)]
# And two of 255 moves (4 dials with 4 states, 2 with 16), for the engine's construction.
ENGINE_CASES = [*DIAL_CASES, (2, 2, 2), (2, 1, 4), (2, 0, 3), (3, 0, 1)]


def coq_dial_strategies(tmp_path: Path, cases: list[tuple[int, int, int]] = DIAL_CASES
                        ) -> list[list[list[int]]]:
    """Coq computes (vm_compute) each strategy of `cases`: a list of moves, each the list of
    amounts added to the dials, position 0 first."""
    lines = [MATHCOMP_IMPORT,
             "From CoinProofs Require Import DialsShortest."]
    lines += [f"Eval vm_compute in dial_strategy {p} {a} {b}." for p, a, b in cases]
    result = compile_coq(tmp_path, "\n".join(lines))
    assert result.returncode == 0, result.stdout + result.stderr
    printed = re.findall(r"= (\[::.*?\])\s*: seq \(seq nat\)", result.stdout, flags=re.DOTALL)
    return [[[int(d) for d in move.split(";")]
             for move in re.findall(r"\[::\s*([\d;\s]+?)\]", strategy)] for strategy in printed]


@needs_coq
def test_coq_dial_strategies_win_by_the_kernel(built: str, tmp_path: Path) -> None:
    """Each strategy has q^N - 1 moves and the kernel's exact simulation (verify/table.py)
    finds no escape; without its last move it loses (q^N - 1 is the least)."""
    strategies = coq_dial_strategies(tmp_path)
    assert len(strategies) == len(DIAL_CASES)
    for (p, a, b), strategy in zip(DIAL_CASES, strategies, strict=True):
        n, q = p**a, p**b
        r = family.table_of(n, q)
        assert all(len(move) == n and max(move) < q for move in strategy)
        moves = [family.value(move, r) for move in strategy]
        assert len(moves) == q**n - 1, (p, a, b)
        assert family.simulate(moves, r) is None, (p, a, b)
        assert family.simulate(moves[:-1], r) is not None, (p, a, b)


@needs_coq
def test_engine_dial_strategy_is_coqs(built: str, tmp_path: Path) -> None:
    """games/family.py builds Coq's `dial_strategy p a b` move for move (and in the engine's
    base-q moves)."""
    strategies = coq_dial_strategies(tmp_path, ENGINE_CASES)
    assert len(strategies) == len(ENGINE_CASES)
    for (p, a, b), strategy in zip(ENGINE_CASES, strategies, strict=True):
        assert coq_dial_strategy(p, a, b) == strategy, (p, a, b)
        n, q = p**a, p**b
        assert dial_strategy(n, q) == [from_dials(move, table(n, q)) for move in strategy]


# --- The extracted checker ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def checker(built: str) -> Path:
    """`make checker`: winsb extracted to OCaml (formal/Extract.v) with its input reader."""
    make("checker")
    return FORMAL / "checker" / "checker"


def check(checker: Path, n: int, lines: str) -> tuple[int, str]:
    result = subprocess.run([str(checker), str(n)], input=lines, capture_output=True,
                            text=True, timeout=60)
    return result.returncode, result.stdout + result.stderr


def jsonl(strategy: list[int], n: int) -> str:
    """Norvig's notation, one move per line: the kernel's artifact format."""
    return "".join(str([p for p in range(n) if move >> p & 1]) + "\n" for move in strategy)


@needs_coq
@needs_ocaml
def test_extracted_checker_agrees_with_kernel(checker: Path) -> None:
    for n in (1, 2, 3):
        for length in range(3):
            for strategy in itertools.product(range(1 << n), repeat=length):
                status, said = check(checker, n, jsonl(list(strategy), n))
                wins = family.simulate(list(strategy), family.coin_flip(n)) is None
                assert (status, said) == ((0, "wins\n") if wins else (1, "does not win\n"))


@needs_coq
@needs_ocaml
def test_extracted_checker_on_lamping(checker: Path) -> None:
    for n in (4, 8):
        assert check(checker, n, jsonl(family.lamping(n), n)) == (0, "wins\n")
        assert check(checker, n, jsonl(family.lamping(n)[:-1], n)) == (1, "does not win\n")


@needs_coq
@needs_ocaml
def test_extracted_checker_reads_every_form_coinproofs_writes(checker: Path,
                                                              tmp_path: Path) -> None:
    """A JSON list (devil solve -o), an object with moves (solve --json), one move per line
    (a certificate's .moves.jsonl), a certificate with its moves inline or beside it; from a
    file or standard input."""
    moves = [[p for p in range(4) if move >> p & 1] for move in family.lamping(4)]
    certificate = {"schema": "coinproofs/certificate/v1",
                   "claim": {"id": "devil.n4.shortest", "params": {"n": 4}},
                   "evidence": [{"method": "reachability"}, {"method": "strategy"}]}
    forms = {"list.json": json.dumps(moves), "solved.json": json.dumps({"n": 4, "moves": moves}),
             "moves.jsonl": jsonl(family.lamping(4), 4),
             "inline.json": json.dumps(certificate | {"evidence": [{"method": "strategy",
                                                                    "moves": moves}]}),
             "beside.json": json.dumps(certificate | {"evidence": [
                 {"method": "strategy", "file": "moves.jsonl", "sha256": "0" * 64}]})}
    for name, text in forms.items():
        (tmp_path / name).write_text(text)
        result = subprocess.run([str(checker), "4", str(tmp_path / name)], capture_output=True,
                                text=True, timeout=60)
        assert (result.returncode, result.stdout) == (0, "wins\n"), name
        if name != "beside.json":  # its moves are beside the file, not on standard input
            assert check(checker, 4, text) == (0, "wins\n"), name
    status, said = check(checker, 8, forms["solved.json"])
    assert status == 2 and "for 4 coins, not 8" in said


@needs_coq
@needs_ocaml
@pytest.mark.parametrize("n, lines", [(4, "[0, 4]\n"), (4, "[1, 1]\n"), (4, "0\n"),
                                      (4, "[a]\n"), (0, ""), (-1, "")])
def test_extracted_checker_refuses_bad_input(checker: Path, n: int, lines: str) -> None:
    status, said = check(checker, n, lines)
    assert status == 2 and said.count("\n") == 1
