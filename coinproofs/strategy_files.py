"""One story for strategy files: every command that reads a strategy reads every form that
coinproofs writes, and `-` is standard input.

The forms, game by game:

- the devil's coin flip and its family: a JSON list of moves (``devil solve -o``), what
  ``devil solve --json`` and ``devil lamping --json`` print (an object with "moves"), one move
  per line (a certificate's ``<id>.moves.jsonl``), and a certificate (``<id>.json``, whose
  strategy evidence holds the moves or names the file beside it that does);
- the glasses: a strategy tree (``glasses solve -o``), what ``glasses solve --json`` prints,
  a certificate;
- No repeats: what ``norepeat solve -o`` writes and ``norepeat solve --json`` prints, a
  certificate, and a strategy DAG (``norepeat solve --certificate``, binary).

Files are read as strictly as the kernel reads certificates, within its byte bounds. Errors
are ValueErrors of one sentence that name the file.
"""

from __future__ import annotations

import hashlib
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

SCHEMA_KEY = "schema"  # a certificate names its schema; no strategy file does
DAG_MAGIC = b"NRDAG1\n\0"  # a No repeats strategy DAG (the kernel's norepeat_dag.MAGIC)
WALK_MAGIC = b"NRWALK1\n"  # a No repeats strategy walk (the kernel's norepeat_walk.MAGIC)


@dataclass(frozen=True)
class Document:
    """What a strategy file holds: the JSON value (JSON lines: the list of the lines' values),
    or the bytes of a binary file (`data` is bytes); the folder its artifacts lie in, and the
    name to give it in messages."""

    data: Any
    folder: Path
    name: str

    @property
    def is_certificate(self) -> bool:
        return isinstance(self.data, dict) and SCHEMA_KEY in self.data and "claim" in self.data

    def claim(self) -> dict[str, Any]:
        """The claim of a certificate (id, game, params, kind, value)."""
        claim = self.data["claim"]
        if not isinstance(claim, dict) or not isinstance(claim.get("params"), dict):
            raise ValueError(f"{self.name} is not a certificate coinproofs wrote (no claim)")
        return claim

    def evidence(self, method: str, game: str) -> dict[str, Any]:
        """The first evidence item of a certificate with this method, for this game."""
        claim = self.claim()
        if claim.get("game") != game:
            raise ValueError(f"{self.name} is the certificate of {claim.get('id')!r}, a claim "
                             f"about {claim.get('game')}, not {game}")
        for item in self.data.get("evidence", []):
            if isinstance(item, dict) and item.get("method") == method:
                return item
        raise ValueError(f"{self.name} (the certificate of {claim.get('id')!r}) holds no "
                         f"{method} evidence: no strategy to read")

    def beside(self, item: dict[str, Any], key: str = "file") -> Document:
        """The artifact file an evidence item names, read from beside the certificate."""
        name = item.get(key)
        if not isinstance(name, str) or Path(name).name != name or name.startswith("."):
            raise ValueError(f"{self.name} names {name!r}, which is not a file beside it")
        return read(self.folder / name)


def read(path: str | Path) -> Document:
    """The document in the file `path` ("-": standard input): JSON, JSON lines, or the bytes of
    a binary strategy DAG; a ValueError saying why not.

    >>> import tempfile, pathlib
    >>> lines = pathlib.Path(tempfile.mkdtemp()) / "moves.jsonl"
    >>> _ = lines.write_text("[0, 1]\\n[0]\\n[0, 1]\\n")
    >>> read(lines).data
    [[0, 1], [0], [0, 1]]
    """
    # deferred: 99 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.verify.certificate import (
        ARTIFACT_BYTES,
        DOCUMENT_BYTES,
        Rejected,
        open_regular,
    )

    limit = ARTIFACT_BYTES.limit
    if str(path) == "-":
        data, name, folder = _prefix(sys.stdin.buffer, limit + 1), "standard input", Path()
    else:
        path = Path(path)
        if not path.exists():
            raise ValueError(f"no such file: {path}")
        # A named pipe or a device is refused before it is opened (it would make the command
        # wait, or read forever); of a file, what its size says, never more than the bound.
        try:
            with open_regular(path) as handle:
                data = _prefix(handle, limit + 1)
        except Rejected as error:
            raise ValueError(str(error)) from None
        name, folder = str(path), path.parent
    if len(data) > limit:
        raise ValueError(f"{name} is larger than the {limit:,} bytes a strategy file may be")
    if data.startswith((DAG_MAGIC, WALK_MAGIC)):
        return Document(data, folder, name)
    if len(data) > DOCUMENT_BYTES.limit:  # parsed whole: no larger than a certificate
        raise ValueError(f"{name} is larger than the {DOCUMENT_BYTES.limit:,} bytes a JSON "
                         "strategy file may be")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{name} is not a UTF-8 text file (nor a strategy DAG or walk)") from None
    return Document(parsed(text, name), folder, name)


def _prefix(stream: IO[bytes], most: int) -> bytes:
    """At most `most` bytes of `stream`, read a megabyte at a time (read(n) would hold n bytes
    at once, however few the stream has)."""
    chunks: list[bytes] = []
    size = 0
    while size < most and (chunk := stream.read(min(1 << 20, most - size))):
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def parsed(text: str, name: str) -> Any:
    """The JSON document in `text`, or, for JSON lines, the list of the lines' values."""
    # deferred: 131 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.verify.certificate import Rejected, parse_json
    from coinproofs.verify.table import STRATEGY_MOVES

    try:
        return parse_json(text, name)
    except Rejected as whole:
        lines = [line for line in text.splitlines() if line.strip()]
        # (one move a line: no strategy the kernel reads has more lines)
        if not 2 <= len(lines) <= STRATEGY_MOVES.limit:
            raise ValueError(str(whole)) from None
        try:
            return [parse_json(line, f"{name} line {number}")
                    for number, line in enumerate(lines, 1)]
        except Rejected:
            raise ValueError(str(whole)) from None


# --- The devil's coin flip and its family --------------------------------------------------------

def devil_moves(document: Document, n: int | None = None, states: int | None = None
                ) -> tuple[Any, dict[str, Any]]:
    """The moves a devil strategy file holds (still as written: lists of positions), and what
    the file says of the table ({"n": ..., "states": ...}, each only if it says so). The
    caller checks them against its own N and --states."""
    data = document.data
    said: dict[str, Any] = {}
    if document.is_certificate:
        params = document.claim()["params"]
        said = {"n": params.get("n"), "states": params.get("q", 2)}
        item = document.evidence("strategy", "devil")
        data = item["moves"] if "moves" in item else document.beside(item).data
    elif isinstance(data, dict):
        if "moves" not in data:
            raise ValueError(f"{document.name} holds an object without 'moves': a strategy "
                             "file holds a JSON list of moves, an object with 'moves' (what "
                             "`coinproofs devil solve --json` prints), or a certificate")
        said = {key: data[key] for key in ("n", "states") if key in data}
        if data["moves"] is None:
            raise ValueError(f"{document.name} holds no strategy: no strategy wins for "
                             f"{data.get('n', n)} coins")
        data = data["moves"]
    elif isinstance(data, bytes):
        raise ValueError(f"{document.name} is a No repeats strategy DAG, not a devil strategy")
    if not isinstance(data, list):
        raise ValueError(f"{document.name} holds a JSON list of moves, each a list of "
                         "positions, e.g. [[0,1,2,3],[0,2]]; not this")
    for key, wanted, what in (("n", n, "coins"), ("states", states, "states")):
        if wanted is not None and said.get(key, wanted) != wanted:
            option = "" if key == "n" else " (the option --states)"
            raise ValueError(f"{document.name} holds a strategy for {said[key]!r} {what}, "
                             f"not {wanted}{option}")
    return data, said


# --- The glasses ---------------------------------------------------------------------------------

def glasses_tree(document: Document, n: int, k: int | None) -> tuple[Any, int]:
    """The strategy tree a glasses strategy file holds, and the hands it is for (`k`, or what
    the file says when `k` is None)."""
    data, said = document.data, {}
    if document.is_certificate:
        params = document.claim()["params"]
        said = {"n": params.get("n"), "hands": params.get("hands")}
        item = document.evidence("strategy", "glasses")
        data = item["tree"] if "tree" in item else document.beside(item).data
    elif isinstance(data, dict) and "strategy" in data and "feel" not in data:
        said = {key: data[key] for key in ("n", "hands") if key in data}
        data = data["strategy"]
    elif isinstance(data, bytes):
        raise ValueError(f"{document.name} is a No repeats strategy DAG, not a glasses strategy")
    for key, wanted, what in (("n", n, "glasses"), ("hands", k, "hands")):
        if wanted is not None and said.get(key, wanted) != wanted:
            raise ValueError(f"{document.name} holds a strategy for {said[key]!r} {what}, "
                             f"not {wanted}")
    hands = k if k is not None else said.get("hands")
    if not isinstance(hands, int) or isinstance(hands, bool):
        raise ValueError(f"{document.name} does not say how many hands: give --hands K")
    return data, hands


# --- No repeats ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class NoRepeatsFile:
    """What a No repeats strategy file holds: the game (coins, rule, winner) and the
    strategies by the kernel's names ("strategy", "strategy-up-to-symmetry", "strategy-dag",
    "strategy-walk": for a DAG or walk, the evidence item the kernel checks, with the folder
    its file is in)."""

    n: int
    misere: bool
    winner: str
    strategies: dict[str, Any]
    folder: Path


def norepeat_strategies(document: Document) -> NoRepeatsFile:
    """The game and strategies of a No repeats strategy file, certificate, DAG or walk."""
    data = document.data
    if isinstance(data, bytes):  # a strategy DAG or walk: its header says the game
        n, misere, player = data[8], bool(data[9]), data[10]
        form, nodes_at = (("strategy-walk", 16) if data.startswith(WALK_MAGIC)
                          else ("strategy-dag", 12))
        if document.name == "standard input":
            raise ValueError(f"a {form.replace('-', ' ')} is checked from its file, not "
                             "standard input")
        item = {"method": form, "file": Path(document.name).name,
                "sha256": hashlib.sha256(data).hexdigest(),
                "nodes": int.from_bytes(data[nodes_at:nodes_at + 8], "little")}
        return NoRepeatsFile(n, misere, "first" if player == 1 else "second",
                             {form: item}, document.folder)
    if document.is_certificate:
        claim = document.claim()
        params = claim["params"]
        found = {}
        for item in document.data.get("evidence", []):
            if isinstance(item, dict) and item.get("method") in NOREPEAT_METHODS:
                method = item["method"]
                found[method] = (item if method in BINARY_METHODS else
                                 item["moves"] if "moves" in item else document.beside(item).data)
        if claim.get("game") != "norepeat":
            raise ValueError(f"{document.name} is the certificate of {claim.get('id')!r}, not "
                             "of a No repeats claim")
        data = {"coins": params.get("n"), "misere": params.get("misere"),
                "winner": claim.get("value"), **found}
    if not isinstance(data, dict):
        raise ValueError(f"{document.name} must hold a JSON object (what `norepeat solve -o` "
                         "writes), a certificate or a strategy DAG")
    coins, rule, winner = data.get("coins"), data.get("misere"), data.get("winner")
    if (type(coins) is not int or coins < 1 or type(rule) is not bool
            or winner not in ("first", "second")):
        raise ValueError(f"{document.name} does not say the game: a strategy file needs "
                         "'coins' (a whole number >= 1), 'misere' (true or false) and 'winner' "
                         "('first' or 'second')")
    strategies = {method: data[method] for method in NOREPEAT_METHODS if method in data}
    if not strategies:
        raise ValueError(f"{document.name} holds no 'strategy' or 'strategy-up-to-symmetry' "
                         "to check")
    return NoRepeatsFile(coins, rule, winner, strategies, document.folder)


NOREPEAT_METHODS = ("strategy", "strategy-up-to-symmetry", "strategy-dag", "strategy-walk")
BINARY_METHODS = ("strategy-dag", "strategy-walk")  # evidence whose file is read by its checker
