"""Certificates: load one as strict JSON, bounded before it is parsed; check the document's
and the claim's shapes; hand the claim to its game's ``check_claim`` (``GAME_MODULES``), which
reads artifacts only once their SHA-256 matches. Prose: docs/certificates.md, "The document",
"Conventions" and "Bounded on every input"; docs/design.md, "The trust boundary".
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import pkgutil
import stat
from collections.abc import Generator, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Protocol

from coinproofs.verify.schema import (
    ANY,
    FILE,
    MEASURE,
    OBJECT,
    SHA256,
    Bound,
    Rejected,
    Shape,
    declare,
    expect,
    list_of,
    literal,
    text,
)

__all__ = ["SCHEMA", "Artifacts", "Claim", "Rejected", "Verdict", "check_document", "check_file",
           "check_form", "expect", "load", "open_regular", "parse_json"]

SCHEMA = "coinproofs/certificate/v1"
GAMES = ("devil", "penny", "norepeat", "glasses")

Evidence = Mapping[str, Any]

DOCUMENT_BYTES = declare("certificate.bytes", 16 << 20, "bytes",
                         "the largest certificate file parsed")
DEPTH = declare("certificate.depth", 32, "levels of nesting",
                "lists and objects inside each other")
ARTIFACT_BYTES = declare("artifact.bytes", 256 << 20, "bytes",
                         "the largest artifact file read")
LINE_BYTES = declare("artifact.line-bytes", 1 << 20, "bytes",
                     "the longest line of an artifact")
# 2^20 values take at most about 75 MB once parsed (an empty object, the largest for its
# text, takes 64 bytes); the largest certificate coinproofs writes holds some 7,000, Lamping's
# strategy for 16 coins 600,000.
VALUES = declare("certificate.values", 1 << 20, "values",
                 "the lists, objects, numbers and strings of one JSON document, counted before "
                 "it is parsed")

DOCUMENT = Shape("the certificate",
                 {"schema": literal(SCHEMA), "claim": OBJECT,
                  "evidence": list_of(OBJECT, 32, least=1)},
                 {"lemmas": list_of(text(2000), 32), "provenance": OBJECT})
CLAIM = Shape("the claim", {"id": text(200), "game": literal(*GAMES), "kind": text(50),
                            "params": OBJECT, "value": ANY, "statement": text(16 << 20)})
# Read by people, never by the kernel's verdict: exact in form, free in content. `prove` no
# longer writes the seconds it took (a certificate is the same bytes however it was proved);
# certificates that hold them are still read.
PROVENANCE = Shape("the provenance", {"coinproofs": text(50), "solver": text(200)},
                   {"seconds": MEASURE})


@dataclass(frozen=True)
class Claim:
    """A precise statement: which game, what kind of fact, for which parameters, what value."""

    id: str
    game: str
    kind: str
    params: Mapping[str, Any]
    value: Any
    statement: str


@dataclass(frozen=True)
class Verdict:
    """What the kernel accepted: the claim and the evidence methods it checked."""

    claim: Claim
    methods: list[str]


class Artifacts:
    """The files beside a certificate, handed out only once their size is within
    `artifact.bytes` (and the caller's bound) and their SHA-256, hashed as a stream, matches."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def read(self, evidence: Evidence, name_key: str = "file", hash_key: str = "sha256",
             bound: Bound | None = None, bytes_each: int = 1) -> bytes:
        """The whole file evidence[name_key] (SHA-256 evidence[hash_key]), of at most
        `bytes_each` bytes for each unit `bound` allows."""
        with self._open(evidence, name_key, hash_key, bound, bytes_each) as (handle, name,
                                                                             digest):
            data = handle.read()
        expect(hashlib.sha256(data).hexdigest() == digest,
               f"artifact file {name!r} changed while the kernel read it")
        return data

    def text(self, evidence: Evidence, bound: Bound | None = None, bytes_each: int = 1) -> str:
        """The UTF-8 text of the file evidence['file'] (SHA-256 evidence['sha256'])."""
        try:
            return self.read(evidence, bound=bound, bytes_each=bytes_each).decode("utf-8")
        except UnicodeDecodeError:
            raise Rejected(f"artifact file {evidence['file']!r} is not UTF-8 text") from None

    def lines(self, evidence: Evidence, name_key: str = "file", hash_key: str = "sha256",
              bound: Bound | None = None) -> Iterator[bytes]:
        """The lines of the file evidence[name_key], one at a time, within artifact.line-bytes."""
        with self._open(evidence, name_key, hash_key, bound, 1) as (handle, name, digest):
            hasher = hashlib.sha256()
            number = 0
            while line := handle.readline(LINE_BYTES.limit + 1):
                number += 1
                LINE_BYTES.check(len(line), f"line {number:,} of artifact file {name!r}",
                                 counted=True)
                hasher.update(line)
                yield line
            expect(hasher.hexdigest() == digest,
                   f"artifact file {name!r} changed while the kernel read it")

    def readings(self, evidence: Evidence, sized_by: Bound, bytes_each: int,
                 times: int) -> Generator[Iterator[bytes], None, None]:
        """`times` readings, hashed, of the binary file evidence['file'], whose size `sized_by`
        bounds in place of `artifact.bytes` (its own bound limits it and its work)."""
        with self._open(evidence, "file", "sha256", sized_by, bytes_each,
                        own_size=True) as (handle, name, digest):
            for _ in range(times):
                handle.seek(0)
                yield _hashed_chunks(handle, name, digest)

    def check(self, evidence: Evidence, name_key: str, hash_key: str) -> None:
        """Reject unless the file evidence[name_key] has the SHA-256 evidence[hash_key]."""
        with self._open(evidence, name_key, hash_key, None, 1):
            pass

    @contextmanager
    def _open(self, evidence: Evidence, name_key: str, hash_key: str, bound: Bound | None,
              bytes_each: int, own_size: bool = False) -> Iterator[tuple[IO[bytes], str, str]]:
        """The file evidence[name_key], open, once within the bounds and of its SHA-256."""
        name, digest = evidence.get(name_key), evidence.get(hash_key)
        FILE.check(name, f"evidence field {name_key!r}")
        SHA256.check(digest, f"evidence field {hash_key!r}")
        assert isinstance(name, str) and isinstance(digest, str)
        path = self.folder / name
        try:
            # A symlink could lead anywhere on the machine, a pipe could make the kernel wait:
            # only real files beside the certificate.
            expect(not path.is_symlink(), f"artifact file {name!r} is a symbolic link")
            expect(path.is_file(), f"artifact file {name!r} is missing")
            with open_regular(path) as handle:
                size = os.fstat(handle.fileno()).st_size
                if not own_size:
                    ARTIFACT_BYTES.check(size, f"artifact file {name!r}")
                if bound is not None:
                    each = "" if bytes_each == 1 else f", at {bytes_each} bytes each,"
                    bound.check(-(-size // bytes_each), f"artifact file {name!r}{each}")
                hasher = hashlib.sha256()
                while chunk := handle.read(1 << 20):
                    hasher.update(chunk)
                expect(hasher.hexdigest() == digest,
                       f"artifact file {name!r} does not match its SHA-256 in the certificate")
                handle.seek(0)
                yield handle, name, digest
        except OSError as error:
            raise Rejected(f"artifact file {name!r} cannot be read ({error.strerror})") from None


def _hashed_chunks(handle: IO[bytes], name: str, digest: str) -> Iterator[bytes]:
    """The rest of the file, a megabyte at a time; at its end, its SHA-256 must be `digest`."""
    hasher = hashlib.sha256()
    while chunk := handle.read(1 << 20):
        hasher.update(chunk)
        yield chunk
    expect(hasher.hexdigest() == digest,
           f"artifact file {name!r} changed while the kernel read it")


class GameChecker(Protocol):
    """A game's ``check_claim``: the methods it checked, or Rejected unless they prove it."""

    def __call__(self, claim: Claim, evidence: list[Evidence],
                 artifacts: Artifacts) -> list[str]: ...


def parse_claim(doc: Any) -> Claim:
    """The claim of a certificate document, once the document and the claim have their shapes."""
    DOCUMENT.check(doc)
    if "provenance" in doc:
        PROVENANCE.check(doc["provenance"])
    raw = doc["claim"]
    CLAIM.check(raw)
    return Claim(raw["id"], raw["game"], raw["kind"], raw["params"], raw["value"], raw["statement"])


# The kernel module that checks each game's claims (verify/<module>.py).
GAME_MODULES = {"devil": "devil", "penny": "penny", "norepeat": "norepeat",
                "glasses": "glasses"}


def game_module(game: str) -> Any:
    """The kernel module with `check_form` and `check_claim` for a game's claims."""
    return importlib.import_module(f"coinproofs.verify.{GAME_MODULES[game]}")


def check_form(claim: Claim) -> None:
    """Reject unless the claim has its game's form (the game's ``check_form``; the Coq road's)."""
    try:
        game_module(claim.game).check_form(claim)
    except Rejected:
        raise
    except Exception as error:  # whatever a malformed claim does to the check: no, not a crash
        raise Rejected(f"malformed claim ({type(error).__name__}: {error})") from None


def check_document(doc: Any, folder: Path) -> Verdict:
    """Check a parsed certificate whose artifacts lie in `folder`."""
    claim = parse_claim(doc)
    try:
        checker: GameChecker = game_module(claim.game).check_claim
        methods = checker(claim, doc["evidence"], Artifacts(folder))
    except Rejected:
        raise
    except Exception as error:
        # Whatever a malformed certificate does to a checker, the answer is no, not a crash.
        raise Rejected(f"malformed evidence ({type(error).__name__}: {error})") from None
    expect(len(methods) > 0, f"no evidence for {claim.id} was checked")
    return Verdict(claim, methods)


# --- Strict JSON ----------------------------------------------------------------------------

def json_shape(text: str) -> tuple[int, int, bool]:
    r"""(depth, values, balanced) of the JSON `text`: how deep it nests; its commas and opening
    brackets outside strings (at least all its values but one); whether its brackets balance.
    Passes of C code over the bytes: linear time, never an object per string or bracket.

    >>> json_shape(r'[[1, 2], {"a": "[[,,[\\"}]'), json_shape("[[[[]]]]")
    ((2, 5, True), (4, 4, True))
    >>> json_shape(r'["a \"]"]'), json_shape('["an unclosed string]')
    ((1, 1, True), (1, 1, False))
    """
    # deferred: numpy is 0.1 s of CPU that commands reading no certificate (`claims ID`) skip.
    import numpy as np

    # Escapes go first: backslashes in pairs, left to right as JSON reads them, then escaped
    # quotes (outside strings a backslash is not JSON: the parser refuses it). What is left
    # of a string is its two quotes, so a byte is inside a string iff an odd number of quotes
    # come before it: a running count mod 256 (uint8) keeps that parity.
    data = text.encode("utf-8", "surrogatepass").replace(b"\\\\", b"").replace(b'\\"', b"")
    codes = np.frombuffer(data, dtype=np.uint8)
    outside = codes[(np.cumsum(codes == ord('"'), dtype=np.uint8) & 1) == 0]
    opening = (outside == ord("[")) | (outside == ord("{"))
    closing = (outside == ord("]")) | (outside == ord("}"))
    values = int(np.count_nonzero(opening)) + int(np.count_nonzero(outside == ord(",")))
    steps = opening[opening | closing].astype(np.int8) * 2 - 1  # +1 opens, -1 closes a level
    depth = lowest = level = 0
    for start in range(0, len(steps), 1 << 20):  # the levels a million brackets at a time
        levels = np.cumsum(steps[start:start + (1 << 20)], dtype=np.int32) + level
        depth, lowest = max(depth, int(levels.max())), min(lowest, int(levels.min()))
        level = int(levels[-1])
    return depth, values, level == 0 and lowest >= 0


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object hook for json: a key given twice would let two readers see two documents."""
    obj = dict(pairs)
    expect(len(obj) == len(pairs), "a JSON object gives the same key twice")
    return obj


def _no_constant(word: str) -> Any:
    raise Rejected(f"{word} is not a JSON number")


def _finite(word: str) -> float:
    value = float(word)
    expect(value not in (float("inf"), float("-inf")), f"{word} is too large for the kernel")
    return value


def parse_json(text: str, what: str, values: Bound = VALUES, values_each: int = 1) -> Any:
    """The strict JSON document in `text` (no repeated key, NaN, Infinity or float overflow;
    depth and values, `values_each` a unit of `values`, within bounds counted before the
    parser builds anything), or a rejection saying why `what` is not one."""
    depth, count, balanced = json_shape(text)
    DEPTH.check(depth, what)
    # (the parser would refuse it too, but only once it had recursed as deep as it goes)
    expect(balanced, f"{what} is not valid JSON (its brackets do not balance)")
    values.check(-(-count // values_each), what)
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant,
                          parse_float=_finite)
    except Rejected as rejection:  # a repeated key or a NaN: say where
        raise Rejected(f"{what}: {rejection}") from None
    except json.JSONDecodeError as error:
        raise Rejected(f"{what} is not valid JSON ({error.msg} at line {error.lineno})") from None
    except (ValueError, RecursionError) as error:  # over-long integers
        raise Rejected(f"{what} is not JSON the kernel reads ({error})") from None


def open_regular(path: Path) -> IO[bytes]:
    """The file `path`, open, if it is a regular file: a pipe or a device, which would make the
    reader wait, is refused from its status, then again once opened without waiting."""

    try:
        expect(stat.S_ISREG(path.stat().st_mode), f"{path} is not a regular file")
        handle = os.fdopen(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb")
    except FileNotFoundError:
        raise Rejected(f"{path} does not exist") from None
    except OSError as error:
        raise Rejected(f"{path} cannot be read ({error.strerror or error})") from None
    if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
        handle.close()
        raise Rejected(f"{path} is not a regular file")
    return handle


def load(path: Path) -> Any:
    """The JSON document in `path`, or a rejection saying why it cannot be read."""
    # A link out of the certificate's folder could make the kernel read any file of the
    # machine (its artifacts are read beside the link, never beside what it names).
    expect(not path.is_symlink() or path.resolve().parent == path.absolute().parent.resolve(),
           f"{path} is a symbolic link to a file outside its folder")
    with open_regular(path) as handle:
        size = os.fstat(handle.fileno()).st_size
        DOCUMENT_BYTES.check(size, str(path))
        data = handle.read(size + 1)  # one byte more: it may have grown since
    DOCUMENT_BYTES.check(len(data), str(path))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Rejected(f"{path} cannot be read: {error}") from None
    return parse_json(text, str(path))


def check_file(path: Path) -> Verdict:
    """Check the certificate in `path` (its artifacts are read from the same folder)."""
    return check_document(load(path), path.parent)


def load_kernel() -> None:
    """Import every module of the kernel, so that every shape and bound is declared."""
    for module in pkgutil.iter_modules([str(Path(__file__).parent)]):
        importlib.import_module(f"coinproofs.verify.{module.name}")
