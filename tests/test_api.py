"""coinproofs as a library: `import coinproofs as cp` and everything the README does, from
Python (the doctests in the API modules run too, with the rest of the package's)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import coinproofs as cp
from coinproofs.certificates import Verdict, Verdicts


def test_import_coinproofs_is_light() -> None:
    """The game modules, numpy and matplotlib load only when used: `coinproofs` starts fast."""
    script = ("import sys, coinproofs as cp; "
              "print(sorted(m for m in ('numpy', 'matplotlib', 'coinproofs.devil', 'rich') "
              "if m in sys.modules)); cp.devil; print('coinproofs.devil' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.stdout.split("\n")[:2] == ["[]", "True"], result.stderr


def test_solve_gives_positions_and_a_short_repr() -> None:
    found = cp.devil.solve(4)
    assert found.length == 15 and found.wins and found.moves is not None
    assert found.moves[:2] == [[0, 1, 2, 3], [0, 2]]
    assert repr(found) == ("Solution(n=4, length=15, "
                           "moves=[[0, 1, 2, 3], [0, 2], [0, 1, 2, 3], ...])")
    assert len(repr(cp.devil.solve(8))) < 120
    impossible = cp.devil.solve(6)
    assert impossible.length is None and impossible.moves is None and not impossible.wins


def test_check_takes_position_lists_and_gives_a_counterexample() -> None:
    assert cp.devil.check(cp.devil.solve(4).moves, 4).wins
    lost = cp.devil.check([[0, 1, 2, 3], [0, 2]], 4)
    assert not lost.wins and lost.counterexample is not None
    assert len(lost.counterexample.rotations) == 2 and len(lost.counterexample.coins) == 4
    assert str(lost).startswith("loses: starting from")
    assert cp.devil.check((m for m in [(0, 1), (0,), (0, 1)]), 2).wins  # any iterables
    with pytest.raises(ValueError, match=r"position 4, outside 0\.\.3"):
        cp.devil.check([[4]], 4)
    with pytest.raises(ValueError, match="move 1 must be a list of positions"):
        cp.devil.check([5], 4)


def test_lamping_and_beliefs() -> None:
    moves = cp.devil.lamping(4)
    assert len(moves) == 15 and moves[7] == [0]
    beliefs = cp.devil.beliefs(moves, 4)
    assert beliefs.orbits == ["HHHH", "HHHT", "HHTT", "HTHT", "HTTT", "TTTT"]
    assert beliefs.sizes[0] == 6 and beliefs[15] == ["HHHH"] and beliefs.wins
    assert str(beliefs).splitlines()[2] == "   0 |       | HHHH HHHT HHTT HTHT HTTT TTTT"


def test_penny_and_norepeat() -> None:
    assert cp.penny.losing_positions(30)[-1] == (17, 28)
    assert cp.penny.best_move(75, 90) == cp.penny.Move(take=(0, 44), to=(75, 46))
    assert str(cp.penny.best_move(3, 7)) == "take 2 from the second pile -> (3, 5)"
    assert cp.penny.best_move(24, 39) is None
    riddler = cp.penny.totals(20, 30)
    assert riddler.winning_totals == [20, 22, 23, 25, 26, 27, 28, 30]
    assert riddler.losing == [(8, 13), (9, 15), (11, 18)] == cp.penny.losing_positions(18)[-3:]
    assert repr(riddler).startswith("Totals(20..30: the first player loses only from (8, 13),")
    wide = cp.penny.totals(0, 100_000)  # a wide range stays one short line
    assert len(repr(wide)) < 300 and f"({len(wide.losing):,} in all)" in repr(wide)
    assert [cp.norepeat.winner(n) for n in (3, 4)] == ["first", "first"]
    assert cp.norepeat.winner(3, misere=True) == "second"
    with pytest.raises(ValueError, match="misère play on 7 coins is not solved"):
        cp.norepeat.winner(7, misere=True)


def test_prove_and_verify_from_python(tmp_path: Path) -> None:
    proofs = cp.prove("devil.n4.shortest", "penny.riddler-20-30", out=tmp_path)
    assert proofs.proved and len(proofs) == 2 and proofs.summary == (
        "2 of 2 claims proved and accepted")
    folder = cp.verify(tmp_path)
    assert isinstance(folder, Verdicts) and folder.accepted and folder.reason == ""
    assert folder.summary == "2 of 2 claims accepted"
    one = cp.verify(tmp_path / "devil.n4.shortest.json")
    assert isinstance(one, Verdict) and one.accepted and "strategy" in one.evidence


def test_verify_never_raises_on_a_bad_certificate(tmp_path: Path) -> None:
    cp.prove("devil.n2.shortest", out=tmp_path)
    path = tmp_path / "devil.n2.shortest.json"
    document = json.loads(path.read_text())
    document["claim"]["value"] = 2
    path.write_text(json.dumps(document))
    verdict = cp.verify(path)
    assert isinstance(verdict, Verdict)
    assert not verdict.accepted and verdict.reason
    (tmp_path / "junk.json").write_text("{not json")
    folder = cp.verify(tmp_path)
    assert not folder.accepted and "junk.json is not listed in the MANIFEST" in folder.reason
    assert not any(verdict.accepted for verdict in folder)
    with pytest.raises(FileNotFoundError, match=r"absent\.json"):
        cp.verify(tmp_path / "absent.json")  # as Python's own file functions do
    empty = cp.verify(tmp_path / "sub") if (tmp_path / "sub").mkdir() is None else None
    assert empty is not None and not empty.accepted and "no certificates" in empty.reason


def test_verify_is_still_the_kernel_package() -> None:
    """`cp.verify` is both the function and the kernel package it calls."""
    from coinproofs.verify import certificate

    assert cp.verify.certificate is certificate
    assert callable(cp.verify)


def test_prove_refuses_a_bad_id_or_folder_before_any_work(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"cannot prove devil\.n2048\.impossible"):
        cp.prove("devil.n2048.impossible", out=tmp_path / "out")
    assert not (tmp_path / "out").exists()
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(ValueError, match=re.escape(f"cannot write certificates into {blocker}")):
        cp.prove("devil.n1.shortest", out=blocker)
    inside = blocker / "sub"
    with pytest.raises(ValueError, match=re.escape(f"cannot write certificates into {inside}")):
        cp.prove("devil.n1.shortest", out=blocker / "sub")


@pytest.mark.parametrize(("arguments", "error", "words"), [
    ({"jobs": 0}, ValueError, "jobs must be at least 1, not 0"),
    ({"jobs": -1}, ValueError, "not -1"),  # both once proved with one process
    ({"jobs": 10**9}, ValueError, "at most 256"),  # once a pool of 10**9 processes: a fork bomb
    ({"jobs": 2.5}, TypeError, "jobs must be a whole number, not 2.5"),
    ({"jobs": "2"}, TypeError, "not '2'"),
    ({"out": ""}, TypeError, "name of a folder"),  # once wrote into the current folder
    ({"out": None}, TypeError, "name of a folder, not None"),
])
def test_prove_refuses_bad_arguments_in_a_sentence(tmp_path: Path, arguments: dict[str, object],
                                                   error: type[Exception], words: str) -> None:
    keywords = {"out": tmp_path / "out"} | arguments
    with pytest.raises(error, match=re.escape(words)):
        cp.prove("devil.n1.shortest", **keywords)  # type: ignore[arg-type]
    assert not (tmp_path / "out").exists()


def test_prove_refuses_a_folder_holding_json_that_is_no_certificate(tmp_path: Path) -> None:
    """Once proved into it, and wrote a MANIFEST that listed notes.json as the certificate of
    a claim 'notes': `verify` then rejected the folder that `prove` had called proved."""
    (tmp_path / "notes.json").write_text("{}")
    (tmp_path / "readme.txt").write_text("not JSON: listed, and harmless")
    with pytest.raises(ValueError, match=r"it holds notes\.json, named after no claim"):
        cp.prove("devil.n1.shortest", out=tmp_path)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["notes.json", "readme.txt"]
    (tmp_path / "notes.json").unlink()
    assert cp.prove("devil.n1.shortest", out=tmp_path).proved
    assert cp.verify(tmp_path).accepted


@pytest.mark.parametrize("ids", [(5,), (None,), (["devil.n1.shortest"],)])
def test_prove_wants_ids_as_strings(tmp_path: Path, ids: tuple[object, ...]) -> None:
    with pytest.raises(TypeError, match="claim ids are strings"):
        cp.prove(*ids, out=tmp_path)  # type: ignore[arg-type]


# Each once failed deep inside an engine ("'<' not supported between instances of 'str' and
# 'int'", "unsupported operand type(s) for <<"), or was taken silently (True as n, 2.5 games,
# misere="yes", a negative second pile, largest=0 giving an empty table).
BAD_CALLS = [
    (lambda: cp.devil.solve("4"), TypeError, "n must be a whole number, not '4'"),
    (lambda: cp.devil.solve(4.0), TypeError, "n must be a whole number, not 4.0"),
    (lambda: cp.devil.solve(4, states=2.0), TypeError, "states must be a whole number"),
    (lambda: cp.devil.solve(4, group=None), TypeError, "group must be a name"),
    (lambda: cp.devil.check([[0]], True), TypeError, "n must be a whole number, not True"),
    (lambda: cp.devil.check([[0]], 4.0), TypeError, "n must be a whole number, not 4.0"),
    (lambda: cp.devil.lamping("4"), TypeError, "n must be a whole number"),
    (lambda: cp.devil.beliefs([[0]], None), TypeError, "n must be a whole number, not None"),
    (lambda: cp.devil.play([[0]], 4, games=2.5), TypeError, "games must be a whole number"),
    (lambda: cp.devil.play([[0]], 4, games=2, seed="x"), TypeError, "seed must be a whole"),
    (lambda: cp.devil.play([[0]], 0, games=2), ValueError, "n must be at least 1, not 0"),
    (lambda: cp.devil.explain([[0]], None), TypeError, "n must be a whole number"),
    (lambda: cp.devil.table(0), ValueError, "largest must be at least 1, not 0"),
    (lambda: cp.devil.table(10**9), ValueError, "up to 12 coins, the most breadth-first "
                                                "search handles, not 1000000000"),
    (lambda: cp.devil.encode(4, 3.0), TypeError, "length must be a whole number, not 3.0"),
    (lambda: cp.penny.is_losing(3, -1), ValueError, "b must not be negative, not -1"),
    (lambda: cp.penny.best_move(3.0, 5), TypeError, "a must be a whole number, not 3.0"),
    (lambda: cp.penny.winning_moves(None, 5), TypeError, "a must be a whole number"),
    (lambda: cp.penny.losing_positions(3.5), TypeError, "largest must be a whole number"),
    (lambda: cp.penny.totals(3, 3.5), TypeError, "hi must be a whole number, not 3.5"),
    (lambda: cp.norepeat.winner("3"), TypeError, "n must be a whole number, not '3'"),
    (lambda: cp.norepeat.winner(3, misere="yes"), TypeError, "misere must be True or False"),
    (lambda: cp.norepeat.solve(3.0), TypeError, "n must be a whole number, not 3.0"),
    (lambda: cp.norepeat.solve(3, seconds="x"), TypeError, "seconds must be a number"),
    (lambda: cp.norepeat.solve(3, seconds=float("nan")), ValueError, "more than 0, not nan"),
    (lambda: cp.verify(None), TypeError, "path is the name of a certificate file"),
    (lambda: cp.verify(""), TypeError, "path is the name of a certificate file"),
]


@pytest.mark.parametrize(("call", "error", "words"), BAD_CALLS)
def test_bad_arguments_are_one_sentence_naming_the_argument(
        call: Any, error: type[Exception], words: str) -> None:
    with pytest.raises(error) as raised:
        call()
    assert type(raised.value) is error and words in str(raised.value)
    assert "\n" not in str(raised.value)


def test_numpy_integers_are_whole_numbers() -> None:
    """A notebook's numbers often come from numpy: they are whole numbers too."""
    import numpy as np

    assert cp.devil.solve(np.int64(4)).length == 15
    assert cp.penny.is_losing(np.int32(3), np.int64(5))


def test_the_package_is_typed() -> None:
    assert (Path(cp.__file__).parent / "py.typed").exists()


def test_docs_api_names_every_public_function() -> None:
    text = (Path(cp.__file__).parents[1] / "docs" / "api.md").read_text()
    for name in ("cp.devil.solve", "cp.devil.check", "cp.devil.lamping", "cp.devil.beliefs",
                 "cp.devil.play", "cp.devil.explain", "cp.penny.losing_positions",
                 "cp.penny.best_move", "cp.norepeat.winner", "cp.prove", "cp.verify",
                 "cp.claims"):
        assert f"`{name}(" in text, name


def test_the_examples_in_docs_api_run() -> None:
    import doctest

    page = Path(cp.__file__).parents[1] / "docs" / "api.md"
    assert doctest.testfile(str(page), module_relative=False).failed == 0


def test_cp_verify_needs_only_the_kernel(tmp_path: Path) -> None:
    """cp.verify in a process where games/, encodings/ and proofs/ cannot be imported."""
    cp.prove("devil.n4.shortest", out=tmp_path)
    script = f"""
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.startswith(("coinproofs.games", "coinproofs.encodings", "coinproofs.proofs")):
            raise ImportError("blocked: " + name)
sys.meta_path.insert(0, Block())
import coinproofs as cp
print(cp.verify({str(tmp_path)!r}).summary)
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "1 of 1 claim accepted"
