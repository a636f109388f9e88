"""The native parts, built by `pip install` with the system's C compiler (everything else is in
pyproject.toml): the No repeats solver's core, and the kernel's separate checker of the strategy
DAGs that solver writes (written from the format alone: no code shared with the solver)."""

from setuptools import Extension, setup

FLAGS = ["-O2", "-std=c11"]

setup(ext_modules=[Extension("coinproofs.games._norepeat", ["coinproofs/games/_norepeat.c"],
                             extra_compile_args=FLAGS),
                   Extension("coinproofs.verify._dagcheck", ["coinproofs/verify/_dagcheck.c"],
                             extra_compile_args=FLAGS)])
