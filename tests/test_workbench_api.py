"""The API is the whole program: cp.glasses and cp.devil.count, results with a short repr and
a rich display in a notebook, numpy integers and str or Path accepted."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import coinproofs as cp


def test_glasses_from_python() -> None:
    four = cp.glasses.solve(4, hands=2)
    assert (four.length, four.shortest, four.wins) == (5, True, True)
    assert four.lines()[0] == "feel 0 1" and len(repr(four)) < 80
    checked = cp.glasses.check(four.strategy, 4, hands=2)
    assert checked.wins and checked.turns == 5 and str(checked).startswith("wins")
    none = cp.glasses.solve(4, hands=1)
    assert not none.wins and none.invariant and "no strategy wins" in repr(none)


def test_count_from_python() -> None:
    counted = cp.devil.count(3, states=3)
    assert counted.length == 26 and counted.sequences > counted.up_to_group > 1
    assert "3 dials with 3 states" in counted._repr_html_()
    assert cp.devil.count(3).length is None


def test_every_result_has_a_short_repr_and_a_rich_display(tmp_path: Path) -> None:
    four = cp.devil.solve(4)
    results = [four, cp.devil.check(four.moves, 4), cp.devil.beliefs(four.moves, 4),
               cp.devil.play(four.moves, 4, 2, seed=1), cp.devil.count(2), cp.devil.table(3),
               cp.norepeat.solve(3), cp.glasses.solve(3, hands=2),
               cp.glasses.check(cp.glasses.solve(3, hands=2).strategy, 3, hands=2)]
    proofs = cp.prove("devil.n2.shortest", out=tmp_path, progress=False)
    results += [proofs, cp.verify(tmp_path), cp.verify(tmp_path / "devil.n2.shortest.json")]
    for result in results:
        assert len(repr(result)) < 160 and " at 0x" not in repr(result), repr(result)
        shown = result._repr_html_()
        assert shown.startswith(("<p>", "<table>")), shown[:60]
    assert "<img" in cp.devil.beliefs(four.moves, 4)._repr_html_()  # with its picture
    assert "<td style='color:#070'>accepted</td>" in cp.verify(tmp_path)._repr_html_()


def test_numpy_integers_and_paths_are_accepted(tmp_path: Path) -> None:
    moves = [np.array(move, dtype=np.int64) for move in cp.devil.lamping(4)]
    assert cp.devil.check([list(move) for move in moves], np.int64(4)).wins
    assert cp.devil.beliefs([[np.int32(0), np.int32(1)], [0], [0, 1]], 2).wins
    figure = cp.devil.beliefs(cp.devil.lamping(2), 2).figure()
    for name in (str(tmp_path / "a.svg"), tmp_path / "b.png"):
        cp.pictures.save(figure, name)
        assert Path(name).stat().st_size > 0
    assert cp.verify(str(tmp_path)).accepted is False  # no certificates: a verdict, no error


def test_norepeat_strategy_reads_as_histories() -> None:
    three = cp.norepeat.solve(3)
    assert three.player == "Amber" and three.strategy()[""] in range(3)
    assert all(key == "" or set(key) <= set("0123456789,") for key in three.strategy())
