"""Certificates: load one, check its form, and hand its claim to the game's own checker.

A certificate is a JSON document (schema ``coinproofs/certificate/v1``) naming a claim and the
evidence for it. Evidence may point at artifact files beside the certificate; they are read only
after their SHA-256 matches the one written in the certificate. Each game's kernel module
(``verify/devil.py``, ``verify/penny.py``, ``verify/norepeat.py``, ``verify/glasses.py``)
defines

    check_claim(claim: Claim, evidence: list[Evidence], artifacts: Artifacts) -> list[str]

which raises :class:`Rejected` unless the evidence proves the claim exactly as stated, and
returns the evidence methods it checked. Nothing here trusts the code that wrote the file.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

SCHEMA = "coinproofs/certificate/v1"
GAMES = ("devil", "penny", "norepeat", "glasses")

Evidence = Mapping[str, Any]


class Rejected(Exception):
    """The kernel does not accept a certificate; the message says why, in one sentence."""


def expect(condition: bool, reason: str) -> None:
    """Reject with `reason` unless `condition` holds (the kernel's only way to say no)."""
    if not condition:
        raise Rejected(reason)


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
    """The files beside a certificate, handed out only when their hash matches."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def read(self, evidence: Evidence, name_key: str, hash_key: str) -> bytes:
        """The bytes of the file evidence[name_key], whose SHA-256 is evidence[hash_key]."""
        name = evidence.get(name_key)
        digest = evidence.get(hash_key)
        expect(isinstance(name, str) and name != "",
               f"evidence field '{name_key}' must name a file")
        expect(isinstance(digest, str),
               f"evidence field '{hash_key}' must hold a SHA-256 digest")
        assert isinstance(name, str) and isinstance(digest, str)
        # Artifacts live beside the certificate: no absolute paths, no climbing out of the folder.
        expect("/" not in name and "\\" not in name and name not in (".", ".."),
               f"artifact name {name!r} must be a plain file name beside the certificate")
        path = self.folder / name
        try:
            # A symlink could lead anywhere on the machine: only real files beside the certificate.
            expect(not path.is_symlink(), f"artifact file {name!r} is a symbolic link")
            expect(path.is_file(), f"artifact file {name!r} is missing")
            data = path.read_bytes()
        except OSError as error:
            raise Rejected(f"artifact file {name!r} cannot be read ({error.strerror})") from None
        expect(hashlib.sha256(data).hexdigest() == digest,
               f"artifact file {name!r} does not match its SHA-256 in the certificate")
        return data

    def text(self, evidence: Evidence) -> str:
        """The UTF-8 text of the file evidence['file'], whose SHA-256 is evidence['sha256']."""
        try:
            return self.read(evidence, "file", "sha256").decode("utf-8")
        except UnicodeDecodeError:
            raise Rejected(f"artifact file {evidence['file']!r} is not UTF-8 text") from None


class GameChecker(Protocol):
    def __call__(self, claim: Claim, evidence: list[Evidence],
                 artifacts: Artifacts) -> list[str]: ...


def parse_claim(doc: Any) -> Claim:
    """The claim of a certificate document, with every field of the right type."""
    expect(isinstance(doc, dict), "a certificate must be a JSON object")
    expect(doc.get("schema") == SCHEMA, f"the schema must be {SCHEMA!r}")
    raw = doc.get("claim")
    expect(isinstance(raw, dict), "the certificate has no 'claim' object")
    for key, kind in (("id", str), ("game", str), ("kind", str), ("params", dict),
                      ("statement", str)):
        expect(isinstance(raw.get(key), kind),
               f"claim field '{key}' is missing or not a {kind.__name__}")
    expect("value" in raw, "claim field 'value' is missing")
    expect(raw["game"] in GAMES,
           f"unknown game {raw['game']!r}; the kernel knows {', '.join(GAMES)}")
    return Claim(raw["id"], raw["game"], raw["kind"], raw["params"], raw["value"], raw["statement"])


def parse_evidence(doc: Mapping[str, Any]) -> list[Evidence]:
    """The evidence list: nonempty, each item an object with a 'method'."""
    evidence = doc.get("evidence")
    expect(isinstance(evidence, list) and len(evidence) > 0, "the certificate has no evidence")
    assert isinstance(evidence, list)
    for item in evidence:
        expect(isinstance(item, dict) and isinstance(item.get("method"), str),
               "every evidence item must be an object with a 'method'")
    return evidence


def check_document(doc: Any, folder: Path) -> Verdict:
    """Check a parsed certificate whose artifacts lie in `folder`."""
    claim = parse_claim(doc)
    evidence = parse_evidence(doc)
    try:
        module = importlib.import_module(f"coinproofs.verify.{claim.game}")
        checker: GameChecker = module.check_claim
        methods = checker(claim, evidence, Artifacts(folder))
    except Rejected:
        raise
    except Exception as error:
        # Whatever a malformed certificate does to a checker, the answer is no, not a crash.
        raise Rejected(f"malformed evidence ({type(error).__name__}: {error})") from None
    expect(len(methods) > 0, f"no evidence for {claim.id} was checked")
    return Verdict(claim, methods)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object hook for json: a key given twice would let two readers see two documents."""
    keys = [key for key, _ in pairs]
    expect(len(set(keys)) == len(keys), "a JSON object gives the same key twice")
    return dict(pairs)


def _no_constant(word: str) -> Any:
    raise Rejected(f"{word} is not a JSON number")


def parse_json(text: str, what: str) -> Any:
    """The strict JSON document in `text` (no repeated keys, no NaN or Infinity), or a
    rejection saying why `what` is not one."""
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except Rejected as rejection:  # a repeated key or a NaN: say where
        raise Rejected(f"{what}: {rejection}") from None
    except json.JSONDecodeError as error:
        raise Rejected(f"{what} is not valid JSON ({error.msg} at line {error.lineno})") from None
    except (ValueError, RecursionError) as error:  # over-long integers, too deep nesting
        raise Rejected(f"{what} is not JSON the kernel reads ({error})") from None


def load(path: Path) -> Any:
    """The JSON document in `path`, or a rejection saying why it cannot be read."""
    # A named pipe or a device would make the kernel wait or read forever.
    expect(path.is_file() or not path.exists(), f"{path} is not a regular file")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise Rejected(f"{path} does not exist") from None
    except (OSError, UnicodeDecodeError) as error:
        raise Rejected(f"{path} cannot be read: {error}") from None
    return parse_json(text, str(path))


def check_file(path: Path) -> Verdict:
    """Check the certificate in `path` (its artifacts are read from the same folder)."""
    return check_document(load(path), path.parent)
