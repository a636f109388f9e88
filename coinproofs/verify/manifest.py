"""The manifest of a folder of certificates: its claims and every file with its SHA-256, so
that a deleted, added, renamed or changed file is noticed. The format and what `verify DIR`
checks: docs/certificates.md, "A folder of certificates: the `MANIFEST`".
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from coinproofs.verify.certificate import DOCUMENT_BYTES, Verdict, check_file
from coinproofs.verify.schema import Rejected, declare, expect

NAME = "MANIFEST"
HEADER = "# coinproofs manifest v1"
CLAIM_LINE = re.compile(r"# claim (\S+)")
FILE_LINE = re.compile(r"([0-9a-f]{64})  ([A-Za-z0-9_][A-Za-z0-9._-]{0,254})")
SHOWN = 5  # problems named in one rejection
# Every file of the folder is hashed, those no certificate names too: their sizes are summed
# (a sparse file takes no room on disk) before a byte is read. The certificates of `make prove`
# take 10 MB.
FOLDER_BYTES = declare("manifest.bytes", 1 << 32, "bytes",
                       "the files of a folder, all hashed to check it against its MANIFEST")


def sha256_file(path: Path) -> str:
    """The SHA-256 of a file, read a megabyte at a time."""
    hasher = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 20):
            hasher.update(chunk)
    return hasher.hexdigest()


def listed_names(folder: Path) -> list[str]:
    """The names a manifest of `folder` lists: all but folders, hidden names and itself."""
    return sorted(entry.name for entry in folder.iterdir()
                  if not entry.name.startswith(".") and entry.name != NAME
                  and not (entry.is_dir() and not entry.is_symlink()))


def manifest_text(folder: Path) -> str:
    """The manifest of `folder` as it is now (for `prove` to write last)."""
    names = listed_names(folder)
    claims = sorted(name.removesuffix(".json") for name in names if name.endswith(".json"))
    lines = [HEADER, *(f"# claim {claim}" for claim in claims)]
    for name in names:
        path = folder / name
        if path.is_file() and not path.is_symlink():  # a link or a pipe is refused by verify
            lines.append(f"{sha256_file(path)}  {name}")
    return "\n".join(lines) + "\n"


def read_manifest(folder: Path) -> tuple[list[str], dict[str, str]]:
    """The claim ids and the {name: sha256} that the folder's manifest lists."""
    path = folder / NAME
    expect(path.is_file() and not path.is_symlink(),
           f"{folder} has no {NAME} (`coinproofs prove` writes one; check certificates without "
           "it by naming their files)")
    DOCUMENT_BYTES.check(path.stat().st_size, f"the {NAME} of {folder}")
    try:
        lines = path.read_bytes().decode("utf-8").split("\n")  # exact: no newline translation
    except (OSError, UnicodeDecodeError) as error:
        raise Rejected(f"{path} cannot be read: {error}") from None
    expect(lines[0] == HEADER and lines[-1] == "",
           f"{path} is not a coinproofs manifest (its first line must be {HEADER!r}, and its "
           "last line must end)")
    claims: list[str] = []
    digests: dict[str, str] = {}
    for number, line in enumerate(lines[1:-1], 2):
        claim, entry = CLAIM_LINE.fullmatch(line), FILE_LINE.fullmatch(line)
        expect((claim is not None and not digests) or entry is not None,
               f"{path} line {number} is neither '# claim <id>' (before the files) nor "
               "'<sha256>  <name>'")
        if claim is not None:
            claims.append(claim[1])
        elif entry is not None:
            expect(entry[2] not in digests and entry[2] != NAME,
                   f"{path} line {number} lists {entry[2]} again")
            digests[entry[2]] = entry[1]
    expect(claims == sorted(claims) and list(digests) == sorted(digests),
           f"{path} does not list its claims and files in order")
    return claims, digests


def check_manifest(folder: Path) -> list[Path]:
    """The certificates of `folder`, once its manifest lists exactly its files with their
    SHA-256 and a claim per certificate; else a rejection naming what differs."""
    claims, digests = read_manifest(folder)
    problems = []
    present = listed_names(folder)
    regular = [folder / name for name in present
               if not (folder / name).is_symlink() and (folder / name).is_file()]
    FOLDER_BYTES.check(sum(path.stat().st_size for path in regular if path.name in digests),
                       f"the files of {folder}")
    for name in present:
        path = folder / name
        if name not in digests:
            problems.append(f"{name} is not listed in the {NAME}")
        elif path not in regular:
            problems.append(f"{name} is not a regular file")
        elif sha256_file(path) != digests[name]:
            problems.append(f"{name} does not match its SHA-256 in the {NAME}")
    problems += [f"{name} is listed in the {NAME} but missing" for name in digests
                 if name not in present]
    certificates = [name for name in digests if name.endswith(".json")]
    if claims != [name.removesuffix(".json") for name in certificates]:
        problems.append(f"the claims the {NAME} names are not those of its certificates")
    more = f" (and {len(problems) - SHOWN} more)" if len(problems) > SHOWN else ""
    expect(not problems, f"{folder} does not match its {NAME}: "
                         f"{'; '.join(problems[:SHOWN])}{more}")
    return [folder / name for name in certificates]


def check_named(path: Path) -> Verdict:
    """Check the certificate `path` of a folder with a manifest, named after its claim's id."""
    verdict = check_file(path)
    expect(path.name == f"{verdict.claim.id}.json",
           f"{path.name} holds the certificate of {verdict.claim.id}, not of "
           f"{path.name.removesuffix('.json')}")
    return verdict
