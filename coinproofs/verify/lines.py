"""Reading the JSON-lines artifacts of the devil's games: one list of whole numbers a line (a
move's positions, a layer of beliefs), read as a stream without a JSON parser, so that nothing
but digits reaches int(), and counted against what the evidence declares as the lines arrive."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from coinproofs.verify.certificate import Artifacts, Evidence
from coinproofs.verify.schema import Rejected, expect

NUMBERS_LINE = re.compile(rb"\[ *(?:(?:0|[1-9][0-9]*) *(?:, *(?:0|[1-9][0-9]*) *)*)?\]\n?")
NUMBER = re.compile(rb"[0-9]+")


def numbers_lines(lines: Iterable[bytes], name: str) -> Iterator[list[int]]:
    """The list of whole numbers on each line of the artifact file `name`."""
    for number, line in enumerate(lines, 1):
        expect(NUMBERS_LINE.fullmatch(line) is not None,
               f"line {number:,} of artifact file {name!r} is not a list of whole numbers "
               "such as [0, 2, 3]")
        try:
            yield [int(digits) for digits in NUMBER.findall(line)]
        except ValueError:  # more digits than Python converts
            raise Rejected(f"line {number:,} of artifact file {name!r} holds a number too "
                           "long to read") from None


def counted_lines(evidence: Evidence, artifacts: Artifacts, most: Mapping[str, int],
                  counted: Callable[[list[int]], Mapping[str, int]]) -> Iterator[list[int]]:
    """The list of whole numbers on each line of the artifact evidence['file'], counted
    (`counted(item)` adds to each) against `most`: more refused at once, fewer at the end."""
    read = dict.fromkeys(most, 0)

    def holds(counts: Mapping[str, int]) -> str:
        return " and ".join(f"{key} = {value:,}" for key, value in counts.items())

    for item in numbers_lines(artifacts.lines(evidence), evidence["file"]):
        for key, amount in counted(item).items():
            read[key] += amount
        expect(all(read[key] <= most[key] for key in most),
               f"{evidence['method']} evidence says {holds(most)}, but its file holds more")
        yield item
    expect(read == most, f"{evidence['method']} evidence says {holds(most)}, but its file "
                         f"holds {holds(read)}")


def payload(evidence: Evidence, key: str, artifacts: Artifacts) -> Iterator[Any]:
    """The items of evidence[key] inline, or one a line of the artifact evidence['file']."""
    if key in evidence:
        return iter(evidence[key])
    return numbers_lines(artifacts.lines(evidence), evidence["file"])


def declared(items: Iterable[Any], evidence: Evidence, read: dict[str, int],
             counts: Callable[[Any], Mapping[str, int]]) -> Iterator[Any]:
    """The items, counted into `read` (`counts(item)` adds to each) and refused at the first
    past a count the evidence declares; `tally` compares the counts at the end."""
    for item in items:
        for key, amount in counts(item).items():
            read[key] += amount
            expect(read[key] <= evidence.get(key, read[key]),
                   f"{evidence['method']} evidence says {key} = {evidence.get(key)!r}, but "
                   f"{'its file' if 'file' in evidence else 'it'} holds more")
        yield item


def tally(evidence: Evidence, counts: dict[str, int]) -> None:
    """Reject untrue counts: nothing in a certificate may say what the kernel has not checked."""
    for key, actual in counts.items():
        expect(evidence.get(key, actual) == actual,
               f"{evidence['method']} evidence says {key} = {evidence.get(key)!r}, "
               f"but it holds {actual}")
