"""The SAT/SMT encodings of "a winning strategy of L moves exists" (issue 3): the kernel's
reference CNF, its models, z3 and Debian's CaDiCaL as second opinions, LRAT lower bounds."""

from __future__ import annotations

import hashlib
import itertools
import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from pysat.formula import CNF

from coinproofs.cli import main
from coinproofs.encodings import devil_smt
from coinproofs.encodings.devil_formats import encode
from coinproofs.encodings.devil_sat import (
    counted_cnf,
    decode,
    dimacs,
    find_strategy,
    solve_formula,
    winning_strategies,
)
from coinproofs.games import devil as engine
from coinproofs.proofs.devil_evidence import lower_bound_evidence, sat_strategy_evidence
from coinproofs.proofs.registry import ProofContext
from coinproofs.verify.certificate import Artifacts, Rejected, check_document
from coinproofs.verify.devil_cnf import (
    ENCODING,
    Layout,
    check_lrat_evidence,
    header,
    max_length,
    reference_cnf,
)
from coinproofs.verify.dimacs import sha256_text
from coinproofs.verify.table import Fact, coin_flip, rotation_orbits
from coinproofs.verify.table import simulate as simulate_on
from tests.certificates import devil_certificate

SHORTEST = {1: 1, 2: 3, 3: None, 4: 15, 5: None, 6: None}  # by breadth-first search, checked below
LENGTHS = {1: range(4), 2: range(6), 3: range(9), 4: range(17), 5: range(7), 6: range(5)}


def simulate(strategy: list[int], n: int) -> object:
    """The kernel's exact simulation of a coin strategy (None: it wins)."""
    return simulate_on(strategy, coin_flip(n))


def wins_in(n: int, length: int) -> bool:
    """Does a strategy of `length` moves win for n coins (one does from the shortest on)?"""
    shortest = SHORTEST[n]
    return shortest is not None and length >= shortest


def winning_orbit_sequences(n: int, length: int) -> int:
    """How many sequences of `length` orbit moves (least members) win, by the fast engine: every
    sequence tried (brute force) for tiny cases, else counted through the exact beliefs."""
    moves = engine.canonical_moves(n)
    if len(moves) ** length <= 5000:
        return sum(engine.wins(list(strategy), n)
                   for strategy in itertools.product(moves, repeat=length))
    ways = Counter({engine.initial_belief(n): 1})
    for _ in range(length):
        after: Counter[int] = Counter()
        for belief, count in ways.items():
            for move in moves:
                after[engine.update(belief, move, n)] += count
        ways = after
    return ways[engine.GOAL]


# --- The reference formula -------------------------------------------------------------------

@pytest.mark.parametrize("n", range(1, 7))
def test_breadth_first_search_finds_the_expected_lengths(n: int) -> None:
    strategy = engine.shortest_strategy(n)
    assert (None if strategy is None else len(strategy)) == SHORTEST[n]


@pytest.mark.parametrize("n", range(1, 7))
def test_the_cnf_is_satisfiable_exactly_when_breadth_first_search_says(n: int) -> None:
    for length in LENGTHS[n]:
        result = solve_formula(n, length)
        assert result.satisfiable == wins_in(n, length), (n, length)
        if result.model is not None:
            at, true = Layout(n, length), set(result.model)
            assert all(sum(at.move(t, m) in true for m in range(len(rotation_orbits(n)))) == 1
                       for t in range(1, length + 1)), "exactly one move per step"
            strategy = decode(result.model, n, length)
            assert len(strategy) == length
            assert simulate(strategy, n) is None
            assert engine.wins(strategy, n)


@pytest.mark.parametrize(("n", "length"), [(1, 0), (1, 1), (1, 2), (1, 4), (2, 2), (2, 3),
                                           (2, 4), (3, 3), (3, 4), (4, 15), (4, 16)])
def test_models_projected_on_the_moves_are_the_winning_strategies(n: int, length: int) -> None:
    strategies = list(winning_strategies(n, length))
    assert len(strategies) == len(set(map(tuple, strategies)))
    assert len(strategies) == winning_orbit_sequences(n, length)
    assert all(engine.wins(strategy, n) for strategy in strategies)


def test_the_counts_are_not_trivial() -> None:
    assert [winning_orbit_sequences(2, length) for length in range(5)] == [0, 0, 0, 1, 8]
    assert winning_orbit_sequences(4, 15) == 2


def test_variables_are_numbered_as_the_header_says() -> None:
    n, length = 4, 3
    at = Layout(n, length)
    m = len(rotation_orbits(n))
    beliefs = [at.belief(t, j) for t in range(length + 1) for j in range(m)]
    moves = [at.move(t, k) for t in range(1, length + 1) for k in range(m)]
    assert sorted(beliefs + moves) == list(range(1, at.nvars + 1))
    assert beliefs == [1 + t * m + j for t in range(length + 1) for j in range(m)]
    text = "\n".join(header(n, length))
    assert f"variable 1 + t*{m} + j (t = 0..{length}," in text
    assert f"variable {at.move(1, 0)} + (t-1)*{m} + m (t = 1..{length}," in text
    assert reference_cnf(n, length).nv == at.nvars


def test_the_reference_encoder_refuses_what_it_does_not_handle() -> None:
    for n, length in [(0, 3), (10, 3), (4, -1)]:
        with pytest.raises(Rejected):
            reference_cnf(n, length)


# --- Other solvers and formulations ----------------------------------------------------------

@pytest.mark.parametrize(("n", "length"), [(1, 0), (1, 1), (2, 2), (2, 3), (3, 5), (4, 14),
                                           (4, 15), (5, 4), (6, 3)])
def test_z3_agrees_with_cadical(n: int, length: int) -> None:
    by_z3 = devil_smt.find_strategy(n, length)
    by_cadical = find_strategy(n, length)
    assert (by_z3 is None) == (by_cadical is None)
    if by_z3 is not None:
        assert len(by_z3) == length and simulate(by_z3, n) is None


@pytest.mark.parametrize(("n", "length"), [(2, 2), (2, 3), (4, 14), (4, 15)])
def test_the_smt2_export_reads_back_with_the_same_answer(n: int, length: int) -> None:
    import z3

    text = encode(n, length, "smt2")
    assert text.startswith("; coinproofs devil-beliefs-bitvector/v1")
    assert "(set-logic QF_BV)" in text and "(check-sat)" in text
    solver = z3.Solver()
    solver.add(z3.parse_smt2_string(text))
    assert (solver.check() == z3.sat) == wins_in(n, length)


def test_the_dimacs_export_is_the_kernel_formula_with_its_header() -> None:
    text = encode(4, 14, "dimacs")
    assert text == dimacs(4, 14)
    assert text.splitlines()[:len(header(4, 14))] == [f"c {line}" for line in header(4, 14)]
    assert f"p cnf {Layout(4, 14).nvars} {len(reference_cnf(4, 14).clauses)}" in text
    assert CNF(from_string=text).clauses == reference_cnf(4, 14).clauses


def test_encode_refuses_bad_requests_in_a_sentence() -> None:
    for args, words in [((4, 3, "xml"), "unknown format"), ((12, 3, "dimacs"), "1..9 coins"),
                        ((4, -2, "smt2"), "must not be negative")]:
        with pytest.raises(ValueError, match=words):
            encode(*args)


def test_the_encode_command_writes_a_file(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "n2.cnf"
    assert main(["devil", "encode", "2", "3", "--format", "dimacs", "-o", str(path)]) == 0
    assert path.read_text() == dimacs(2, 3)
    assert main(["devil", "encode", "12", "3"]) == 2
    assert "coinproofs: error: the SAT encoding handles 1..9 coins" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("cadical") is None,
                    reason="Debian's cadical binary is not installed (apt-get install cadical)")
@pytest.mark.parametrize(("n", "length"), [(2, 2), (2, 3), (3, 6), (4, 14), (4, 15)])
def test_debians_cadical_agrees_on_the_exported_dimacs(tmp_path: Path, n: int,
                                                       length: int) -> None:
    path = tmp_path / "formula.cnf"
    path.write_text(encode(n, length, "dimacs"))
    run = subprocess.run(["cadical", "-q", str(path)], capture_output=True, text=True,
                         timeout=60, check=False)
    satisfiable = solve_formula(n, length).satisfiable
    assert run.returncode == (10 if satisfiable else 20)
    if satisfiable:
        model = [int(word) for line in run.stdout.splitlines() if line.startswith("v ")
                 for word in line.split()[1:]]
        assert simulate(decode(model, n, length), n) is None


def test_the_counted_variant_finds_the_same_answers() -> None:
    for n, length in [(2, 2), (2, 3), (2, 5), (3, 6), (4, 14), (4, 15), (4, 17), (5, 5)]:
        assert solve_formula(n, length, "counted").satisfiable == wins_in(n, length), (n, length)
        strategy = find_strategy(n, length, "counted")
        assert strategy is None or simulate(strategy, n) is None


def test_the_counted_variant_bounds_the_states_of_each_belief() -> None:
    # With 2 coins and 3 moves, beliefs hold at most 3, 2, 1 states after moves 1, 2, 3;
    # {HH, TT} (2 states) is allowed after move 2, {HH, HT, TH} (3 states) is not.
    n, length = 2, 3
    at = Layout(n, length)
    cnf = counted_cnf(n, length)
    from pysat.solvers import Solver

    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        assert solver.solve(assumptions=[at.belief(2, 0), at.belief(2, 2), -at.belief(2, 1)])
        assert not solver.solve(assumptions=[at.belief(2, 1)])
    with pytest.raises(ValueError, match="unknown encoding"):
        solve_formula(2, 3, "fancy")


@pytest.mark.slow
def test_the_counted_variant_finds_a_strategy_for_8_coins() -> None:
    strategy = find_strategy(8, 255, "counted")
    assert strategy is not None and simulate(strategy, 8) is None


# --- LRAT evidence and the kernel --------------------------------------------------------------

@pytest.fixture
def proved(tmp_path: Path) -> tuple[dict[str, Any], Artifacts, Path]:
    """LRAT evidence that no strategy of 14 moves wins for 4 coins, written into tmp_path."""
    context = ProofContext(out_dir=tmp_path, claim_id="devil.n4.shortest")
    evidence = lower_bound_evidence(context, 4, 14)
    assert context.solvers == {"cadical195"}
    return evidence, Artifacts(tmp_path), tmp_path


def test_the_kernel_accepts_an_lrat_lower_bound(proved: Any) -> None:
    evidence, artifacts, folder = proved
    assert evidence["method"] == "lrat" and evidence["encoding"] == ENCODING
    assert evidence["length"] == 14
    assert evidence["cnf_sha256"] == sha256_text(dimacs(4, 14))
    assert (folder / evidence["cnf"]).read_text() == dimacs(4, 14)
    assert check_lrat_evidence(4, evidence, artifacts) == Fact("none-up-to", 14)


def tampered(evidence: dict[str, Any], **changes: Any) -> dict[str, Any]:
    changed = {**evidence, **changes}
    return {key: value for key, value in changed.items() if value is not None}


@pytest.mark.parametrize(("changes", "reason"), [
    ({"length": 13}, "CNF hash"),
    ({"length": 15}, "CNF hash"),
    ({"length": -1}, "at least 0, not -1"),
    ({"length": 17}, "at most 16 moves"),
    ({"length": "14"}, "'length' must be a whole number"),
    ({"length": 14.0}, "'length' must be a whole number"),
    ({"length": True}, "'length' must be a whole number"),
    ({"length": None}, "no field 'length'"),
    ({"encoding": "devil-beliefs-binary/v1"}, "must be 'devil-beliefs-onehot/v1'"),
    ({"encoding": None}, "no field 'encoding'"),
    ({"cnf_sha256": "0" * 64}, "CNF hash"),
    ({"proof_sha256": "0" * 64}, "does not match its SHA-256"),
    ({"proof": "devil.n4.shortest.L14.cnf"}, "does not match its SHA-256"),
    ({"proof": None}, "no field 'proof'"),
])
def test_the_kernel_rejects_tampered_lrat_evidence(proved: Any, changes: dict[str, Any],
                                                    reason: str) -> None:
    evidence, artifacts, _ = proved
    with pytest.raises(Rejected, match=reason):
        check_lrat_evidence(4, tampered(evidence, **changes), artifacts)


@pytest.mark.parametrize("n", [0, 3, 10])
def test_the_kernel_rejects_lrat_evidence_for_other_coins(proved: Any, n: int) -> None:
    evidence, artifacts, _ = proved
    with pytest.raises(Rejected):
        check_lrat_evidence(n, evidence, artifacts)


def rewrite(path: Path, data: bytes, evidence: dict[str, Any], hash_key: str) -> dict[str, Any]:
    """Write `data` into `path` and return the evidence with the file's new hash."""
    path.write_bytes(data)
    return {**evidence, hash_key: hashlib.sha256(data).hexdigest()}


def test_the_kernel_rejects_an_altered_proof_even_with_its_new_hash(proved: Any) -> None:
    evidence, artifacts, folder = proved
    path = folder / evidence["proof"]
    lines = path.read_bytes().splitlines()
    with pytest.raises(Rejected, match="empty clause"):
        check_lrat_evidence(4, rewrite(path, b"\n".join(lines[:-1]) + b"\n", evidence,
                                       "proof_sha256"), artifacts)
    first = lines[0].split()
    first[1] = str(-int(first[1])).encode()  # negate the first lemma's first literal
    with pytest.raises(Rejected, match="proof line 1"):
        check_lrat_evidence(4, rewrite(path, b"\n".join([b" ".join(first), *lines[1:]]) + b"\n",
                                       evidence, "proof_sha256"), artifacts)


def test_the_kernel_rejects_an_altered_cnf_file(proved: Any) -> None:
    evidence, artifacts, folder = proved
    path = folder / evidence["cnf"]
    path.write_text(path.read_text().replace("c orbit 0", "c orbit zero"))
    with pytest.raises(Rejected, match="does not match its SHA-256"):
        check_lrat_evidence(4, evidence, artifacts)
    changed = rewrite(path, path.read_bytes(), evidence, "cnf_sha256")
    with pytest.raises(Rejected, match="CNF hash"):
        check_lrat_evidence(4, changed, artifacts)


def test_a_satisfiable_length_gives_no_lower_bound(tmp_path: Path) -> None:
    context = ProofContext(out_dir=tmp_path, claim_id="devil.n4.shortest")
    with pytest.raises(ValueError, match="satisfiable"):
        lower_bound_evidence(context, 4, 15)


def test_length_zero_is_refuted_too(tmp_path: Path) -> None:
    context = ProofContext(out_dir=tmp_path, claim_id="devil.n1.shortest")
    evidence = lower_bound_evidence(context, 1, 0)
    assert check_lrat_evidence(1, evidence, Artifacts(tmp_path)) == Fact("none-up-to", 0)


def test_lengths_up_to_the_cap_are_accepted() -> None:
    assert max_length(2) == 4
    assert len(reference_cnf(2, max_length(2)).clauses) > 0


def test_a_certificate_from_sat_alone_proves_the_shortest_length(tmp_path: Path) -> None:
    context = ProofContext(out_dir=tmp_path, claim_id="devil.n4.shortest")
    model = sat_strategy_evidence(context, 4, 15)
    bound = lower_bound_evidence(context, 4, 14)
    assert model["found_by"] == "cadical195" and len(model["moves"]) == 15
    json.dumps([model, bound])  # evidence must be JSON
    verdict = check_document(devil_certificate("shortest", 4, 15, [model, bound]), tmp_path)
    assert verdict.methods == ["strategy", "lrat"]
    short = lower_bound_evidence(ProofContext(out_dir=tmp_path, claim_id="x"), 4, 13)
    with pytest.raises(Rejected, match="fewer than 15 moves"):
        check_document(devil_certificate("shortest", 4, 15, [model, short]), tmp_path)
    with pytest.raises(Rejected, match="no checked strategy of 14 moves"):
        check_document(devil_certificate("shortest", 4, 14, [model, bound]), tmp_path)


def test_no_sat_strategy_below_the_shortest_length(tmp_path: Path) -> None:
    context = ProofContext(out_dir=tmp_path, claim_id="devil.n4.shortest")
    with pytest.raises(ValueError, match="no winning strategy of 14 moves"):
        sat_strategy_evidence(context, 4, 14)
    assert sat_strategy_evidence(context, 4, 15, "counted")["found_by"] == (
        "cadical195 (counted encoding)")


@pytest.mark.parametrize("n, length", [(1, 0), (2, 1), (2, 5), (4, 14), (6, 20), (7, 9)])
def test_the_kernel_counts_the_reference_clauses_before_building_them(n: int, length: int) -> None:
    from coinproofs.verify import devil_cnf

    assert devil_cnf.clause_count(n, length) == len(devil_cnf.reference_cnf(n, length).clauses)
