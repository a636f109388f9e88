"""Where coinproofs keeps what it may reuse from one run to the next: the Coq road's compiled
proofs (coinproofs/coq/cache.py) and the native No Repeats search's tables
(coinproofs/games/norepeat.py). Nothing kept there is trusted: each reader checks what it
finds against a record written beside it, and the certificates are checked afresh anyway."""

from __future__ import annotations

import os
from pathlib import Path


def cache_root() -> Path:
    """The folder coinproofs keeps its caches in: ``$COINPROOFS_CACHE``, else
    ``$XDG_CACHE_HOME/coinproofs``, else ``~/.cache/coinproofs``."""
    if os.environ.get("COINPROOFS_CACHE"):
        return Path(os.environ["COINPROOFS_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "coinproofs"
