"""No strategy wins when N is not a power of two: Lamping's invariant and the algebraic one.

The kernel (verify/devil_invariant.py) must accept what the provers write, reject every
tampering with a reason, and agree with plain brute force and with sympy.
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import gcd, rem

from coinproofs.encodings.cadical import solve
from coinproofs.games.algebra import bits, coprime_factor, factors, poly
from coinproofs.games.devil import is_power_of_two
from coinproofs.proofs.devil_evidence import (
    algebraic_evidence,
    invariant_evidence,
    odd_prime_factor,
)
from coinproofs.proofs.registry import ProofContext
from coinproofs.proofs.runner import prove_one
from coinproofs.verify import devil_invariant as kernel
from coinproofs.verify.certificate import Artifacts, Rejected, check_document
from coinproofs.verify.table import Fact, lamping
from tests.certificates import Evidence, devil_certificate

NOT_POWERS = [n for n in range(1, 65) if not is_power_of_two(n)]


# --- Brute force, independent of the kernel's code ---------------------------------------------

def rotated(state: int, r: int, n: int) -> int:
    """The coin at position i goes to (i + r) mod n."""
    return sum(1 << (i + r) % n for i in range(n) if state >> i & 1)


def lampings_set(state: int, n: int, p: int) -> bool:
    """Do the coins at 0, n/p, 2n/p, ... show both faces?"""
    faces = {state >> (i * n // p) & 1 for i in range(p)}
    return faces == {0, 1}


@pytest.mark.parametrize(("n", "p"), [(3, 3), (5, 5), (6, 3), (7, 7), (9, 3), (9, 9), (10, 5)])
def test_lampings_set_is_a_devil_invariant_by_brute_force(n: int, p: int) -> None:
    member = [lampings_set(s, n, p) for s in range(1 << n)]
    assert any(member) and not member[0]
    for s in range(1 << n):
        if member[s]:
            unturned, turned_by_q = rotated(s, 0, n), rotated(s, n // p, n)
            for m in range(1 << n):
                assert member[unturned ^ m] or member[turned_by_q ^ m], (s, m)


@pytest.mark.parametrize("n", [2, 4, 6, 8])
def test_lampings_set_is_no_invariant_for_an_even_factor(n: int) -> None:
    """The devil needs p odd: with p = 2 some state and move escape both rotations."""
    assert any(not lampings_set(rotated(s, 0, n) ^ m, n, 2)
               and not lampings_set(rotated(s, n // 2, n) ^ m, n, 2)
               for s in range(1 << n) if lampings_set(s, n, 2) for m in range(1 << n))


@pytest.mark.parametrize("n", [1, 2, 4, 8])
def test_lower_bound_lemma_prefix_xors_of_lampings_strategy_meet_every_state(n: int) -> None:
    prefixes = [0]
    for move in lamping(n):
        prefixes.append(prefixes[-1] ^ move)
    assert sorted(prefixes) == list(range(1 << n))


# --- The two roads of Lamping's invariant agree ------------------------------------------------

def satisfies(clauses: list[list[int]], nvars: int, true: set[int]) -> bool:
    """Do `clauses` hold when the variables in `true` are true and the others false?"""
    literals = {v if v in true else -v for v in range(1, nvars + 1)}
    return all(any(literal in literals for literal in clause) for clause in clauses)


def escaping_pair(model: list[int], n: int, p: int) -> tuple[int, int]:
    """The state and move (other coins heads) whose sampled coins a model of the escape
    formula names."""
    true = {v for v in model if v > 0}
    state = sum(1 << (i * n // p) for i in range(p) if i + 1 in true)
    move = sum(1 << (i * n // p) for i in range(p) if p + i + 1 in true)
    return state, move


def escapes(state: int, move: int, n: int, p: int) -> bool:
    return (lampings_set(state, n, p) and not lampings_set(rotated(state, 0, n) ^ move, n, p)
            and not lampings_set(rotated(state, n // p, n) ^ move, n, p))


@pytest.mark.parametrize(("n", "p"), [(n, p) for n in range(1, 13) for p in range(1, n + 1)
                                      if n % p == 0])
def test_exhaustive_and_lrat_roads_agree(n: int, p: int) -> None:
    clauses, nvars, _ = kernel.escape_cnf(n, p)
    result = solve(clauses)
    found = kernel.escape(n, p)
    assert result.satisfiable == (found is not None)
    assert result.satisfiable == (p % 2 == 0)  # the even factors fail, the odd ones hold
    if found is not None:
        assert escapes(*found, n, p)
        state, move = found
        sampled = [i + 1 for i in range(p) if state >> (i * n // p) & 1]
        sampled += [p + i + 1 for i in range(p) if move >> (i * n // p) & 1]
        assert any(satisfies(clauses, nvars, set(sampled) | faces)
                   for faces in ({2 * p + 1}, {2 * p + 2}, {2 * p + 1, 2 * p + 2}, set()))
    if result.model is not None:
        assert escapes(*escaping_pair(result.model, n, p), n, p)
    assert nvars == 2 * p + 2


# --- Proving and checking ----------------------------------------------------------------------

@cache
def proved(n: int, folder: Path) -> list[Evidence]:
    """The evidence the provers write for n coins, its artifacts in `folder`."""
    context = ProofContext(folder, f"devil.n{n}.impossible")
    return [*invariant_evidence(context, n), algebraic_evidence(context, n)]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("invariant-certificates")


def check(n: int, item: Evidence, folder: Path) -> Fact:
    checker = (kernel.check_algebraic_evidence if item["method"] == "algebraic"
               else kernel.check_invariant_evidence)
    return checker(n, item, Artifacts(folder))


def item(n: int, folder: Path, method: str, check: str | None = None) -> Evidence:
    """A deep copy (free to tamper with) of one evidence item the provers wrote."""
    return copy.deepcopy(next(e for e in proved(n, folder)
                              if e["method"] == method and e.get("check") == check))


@pytest.mark.parametrize("n", [3, 6, 12, 13, 45, 61, 63])
def test_kernel_accepts_every_item_the_provers_write(n: int, folder: Path) -> None:
    evidence = proved(n, folder)
    assert [(e["method"], e.get("check")) for e in evidence] == (
        [("invariant", "lrat")] + [("invariant", "exhaustive")] * (n <= 12)
        + [("algebraic", None)])
    for e in evidence:
        assert check(n, e, folder) == Fact("impossible")
    verdict = check_document(devil_certificate("impossible", n, None, evidence), folder)
    assert verdict.methods == [e["method"] for e in evidence]


def test_the_provers_use_the_least_odd_prime_factor(folder: Path) -> None:
    assert [odd_prime_factor(n) for n in (3, 12, 35, 49, 62)] == [3, 3, 5, 7, 31]
    assert item(12, folder, "invariant", "lrat")["p"] == 3
    assert item(6, folder, "algebraic")["h"] == "10101"  # (X^2 + X + 1)^2


@pytest.mark.parametrize("n", [1, 2, 8, 64])
def test_the_provers_refuse_powers_of_two(n: int, tmp_path: Path) -> None:
    context = ProofContext(tmp_path, f"devil.n{n}.impossible")
    with pytest.raises(ValueError, match="power of two"):
        invariant_evidence(context, n)
    with pytest.raises(ValueError, match="power of two"):
        algebraic_evidence(context, n)


def test_every_non_power_of_two_up_to_64_has_its_claim() -> None:
    from coinproofs.proofs.registry import select

    impossible = [spec.params["n"] for spec in select(["devil.*"])
                  if spec.kind == "impossible" and spec.default and set(spec.params) == {"n"}]
    assert impossible == NOT_POWERS


@pytest.mark.slow
def test_the_runner_proves_every_default_impossible_claim(tmp_path: Path) -> None:
    from coinproofs.proofs.registry import select

    outcomes = [prove_one(spec, tmp_path) for spec in select(["devil.*"])
                if spec.kind == "impossible" and spec.default]
    assert all(outcome.proved for outcome in outcomes), [o.reason for o in outcomes]


# --- Tampering: every change is rejected with a reason -----------------------------------------

def rewritten(folder: Path, evidence: Evidence, name_key: str, hash_key: str,
              change: Callable[[bytes], bytes]) -> None:
    """Replace an artifact by a changed copy and point the evidence at it, with a matching
    hash, so that only the content can reveal the change."""
    data = change((folder / evidence[name_key]).read_bytes())
    name = f"tampered-{hashlib.sha256(data).hexdigest()[:12]}-{evidence[name_key]}"
    (folder / name).write_bytes(data)
    evidence[name_key], evidence[hash_key] = name, hashlib.sha256(data).hexdigest()


def drop_last_line(data: bytes) -> bytes:
    return b"".join(data.splitlines(keepends=True)[:-1])


def change_a_hint(data: bytes) -> bytes:
    lines = data.splitlines(keepends=True)
    words = lines[-1].split()  # the empty clause: "id 0 hints... 0"
    words[2] = b"1"
    return b"".join(lines[:-1]) + b" ".join(words) + b"\n"


LRAT_TAMPERINGS: dict[str, tuple[Callable[[Evidence, Path], None], str]] = {
    "p another odd factor": (lambda e, f: e.update(p=5), "CNF hash"),
    "p even": (lambda e, f: e.update(p=2), "at least 3, not 2"),
    "p one": (lambda e, f: e.update(p=1), "field 'p' must be a whole number of at least 3"),
    "p negative": (lambda e, f: e.update(p=-3), "field 'p' must be a whole number of at least 3"),
    "p a bool": (lambda e, f: e.update(p=True), "field 'p' must be a whole number of at least 3"),
    "p a string": (lambda e, f: e.update(p="3"), "field 'p' must be a whole number of at least 3"),
    "p a float": (lambda e, f: e.update(p=3.0), "field 'p' must be a whole number of at least 3"),
    "p not dividing n": (lambda e, f: e.update(p=7), "does not divide"),
    "p missing": (lambda e, f: e.pop("p"), "no field 'p'"),
    "check unknown": (lambda e, f: e.update(check="trust me"), "not 'trust me'"),
    "check missing": (lambda e, f: e.pop("check"), "no field 'check'"),
    "encoding changed": (lambda e, f: e.update(encoding="devil-lrat/v1"), "encoding"),
    "extra field": (lambda e, f: e.update(note="fine"), "unknown field 'note'"),
    "cnf missing": (lambda e, f: e.pop("cnf"), "no field 'cnf'"),
    "cnf hash changed": (lambda e, f: e.update(cnf_sha256="0" * 64), "CNF hash"),
    "proof hash changed": (lambda e, f: e.update(proof_sha256="0" * 64), "does not match"),
    "proof file missing": (lambda e, f: e.update(proof="nowhere.lrat"), "missing"),
    "proof file outside": (lambda e, f: e.update(proof="../x.lrat"), "plain file name"),
    "cnf file altered": (lambda e, f: rewritten(f, e, "cnf", "cnf_sha256",
                                                lambda d: d.replace(b"1 2 3", b"1 2")),
                         "CNF hash"),
    "proof truncated": (lambda e, f: rewritten(f, e, "proof", "proof_sha256", drop_last_line),
                        "never derives the empty clause"),
    "proof hint changed": (lambda e, f: rewritten(f, e, "proof", "proof_sha256", change_a_hint),
                           "proof line"),
    "proof not text": (lambda e, f: rewritten(f, e, "proof", "proof_sha256",
                                              lambda d: b"\xff" + d),
                       "characters other than digits"),
}


@pytest.mark.parametrize("tampering", LRAT_TAMPERINGS)
def test_kernel_rejects_tampered_lrat_invariants(tampering: str, folder: Path) -> None:
    change, reason = LRAT_TAMPERINGS[tampering]
    evidence = item(15, folder, "invariant", "lrat")
    change(evidence, folder)
    with pytest.raises(Rejected, match=reason):
        check(15, evidence, folder)


def test_another_odd_factor_is_a_proof_too(folder: Path) -> None:
    """The exhaustive check of n = 9 holds for p = 9 as well as for p = 3 (Lemma 2 needs only p
    odd), so it is accepted; an LRAT proof for p = 3 does not refute the formula for p = 9."""
    evidence = item(9, folder, "invariant", "exhaustive")
    evidence["p"] = 9
    assert check(9, evidence, folder) == Fact("impossible")


EXHAUSTIVE_TAMPERINGS: dict[str, tuple[Callable[[Evidence], None], str]] = {
    "p even": (lambda e: e.update(p=2), "at least 3, not 2"),
    "p not dividing n": (lambda e: e.update(p=5), "does not divide"),
    "extra field": (lambda e: e.update(proof="x"), "unknown field 'proof'"),
    "check changed to lrat": (lambda e: e.update(check="lrat"), "must be 'exhaustive'"),
}


@pytest.mark.parametrize("tampering", EXHAUSTIVE_TAMPERINGS)
def test_kernel_rejects_tampered_exhaustive_invariants(tampering: str, folder: Path) -> None:
    change, reason = EXHAUSTIVE_TAMPERINGS[tampering]
    evidence = item(12, folder, "invariant", "exhaustive")
    change(evidence)
    with pytest.raises(Rejected, match=reason):
        check(12, evidence, folder)


def test_exhaustive_check_stops_at_its_limit(folder: Path) -> None:
    evidence = {"method": "invariant", "check": "exhaustive", "p": 3}
    with pytest.raises(Rejected, match=r"over the kernel's bound devil\.invariant-pairs"):
        check(15, evidence, folder)


def test_an_escape_would_be_rejected_with_the_pair(monkeypatch: pytest.MonkeyPatch,
                                                   folder: Path) -> None:
    """The exhaustive check can say no: make the kernel believe in an escape."""
    monkeypatch.setattr(kernel, "escape", lambda n, p: (0b001, 0b011))
    with pytest.raises(Rejected, match=r"cannot keep THH in the invariant against the move TTH"):
        check(3, {"method": "invariant", "check": "exhaustive", "p": 3}, folder)


ALGEBRAIC_TAMPERINGS: dict[str, tuple[object, str]] = {
    "not a divisor": ("1011", "does not divide"),  # X^3 + X + 1 does not divide X^6 + 1
    "X + 1": ("11", "has the factor X \\+ 1"),
    "a divisor with the factor X + 1": ("1001", "has the factor X \\+ 1"),  # X^3 + 1
    "X^N + 1 itself": ("1000001", "has the factor X \\+ 1"),
    "one": ("1", "degree at least 1"),
    "zero": ("0", "leading 1"),
    "empty": ("", "leading 1"),
    "leading zero": ("010101", "leading 1"),
    "not binary": ("10201", "leading 1"),
    "a number": (0b10101, "leading 1"),
    "a list": ([1, 0, 1, 0, 1], "leading 1"),
    "too big": ("1" + "0" * 70 + "1", "does not divide"),
}


@pytest.mark.parametrize("tampering", ALGEBRAIC_TAMPERINGS)
def test_kernel_rejects_tampered_algebraic_evidence(tampering: str, folder: Path) -> None:
    h, reason = ALGEBRAIC_TAMPERINGS[tampering]
    evidence = item(6, folder, "algebraic")
    evidence["h"] = h
    with pytest.raises(Rejected, match=reason):
        check(6, evidence, folder)


def test_the_smaller_factor_is_accepted_too(folder: Path) -> None:
    """Lemma 4's Phi = X^2 + X + 1 works as well as the prover's Phi^2."""
    assert check(6, {"method": "algebraic", "h": "111"}, folder) == Fact("impossible")


@pytest.mark.parametrize("change", ["extra", "missing"])
def test_algebraic_evidence_has_exactly_its_fields(change: str, folder: Path) -> None:
    evidence = item(6, folder, "algebraic")
    if change == "extra":
        evidence["factors"] = "(X^2 + X + 1)^2"
    else:
        del evidence["h"]
    with pytest.raises(Rejected, match=r"unknown field 'factors'|no field 'h'"):
        check(6, evidence, folder)


@pytest.mark.parametrize("n", [1, 2, 4, 8, 16, 32, 64])
def test_no_divisor_of_x_n_plus_1_is_accepted_for_a_power_of_two(n: int, folder: Path) -> None:
    """Every divisor of X^n + 1 = (X + 1)^n is a power of X + 1 (Lemma 4)."""
    divisor = 1
    for _ in range(n + 1):
        with pytest.raises(Rejected, match=r"degree at least 1|has the factor X"):
            check(n, {"method": "algebraic", "h": format(divisor, "b")}, folder)
        divisor = multiply(divisor, 0b11)


def test_a_certificate_for_a_power_of_two_cannot_borrow_evidence(folder: Path) -> None:
    with pytest.raises(Rejected, match="does not divide"):
        check_document(devil_certificate("impossible", 8, None, [item(6, folder, "algebraic")]),
                       folder)
    with pytest.raises(Rejected, match="does not divide"):
        check_document(devil_certificate("impossible", 8, None,
                                         [item(6, folder, "invariant", "lrat")]), folder)


# --- The algebra agrees with sympy and with the closed form ------------------------------------

def multiply(a: int, b: int) -> int:
    """Carry-less product: polynomials over GF(2) as ints."""
    product = 0
    while b:
        if b & 1:
            product ^= a
        a, b = a << 1, b >> 1
    return product


polynomials = st.integers(0, 2**70)


@settings(max_examples=150, deadline=None)
@given(polynomials, polynomials.filter(bool))
def test_kernel_arithmetic_agrees_with_sympy(a: int, b: int) -> None:
    assert kernel.remainder(a, b) == bits(rem(poly(a), poly(b)))
    assert kernel.gcd(a, b) == bits(gcd(poly(a), poly(b)))
    quotient = bits(poly(a).quo(poly(b)))
    assert multiply(quotient, b) ^ kernel.remainder(a, b) == a


@pytest.mark.parametrize("n", range(1, 65))
def test_coprime_factor_is_what_the_lemma_says(n: int) -> None:
    """h exists iff n is not a power of two, and then h = Phi^(2^k) where n = 2^k m, m odd,
    Phi = 1 + X + ... + X^(m-1); the factors multiply back to X^n + 1; the kernel accepts h."""
    product = 1
    for factor, multiplicity in factors(n):
        assert poly(factor).is_irreducible
        assert kernel.remainder(1 << n | 1, factor) == 0
        for _ in range(multiplicity):
            product = multiply(product, factor)
    assert product == 1 << n | 1
    h = coprime_factor(n)
    assert (h is None) == is_power_of_two(n)
    if h is not None:
        m, k = n, 0
        while m % 2 == 0:
            m, k = m // 2, k + 1
        phi = (1 << m) - 1
        expected = 1
        for _ in range(2**k):
            expected = multiply(expected, phi)
        assert h == expected
        assert kernel.check_algebraic_evidence(
            n, {"method": "algebraic", "h": format(h, "b")}, Artifacts(Path())) == Fact(
            "impossible")
