"""The extracted walk checker (formal/ExtractWalk.v: wordsb of NoRepeatsWords.v, proved sound
by words_second_wins and words_first_wins; `make checker` builds formal/checker/walkcheck with
its reader walkread.c, not trusted). It accepts the native core's walks for 2 to 5 coins under
misère play (the second player's) and under normal play (the first player's, from her first
move), and every changed byte of a five-coin walk gets the kernel's verdict on this road: the
reader refuses what breaks the format, the checker what the format lets through (a changed
reply into a leaf the loser wins).
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

import pytest

from coinproofs.coq import norepeat
from coinproofs.coq.check import check_folder
from coinproofs.coq.gate import EXTRACTED, printed_statements, statement_findings
from tests.conftest import make
from tests.corpus import Corpus
from tests.test_coq_norepeat_walk import kernel_accepts
from tests.test_formal import FORMAL, needs_coq, needs_ocaml
from tests.test_norepeat_walk import verdict, written

REFUSED = "the checker refuses the walk"


@pytest.fixture(scope="module")
def walkcheck(formal: Path) -> Path:
    """`make checker`: wordsb extracted to OCaml, with the reader of NRWALK1 files."""
    make("checker")
    return FORMAL / "checker" / "walkcheck"


def run(walkcheck: Path, folder: Path, data: bytes, n: int, rule: str = "misere",
        winner: str = "second") -> tuple[int, str]:
    """walkcheck's exit status and what it prints, on `data` written into `folder`."""
    path = folder / "walk.nrwalk"
    path.write_bytes(data)
    result = subprocess.run([str(walkcheck), str(n), rule, winner, str(path)],
                            capture_output=True, text=True, timeout=60)
    return result.returncode, (result.stdout + result.stderr).strip()


@needs_coq
def test_the_gate_pins_what_walkcheck_means(formal: Path) -> None:
    """words_second_wins and words_first_wins state, as Coq prints them, what the gate records:
    an accepted walk proves who wins, whatever functions the reader gave."""
    printed = printed_statements(formal, list(EXTRACTED))
    assert statement_findings(printed, EXTRACTED) == []
    assert printed["words_second_wins"].endswith("None -> second_wins n r")
    assert printed["words_first_wins"].endswith("(Some z) -> first_wins n r")


@needs_coq
@needs_ocaml
@pytest.mark.parametrize("n, leaf", [(2, 0), (3, 0), (4, 0), (5, 0), (5, 8), (5, 20)])
def test_walkcheck_accepts_the_walks(walkcheck: Path, tmp_path: Path, n: int, leaf: int) -> None:
    winner, data = written(n, True, leaf)
    assert winner == "second"
    assert run(walkcheck, tmp_path, data, n) == (0, "second wins")


@needs_coq
@needs_ocaml
def test_walkcheck_states_only_the_claim_asked(walkcheck: Path, tmp_path: Path) -> None:
    """The coins, the rule and the winner come from the command line: a walk for another
    claim, or arguments out of bounds, are refused."""
    _, data = written(5, True, 20)
    assert run(walkcheck, tmp_path, data, 5, "normal")[0] == 1
    assert run(walkcheck, tmp_path, data, 4)[0] == 1
    assert run(walkcheck, tmp_path, data, 5, "misere", "first") == (
        1, "the walk is not for the first player (its header's winner)")
    assert run(walkcheck, tmp_path, data, 7)[0] == 2
    assert run(walkcheck, tmp_path, data, 5, "other")[0] == 2
    assert run(walkcheck, tmp_path, data, 5, "misere", "third")[0] == 2


@needs_coq
@needs_ocaml
@pytest.mark.parametrize("n, leaf", [(2, 0), (3, 0), (4, 8), (5, 0), (5, 8)])
def test_walkcheck_takes_a_first_players_walk(walkcheck: Path, tmp_path: Path, n: int,
                                              leaf: int) -> None:
    """Under normal play Amber wins: the core's walk starts after her first move (the
    header's), which walkcheck hands to wordsb as Some z (words_first_wins), node 0 the
    position after it, answered through the symmetry onto the node the walk entered first: so
    any coin as her first move is accepted. It proves her win only: not Ben's, nor hers under
    misère play."""
    winner, data = written(n, False, leaf)
    assert winner == "first"
    for first in range(n):
        moved = data[:11] + bytes([first]) + data[12:]
        assert run(walkcheck, tmp_path, moved, n, "normal", "first") == (0, "first wins")
    assert run(walkcheck, tmp_path, data, n, "normal", "second") == (
        1, "the walk is not for the second player (its header's winner)")
    assert run(walkcheck, tmp_path, data, n, "misere", "first")[0] == 1


@needs_coq
@needs_ocaml
@pytest.mark.parametrize("leaf", [8, 20])
def test_every_changed_byte_gets_the_kernels_verdict(walkcheck: Path, tmp_path: Path,
                                                     leaf: int) -> None:
    """Each byte of the five-coin walk changed (its lowest bit, its highest): walkcheck accepts
    the file exactly when the kernel's native walk does; with leaves of 8, some refusals are the
    checker's own (a leaf the loser wins), not the reader's."""
    _, data = written(5, True, leaf)
    by_checker = 0
    for at in range(len(data)):
        for mask in (0x01, 0x80):
            changed = bytearray(data)
            changed[at] ^= mask
            status, said = run(walkcheck, tmp_path, bytes(changed), 5)
            assert status in (0, 1), said
            assert (status == 0) == kernel_accepts(tmp_path, bytes(changed), 5), (at, mask, said)
            by_checker += said == REFUSED
    assert by_checker > 0 or leaf == 20


@needs_coq
@needs_ocaml
def test_every_changed_byte_of_a_first_players_walk_gets_the_kernels_verdict(
        walkcheck: Path, tmp_path: Path) -> None:
    """Each byte of Amber's five-coin walk (normal play, leaves of 8) changed, its lowest bit
    and its highest: walkcheck accepts it for her exactly when the kernel's native walk does
    (another coin as her first move is accepted by both: a symmetry maps it onto hers)."""
    _, data = written(5, False, 8)
    accepted = 0
    for at in range(len(data)):
        for mask in (0x01, 0x80):
            changed = bytearray(data)
            changed[at] ^= mask
            status, said = run(walkcheck, tmp_path, bytes(changed), 5, "normal", "first")
            assert status in (0, 1), said
            kernel = verdict(tmp_path, bytes(changed), 5, False, "first", native=True) == ""
            assert (status == 0) == kernel, (at, mask, said)
            accepted += kernel
    assert 0 < accepted < len(data)


@needs_coq
@needs_ocaml
def test_verify_coq_hands_a_large_walk_to_walkcheck(walkcheck: Path, corpus: Corpus, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A certificate whose walk has more nodes than a .v is written for (here the bound lowered
    to 0, as six coins' walk exceeds it) has no .v: `verify --coq`'s check runs walkcheck on
    the walk, which accepts the five-coin walk and refuses it cut short."""
    monkeypatch.setattr(norepeat, "COQ_WALK_NODES", 0)
    path = corpus.copy("norepeat.n5.misere", to=tmp_path) / "norepeat.n5.misere.json"
    _, data = written(5, True, 8)
    walk = tmp_path / "norepeat.n5.misere.nrwalk"
    certificate = json.loads(path.read_text())
    certificate["evidence"] = [{"method": "strategy-walk", "file": walk.name,
                                "sha256": hashlib.sha256(data).hexdigest(),
                                "nodes": int.from_bytes(data[16:24], "little")}]
    path.write_text(json.dumps(certificate))
    (tmp_path / "norepeat_n5_misere.v").unlink()
    for written_data, accepted in ((data, True), (data[:-1], False)):
        walk.write_bytes(written_data)
        [checked], _ = check_folder(tmp_path, [path], norec=True)
        assert (checked.accepted, checked.methods) == (accepted, ("walkcheck",)), checked
        assert accepted or "extracted walk checker refuses" in checked.reason


@needs_coq
@needs_ocaml
def test_verify_coq_hands_a_first_players_walk_to_walkcheck(
        walkcheck: Path, corpus: Corpus, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same for Amber's claim under normal play with her walk as its evidence: walkcheck
    is asked for the claim's value, "first", and accepts the walk; with a byte of its records
    changed (the first change the kernel refuses) it refuses it. The folder is given relative
    to the working folder, as `verify --coq certificates` gives it."""
    monkeypatch.setattr(norepeat, "COQ_WALK_NODES", 0)
    path = corpus.copy("norepeat.n5.normal", to=tmp_path) / "norepeat.n5.normal.json"
    _, data = written(5, False, 8)
    walk = tmp_path / "norepeat.n5.normal.nrwalk"
    certificate = json.loads(path.read_text())
    assert certificate["claim"]["value"] == "first"
    certificate["evidence"] = [{"method": "strategy-walk", "file": walk.name,
                                "sha256": hashlib.sha256(data).hexdigest(),
                                "nodes": int.from_bytes(data[16:24], "little")}]
    path.write_text(json.dumps(certificate))
    (tmp_path / "norepeat_n5_normal.v").unlink(missing_ok=True)
    flipped = (data[:at] + bytes([data[at] ^ 1]) + data[at + 1:] for at in range(32, len(data)))
    changed = next(walk for walk in flipped
                   if verdict(tmp_path, walk, 5, False, "first", native=True))
    monkeypatch.chdir(tmp_path.parent)
    folder = Path(tmp_path.name)
    for written_data, accepted in ((data, True), (changed, False)):
        walk.write_bytes(written_data)
        [checked], _ = check_folder(folder, [folder / path.name], norec=True)
        assert (checked.accepted, checked.methods) == (accepted, ("walkcheck",)), checked
        assert accepted or "extracted walk checker refuses" in checked.reason
