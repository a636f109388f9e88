"""One strategy-file story: every command that reads a strategy reads every form coinproofs
writes for its game (solve -o, solve --json, a certificate's artifact, the certificate), `-`
is standard input, `--strategy` reads and `-o` writes in every command, and the older
argument orders still work."""

from __future__ import annotations

from pathlib import Path

import pytest

import coinproofs as cp
from tests.cli import Run, fails_with_one_sentence, inside

CERTIFIED = ("devil.n2.shortest", "devil.n3.q9.shortest", "glasses.n4.k2.shortest",
             "norepeat.n3.normal")


@pytest.fixture(scope="module")
def forms(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Path]]:
    """Every form of strategy file, game by game, as the program writes it."""
    folder = tmp_path_factory.mktemp("forms")
    certificates = folder / "certificates"
    assert cp.prove(*CERTIFIED, out=certificates, progress=False).proved
    files: dict[str, dict[str, Path]] = {"devil": {}, "dials": {}, "glasses": {},
                                          "norepeat": {}}

    def written(game: str, form: str, *command: str, out: bool = True) -> None:
        path = folder / f"{game}-{form}"
        run = inside(*command, *(["-o", str(path)] if out else []))
        assert run.status == 0, run.err
        if not out:
            path.write_text(run.out)
        files[game][form] = path

    written("devil", "solve -o", "devil", "solve", "2")
    written("devil", "solve --json", "devil", "solve", "2", "--json", out=False)
    written("devil", "lamping --json", "devil", "lamping", "2", "--json", out=False)
    files["devil"]["certificate"] = certificates / "devil.n2.shortest.json"
    files["dials"]["moves.jsonl"] = certificates / "devil.n3.q9.shortest.moves.jsonl"
    files["dials"]["certificate"] = certificates / "devil.n3.q9.shortest.json"
    written("glasses", "solve -o", "glasses", "solve", "4", "--hands", "2")
    written("glasses", "solve --json", "glasses", "solve", "4", "--hands", "2", "--json",
            out=False)
    files["glasses"]["certificate"] = certificates / "glasses.n4.k2.shortest.json"
    written("norepeat", "solve -o", "norepeat", "solve", "3")
    written("norepeat", "solve --json", "norepeat", "solve", "3", "--json", out=False)
    walk = folder / "three.nrwalk"
    assert inside("norepeat", "solve", "3", "--certificate", str(walk)).status == 0
    files["norepeat"]["strategy walk"] = walk
    files["norepeat"]["certificate"] = certificates / "norepeat.n3.normal.json"
    return files


READERS = {
    "devil": [("devil", "check", "2", "{}"), ("devil", "show", "2", "--strategy", "{}"),
              ("devil", "play", "2", "--strategy", "{}", "--games", "2", "--seed", "1"),
              ("devil", "explain", "2", "{}")],
    "dials": [("devil", "check", "3", "{}", "--states", "9"),
              ("devil", "show", "3", "--states", "9", "--strategy", "{}"),
              ("devil", "play", "3", "--states", "9", "--strategy", "{}", "--games", "1"),
              ("devil", "explain", "3", "{}", "--states", "9")],
    "glasses": [("glasses", "check", "4", "{}", "--hands", "2"),
                ("glasses", "show", "4", "--hands", "2", "--strategy", "{}")],
    "norepeat": [("norepeat", "check", "3", "{}"), ("norepeat", "check", "{}")],
}
FORMS = {"devil": ("solve -o", "solve --json", "lamping --json", "certificate"),
         "dials": ("moves.jsonl", "certificate"),
         "glasses": ("solve -o", "solve --json", "certificate"),
         "norepeat": ("solve -o", "solve --json", "strategy walk", "certificate")}
CASES = [(game, form, reader) for game, readers in READERS.items() for reader in readers
         for form in FORMS[game]]


def read_with(command: tuple[str, ...], path: str, stdin: bytes = b"") -> Run:
    return inside(*(path if word == "{}" else word for word in command), stdin=stdin)


@pytest.mark.parametrize(("game", "form", "command"), CASES,
                         ids=[f"{' '.join(c[:2])}-{f}" for g, f, c in CASES])
def test_every_command_reads_every_form(forms: dict[str, dict[str, Path]], game: str,
                                        form: str, command: tuple[str, ...]) -> None:
    assert set(forms[game]) == set(FORMS[game])
    run = read_with(command, str(forms[game][form]))
    assert run.status == 0, (run.out, run.err)
    if command[1] == "check":
        assert "wins" in run.out


@pytest.mark.parametrize(("game", "command"), [(game, command) for game, readers in
                                               READERS.items() for command in readers])
def test_a_dash_reads_standard_input(forms: dict[str, dict[str, Path]], game: str,
                                     command: tuple[str, ...]) -> None:
    path = forms[game].get("solve -o", forms[game].get("certificate"))
    assert path is not None
    if game == "dials":  # its certificate names its moves file: read from a file's folder
        path = forms[game]["moves.jsonl"]
    run = read_with(command, "-", stdin=path.read_bytes())
    assert run.status == 0, (run.out, run.err)


def test_a_file_for_another_table_is_refused(forms: dict[str, dict[str, Path]]) -> None:
    fails_with_one_sentence(inside("devil", "check", "3", str(forms["devil"]["certificate"])),
                            "holds a strategy for 2 coins, not 3")
    fails_with_one_sentence(inside("devil", "check", "3", str(forms["dials"]["certificate"])),
                            "9 states, not 2 (the option --states)")
    fails_with_one_sentence(inside("glasses", "check", "4", str(forms["devil"]["solve -o"]),
                                   "--hands", "2"), "must be a turn object")
    fails_with_one_sentence(inside("norepeat", "check", "4", str(forms["norepeat"]["solve -o"])),
                            "for 3 coins, not 4")
    fails_with_one_sentence(inside("devil", "check", "2", str(forms["glasses"]["certificate"])),
                            "a claim about glasses, not devil")


def test_the_older_argument_orders_still_work(forms: dict[str, dict[str, Path]]) -> None:
    devil, glasses = str(forms["devil"]["solve -o"]), str(forms["glasses"]["solve -o"])
    assert inside("devil", "explain", devil, "2").status == 0
    assert inside("glasses", "check", "4", "2", glasses).status == 0
    assert inside("glasses", "check", "4", str(forms["glasses"]["solve --json"])).status == 0
    fails_with_one_sentence(inside("glasses", "check", "4", glasses), "give --hands K")


@pytest.mark.parametrize("command", [("glasses", "solve", "4", "--hands", "2"),
                                     ("norepeat", "solve", "3")])
def test_strategy_reads_and_out_writes_in_every_command(tmp_path: Path,
                                                        command: tuple[str, ...]) -> None:
    path = tmp_path / "written.json"
    fails_with_one_sentence(inside(*command, "--strategy", str(path)),
                            "--strategy FILE reads a strategy", f"use -o {path}")
    assert not path.exists()
    assert inside(*command, "--out", str(path)).status == 0 and path.exists()
