"""The native core of the No repeats solver, built by `pip install` with the system's C
compiler (everything else is in pyproject.toml)."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("coinproofs.games._norepeat", ["coinproofs/games/_norepeat.c"],
                             extra_compile_args=["-O2", "-std=c11"])])
