"""The documentation points only at files the project has, and the README speaks to a newcomer:
the activate step, measured timings, no in-house words, the way to re-check without coinproofs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# Paths a page names: Markdown files, and files under the project's folders.
NAMED = re.compile(r"(?<![\w/.-])((?:docs|coinproofs|tests|bench|formal)/[\w./-]*\w|[\w-]+\.md)\b")


def built_by_make(name: str) -> bool:
    """A file `make` builds: named in the Makefile and listed in formal/.gitignore."""
    ignored = (ROOT / "formal" / ".gitignore").read_text().split()
    return name in (ROOT / "Makefile").read_text() and name.removeprefix("formal/") in ignored


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_file_a_page_names_exists(page: Path) -> None:
    missing = []
    for name in set(NAMED.findall(page.read_text())):
        candidates = [ROOT / name, ROOT / "docs" / name, page.parent / name]
        schema = re.fullmatch(r"coinproofs/[\w-]+/v\d+", name)  # a schema id, not a file
        exists = any(path.exists() for path in candidates) or built_by_make(name)
        if "*" not in name and not schema and not exists:
            missing.append(name)
    assert not missing, f"{page.name} names {missing}, which the project does not have"


def test_the_readme_speaks_to_a_newcomer() -> None:
    readme = (ROOT / "README.md").read_text()
    assert ". .venv/bin/activate" in readme
    assert not re.search(r"\bseeds?\b(?! S| 1|\))", readme.replace("--seed", "")), "in-house word"
    assert "a few seconds" not in readme and "_S s" not in readme  # measured, not guessed
    assert re.search(r"`make prove` \d+ s", readme) and re.search(r"`make test` \d+ s", readme)
    assert "## Re-check without coinproofs" in readme
    for tool in ("cadical", "lrat-check", "sha256sum -c", "check_strategy.py"):
        assert tool in readme, tool
