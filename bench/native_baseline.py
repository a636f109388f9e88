"""The native core as it was before the redesign of issue 23 (bench/baseline/, commit 1905e59),
built on demand so that benchmarks and cross-checks can run it beside today's core in one
process.

It is compiled with the system's C compiler into build/baseline/ (once; again when the source
changes) as the extension `_norepeat_baseline`: its module init is renamed by a macro, the rest
of the file is byte for byte the old core.

>>> old = baseline_solver(3, misere=True)
>>> old.wins(1, 0)  # Ben wins 3 coins under misère play
False
"""

from __future__ import annotations

import hashlib
import importlib.util
import subprocess
import sysconfig
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "bench" / "baseline" / "norepeat_core_2026_11.c"
NAME = "_norepeat_baseline"


@cache
def baseline_module() -> Any:
    """The old core, compiled if need be (needs gcc and Python's headers, as `pip install`)."""
    source = SOURCE.read_bytes()
    digest = hashlib.sha256(source).hexdigest()[:12]
    built = ROOT / "build" / "baseline" / f"{NAME}-{digest}{sysconfig.get_config_var('EXT_SUFFIX')}"
    if not built.exists():
        built.parent.mkdir(parents=True, exist_ok=True)
        temporary = built.with_suffix(".tmp")
        subprocess.run(["gcc", "-O2", "-std=c11", "-shared", "-fPIC",
                        f"-I{sysconfig.get_paths()['include']}",
                        f"-DPyInit__norepeat=PyInit_{NAME}", str(SOURCE), "-o", str(temporary)],
                       check=True)
        temporary.rename(built)
    spec = importlib.util.spec_from_file_location(NAME, built)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def baseline_solver(n: int, misere: bool, table_bytes: int = 1 << 24) -> Any:
    """A solver of the old core: `wins(seen, pattern, seconds, max_nodes)`, `stats`."""
    return baseline_module().Solver(n, misere, table_bytes)
