"""Native cores built on demand, so that benchmarks and cross-checks can run several beside
today's in one process: the core as it was before the redesign of issue 23 (bench/baseline/,
commit 1905e59), and variants of today's core with a speed-up turned off at build time.

Each is compiled with the system's C compiler into build/native/ (once; again when its source
or flags change) as an extension of its own name: the module init is renamed by a macro, the
source is otherwise the file as it is.

>>> old = baseline_solver(3, misere=True)
>>> old.wins(1, 0)  # Ben wins 3 coins under misère play
False
"""

from __future__ import annotations

import hashlib
import importlib.util
import platform
import subprocess
import sysconfig
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "bench" / "baseline" / "norepeat_core_2026_11.c"
TODAY = ROOT / "coinproofs" / "games" / "_norepeat.c"


@cache
def built(source: Path, name: str, defines: tuple[str, ...] = ()) -> Any:
    """The extension module `name` compiled from `source` with these -D defines (needs gcc
    and Python's headers, as `pip install` does)."""
    flags = ["-O2", "-std=c11", "-shared", "-fPIC", f"-I{sysconfig.get_paths()['include']}",
             f"-DPyInit__norepeat=PyInit_{name}", *(f"-D{define}" for define in defines)]
    if platform.machine() in ("x86_64", "AMD64"):
        flags.append("-mpopcnt")  # as setup.py builds today's core
    digest = hashlib.sha256(source.read_bytes() + " ".join(flags).encode()).hexdigest()[:12]
    target = ROOT / "build" / "native" / f"{name}-{digest}{sysconfig.get_config_var('EXT_SUFFIX')}"
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_suffix(".tmp")
        subprocess.run(["gcc", *flags, str(source), "-o", str(temporary)], check=True)
        temporary.rename(target)
    spec = importlib.util.spec_from_file_location(name, target)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def baseline_module() -> Any:
    """The old core."""
    return built(BASELINE, "_norepeat_baseline")


def baseline_solver(n: int, misere: bool, table_bytes: int = 1 << 24) -> Any:
    """A solver of the old core: `wins(seen, pattern, seconds, max_nodes)`, `key`, `stats`."""
    return baseline_module().Solver(n, misere, table_bytes)


def variant_module(*defines: str) -> Any:
    """Today's core built with these defines (NR_PREFETCH=0, NR_HUGE_PAGES=0)."""
    name = "_norepeat_" + "_".join(define.split("=")[0].lower() for define in defines)
    return built(TODAY, name, tuple(defines))
