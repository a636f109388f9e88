"""Valid example certificates, one (or a few) per evidence kind, for the tests that tamper with
every kind: the fuzzing campaign (test_fuzz.py) and the check that every declared bound is
live (test_kernel_bounds.py).

A new evidence kind registers here and is fuzzed: add an Example naming a small claim whose
certificate holds it (proved by `coinproofs prove`, or reshaped from one by `rewrite`), and the
evidence method that mutations should mostly aim at. Keep examples small (a check of a few
milliseconds): each is checked some hundreds of times in the default test run.
"""

from __future__ import annotations

import copy
import hashlib
import json
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coinproofs.proofs.registry import find
from coinproofs.proofs.runner import prove_one
from tests.certificates import Document, read


@dataclass(frozen=True)
class Example:
    """A valid certificate of `claim`, with its artifacts, to tamper with.

    `focus` names the part that mutations aim at: an evidence method (its items), "claim", or
    "document" (the top-level fields). `rewrite`, if given, turns the proved certificate into
    another valid one (say, with an inline strategy moved to an artifact file): it gets the
    document and the artifacts (name -> bytes) and changes them in place."""

    name: str
    claim: str
    focus: str
    rewrite: Callable[[Document, dict[str, bytes]], None] | None = field(default=None,
                                                                          compare=False)

    @property
    def kind(self) -> str:
        """What it is an example of: "document", "<game>/claim" or "<game>/<method>" (several
        examples may share a kind: a strategy inline and in a file, say).

        >>> Example("x", "penny.unique.m4", "lrat").kind
        'penny/lrat'
        """
        game = self.claim.split(".")[0]
        return self.focus if self.focus == "document" else f"{game}/{self.focus}"


def to_file(method: str, field_name: str, name: str, encode: Callable[[Any], bytes],
            counted: str = "") -> Callable[[Document, dict[str, bytes]], None]:
    """A rewrite that moves the inline `field_name` of the first `method` item into the
    artifact file `name`, written by `encode` (and its length into the field `counted`, for
    kinds whose file form states it)."""
    def rewrite(document: Document, artifacts: dict[str, bytes]) -> None:
        item = next(item for item in document["evidence"] if item["method"] == method)
        value = item.pop(field_name)
        data = encode(value)
        artifacts[name] = data
        item.update(file=name, sha256=hashlib.sha256(data).hexdigest())
        if counted:
            item[counted] = len(value)
    return rewrite


def to_inline(method: str, field_name: str,
              decode: Callable[[bytes], Any]) -> Callable[[Document, dict[str, bytes]], None]:
    """A rewrite that moves the artifact file of the first `method` item inline."""
    def rewrite(document: Document, artifacts: dict[str, bytes]) -> None:
        item = next(item for item in document["evidence"] if item["method"] == method)
        item[field_name] = decode(artifacts.pop(item.pop("file")))
        del item["sha256"]
    return rewrite


def json_text(value: Any) -> bytes:
    return json.dumps(value).encode()


def json_lines(items: list[Any]) -> bytes:
    return "".join(json.dumps(item) + "\n" for item in items).encode()


def from_json_lines(data: bytes) -> list[Any]:
    return [json.loads(line) for line in data.decode().splitlines()]


def pair_lines(pairs: list[list[int]]) -> bytes:
    return "".join(f"{x} {y}\n" for x, y in pairs).encode()


def shared_turns(document: Document, artifacts: dict[str, bytes]) -> None:
    """A rewrite that writes a glasses strategy tree with every turn named once (the shared
    form {"first": ..., "named": {...}} that large strategies use)."""
    item = next(item for item in document["evidence"] if item["method"] == "strategy")
    named: dict[str, Any] = {}

    def name(turn: dict[str, Any]) -> str:
        for response in turn["if"].values():
            if "then" in response:
                response["then"] = name(response["then"])
        named[f"t{len(named)}"] = turn
        return f"t{len(named) - 1}"

    item["tree"] = {"first": name(item["tree"]), "named": named}
    del artifacts  # the strategy stays inline


def with_walk(leaf: int) -> Callable[[Document, dict[str, bytes]], None]:
    """A rewrite that adds the native core's strategy walk (format NRWALK1) of the claim's game
    as evidence, in an artifact file (the claims of 3 to 5 coins carry strategy DAGs; six
    coins, under misère play, a walk)."""
    def rewrite(document: Document, artifacts: dict[str, bytes]) -> None:
        from coinproofs.games.norepeat import extract

        params = document["claim"]["params"]
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "walk"
            counts = extract(params["n"], params["misere"], path, table_bytes=1 << 20,
                             leaf=leaf)
            data = path.read_bytes()
        name = f"{document['claim']['id']}.nrwalk"
        artifacts[name] = data
        document["evidence"].append({"method": "strategy-walk", "file": name,
                                     "sha256": hashlib.sha256(data).hexdigest(),
                                     "nodes": counts["nodes"]})
    return rewrite


def searched_layers(document: Document, artifacts: dict[str, bytes]) -> None:
    """A rewrite that adds the breadth-first search's layers of beliefs (reachability
    evidence) to a family certificate: the prover, deciding by the group theorems, writes
    none."""
    from coinproofs.games.devil import search, table
    from coinproofs.verify.table import options

    claim = document["claim"]
    n, q, group, goal = options(claim["params"])
    found = search(table(n, q, group, goal))
    layers = [[int(belief) for belief in layer] for layer in found.layers]
    name = f"{claim['id']}.layers.jsonl"
    artifacts[name] = json_lines(layers)
    document["evidence"].append({"method": "reachability", "file": name,
                                 "sha256": hashlib.sha256(artifacts[name]).hexdigest(),
                                 "depths": len(layers), "beliefs": sum(map(len, layers))})


EXAMPLES = [
    Example("document", "devil.n2.shortest", "document"),
    Example("devil/claim", "devil.n2.shortest", "claim"),
    Example("devil/strategy", "devil.n2.shortest", "strategy"),
    Example("devil/strategy-file", "devil.n2.shortest", "strategy",
            to_file("strategy", "moves", "devil.n2.shortest.moves.jsonl", json_lines)),
    Example("devil/lamping", "devil.n4.lamping", "strategy"),
    Example("devil/reachability", "devil.n3.impossible", "reachability"),
    Example("devil/reachability-inline", "devil.n3.impossible", "reachability",
            to_inline("reachability", "layers", from_json_lines)),
    Example("devil/lrat", "devil.n2.shortest", "lrat"),
    Example("devil/invariant", "devil.n3.impossible", "invariant"),
    Example("devil/algebraic", "devil.n3.impossible", "algebraic"),
    Example("devil/theorem", "devil.n2.shortest", "theorem"),
    Example("penny/claim", "penny.riddler-20-30", "claim"),
    Example("penny/claim-first", "penny.first-20", "claim"),
    Example("penny/claim-a-wythoff", "penny.a-wythoff.a2.m30", "claim"),
    Example("penny/p-positions", "penny.p-positions.m100", "p-positions"),
    Example("penny/p-positions-file", "penny.p-positions.m100", "p-positions",
            to_file("p-positions", "positions", "penny.p-positions.m100.positions.txt",
                    pair_lines)),
    Example("penny/formula", "penny.p-positions.m100", "formula"),
    Example("penny/lrat", "penny.unique.m4", "lrat"),
    Example("penny/theorem", "penny.wythoff", "theorem"),
    Example("norepeat/claim", "norepeat.n3.misere", "claim"),
    Example("norepeat/strategy", "norepeat.n3.misere", "strategy"),
    Example("norepeat/strategy-file", "norepeat.n3.misere", "strategy",
            to_file("strategy", "moves", "norepeat.n3.misere.moves", json_text)),
    Example("norepeat/strategy-up-to-symmetry", "norepeat.n3.misere", "strategy-up-to-symmetry"),
    Example("norepeat/strategy-up-to-symmetry-file", "norepeat.n3.misere",
            "strategy-up-to-symmetry",
            to_file("strategy-up-to-symmetry", "moves", "norepeat.n3.misere.moves", json_text)),
    Example("norepeat/strategy-dag", "norepeat.n3.misere", "strategy-dag"),
    Example("norepeat/strategy-dag-normal", "norepeat.n4.normal", "strategy-dag"),
    Example("norepeat/strategy-walk", "norepeat.n4.misere", "strategy-walk", with_walk(0)),
    Example("norepeat/strategy-walk-normal", "norepeat.n4.normal", "strategy-walk",
            with_walk(4)),
    Example("norepeat/matching", "norepeat.n3.normal", "matching"),
    Example("norepeat/matching-file", "norepeat.n6.normal", "matching",
            to_file("matching", "pairs", "norepeat.n6.normal.pairs", json_text)),
    Example("family/claim", "devil.n2.q3.impossible", "claim"),
    Example("family/strategy", "devil.n2.equal.shortest", "strategy"),
    Example("family/strategy-file", "devil.n2.equal.shortest", "strategy",
            to_file("strategy", "moves", "devil.n2.equal.shortest.moves.jsonl", json_lines,
                    counted="length")),
    Example("family/reachability", "devil.n2.equal.shortest", "reachability", searched_layers),
    Example("family/invariant", "devil.n2.q3.impossible", "invariant"),
    Example("family/theorem", "devil.n2.q3.impossible", "theorem"),
    Example("family/theorem-only", "devil.n8.q8.dihedral.shortest", "theorem"),
    Example("family/count", "devil.n2.equal.count", "count"),
    Example("family/count-claim", "devil.n2.count", "claim"),
    Example("glasses/claim", "glasses.n3.k2.shortest", "claim"),
    Example("glasses/strategy", "glasses.n3.k2.shortest", "strategy"),
    Example("glasses/strategy-shared", "glasses.n3.k2.shortest", "strategy", shared_turns),
    Example("glasses/strategy-file", "glasses.n3.k2.shortest", "strategy",
            to_file("strategy", "tree", "glasses.n3.k2.shortest.tree", json_text)),
    Example("glasses/survival", "glasses.n3.k2.shortest", "survival"),
    Example("glasses/survival-file", "glasses.n3.k2.shortest", "survival",
            to_file("survival", "layers", "glasses.n3.k2.shortest.layers.jsonl", json_lines)),
    Example("glasses/invariant", "glasses.n4.k1.impossible", "invariant"),
    Example("glasses/theorem", "glasses.n12.k7.impossible", "theorem"),
]


@dataclass(frozen=True)
class Built:
    """An example as written: its certificate document and its artifacts (name -> bytes)."""

    example: Example
    document: Document
    artifacts: dict[str, bytes]

    def __repr__(self) -> str:  # hypothesis shows it with every failing example
        return f"Built({self.example.name!r})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # hypothesis's printer
        printer.text(repr(self))

    def write(self, folder: Path, name: str = "") -> Path:
        """Write the certificate (as `name`, by default `<claim>.json`) and its artifacts into
        `folder`; the certificate's path."""
        for artifact, data in self.artifacts.items():
            (folder / artifact).write_bytes(data)
        path = folder / (name or f"{self.example.claim}.json")
        path.write_text(json.dumps(self.document))
        return path


def prove(claim: str, folder: Path) -> tuple[Document, dict[str, bytes]]:
    """Prove `claim` into the empty `folder`: its certificate document and artifacts."""
    outcome = prove_one(find(claim), folder)
    assert outcome.proved, outcome.reason
    return read(folder, claim), {path.name: path.read_bytes() for path in folder.iterdir()
                                 if path.suffix != ".json"}


def build_all(folder: Path) -> dict[str, Built]:
    """Every example, each claim proved once in its own folder under `folder`."""
    proved = {}
    for claim in dict.fromkeys(example.claim for example in EXAMPLES):
        (folder / claim).mkdir()
        proved[claim] = prove(claim, folder / claim)
    built = {}
    for example in EXAMPLES:
        document, artifacts = copy.deepcopy(proved[example.claim])
        if example.rewrite is not None:
            example.rewrite(document, artifacts)
        built[example.name] = Built(example, document, artifacts)
    return built
