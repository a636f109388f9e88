"""The Coq road outside a checkout (issue 33, item 9): an installed coinproofs ships formal/'s Coq
sources, `coinproofs formal build` compiles them into the user's cache once their digest is the
pinned one, and verify --coq finds that library when there is no checkout. (.ci/run installs a
built wheel in a fresh environment and checks a proof that way.)"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from coinproofs.coq import check, library
from coinproofs.verify import theorems
from tests.cli import ROOT, fails_with_one_sentence, inside
from tests.conftest import make
from tests.test_formal import FORMAL, needs_ocaml
from tests.test_norepeat_walk import written

needs_coq = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in ("coqc", "coqchk", "coq_makefile", "make")),
    reason="needs coqc, coqchk, coq_makefile and make (apt-get install coq libcoq-mathcomp make)")


def test_the_package_build_ships_the_pinned_sources(tmp_path: Path) -> None:
    """setup.py's build_py copies every .v file, _CoqProject and the walk checker's own sources
    (library.WALKCHECK_SOURCES), and nothing else of formal/."""
    built = subprocess.run([sys.executable, "setup.py", "-q", "build_py", "--build-lib",
                            str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                           timeout=300)
    assert built.returncode == 0, built.stderr
    shipped = tmp_path / "coinproofs" / "formal_sources"
    assert theorems.formal_sha256(shipped) == theorems.FORMAL_SHA256
    others = {path.relative_to(shipped) for path in shipped.rglob("*")
              if path.is_file() and path.suffix != ".v"}
    assert others == {Path("_CoqProject"), *library.WALKCHECK_SOURCES}
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # what setup.py leaves in the checkout


def outside_a_checkout(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """As an installed coinproofs sees it: no formal/ beside the package, a cache of its own."""
    monkeypatch.setenv("COINPROOFS_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(library, "checkout_formal", lambda: tmp_path / "no-checkout" / "formal")


def tiny_project(folder: Path) -> Path:
    """A one-file Coq project, to build in seconds what `formal build` builds in a minute."""
    (folder / "rules").mkdir(parents=True)
    (folder / "rules" / "Claims.v").write_text("Definition claimed := True.\n")
    (folder / "_CoqProject").write_text("-Q . CoinProofs\nrules/Claims.v\n")
    return folder


def test_verify_coq_outside_a_checkout_names_the_command_that_builds(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    outside_a_checkout(monkeypatch, tmp_path)
    assert check.formal_folder() == library.cached_library()
    if shutil.which("coqc") is None or shutil.which("coqchk") is None:
        pytest.skip("verify --coq first asks for coqc and coqchk")
    with pytest.raises(check.CoqMissing, match="run `coinproofs formal build`"):
        check.require_coq(library.cached_library())


def test_formal_build_in_a_checkout_points_at_make_formal() -> None:
    run = inside("formal", "build")
    assert run.status == 0 and "`make formal` builds" in run.err


@needs_coq
def test_formal_build_compiles_only_the_pinned_sources(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    outside_a_checkout(monkeypatch, tmp_path)
    sources = tiny_project(tmp_path / "shipped")
    monkeypatch.setattr(library, "shipped_sources", lambda: sources)
    monkeypatch.setattr(theorems, "FORMAL_SHA256", theorems.formal_sha256(sources))
    run = inside("formal", "build")
    assert run.status == 0, run.err
    built = library.cached_library()
    assert (built / "rules" / "Claims.vo").is_file() and str(built) in run.out
    check.require_coq(check.formal_folder())  # what verify --coq asks first: it is there
    # A source changed after the build: verify --coq refuses the library, build the sources.
    (built / "rules" / "Claims.v").write_text("Definition claimed := False.\n")
    with pytest.raises(check.CoqMissing, match="not built from the sources"):
        check.require_coq(built)
    (sources / "rules" / "Claims.v").write_text("Definition claimed := False.\n")
    fails_with_one_sentence(inside("formal", "build"), "are not the ones coinproofs was checked "
                                                       "with")


@needs_coq
@needs_ocaml
def test_formal_build_compiles_the_walk_checker_beside_the_library(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Once the Coq files are compiled (here the checkout's extracted OCaml stands for what
    ExtractWalk.v writes), the walk checker is compiled from its shipped sources, once, and runs
    as `make checker`'s does; without ocamlopt one sentence says it is not built."""
    make("checker")
    target = tmp_path / "library"
    (target / "checker").mkdir(parents=True)
    for name in [Path("checker") / "walkchecker.ml", Path("checker") / "walkchecker.mli",
                 *library.WALKCHECK_SOURCES]:
        shutil.copyfile(FORMAL / name, target / name)
    program = target / library.WALKCHECK
    assert library.build_walkcheck(target, True) == f"built the extracted walk checker {program}"
    walk = tmp_path / "walk.nrwalk"
    walk.write_bytes(written(4, True, 0)[1])
    ran = subprocess.run([str(program), "4", "misere", "second", str(walk)], capture_output=True,
                         text=True, timeout=60)
    assert (ran.returncode, ran.stdout) == (0, "second wins\n"), ran.stderr
    built = program.stat().st_mtime_ns
    library.build_walkcheck(target, True)
    assert program.stat().st_mtime_ns == built  # its sources unchanged: not compiled again
    assert "is not built" in library.build_walkcheck(target, False)
    monkeypatch.setattr(library.shutil, "which", lambda tool: None)
    said = library.build_walkcheck(target, True)
    assert said.startswith("ocamlopt is not installed, so the extracted walk checker is not built")
    assert said.count(". ") == 0 and said.endswith(")")


@needs_coq
@pytest.mark.slow
def test_formal_build_builds_the_whole_library_and_verify_coq_uses_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The real sources, compiled outside the checkout (about a minute of CPU), and a penny
    claim's proof checked against them, coqchk included."""
    outside_a_checkout(monkeypatch, tmp_path)
    monkeypatch.setattr(library, "shipped_sources", lambda: ROOT / "formal")
    built = inside("formal", "build", "--jobs", "2")
    assert built.status == 0, built.err
    if shutil.which("ocamlopt") is not None:
        assert (library.cached_library() / library.WALKCHECK).is_file(), built.err
    certificates = tmp_path / "certificates"
    assert inside("prove", "penny.riddler-20-30", "--out", str(certificates)).status == 0
    checked = inside("verify", "--coq", str(certificates))
    assert checked.status == 0, checked.err
