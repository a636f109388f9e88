"""The formal library the Coq road compiles proofs against, wherever coinproofs runs: formal/ of
a checkout (built by `make formal`), or, installed as a package, the Coq sources shipped inside
it (``coinproofs/formal_sources``, copied there by setup.py) compiled by ``coinproofs formal
build`` into the user's cache, in a folder named by their digest.

Either way the sources are the pinned ones: a library is used, and the shipped sources are
compiled, only when the digest of their .v files and _CoqProject is ``FORMAL_SHA256``, the
digest the gate checked (``make formal-gate``) and the kernel's theorems cite. Beside them,
``build`` compiles the extracted walk checker (``checker/walkcheck``) when OCaml is installed,
as ``make checker`` does in a checkout.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

from coinproofs.caches import cache_root
from coinproofs.verify import theorems

BUILT = Path("rules") / "Claims.vo"  # compiled first of all: a library without it is not built
BUILD_SECONDS = 3600  # the whole library takes about a minute of CPU (docs/formal.md)
# The walk checker's own sources, shipped beside the .v files (setup.py): with the OCaml that
# compiling ExtractWalk.v writes (checker/walkchecker.ml), they make checker/walkcheck, which
# verify --coq runs on a strategy walk too large for a .v file (coq/check.py, check_walk).
WALKCHECK_SOURCES = (Path("checker") / "walkmain.ml", Path("checker") / "walkread.c")
WALKCHECK = Path("checker") / "walkcheck"
# As `make checker` compiles it (Makefile), in the checker folder.
WALKCHECK_COMMAND = ["ocamlopt", "-inline", "1000", "-ccopt", "-O2", "-o", "walkcheck",
                     "walkread.c", "walkchecker.mli", "walkchecker.ml", "walkmain.ml"]


def checkout_formal() -> Path:
    """formal/ beside the coinproofs package: there in a checkout, not in an installed one."""
    return Path(__file__).resolve().parents[2] / "formal"


def shipped_sources() -> Path:
    """The Coq sources an installed coinproofs ships (absent in a checkout)."""
    return Path(__file__).resolve().parents[1] / "formal_sources"


def cached_library() -> Path:
    """Where `coinproofs formal build` compiles the shipped sources."""
    return cache_root() / "formal" / theorems.FORMAL_SHA256[:16]


def project_modules(formal: Path) -> list[str]:
    """The files _CoqProject lists, in its order, without `.v` (`rules/Claims`): what `make
    formal` compiles."""
    return [line.strip().removesuffix(".v")
            for line in (formal / "_CoqProject").read_text().splitlines()
            if line.strip().endswith(".v")]


def logical_name(module: str) -> str:
    """The name Coq knows a module of formal/ by: `rules/Claims` is `CoinProofs.rules.Claims`."""
    return f"CoinProofs.{module.replace('/', '.')}"


def in_checkout() -> bool:
    return (checkout_formal() / "_CoqProject").is_file()


def formal_folder() -> Path:
    """The formal library verify --coq uses: the checkout's, else the one built in the cache."""
    return checkout_formal() if in_checkout() else cached_library()


def how_to_build(formal: Path) -> str:
    """The command that builds the library `formal`, in words."""
    if formal == checkout_formal():
        return "run `make formal`"
    return ("run `coinproofs formal build`, which compiles the Coq sources shipped with "
            f"coinproofs into {formal} (about a minute of CPU)")


def how_to_build_walkcheck(formal: Path) -> str:
    """The command that builds the walk checker of the library `formal`, in words."""
    if formal == checkout_formal():
        return "run `make checker`"
    return "install OCaml (Debian: apt-get install ocaml) and run `coinproofs formal build`"


def pinned(folder: Path) -> bool:
    """Are the sources in `folder` the ones FORMAL_SHA256 names?"""
    return theorems.formal_sha256(folder) == theorems.FORMAL_SHA256


def build(jobs: int = 1, source: Path | None = None,
          on_start: Callable[[Path], None] = lambda target: None,
          on_note: Callable[[str], None] = lambda said: None) -> Path:
    """Compile the shipped Coq sources (or `source`) into the cache, `jobs` files at a time,
    then the walk checker beside them (`on_note` hears in one sentence whether it was built),
    and return the folder; nothing is compiled again while the sources are unchanged.
    `on_start(folder)` hears when the compiling starts. A ValueError says why not, before:
    no sources, sources other than the pinned ones, no Coq; or after, what coqc, make or
    ocamlopt said."""
    source = source or shipped_sources()
    if not (source / "_CoqProject").is_file():
        raise ValueError(f"no Coq sources in {source}: in a checkout, `make formal` builds "
                         f"{checkout_formal()}")
    if not pinned(source):
        raise ValueError(f"the Coq sources in {source} are not the ones coinproofs was checked "
                         f"with (their digest is not FORMAL_SHA256 {theorems.FORMAL_SHA256[:12]}…)"
                         "; reinstall coinproofs")
    for tool in ("coqc", "coq_makefile", "make"):
        if shutil.which(tool) is None:
            raise ValueError(f"{tool} is not installed (Debian: apt-get install coq "
                             "libcoq-mathcomp make)")
    target = cached_library()
    on_start(target)
    walk_sources = [source / name for name in WALKCHECK_SOURCES if (source / name).is_file()]
    for path in [*source.rglob("*.v"), source / "_CoqProject", *walk_sources]:
        copy = target / path.relative_to(source)
        copy.parent.mkdir(parents=True, exist_ok=True)
        if not copy.is_file() or copy.read_bytes() != path.read_bytes():
            shutil.copyfile(path, copy)  # a new time of change: make compiles it again
    (target / "checker").mkdir(exist_ok=True)  # where Extract.v writes the OCaml checker
    for command in (["coq_makefile", "-f", "_CoqProject", "-o", "Makefile.coq"],
                    ["make", "--no-print-directory", "-f", "Makefile.coq", f"-j{jobs}"]):
        run(command, target)
    on_note(build_walkcheck(target, len(walk_sources) == len(WALKCHECK_SOURCES)))
    return target


def build_walkcheck(target: Path, shipped: bool) -> str:
    """Compile the walk checker in the library `target` (whose Coq files are compiled), unless
    it is newer than its sources, and say in one sentence what came of it. `shipped`: its own
    sources came with the Coq sources."""
    if shutil.which("ocamlopt") is None:
        return ("ocamlopt is not installed, so the extracted walk checker is not built and "
                "verify --coq cannot check a strategy walk too large for a .v file, such as "
                "norepeat.n6.misere's (Debian: apt-get install ocaml, then build again)")
    folder = target / "checker"
    extracted = folder / "walkchecker.ml"
    if not shipped or not extracted.is_file():
        return (f"the sources in {target} have no walk checker, so {target / WALKCHECK} is not "
                "built")
    program = target / WALKCHECK
    inputs = [extracted, *(target / name for name in WALKCHECK_SOURCES)]
    if not program.is_file() or any(path.stat().st_mtime > program.stat().st_mtime
                                     for path in inputs):
        run(WALKCHECK_COMMAND, folder)
    return f"built the extracted walk checker {program}"


def run(command: list[str], folder: Path) -> None:
    """Run one build command in `folder`, within BUILD_SECONDS; a ValueError says why it
    failed."""
    try:
        done = subprocess.run(command, cwd=folder, capture_output=True, text=True,
                              timeout=BUILD_SECONDS)
    except subprocess.TimeoutExpired:
        raise ValueError(f"{command[0]} took more than {BUILD_SECONDS:,} s in {folder}") from None
    if done.returncode != 0:
        said = " ".join((done.stderr or done.stdout).split())[-400:]
        raise ValueError(f"{command[0]} failed in {folder}: {said}")
