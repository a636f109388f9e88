"""The manifest of a certificates folder (verify/manifest.py): `prove` writes it last, `verify
DIR` rejects a missing, extra, renamed or changed file and names it."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import coinproofs as cp
from coinproofs.verify.certificate import Rejected, check_file
from coinproofs.verify.manifest import HEADER, NAME, check_manifest, check_named, read_manifest
from tests.cli import ROOT, coinproofs
from tests.corpus import Corpus
from tests.mutations import bytes_change

CLAIMS = ("devil.n2.shortest", "penny.first-20")


@pytest.fixture(scope="module")
def proved(corpus: Corpus) -> Path:
    return corpus.proved(*CLAIMS)


@pytest.fixture
def folder(corpus: Corpus, tmp_path: Path) -> Path:
    """A fresh copy of the proved folder, to tamper with."""
    return corpus.copy(*CLAIMS, to=tmp_path / "certificates")


def rejection(folder: Path) -> str:
    with pytest.raises(Rejected) as info:
        check_manifest(folder)
    return str(info.value)


def test_prove_writes_a_manifest_of_every_claim_and_file(proved: Path) -> None:
    lines = (proved / NAME).read_text().splitlines()
    files = sorted(path.name for path in proved.iterdir() if path.name != NAME)
    assert lines[0] == HEADER
    assert lines[1:3] == [f"# claim {claim}" for claim in sorted(CLAIMS)]
    assert [line.split("  ")[1] for line in lines[3:]] == files
    assert check_manifest(proved) == [proved / f"{claim}.json" for claim in sorted(CLAIMS)]


def test_sha256sum_checks_the_manifest_without_coinproofs(proved: Path) -> None:
    if shutil.which("sha256sum") is None:
        pytest.skip("sha256sum is not installed")
    run = subprocess.run(["sha256sum", "-c", "--strict", NAME], cwd=proved,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_deleted_certificate_makes_verify_fail_naming_it(folder: Path) -> None:
    (folder / "penny.first-20.json").unlink()
    assert "penny.first-20.json is listed in the MANIFEST but missing" in rejection(folder)
    run = coinproofs("verify", str(folder), "--json")
    assert run.status == 1
    assert "penny.first-20.json is listed" in json.loads(run.out)[0]["reason"]
    plain = coinproofs("verify", str(folder))
    assert plain.status == 1 and "penny.first-20.json is listed in the MANIFEST but missing" \
        in " ".join(plain.out.split())


@pytest.mark.parametrize("change, named", [
    (lambda f: (f / "devil.n2.shortest.L2.lrat").unlink(),
     "devil.n2.shortest.L2.lrat is listed in the MANIFEST but missing"),
    (lambda f: (f / "notes.txt").write_text("trust me"), "notes.txt is not listed"),
    (lambda f: (f / "devil.n2.shortest.layers.jsonl").write_text("[7]\n"),
     "devil.n2.shortest.layers.jsonl does not match its SHA-256"),
    (lambda f: (f / "penny.first-20.json").rename(f / "penny.first-21.json"),
     "penny.first-21.json is not listed"),
    (lambda f: (f / NAME).unlink(), "has no MANIFEST"),
    (lambda f: (f / NAME).write_text(HEADER + "\n"), "devil.n2.shortest.json is not listed"),
    (lambda f: (f / NAME).write_text("# another list\n"), "is not a coinproofs manifest"),
    (lambda f: (f / NAME).write_text((f / NAME).read_text().replace("  ", " ", 1)),
     "is neither"),
    (lambda f: (f / NAME).write_text((f / NAME).read_text().replace(
        "# claim penny.first-20\n", "")), "the claims the MANIFEST names"),
    (lambda f: (f / "link.txt").symlink_to(f / "penny.first-20.json"), "link.txt is not listed"),
])
def test_every_difference_from_the_manifest_is_named(folder: Path, change: object,
                                                      named: str) -> None:
    change(folder)  # type: ignore[operator]
    assert named in rejection(folder)


def test_hidden_files_and_folders_are_not_part_of_the_folder(folder: Path) -> None:
    (folder / ".editor-backup").write_text("x")
    (folder / "older").mkdir()
    assert len(check_manifest(folder)) == 2


def test_a_renamed_certificate_listed_under_its_new_name_is_rejected(folder: Path) -> None:
    """Renamed, and the manifest written again: the name no longer says the claim."""
    from coinproofs.verify.manifest import manifest_text

    (folder / "penny.first-20.json").rename(folder / "penny.first-21.json")
    (folder / NAME).write_text(manifest_text(folder))
    (certificate,) = [path for path in check_manifest(folder) if "penny" in path.name]
    with pytest.raises(Rejected, match=r"holds the certificate of penny\.first-20"):
        check_named(certificate)
    assert check_file(certificate).claim.id == "penny.first-20"  # alone, it still checks


def test_proving_a_subset_into_a_proved_folder_keeps_the_manifest_whole(folder: Path) -> None:
    assert cp.prove("devil.n3.impossible", out=folder, progress=False).proved
    certificates = check_manifest(folder)
    assert [path.stem for path in certificates] == ["devil.n2.shortest", "devil.n3.impossible",
                                                    "penny.first-20"]
    assert all(check_named(path) for path in certificates)
    # proved again: new bytes, the same names
    assert cp.prove("devil.n2.shortest", out=folder, progress=False).proved
    assert len(check_manifest(folder)) == 3


def test_verifying_a_single_file_needs_no_manifest(folder: Path) -> None:
    (folder / NAME).unlink()
    run = coinproofs("verify", str(folder / "devil.n2.shortest.json"), "--json")
    assert run.status == 0 and json.loads(run.out)[0]["accepted"]


def test_make_prove_writes_a_manifest_and_the_folder_verifies(tmp_path: Path) -> None:
    """What `make prove` runs (`prove --out OUT --jobs J`, then `verify OUT`), on two claims."""
    makefile = (ROOT / "Makefile").read_text()
    assert ("$(BIN)/coinproofs prove --out $(OUT) --jobs $(JOBS)\n"
            "\t$(BIN)/coinproofs verify $(OUT)\n") in makefile
    out = tmp_path / "certificates"
    assert coinproofs("prove", *CLAIMS, "--out", str(out), "--jobs", "2").status == 0
    assert (out / NAME).read_text().startswith(HEADER)
    run = coinproofs("verify", str(out), "--json")
    assert run.status == 0, run.out
    rows = json.loads(run.out)
    assert [row["id"] for row in rows] == sorted(CLAIMS) and all(row["accepted"] for row in rows)


@pytest.mark.parametrize("text", [
    "", "# coinproofs manifest v1", HEADER + "\r\n", HEADER + "\n# claim a",
    HEADER + "\n" + "0" * 64 + "  a.json\n# claim a\n",  # a claim after the files
    HEADER + "\n# claim b\n# claim a\n",  # out of order
    HEADER + "\n" + "0" * 64 + "  b.cnf\n" + "0" * 64 + "  a.cnf\n",
    HEADER + "\n" + "0" * 64 + "  a.cnf\n" + "1" * 64 + "  a.cnf\n",  # listed twice
    HEADER + "\n" + "0" * 63 + "  a.cnf\n", HEADER + "\n" + "A" * 64 + "  a.cnf\n",
    HEADER + "\n" + "0" * 64 + " a.cnf\n", HEADER + "\n" + "0" * 64 + "  ../a.cnf\n",
    HEADER + "\n" + "0" * 64 + "  MANIFEST\n", HEADER + "\n# claim a b\n",
    HEADER + "\n\n", HEADER + "\n# a note\n",
])
def test_a_manifest_is_read_strictly(tmp_path: Path, text: str) -> None:
    (tmp_path / NAME).write_text(text)
    with pytest.raises(Rejected):
        read_manifest(tmp_path)


@settings(max_examples=100, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_tampered_manifest_is_rejected_or_says_the_same(proved: Path, tmp_path: Path,
                                                          data: st.DataObject) -> None:
    """The MANIFEST fuzzed as the campaign fuzzes artifacts (bytes flipped, cut, repeated,
    lines dropped, doubled, swapped or odd, the file made huge): the folder is rejected with
    a one-line reason, or the manifest says what it said."""
    folder = tmp_path / f"folder{len(list(tmp_path.iterdir()))}"
    shutil.copytree(proved, folder)
    original = (folder / NAME).read_bytes()
    changed, how = data.draw(bytes_change(original, lines=True))
    with (folder / NAME).open("wb") as handle:
        if isinstance(changed, int):
            handle.truncate(changed)
        else:
            handle.write(changed)
    try:
        check_manifest(folder)
    except Rejected as rejection:
        assert "\n" not in str(rejection), how
    else:
        assert read_manifest(folder) == read_manifest(proved), how
