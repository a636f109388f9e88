"""One corpus of proved certificates for the whole test run: a set of claims is proved once,
however many test modules and test processes (pytest-xdist) ask for it, and each asker gets
the same folder (`proved`) or a copy of it to tamper with (`copy`)."""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
from pathlib import Path

import coinproofs as cp


class Corpus:
    """Folders of certificates, each the output of one `coinproofs prove` of a set of claims,
    kept under `root` for the run. Never write into a folder `proved` returns: `copy` it."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def proved(self, *ids: str) -> Path:
        """The folder into which `prove` wrote exactly the claims `ids` (certificates,
        artifacts, Coq proofs and the MANIFEST), proved at the first call of the run."""
        key = hashlib.sha256("\n".join(sorted(set(ids))).encode()).hexdigest()[:16]
        folder = self.root / key
        with (self.root / f"{key}.lock").open("a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # another test process may be proving it now
            if not folder.exists():
                work = self.root / f"{key}.partial"
                shutil.rmtree(work, ignore_errors=True)
                proofs = cp.prove(*ids, out=work, progress=False)
                assert proofs.proved, proofs
                work.rename(folder)  # complete, or not there at all
        return folder

    def certificates(self, *ids: str) -> list[Path]:
        """The certificates of the claims `ids`, in the folder `proved(*ids)`."""
        folder = self.proved(*ids)
        return [folder / f"{claim_id}.json" for claim_id in ids]

    def copy(self, *ids: str, to: Path) -> Path:
        """A copy of `proved(*ids)` at `to` (a new folder, or an empty one), free to change."""
        return Path(shutil.copytree(self.proved(*ids), to, dirs_exist_ok=True))


def run_corpus(base: Path) -> Corpus:
    """The corpus of this test run under pytest's folder for it (`base`: this process's
    basetemp, whose parent the processes of an xdist run share; pytest removes old runs'
    folders), shared by the run's processes."""
    root = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "corpus"
    root.mkdir(exist_ok=True)
    return Corpus(root)
