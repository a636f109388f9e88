"""Benchmark: what a hostile input costs the kernel, against an honest input of the same size.

Run as `.venv/bin/python bench/bench_hostile.py [--quick]` (in `make bench`). For each class of
attack of issue 21 (docs/certificates.md, "Bounded on every input"), it builds the attack and
an honest certificate (or file, or command) of the same size, and prints the time and the
peak memory (tracemalloc, numpy's arrays included) of the kernel's refusal next to the time
of the honest check, and their ratio: a regression (a parse gone quadratic, a table built
before its bound) shows as a ratio far above 1, whatever the machine. Times are the best of
three runs without tracing; the peak comes from a fourth, traced.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coinproofs.cli import main as command
from coinproofs.proofs.registry import find
from coinproofs.proofs.runner import prove_one
from coinproofs.verify import glasses
from coinproofs.verify import table as kernel
from coinproofs.verify.certificate import SCHEMA, Rejected, check_file, parse_json
from coinproofs.verify.manifest import NAME, check_manifest, manifest_text


@dataclass
class Row:
    attack: str
    size: str
    refusal: float  # seconds
    peak: int  # bytes
    honest_what: str
    honest: float  # seconds


def best_of(run: Callable[[], Any], times: int = 3) -> float:
    """The least wall-clock seconds of `times` runs."""
    best = float("inf")
    for _ in range(times):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def traced_peak(run: Callable[[], Any]) -> int:
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def refused(path: Path, because: str) -> Callable[[], None]:
    """A run that must end in the kernel's rejection of the certificate in `path`, for the
    reason the attack aims at (its words `because`), not an earlier one such as its size."""
    def run() -> None:
        try:
            check_file(path)
        except Rejected as rejection:
            assert because in str(rejection), (path, str(rejection))
            return
        raise AssertionError(f"{path} was accepted")
    return run


def accepted(path: Path) -> Callable[[], None]:
    return lambda: check_file(path) and None


def quietly(*args: str, expect: int) -> Callable[[], None]:
    """A run of `coinproofs ARGS` in this process, its output swallowed, with exit status
    `expect` (0, or 2 for a refusal)."""
    def run() -> None:
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            status = command(list(args))
        assert status == expect, (args, status)
    return run


def measured(attack: str, size: str, refusal: Callable[[], None], honest_what: str,
             honest: Callable[[], None]) -> Row:
    return Row(attack, size, best_of(refusal), traced_peak(refusal), honest_what,
               best_of(honest))


def pinned(name: str, data: bytes) -> dict[str, str]:
    return {"file": name, "sha256": hashlib.sha256(data).hexdigest()}


def write(folder: Path, document: dict[str, Any], artifacts: dict[str, bytes]) -> Path:
    for name, data in artifacts.items():
        (folder / name).write_bytes(data)
    path = folder / "certificate.json"
    path.write_text(json.dumps(document))
    return path


def family_document(kind: str, n: int, q: int, value: Any, evidence: list[Any],
                    group: str = "cyclic", goal: str = "zero") -> dict[str, Any]:
    return {"schema": SCHEMA,
            "claim": {"id": kernel.claim_id(kind, n, q, group, goal), "game": "devil",
                      "params": kernel.params_of(n, q, group, goal), "kind": kind,
                      "value": value,
                      "statement": kernel.statement(kind, n, q, group, goal, value)},
            "evidence": evidence}


def folder_of(root: Path, name: str) -> Path:
    folder = root / name
    folder.mkdir()
    return folder


def proved(root: Path, claim_id: str) -> Path:
    """The certificate of `claim_id`, proved into a folder of its own."""
    folder = folder_of(root, claim_id)
    assert prove_one(find(claim_id), folder).proved, claim_id
    return folder / f"{claim_id}.json"


def size_of(*paths: Path) -> int:
    return sum(path.stat().st_size for path in paths)


# --- The attacks -------------------------------------------------------------------------------

def json_rows(root: Path, megabytes: int) -> list[Row]:
    """Texts that once made the pre-scan or the parser quadratic or huge, against a valid
    document of the same size parsed by the same function: a list of SHA-256 digests (68 bytes
    a value, so that 16 MB stay within certificate.values, as a list of moves would not)."""
    size = megabytes << 20
    honest_text = json.dumps([hashlib.sha256(b"%d" % i).hexdigest() for i in range(size // 68)])
    rows = []
    for attack, text, because in [
            ("JSON: a string of escaped quotes never closed", '["' + '\\"' * (size // 2 - 1),
             "brackets do not balance"),
            ("JSON: quotes", '"' * size, "not valid JSON"),
            ("JSON: empty objects (values)", "[" + "{}," * (size // 3 - 1) + "{}]",
             "certificate.values"),
            ("JSON: open brackets (depth)", "[" * size, "certificate.depth")]:
        path = root / f"attack-{len(rows)}.json"
        path.write_text(text)
        rows.append(measured(attack, f"{megabytes} MB", refused(path, because),
                             f"parse {megabytes} MB of digests",
                             lambda: parse_json(honest_text, "honest")))
    return rows


def table_rows(root: Path) -> list[Row]:
    """One layer of reachability (or count) evidence for a table whose orbit images are huge,
    against honest evidence of the same kind."""
    rows = []
    for n, q, group, kind, honest_id in [(1, 4096, "trivial", "shortest", "devil.n6.q3.impossible"),
                                         (16, 2, "cyclic", "count", "devil.n8.equal.count")]:
        folder = folder_of(root, f"table-{n}-{q}")
        r = kernel.table_of(n, q, group)
        layer = f"[{kernel.start_belief(r)}]\n".encode()
        method = "count" if kind == "count" else "reachability"
        value = ({"length": r.size - 1, "sequences": 1, "up_to_group": 1} if kind == "count"
                 else r.size - 1)
        evidence = [{"method": method, **pinned("layers.jsonl", layer), "depths": 1,
                     "beliefs": 1}]
        path = write(folder, family_document(kind, n, q, value, evidence, group),
                     {"layers.jsonl": layer})
        honest = proved(root, honest_id)
        rows.append(measured(f"orbit table: {kernel.claim_id(kind, n, q, group, 'zero')}, "
                             "one layer", f"{size_of(path, folder / 'layers.jsonl'):,} B",
                             refused(path, "devil.orbit-table"),
                             f"{honest_id} ({size_of(honest):,} B + layers)",
                             accepted(honest)))
    return rows


def line_rows(root: Path) -> list[Row]:
    """Files longer than their evidence says, as long as an honest file of the kind."""
    rows = []
    honest = proved(root, "devil.n4.q8.shortest")
    moves = honest.parent / "devil.n4.q8.shortest.moves.jsonl"
    lines = b"[]\n" * (moves.stat().st_size // 3)
    folder = folder_of(root, "family-lines")
    evidence = [{"method": "strategy", **pinned("moves.jsonl", lines), "length": 4095}]
    path = write(folder, family_document("shortest", 4, 8, 4095, evidence),
                 {"moves.jsonl": lines})
    rows.append(measured("family strategy: '[]' lines past its length",
                         f"{len(lines):,} B", refused(path, "but its file holds more"),
                         "devil.n4.q8.shortest (4,095 moves)", accepted(honest)))
    survival = glasses_survival_file(root)
    data = (survival.parent / "survival.jsonl").read_bytes()
    attack_lines = b"[2]\n" * (len(data) // 4)  # the orbit of DUU: a belief of 3 glasses
    folder = folder_of(root, "glasses-lines")
    evidence = [{"method": "survival", **pinned("survival.jsonl", attack_lines), "turns": 1,
                 "beliefs": 1}]
    claim = {"id": "glasses.n3.k2.shortest", "game": "glasses", "params": {"n": 3, "hands": 2},
             "kind": "shortest", "value": 2,
             "statement": glasses.statement("shortest", 3, 2, 2)}
    path = write(folder, {"schema": SCHEMA, "claim": claim, "evidence": evidence},
                 {"survival.jsonl": attack_lines})
    rows.append(measured("glasses survival: lines past its turns", f"{len(attack_lines):,} B",
                         refused(path, "but its file holds more"),
                         "glasses.n6.k4.shortest, survival in a file",
                         accepted(survival)))
    return rows


def glasses_survival_file(root: Path) -> Path:
    """glasses.n6.k4.shortest with its survival layers moved into a file (as larger proofs
    write them)."""
    path = proved(root, "glasses.n6.k4.shortest")
    document = json.loads(path.read_text())
    item = next(item for item in document["evidence"] if item["method"] == "survival")
    data = "".join(json.dumps(layer) + "\n" for layer in item.pop("layers")).encode()
    item.update(pinned("survival.jsonl", data))
    (path.parent / "survival.jsonl").write_bytes(data)
    path.write_text(json.dumps(document))
    return path


def manifest_row(root: Path) -> Row:
    """A folder whose MANIFEST lists a 16 TiB sparse file, against a folder of the default
    claims' size hashed honestly."""
    folder = folder_of(root, "sparse")
    (folder / "a.json").write_text("{}")
    with (folder / "padding.bin").open("wb") as handle:
        handle.truncate((16 << 40) - 4096)  # ext4's largest file
    (folder / NAME).write_text(
        f"# coinproofs manifest v1\n# claim a\n{hashlib.sha256(b'{}').hexdigest()}  a.json\n"
        f"{'0' * 64}  padding.bin\n")
    honest = folder_of(root, "honest-folder")
    ids = ["devil.n16.shortest", "penny.p-positions.m10000", "norepeat.n16.normal"]
    for claim_id in ids:
        assert prove_one(find(claim_id), honest).proved
    (honest / NAME).write_text(manifest_text(honest))

    def refusal() -> None:
        try:
            check_manifest(folder)
        except Rejected:
            return
        raise AssertionError("the sparse folder was accepted")

    hashed = size_of(*(path for path in honest.iterdir() if path.name != NAME))
    return measured("MANIFEST: a 16 TiB sparse file", "16 TiB (0 B on disk)", refusal,
                    f"hash a folder of {hashed / 2**20:.1f} MB", lambda: check_manifest(honest))


def command_rows(root: Path) -> list[Row]:
    """A huge N at the engine's entry points, and a named pipe as a strategy file."""
    rows = [measured(f"devil {what} N = 10^11", "N = 10^11",
                     quietly("devil", *args, expect=2), f"devil {what} 8",
                     quietly("devil", *honest, expect=0))
            for what, args, honest in [("solve", ["solve", "100000000000"], ["solve", "8"]),
                                       ("count", ["count", "100000000000"], ["count", "8"])]]
    strategy = root / "lamping.json"
    strategy.write_text(json.dumps([[0, 1, 2, 3], [0, 2], [0, 1, 2, 3]]))
    pipe = root / "pipe.json"
    os.mkfifo(pipe)
    rows.append(measured("a named pipe given as a strategy file", "a pipe",
                         quietly("devil", "check", "4", str(pipe), expect=2),
                         "devil check 4 with a 3-move file",
                         quietly("devil", "check", "4", str(strategy), expect=1)))
    return rows


def value_row(root: Path) -> Row:
    """A family value 8.0 (once accepted), against the honest certificate."""
    honest = proved(root, "devil.n2.q3.trivial.shortest")
    document = json.loads(honest.read_text())
    document["claim"]["value"] = 8.0
    document["claim"]["statement"] = kernel.statement("shortest", 2, 3, "trivial", "zero", 8.0)
    folder = folder_of(root, "value")
    path = folder / honest.name
    path.write_text(json.dumps(document))
    return measured("family value 8.0", f"{size_of(path):,} B",
                    refused(path, "claim's value must be"),
                    "devil.n2.q3.trivial.shortest", accepted(honest))


def link_row(root: Path) -> Row:
    """A certificate linked out of its folder, against the certificate it names."""
    honest = proved(root, "penny.first-20")
    folder = folder_of(root, "linked")
    (folder / honest.name).symlink_to(honest)
    return measured("a certificate linked out of its folder", "a link",
                    refused(folder / honest.name, "a symbolic link to a file outside"),
                    "penny.first-20", accepted(honest))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="4 MB texts, not 16 MB (still over certificate.values in values)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as name:
        root = Path(name)
        rows = [*json_rows(root, 4 if args.quick else 16), *table_rows(root), *line_rows(root),
                manifest_row(root), *command_rows(root), value_row(root), link_row(root)]
    print("attack | size | refusal s | refusal peak MB | honest input | honest s | ratio")
    print("--- | --- | --- | --- | --- | --- | ---")
    for row in rows:
        print(f"{row.attack} | {row.size} | {row.refusal:.3f} | {row.peak / 2**20:.1f} | "
              f"{row.honest_what} | {row.honest:.3f} | {row.refusal / row.honest:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
