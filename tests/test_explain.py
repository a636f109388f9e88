"""`devil explain`: Lamping's shape is found in the strategies that have it, and what it says
about each phase is what the beliefs show."""

from __future__ import annotations

import re

import pytest

import coinproofs as cp
from coinproofs.devil import moves_from
from coinproofs.explain import halves_xor, shape
from coinproofs.games.devil import beliefs_along, orbits


@pytest.mark.parametrize("n", [2, 4, 8])
@pytest.mark.parametrize("source", ["lamping", "search"])
def test_lampings_shape_is_found_and_each_d_rules_out_equal_halves(n: int, source: str) -> None:
    moves = cp.devil.lamping(n) if source == "lamping" else cp.devil.solve(n).moves
    found = shape(moves_from(moves, n), n)
    assert found is not None and len(found.changes) == len(found.half) == 2 ** (n // 2) - 1
    text = cp.devil.explain(moves, n)
    phases = [line for line in text.splitlines() if re.match(r"  moves? \d", line)]
    d_phases = [line for line in phases if ", D: " in line][: len(found.changes) + 1]
    heads = "H" * (n // 2)
    assert all(heads not in line.split("h in")[-1] for line in d_phases), d_phases
    assert phases[-1].endswith("only all heads is left") if n == 2 else True


def test_the_h_values_are_those_of_the_belief() -> None:
    moves = moves_from(cp.devil.lamping(4), 4)
    after_d = beliefs_along(moves, 4)[3]
    leaders = orbits(4)
    words = {"HT" if halves_xor(leaders[j], 2) in (1, 2) else "TT"
             for j in range(1, len(leaders)) if after_d >> j & 1}
    assert words == {"HT", "TT"}
    assert "moves 1-3, D: 6 -> 4 orbits; the states left have h in {HT, TT}" in (
        cp.devil.explain(cp.devil.lamping(4), 4))


def test_an_odd_table_has_no_halves() -> None:
    assert shape([1, 3, 1], 3) is None
    assert "does not describe them" in cp.devil.explain([[0, 1, 2]], 3)
