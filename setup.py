"""The native parts, built by `pip install` with the system's C compiler (everything else is in
pyproject.toml): the No repeats solver's core, and the kernel's separate checker of the strategy
DAGs that solver writes (written from the format alone: no code shared with the solver)."""

import platform
import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

FLAGS = ["-O2", "-std=c11"]
# The solver counts patterns all the time: the x86-64 popcount instruction (every x86-64 CPU
# since 2008) in place of the compiler's library call, 1.1x to 1.2x faster (docs/norepeat.md).
SOLVER_FLAGS = FLAGS + (["-mpopcnt"] if platform.machine() in ("x86_64", "AMD64") else [])


# The extracted walk checker's own sources (coinproofs/coq/library.py, WALKCHECK_SOURCES).
WALKCHECK_SOURCES = ["checker/walkmain.ml", "checker/walkread.c"]


class WithCoqSources(build_py):
    """The package ships formal/'s Coq sources (every .v file and _CoqProject) and the walk
    checker's OCaml and C as coinproofs/formal_sources, so that `coinproofs formal build` can
    compile the library the Coq road needs, and the walk checker, where coinproofs is installed
    without a checkout (coinproofs/coq/library.py); formal/ stays their one copy in the
    repository."""

    def run(self) -> None:
        super().run()
        formal = Path(__file__).resolve().parent / "formal"
        shipped = Path(self.build_lib) / "coinproofs" / "formal_sources"
        for path in [*formal.rglob("*.v"), formal / "_CoqProject",
                     *(formal / name for name in WALKCHECK_SOURCES)]:
            copy = shipped / path.relative_to(formal)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, copy)


setup(cmdclass={"build_py": WithCoqSources},
      ext_modules=[Extension("coinproofs.games._norepeat", ["coinproofs/games/_norepeat.c"],
                             extra_compile_args=SOLVER_FLAGS),
                   Extension("coinproofs.verify._dagcheck", ["coinproofs/verify/_dagcheck.c"],
                             extra_compile_args=FLAGS)])
