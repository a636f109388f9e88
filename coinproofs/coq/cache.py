"""Where the Coq road keeps what it compiled, so that a second run need not compile it again:
a folder per certificate folder under the user's cache (``$COINPROOFS_CACHE``, else
``$XDG_CACHE_HOME/coinproofs``, else ``~/.cache/coinproofs``).

What is kept there is never trusted: a proof compiled before is reused only when its source,
its statement and the formal library are the ones it was compiled from, and the statements'
check and coqchk, which decide the verdict, run on every proof every time.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from coinproofs.atomic import write_text_atomically
from coinproofs.caches import cache_root

RECORD = "compiled.json"  # module -> what it was compiled from, and the digest of its .vo


def build_folder(folder: Path) -> Path:
    """The build folder of `verify --coq` for the certificates in `folder` (by its absolute
    path: two folders never share one)."""
    name = hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:16]
    return cache_root() / "verify-coq" / name


@contextmanager
def held(build: Path) -> Iterator[bool]:
    """Hold `build` for this run (made if missing): True, or False when another run holds it
    (or it cannot be made), and the caller builds elsewhere."""
    try:
        build.mkdir(parents=True, exist_ok=True)
        handle = (build / ".lock").open("a")
    except OSError:
        yield False
        return
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            yield False
            return
        yield True


def digest(*parts: str) -> str:
    """One SHA-256 of several texts, each told apart from the next."""
    hashed = hashlib.sha256()
    for part in parts:
        hashed.update(f"{len(part)}:{part}".encode())
    return hashed.hexdigest()


def library_stamp(formal: Path) -> str:
    """What the compiled formal library is: every .vo file's path, size and time of change
    (rebuilt, it is another library, against which a proof must be compiled again)."""
    found = sorted(formal.rglob("*.vo"))
    return digest(str(formal.resolve()), *(f"{path.relative_to(formal)} {path.stat().st_size} "
                                            f"{path.stat().st_mtime_ns}" for path in found))


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_record(build: Path) -> dict[str, dict[str, str]]:
    """The modules compiled in `build` by earlier runs ({} when none, or unreadable)."""
    try:
        record = json.loads((build / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(record, dict):
        return {}
    return {module: entry for module, entry in record.items()
            if isinstance(entry, dict) and all(isinstance(value, str)
                                               for value in entry.values())}


def write_record(build: Path, record: dict[str, dict[str, str]]) -> None:
    write_text_atomically(build / RECORD, json.dumps(record, sort_keys=True) + "\n")
