"""The native parts, built by `pip install` with the system's C compiler (everything else is in
pyproject.toml): the No repeats solver's core, and the kernel's separate checker of the strategy
DAGs that solver writes (written from the format alone: no code shared with the solver)."""

import platform

from setuptools import Extension, setup

FLAGS = ["-O2", "-std=c11"]
# The solver counts patterns all the time: the x86-64 popcount instruction (every x86-64 CPU
# since 2008) in place of the compiler's library call, 1.1x to 1.2x faster (docs/norepeat.md).
SOLVER_FLAGS = FLAGS + (["-mpopcnt"] if platform.machine() in ("x86_64", "AMD64") else [])

setup(ext_modules=[Extension("coinproofs.games._norepeat", ["coinproofs/games/_norepeat.c"],
                             extra_compile_args=SOLVER_FLAGS),
                   Extension("coinproofs.verify._dagcheck", ["coinproofs/verify/_dagcheck.c"],
                             extra_compile_args=FLAGS)])
