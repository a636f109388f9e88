"""The kernel's shapes and bounds (verify/schema.py): exact fields, strict kinds, named bounds."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinproofs.kernel_docs import kernel_shapes
from coinproofs.verify.certificate import Rejected
from coinproofs.verify.schema import (
    ANY,
    BOUNDS,
    FILE,
    LIST,
    MEASURE,
    SHA256,
    Bound,
    Kind,
    Shape,
    count,
    declare,
    literal,
    one_shape,
    raise_bound,
)

INLINE = Shape("strategy evidence", {"method": literal("strategy"), "moves": count(0, 9)})
IN_FILE = Shape("strategy evidence", {"method": literal("strategy"), "file": FILE,
                                      "sha256": SHA256}, {"length": count(1)})
GOOD_FILE = {"method": "strategy", "file": "x.moves.jsonl", "sha256": "0" * 64, "length": 3}


def rejected(shape: Shape, obj: Any) -> str:
    with pytest.raises(Rejected) as info:
        shape.check(obj)
    return str(info.value)


def test_a_matching_object_passes_with_or_without_its_optional_fields() -> None:
    IN_FILE.check(GOOD_FILE)
    IN_FILE.check({key: value for key, value in GOOD_FILE.items() if key != "length"})


@pytest.mark.parametrize("field", ["method", "file", "sha256"])
def test_every_missing_required_field_is_named(field: str) -> None:
    broken = {key: value for key, value in GOOD_FILE.items() if key != field}
    assert rejected(IN_FILE, broken) == f"strategy evidence has no field {field!r}"


@pytest.mark.parametrize("value", [3.0, True, "3", None, [3], 0, -1, float("nan")])
def test_counts_are_integers_in_range(value: Any) -> None:
    assert "field 'length' must be a whole number" in rejected(IN_FILE, {**GOOD_FILE,
                                                                         "length": value})


@pytest.mark.parametrize("name", ["../x.cnf", "/etc/passwd", "a/b", "", ".hidden", "x.json",
                                  "a\nb", "x" * 300, 7])
def test_file_names_are_plain_names_beside_the_certificate(name: Any) -> None:
    assert "field 'file' must be a plain file name" in rejected(IN_FILE, {**GOOD_FILE,
                                                                          "file": name})


@pytest.mark.parametrize("digest", ["0" * 63, "0" * 65, "G" * 64, "A" * 64, 0])
def test_digests_are_64_lowercase_hex_digits(digest: Any) -> None:
    assert "field 'sha256' must be a SHA-256 digest" in rejected(
        IN_FILE, {**GOOD_FILE, "sha256": digest})


def test_literals_compare_json_types() -> None:
    assert literal(1).test(1) and not literal(1).test(True) and not literal(1).test(1.0)


@given(st.dictionaries(st.text(max_size=8), st.integers() | st.text() | st.none(), max_size=5))
def test_extra_fields_are_always_rejected_by_name(extra: dict[str, Any]) -> None:
    extra = {key: value for key, value in extra.items() if key not in GOOD_FILE}
    obj = {**GOOD_FILE, **extra}
    if extra:
        assert "has an unknown field" in rejected(IN_FILE, obj)
    else:
        IN_FILE.check(obj)


def test_one_shape_picks_the_matching_alternative_or_the_closest_reason() -> None:
    assert one_shape({"method": "strategy", "moves": 3}, INLINE, IN_FILE) is INLINE
    assert one_shape(GOOD_FILE, INLINE, IN_FILE) is IN_FILE
    with pytest.raises(Rejected, match="no field 'sha256'"):
        one_shape({"method": "strategy", "file": "x.moves.jsonl"}, INLINE, IN_FILE)


def test_a_bound_rejects_before_the_work_naming_itself_and_how_to_raise_it() -> None:
    bound = declare("test.moves", 10, "moves", "a test's bound")
    try:
        bound_is_checked_and_raised(bound)
    finally:
        del BOUNDS["test.moves"]


def bound_is_checked_and_raised(bound: Bound) -> None:
    bound.check(10, "the strategy")
    with pytest.raises(Rejected) as info:
        bound.check(11, "the strategy")
    assert str(info.value) == ("the strategy needs 11 moves, over the kernel's bound test.moves "
                               "= 10 (a test's bound); raise it with `--bound test.moves=VALUE` "
                               "(coinproofs prove or verify)")
    with pytest.raises(Rejected) as info:
        bound.check(11, "the strategy file", counted=True)
    assert str(info.value).startswith("the strategy file needs more moves than the kernel's bound "
                                      "test.moves = 10 allows (the count stopped there)")
    raise_bound("test.moves", 11)
    bound.check(11, "the strategy")
    with pytest.raises(Rejected, match=r"no bound named 'test\.nothing'"):
        raise_bound("test.nothing", 5)


def every_field() -> list[tuple[str, str, Kind]]:
    """Every field of every shape the kernel declares: (shape, field, kind)."""
    return [(f"{module}: {shape.what}", name, kind) for module, shape in kernel_shapes()
            for name, kind in [*shape.required.items(), *shape.optional.items()]]


@pytest.mark.parametrize("shape, name, kind", every_field(),
                         ids=[f"{shape}.{name}" for shape, name, _ in every_field()])
def test_every_field_that_holds_an_integer_holds_only_integers(shape: str, name: str,
                                                                kind: Kind) -> None:
    """Born strict: a field that takes some whole number refuses it as a float, a boolean or
    a string (measurements such as the provenance's seconds, and fields their own checker
    reads, excepted); a new kind of evidence declared with `count`, `literal` or `list_of` is
    strict without further work."""
    for number in range(5):
        if kind.test(number) and kind not in (MEASURE, ANY):
            assert not any(kind.test(odd) for odd in (float(number), str(number),
                                                      number == 1, [number]))
        if kind.test([number]) and kind not in (ANY, LIST):
            assert not kind.test([float(number)]) and not kind.test([number == 1])


def test_measurements_are_finite_numbers_of_at_least_zero() -> None:
    assert all(MEASURE.test(value) for value in (0, 3, 0.5, 10**400))
    assert not any(MEASURE.test(value) for value in (-1, -0.5, True, "1", None))
