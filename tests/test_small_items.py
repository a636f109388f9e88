"""Small things a new user met: counts in the docs that match the registry, an error that
speaks the command line's language, evidence named once, one number style."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import coinproofs as cp
from coinproofs.proofs.registry import all_claims, pattern_of
from tests.cli import ROOT, fails_with_one_sentence, inside


def test_family_md_counts_the_family_claims_claims_all_lists() -> None:
    family = [claim for claim in all_claims()
              if pattern_of(claim.id).template.startswith("devil.n<N>[")]
    default = sum(claim.default for claim in family)
    counts = sum(claim.kind == "count" for claim in family)
    page = (ROOT / "docs" / "family.md").read_text()
    said = re.search(r"lists (\d+) family claims \((\d+) by default, (\d+) on request, (\d+) of "
                     r"them\s+counts\)", page)
    assert said is not None
    assert tuple(map(int, said.groups())) == (len(family), default, len(family) - default, counts)


def test_the_readme_layout_table_is_one_table() -> None:
    readme = (ROOT / "README.md").read_text()
    layout = readme[readme.index("## Layout"):].split("\n\n")[1].splitlines()
    assert all(line.startswith("|") for line in layout), layout


def test_penny_says_the_option_not_the_python_keyword() -> None:
    run = inside("penny", "losing", "200000")
    fails_with_one_sentence(run, "--by formula")
    assert "by='formula'" not in run.err


def test_evidence_is_named_once(tmp_path: Path) -> None:
    folder = cp.prove("devil.n6.impossible", out=str(tmp_path), progress=False)
    assert folder.proved
    verdict = cp.verify(f"{tmp_path}/devil.n6.impossible.json")
    assert len(verdict.evidence) == len(set(verdict.evidence))
    run = inside("verify", "--json", "-q", str(tmp_path))
    for row in json.loads(run.out):
        assert len(row["evidence"]) == len(set(row["evidence"]))


def test_thousands_separators_in_prose() -> None:
    assert "65,535-move" in str(cp.devil.Check(16, 65535, None))
    assert "1,023-move" in str(cp.devil.check(cp.devil.lamping(8) * 4 + [[0, 1, 2]] * 3, 8))


def test_a_license_and_a_citation() -> None:
    yaml = pytest.importorskip("yaml")
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text())
    assert citation["cff-version"] == "1.2.0" and citation["version"] == cp.__version__
    assert citation["license"] == "MIT" and citation["authors"] and citation["title"]
    assert all(reference["title"] and reference["year"] for reference in citation["references"])
    assert (ROOT / "LICENSE").read_text().startswith("MIT License\n")


def test_the_environment_is_the_pinned_one() -> None:
    """`make setup` installs constraints.txt's versions; the tests run on exactly those."""
    from importlib.metadata import PackageNotFoundError, version

    pins = [line.split("==") for line in (ROOT / "constraints.txt").read_text().splitlines()
            if line and not line.startswith("#")]
    assert any(name == "python-sat" for name, _ in pins)
    differing = []
    for name, pinned in pins:
        try:
            installed = version(name)
        except PackageNotFoundError:
            installed = "missing"
        if installed != pinned:
            differing.append(f"{name} {installed} (pinned {pinned})")
    assert not differing, f"not the pinned versions: {differing}"
