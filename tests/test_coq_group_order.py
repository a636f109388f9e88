"""Shortest claims that cite the group theorems alone, for a group other than the rotations or
the trivial group (only beyond Q^N = 32,768, where no search runs), on the Coq road:
coinproofs/coq/group.py lists the group's elements (the kernel's listing, untrusted) and
formal/table/GroupOrder.v's closed_shortest checks, by vm_compute, that the list is sorted,
of permutations, closed under each generator and of p^k members, q = p^b: the group's order
divides p^k, which is the criterion. A list changed in any of those ways fails to compile.

The tests that run Coq skip when `coqc` is missing."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import coinproofs as cp
from coinproofs.coq import MATHCOMP_IMPORT, Script, Unsupported, module_name
from coinproofs.coq import devil as coq_devil
from coinproofs.coq.group import elements_script, generators_text
from coinproofs.proofs.registry import find
from coinproofs.verify import table as kernel
from tests.test_formal import compile_coq, needs_coq

# (claim, table): the dihedral group of 16 (32 elements), Klein's (4), the alternating group of
# 3 (3, with q = 3^4), the dihedral group of 8 with the goal equal (8 ^ 7 - 1 moves).
CLAIMS = {"devil.n16.dihedral.shortest": (16, 2, "dihedral", "zero"),
          "devil.n4.q16.klein.shortest": (4, 16, "klein", "zero"),
          "devil.n3.q81.alternating.shortest": (3, 81, "alternating", "zero"),
          "devil.n8.q8.dihedral.equal.shortest": (8, 8, "dihedral", "equal")}


def proof_file(claim_id: str, script: Script) -> str:
    """The claim's statement (from its id alone) proved by the script, as a .v file."""
    statement = coq_devil.statement(find(claim_id).as_json())
    return (f"{MATHCOMP_IMPORT}\n"
            f"From CoinProofs Require Import Claims {' '.join(statement.requires)} "
            f"{' '.join(script.requires)}.\n{script.definitions}\n"
            f"Theorem claim : {statement.text}.\nProof.\n{script.proof}\nQed.\n")


def with_elements(script: Script, elements: list[tuple[int, ...]]) -> Script:
    return dataclasses.replace(script,
                               definitions=f"Definition elements := {generators_text(elements)}.")


def test_prove_writes_the_elements_road(tmp_path: Path) -> None:
    """`prove` writes a .v for each claim (it had none before), listing the group."""
    assert cp.prove(*CLAIMS, out=tmp_path).proved
    for claim_id, (n, q, group, goal) in CLAIMS.items():
        text = (tmp_path / f"{module_name(claim_id)}.v").read_text()
        assert "closed_shortest" in text
        elements = kernel.group(kernel.table_of(n, q, group, goal, tables=False))
        assert generators_text(list(elements)) in text


def test_only_a_prime_power_q_has_the_road() -> None:
    with pytest.raises(Unsupported, match="q = 6 is not a power of a prime"):
        elements_script(kernel.table_of(4, 6, "klein", tables=False))
    with pytest.raises(Unsupported, match="24 elements, not a power of 2"):
        elements_script(kernel.table_of(4, 2, "symmetric", tables=False))


@needs_coq
@pytest.mark.parametrize("claim_id", CLAIMS)
def test_the_claims_compile(formal: Path, tmp_path: Path, claim_id: str) -> None:
    script = elements_script(kernel.table_of(*CLAIMS[claim_id], tables=False))
    result = compile_coq(tmp_path, proof_file(claim_id, script))
    assert result.returncode == 0, result.stdout + result.stderr


def klein() -> tuple[Script, list[tuple[int, ...]]]:
    r = kernel.table_of(4, 16, "klein", tables=False)
    return elements_script(r), list(kernel.group(r))


def spoiled() -> dict[str, Script]:
    """Klein's claim with its list or its numbers changed."""
    script, elements = klein()
    outside = (1, 0, 2, 3)  # a transposition, not in Klein's group
    return {
        "an element left out": with_elements(script, elements[:-1]),
        "an element twice": with_elements(script, elements[:2] + elements[1:]),
        "out of order": with_elements(script, elements[::-1]),
        "one not in the group": with_elements(script, sorted([*elements[:-1], outside])),
        "not a permutation": with_elements(script, [*elements[:-1], (3, 3, 3, 3)]),
        "another power of 2": dataclasses.replace(
            script, proof=script.proof.replace("elements 2 4 2", "elements 2 4 3")),
        "another q": dataclasses.replace(
            script, proof=script.proof.replace("elements 2 4 2", "elements 2 3 2")),
        "not a prime": dataclasses.replace(
            script, proof=script.proof.replace("elements 2 4 2", "elements 4 2 1")),
    }


@needs_coq
@pytest.mark.parametrize("change", list(spoiled()))
def test_a_changed_list_or_number_fails(formal: Path, tmp_path: Path, change: str) -> None:
    result = compile_coq(tmp_path, proof_file("devil.n4.q16.klein.shortest", spoiled()[change]))
    assert result.returncode != 0
    assert "closed_shortest" in result.stderr or "erefl" in result.stderr, result.stderr


@needs_coq
def test_a_larger_closed_list_proves_the_claim_too(formal: Path, tmp_path: Path) -> None:
    """What the list must be is only a union of cosets of the group with p^k members: the
    dihedral group of the square (8 elements, Klein's and a transposition), for Klein's."""
    script, elements = klein()
    r = kernel.table_of(4, 16, "klein", tables=False)
    larger = kernel.group(dataclasses.replace(r, generators=(*r.generators, (1, 0, 2, 3))))
    assert len(larger) == 8 and set(elements) < set(larger)
    bigger = dataclasses.replace(with_elements(script, list(larger)),
                                 proof=script.proof.replace("elements 2 4 2", "elements 2 4 3"))
    result = compile_coq(tmp_path, proof_file("devil.n4.q16.klein.shortest", bigger))
    assert result.returncode == 0, result.stdout + result.stderr
