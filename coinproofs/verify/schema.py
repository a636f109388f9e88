"""Exact shapes (every field an object may have, each of a strict kind, nothing else: a
certificate carries no text the kernel has not read) and declared work bounds (tested before
the work). Prose: docs/certificates.md, "Adding an evidence kind: exact shapes and declared
bounds" and "Bounded on every input" (tests/test_schema.py shows them at work).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any


class Rejected(Exception):
    """The kernel does not accept a certificate; the message says why, in one sentence."""


def expect(condition: bool, reason: str) -> None:
    """Reject with `reason` unless `condition` holds (the kernel's only way to say no)."""
    if not condition:
        raise Rejected(reason)


@dataclass(frozen=True)
class Kind:
    """What one field must hold: `says` completes "field 'x' must be ...", `test` decides."""

    says: str
    test: Callable[[Any], bool]

    def check(self, value: Any, where: str) -> None:
        """Reject `value` unless it is of this kind; `where` names it ("the claim: field 'n'").

        >>> count(1).check(0, "the claim: field 'value'")
        Traceback (most recent call last):
        ...
        coinproofs.verify.schema.Rejected: the claim: field 'value' must be a whole number of \
at least 1, not 0
        """
        expect(self.test(value), f"{where} must be {self.says}, not {_shown(value)}")


def is_count(value: Any) -> bool:
    """Is `value` a JSON integer? (Python's bool is an int; JSON's true is not a number.)"""
    return type(value) is int


def count(least: int = 0, most: int | None = None) -> Kind:
    """A whole number in least..most (no upper end when `most` is None)."""
    says = (f"a whole number of at least {least:,}" if most is None
            else f"a whole number from {least:,} to {most:,}")
    return Kind(says, lambda v: is_count(v) and v >= least and (most is None or v <= most))


def text(most: int = 200) -> Kind:
    """A string of at most `most` characters (notes for readers, names)."""
    return Kind(f"a string of at most {most:,} characters",
                lambda v: isinstance(v, str) and len(v) <= most)


def literal(*values: Any) -> Kind:
    """Exactly one of `values` (compared with their JSON types: 1 is not true)."""
    shown = " or ".join(repr(v) for v in values)
    return Kind(shown, lambda v: any(type(v) is type(w) and v == w for w in values))


def list_of(item: Kind, most: int, least: int = 0) -> Kind:
    """A list of least..most items, each of kind `item`.

    >>> list_of(count(0, 3), 2).test([0, 3]), list_of(count(0, 3), 2).test([0, 1, 2])
    (True, False)
    """
    size = f"at most {most:,}" if least == 0 else f"{least:,} to {most:,}"
    return Kind(f"a list of {size} items, each {item.says}",
                lambda v: isinstance(v, list) and least <= len(v) <= most
                and all(map(item.test, v)))


BOOLEAN = Kind("true or false", lambda v: type(v) is bool)
SHA256 = Kind("a SHA-256 digest (64 lowercase hexadecimal digits)",
              lambda v: isinstance(v, str) and re.fullmatch("[0-9a-f]{64}", v) is not None)
# Artifacts lie beside the certificate: no folders, no climbing out, never a certificate name.
FILE = Kind("a plain file name beside the certificate (letters, digits, '.', '-', '_'; "
            "not ending in .json)",
            lambda v: isinstance(v, str) and len(v) <= 255
            and re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9._-]*", v) is not None
            and not v.endswith(".json"))
# Timing and other measurements for readers: any number JSON writes (parse_json has already
# refused NaN, Infinity and numbers too large for a float).
MEASURE = Kind("a number of at least 0", lambda v: type(v) in (int, float) and v >= 0)
OBJECT = Kind("a JSON object", lambda v: isinstance(v, dict))
LIST = Kind("a JSON list", lambda v: isinstance(v, list))
ANY = Kind("a JSON value", lambda v: True)  # for fields whose own checker reads them


@dataclass(frozen=True)
class Shape:
    """The exact fields of one kind of object: `what` names it in rejections."""

    what: str
    required: Mapping[str, Kind]
    optional: Mapping[str, Kind] = field(default_factory=dict)

    def check(self, obj: Any) -> None:
        """Reject `obj` unless it has exactly these fields, each of its kind."""
        expect(isinstance(obj, dict), f"{self.what} must be a JSON object")
        for name in obj:
            expect(name in self.required or name in self.optional,
                   f"{self.what} has an unknown field {name!r}")
        for name in self.required:
            expect(name in obj, f"{self.what} has no field {name!r}")
        for name, value in obj.items():
            kind = self.required.get(name) or self.optional[name]
            kind.check(value, f"{self.what}: field {name!r}")

    def fields(self) -> list[str]:
        """Every field name, required first (for docs and mutation tests)."""
        return [*self.required, *self.optional]


def one_shape(obj: Any, *shapes: Shape) -> Shape:
    """The one shape among `shapes` that `obj` matches, else the rejection of the closest
    (the fewest differing field names)."""
    expect(isinstance(obj, dict), f"{shapes[0].what} must be a JSON object")
    reasons = []
    for shape in shapes:
        try:
            shape.check(obj)
            return shape
        except Rejected as rejection:
            differing = len(set(obj) ^ set(shape.required))
            reasons.append((differing, str(rejection)))
    raise Rejected(min(reasons)[1])


def method_of(item: Mapping[str, Any], methods: Collection[str], where: str) -> str:
    """The 'method' of an evidence item, one of the `methods` that `where` knows."""
    expect("method" in item, "an evidence item has no field 'method'")
    method = item["method"]
    expect(isinstance(method, str) and method in methods,
           f"unknown evidence method {_shown(method)} for {where} (it knows "
           f"{', '.join(methods)})")
    assert isinstance(method, str)
    return method


def inline_or_file(what: str, method: str, payload: str, kind: Kind,
                   optional: Mapping[str, Kind] | None = None,
                   required: Mapping[str, Kind] | None = None) -> tuple[Shape, Shape]:
    """The shapes of evidence with `payload` inline, or in the artifact 'file' of 'sha256'."""
    fields = {"method": literal(method), **(required or {})}
    return (Shape(what, {**fields, payload: kind}, optional or {}),
            Shape(what, {**fields, "file": FILE, "sha256": SHA256}, optional or {}))


def _shown(value: Any) -> str:
    """A value as a rejection quotes it: short, whatever a certificate put there."""
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


# --- Declared work bounds ---------------------------------------------------------------------

@dataclass
class Bound:
    """A limit on the work of one check: at most `limit` `unit` (`default` unless raised)."""

    name: str
    limit: int
    unit: str
    why: str
    road: str = "kernel"  # whose work it bounds: the kernel's, or "coq" (verify --coq)
    default: int = field(init=False)

    def __post_init__(self) -> None:
        self.default = self.limit

    def check(self, amount: int, what: str, counted: bool = False) -> None:
        """Reject before the work starts when `what` needs more than the limit. `counted`: the
        amount is where counting stopped, so the rejection says "more than", not a number."""
        needs = (f"needs more {self.unit} than the kernel's bound {self.name} = "
                 f"{self.limit:,} allows (the count stopped there)" if counted else
                 f"needs {amount:,} {self.unit}, over the kernel's bound {self.name} = "
                 f"{self.limit:,}")
        expect(amount <= self.limit,
               f"{what} {needs} ({self.why}); raise it with `--bound {self.name}=VALUE` "
               "(coinproofs prove or verify)")


BOUNDS: dict[str, Bound] = {}


def declare(name: str, limit: int, unit: str, why: str, road: str = "kernel") -> Bound:
    """Declare a bound once, at import of the module whose check it limits (or the Coq road's)."""

    assert name not in BOUNDS, f"the bound {name} is declared twice"
    BOUNDS[name] = Bound(name, limit, unit, why, road)
    return BOUNDS[name]


def raise_bound(name: str, limit: int) -> None:
    """Let one run of the kernel do more work (the user asked for it by name)."""
    if name not in BOUNDS:
        known = ", ".join(sorted(BOUNDS)) or "none declared"
        raise Rejected(f"there is no bound named {name!r} (the kernel's bounds: {known})")
    expect(is_count(limit) and limit >= 0, f"a bound is a whole number, not {limit!r}")
    BOUNDS[name].limit = limit


@contextmanager
def raised(limits: Mapping[str, int]) -> Iterator[None]:
    """Run the block with these bounds raised (or lowered), then restore them all."""
    before = {name: bound.limit for name, bound in BOUNDS.items()}
    try:
        for name, limit in limits.items():
            raise_bound(name, limit)
        yield
    finally:
        for name, limit in before.items():
            BOUNDS[name].limit = limit
