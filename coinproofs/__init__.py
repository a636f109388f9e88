"""coinproofs: facts about coin games, proved, with certificates a small kernel re-checks.

>>> import coinproofs as cp
>>> cp.devil.solve(4).length
15
>>> cp.penny.best_move(3, 7)
Move(take=(0, 2), to=(3, 5))
>>> cp.norepeat.winner(3, misere=True)
'second'

`cp.devil`, `cp.penny`, `cp.norepeat`, `cp.glasses` and `cp.pictures` are loaded when first
used, so that
`import coinproofs` (and the `coinproofs` command) starts fast. `cp.prove(claim_id, out=DIR)`
proves claims into certificates (each with its Coq proof beside it); `cp.verify(path)` checks a
certificate or a folder of them with the kernel alone and returns a verdict, never raising on a
bad certificate; `cp.verify_coq(path)` checks their Coq proofs with Coq alone.
"""

from __future__ import annotations

import importlib
import types
from typing import TYPE_CHECKING, Any

from coinproofs.version import __version__

__all__ = ["__version__", "claims", "devil", "glasses", "norepeat", "penny", "pictures", "prove",
           "verify", "verify_coq"]

if TYPE_CHECKING:  # what type checkers see: the lazy names below, and cp.verify as a function
    from coinproofs import devil, glasses, norepeat, penny, pictures
    from coinproofs.certificates import claims, prove, verify, verify_coq

_SUBMODULES = {"devil", "glasses", "penny", "norepeat", "pictures"}
_FUNCTIONS = {"prove": "coinproofs.certificates", "claims": "coinproofs.certificates",
              "verify_coq": "coinproofs.certificates"}


def __getattr__(name: str) -> Any:
    """Load the game modules and the proving functions when first used."""
    if name in _SUBMODULES:
        return importlib.import_module(f"coinproofs.{name}")
    if name in _FUNCTIONS:
        return getattr(importlib.import_module(_FUNCTIONS[name]), name)
    raise AttributeError(f"module 'coinproofs' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names, the lazily loaded ones included."""
    return sorted(set(globals()) | set(__all__))


class _Kernel(types.ModuleType):
    """The kernel package `coinproofs.verify`, callable: `coinproofs.verify(path)` checks a
    certificate (or a folder of them) and returns a verdict (coinproofs.certificates.verify).

    The kernel's own code is untouched: only its module object gains a __call__, so that the
    package and the function, which share the name `verify`, are one object."""

    def __call__(self, path: Any, **options: Any) -> Any:
        """Check a certificate or a folder of them: coinproofs.certificates.verify."""
        # deferred: 42 ms of CPU to load (docs/design.md, "Imports")
        from coinproofs.certificates import verify

        return verify(path, **options)


importlib.import_module("coinproofs.verify").__class__ = _Kernel  # an empty __init__: instant
