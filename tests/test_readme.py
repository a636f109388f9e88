"""The README's commands run, and print what the README says they print."""

from __future__ import annotations

import itertools
import re
import shlex
from pathlib import Path

import pytest

from tests.cli import ROOT, coinproofs

README = (ROOT / "README.md").read_text()
BLOCK = re.compile(r"```(\w*)\n(.*?)```", re.DOTALL)


def blocks() -> list[tuple[str, str]]:
    """The README's fenced blocks as (language, text), in order."""
    return [(match.group(1), match.group(2)) for match in BLOCK.finditer(README)]


def commands_with_output() -> list[tuple[str, str]]:
    """Every `coinproofs` command shown with the output it prints right below it."""
    pairs = []
    found = blocks()
    for (language, text), (next_language, output) in itertools.pairwise(found):
        lines = text.strip().splitlines()
        if language == "sh" and next_language == "text" and len(lines) == 1:
            pairs.append((lines[0], output))
    return pairs


def run(command: str, cwd: Path | None = None) -> tuple[int, str]:
    words = shlex.split(command)
    assert words[0] == "coinproofs", command
    result = coinproofs(*words[1:], cwd=cwd)
    return result.status, result.out


def test_the_readme_shows_the_published_results() -> None:
    shown = [command for command, _ in commands_with_output()]
    assert len(shown) >= 9
    for expected in ("devil table", "devil lamping 4", "devil show 4", "penny losing 30",
                     "penny totals 20 30", "norepeat solve 3 --misere"):
        assert f"coinproofs {expected}" in shown


@pytest.mark.parametrize("command, output", commands_with_output(),
                         ids=[command for command, _ in commands_with_output()])
def test_each_command_prints_what_the_readme_shows(command: str, output: str) -> None:
    status, printed = run(command)
    assert status == 0
    expected = [line.rstrip() for line in output.rstrip("\n").splitlines()]
    actual = [line.rstrip() for line in printed.splitlines()]
    assert actual[:len(expected)] == expected


def test_the_certificate_commands_work(tmp_path: Path) -> None:
    sh_blocks = [text for language, text in blocks() if language == "sh" and "prove '" in text]
    assert sh_blocks
    for line in sh_blocks[0].strip().splitlines():
        status, _ = run(line, cwd=tmp_path)
        assert status == 0, line
    assert (tmp_path / "my-certificates" / "devil.n4.shortest.json").exists()


def test_the_certificate_example_proves_what_its_text_says() -> None:
    """Issue 33: the example once matched 28 claims, one of them taking 97 s, under a heading
    that promised the results above."""
    from coinproofs.proofs.registry import select

    said = re.search(r"\*\*Every result above as a certificate\*\* \((\d+) claims, seconds each",
                     README)
    assert said is not None
    line = next(text for language, text in blocks() if language == "sh" and "prove '" in text)
    words = shlex.split(line.splitlines()[0])
    chosen = select(words[2:words.index("--out")])
    assert len(chosen) == int(said.group(1))
    assert all(claim.takes in ("", "seconds") for claim in chosen)
    shown = ("devil.n4.shortest", "devil.n4.lamping", "penny.riddler-20-30", "norepeat.n3.misere")
    assert set(shown) <= {claim.id for claim in chosen}


def test_the_first_two_commands_are_setup_and_tests() -> None:
    first = next(text for language, text in blocks() if language == "sh").splitlines()
    assert first[0].startswith("make prove") and first[1].startswith("make test")
    makefile = (ROOT / "Makefile").read_text()
    assert "\nprove:" in makefile and "\ntest:" in makefile
    assert "make test" in (ROOT / ".ci" / "run").read_text()
