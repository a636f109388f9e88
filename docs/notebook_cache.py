"""Where the executed notebooks of docs/notebooks are kept, so that they run once: the tests
(tests/test_notebooks.py) execute each notebook and store it in this jupyter-cache, and the
reference site (`make docs`, myst-nb's "cache" mode) takes the outputs from there. The folder is
named by the digest of the package's sources: a change to coinproofs runs them again."""

from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def notebook_cache() -> Path:
    """build/jupyter-cache/<digest of every coinproofs/**/*.py and the notebooks' folder>."""
    digest = hashlib.sha256()
    for path in sorted(ROOT.glob("coinproofs/**/*.py")):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return ROOT / "build" / "jupyter-cache" / digest.hexdigest()[:16]
