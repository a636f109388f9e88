"""Bounded on every input (docs/certificates.md): the attacks of issue 21, each run as an
attacker would, each refused in one line within 10 s of CPU and 256 MB (traced by tracemalloc,
numpy's arrays included) and never left to hang (a wall-clock guard). Before the fixes each of
them ran for minutes or hours, filled gigabytes, waited forever, or was accepted.

The guards are runaway detectors, not speed measurements (bench/bench_hostile.py measures the
refusals against honest certificates of the same size).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinproofs.cli import main
from coinproofs.proofs.registry import OnRequestOnly, find, left_out, on_request_text, select
from coinproofs.proofs.runner import prove_one
from coinproofs.verify import glasses
from coinproofs.verify import table as family
from coinproofs.verify.certificate import Rejected, check_file, json_shape
from coinproofs.verify.manifest import NAME, check_manifest
from tests.certificates import certificate, devil_certificate
from tests.guards import no_hang

CPU_SECONDS = 10.0
MEMORY = 256 << 20
HUGE_N = "100000000000"


def within_bounds(run: Callable[[], Any]) -> Any:
    """What `run` returns, once it ran within CPU_SECONDS of CPU time and MEMORY bytes."""
    tracemalloc.start()
    cpu = time.process_time()
    try:
        with no_hang(60):
            result = run()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    seconds = time.process_time() - cpu
    assert seconds < CPU_SECONDS, f"{seconds:.1f} s of CPU"
    assert peak < MEMORY, f"{peak:,} bytes at the peak"
    return result


def refusal(path: Path) -> str:
    """The kernel's one-line rejection of the certificate in `path`, within the bounds."""
    def check() -> str:
        with pytest.raises(Rejected) as info:
            check_file(path)
        return str(info.value)

    reason: str = within_bounds(check)
    assert "\n" not in reason and not reason.startswith("malformed evidence"), reason
    return reason


def cli_refusal(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one sentence `coinproofs ARGS` fails with, within the bounds."""
    capsys.readouterr()
    status = within_bounds(lambda: main(list(args)))
    captured = capsys.readouterr()
    assert status != 0 and captured.out == "", captured
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in captured.err, captured.err
    return lines[0]


def write(folder: Path, document: dict[str, Any], **artifacts: bytes | int) -> Path:
    """The certificate `document` in folder/certificate.json, with artifact files (bytes, or
    the size of a sparse file) whose names and digests its evidence already holds."""
    for name, data in artifacts.items():
        with (folder / name).open("wb") as handle:
            if isinstance(data, int):
                handle.truncate(data)
            else:
                handle.write(data)
    path = folder / "certificate.json"
    path.write_text(json.dumps(document))
    return path


def pinned(name: str, data: bytes) -> dict[str, str]:
    return {"file": name, "sha256": hashlib.sha256(data).hexdigest()}


def glasses_document(n: int, k: int, value: int, evidence: list[dict[str, Any]]
                     ) -> dict[str, Any]:
    return certificate({"id": f"glasses.n{n}.k{k}.shortest", "game": "glasses",
                        "params": {"n": n, "hands": k}, "kind": "shortest", "value": value,
                        "statement": glasses.statement("shortest", n, k, value)}, evidence)


# --- 1. Every parse is linear -----------------------------------------------------------------

UNCLOSED = b'["' + b'\\"' * ((8 << 20) - 1)  # 16 MB: once some 10^6 s of CPU (4 s for 32 KB)


def test_a_string_that_is_never_closed_is_read_in_linear_time(tmp_path: Path) -> None:
    (tmp_path / "evil.json").write_bytes(UNCLOSED)
    assert "is not valid JSON" in refusal(tmp_path / "evil.json")


def test_a_strategy_file_that_never_closes_its_string_is_refused_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "evil.json").write_bytes(UNCLOSED)
    assert "is not valid JSON" in cli_refusal(capsys, "devil", "check", "2",
                                              str(tmp_path / "evil.json"))


def test_a_document_of_many_small_values_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    """16 MB of empty objects once took 390 MB and half a minute to parse."""
    count = (16 << 20) // 3 - 1
    (tmp_path / "many.json").write_bytes(b"[" + b"{}," * count + b"{}]")
    assert "bound certificate.values =" in refusal(tmp_path / "many.json")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='"\\[]{},:ab\n'),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.text(alphabet='"\\[]{}a'), inner, max_size=4), max_leaves=30)


def depth_and_count(value: Any) -> tuple[int, int]:
    """How deep a parsed JSON value nests its lists and objects, and how many commas and
    opening brackets its text has (a list or object of k >= 1 items: an opening bracket and
    k - 1 commas; an empty one: its bracket), so at least all its values but one."""
    if not isinstance(value, (list, dict)):
        return 0, 0
    found = [depth_and_count(item)
             for item in (value.values() if isinstance(value, dict) else value)]
    return (1 + max((depth for depth, _ in found), default=0),
            max(len(found), 1) + sum(count for _, count in found))


@settings(max_examples=300)
@given(JSON_VALUES, st.booleans())
def test_the_pre_scan_reads_every_json_document_as_the_parser_does(value: Any,
                                                                   spaced: bool) -> None:
    """Quotes, backslashes and brackets inside strings included: the depth and the count are
    those of the parsed document, and the brackets balance."""
    text = json.dumps(value, indent=1 if spaced else None)
    assert json_shape(text) == (*depth_and_count(value), True)


# --- 2. Every table is sized before it is built -----------------------------------------------

@pytest.mark.parametrize("n, q, group, kind", [(1, 4096, "trivial", "shortest"),
                                               (16, 2, "cyclic", "count")])
def test_the_orbit_table_is_sized_before_it_is_built(n: int, q: int, group: str, kind: str,
                                                     tmp_path: Path) -> None:
    """One layer of reachability (or count) evidence, every declared bound kept: the table of
    orbit images once took 158 s and 2.85 GB for 4,096 states (and some 12 minutes for 16
    coins) before a belief was read."""
    r = family.table_of(n, q, group)
    layer = f"[{family.start_belief(r)}]\n".encode()
    method = "count" if kind == "count" else "reachability"
    value = ({"length": r.size - 1, "sequences": 1, "up_to_group": 1} if kind == "count"
             else r.size - 1)
    evidence = [{"method": method, **pinned("layers.jsonl", layer), "depths": 1, "beliefs": 1}]
    path = write(tmp_path, devil_certificate(kind, n, value, evidence, q=q, group=group),
                 **{"layers.jsonl": layer})
    assert "bound devil.orbit-table =" in refusal(path)


def test_a_long_family_strategy_is_simulated_in_little_memory(tmp_path: Path) -> None:
    """4,096 moves on 512 states: one set of states per move took 2.6 MB (390 MB for the 19,682
    moves of devil.n9.q3.shortest); the kept sets (every 65th) and the trace back take some
    350 KB."""
    moves = b"[]\n" * (1 << 12)  # the dial never turns: the devil wins every game
    evidence = [{"method": "strategy", **pinned("moves.jsonl", moves), "length": 1 << 12}]
    path = write(tmp_path, devil_certificate("shortest", 1, 1 << 12, evidence, q=512,
                                             group="trivial"),
                 **{"moves.jsonl": moves})
    with pytest.raises(Rejected, match="the strategy does not win"):
        check_file(path)
    r = family.table_of(1, 512, "trivial")
    tracemalloc.start()
    try:
        lost = family.simulate([0] * (1 << 12), r)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert lost is not None and len(lost.permutations) == 1 << 12
    assert peak < 1 << 20, f"{peak:,} bytes"


# --- 3. Files are streamed, counts compared as lines arrive ------------------------------------

def test_a_family_strategy_file_longer_than_it_says_is_refused_as_it_is_read(
        tmp_path: Path) -> None:
    """16 MB of '[]' lines once took 45 s and 854 MB before their count was compared."""
    lines = b"[]\n" * ((16 << 20) // 3)
    evidence = [{"method": "strategy", **pinned("moves.jsonl", lines), "length": 3}]
    path = write(tmp_path, devil_certificate("shortest", 2, 3, evidence, goal="equal"),
                 **{"moves.jsonl": lines})
    assert "says length = 3, but its file holds more" in refusal(path)


def test_family_layers_more_than_they_say_are_refused_as_they_are_read(tmp_path: Path) -> None:
    r = family.table_of(2, 2, goal="equal")
    lines = f"[{family.start_belief(r)}]\n".encode() * (1 << 20)
    evidence = [{"method": "reachability", **pinned("layers.jsonl", lines), "depths": 1,
                 "beliefs": 1}]
    path = write(tmp_path, devil_certificate("shortest", 2, 1, evidence, goal="equal"),
                 **{"layers.jsonl": lines})
    assert "but its file holds more" in refusal(path)


def test_a_long_line_of_a_family_artifact_is_refused_as_it_is_read(tmp_path: Path) -> None:
    """A 2 MB line was parsed: artifact.line-bytes now holds for the family's files too."""
    line = b"[" + b"1, " * (700_000) + b"1]\n"
    evidence = [{"method": "reachability", **pinned("layers.jsonl", line), "depths": 1,
                 "beliefs": 1}]
    path = write(tmp_path, devil_certificate("impossible", 2, None, evidence, q=3),
                 **{"layers.jsonl": line})
    assert "bound artifact.line-bytes =" in refusal(path)


def test_a_glasses_survival_file_longer_than_it_says_is_refused_as_it_is_read(
        tmp_path: Path) -> None:
    """8 MB of survival layers once took 22 s and 440 MB before their count was compared."""
    lines = b"[2]\n" * ((8 << 20) // 4)  # 2: the orbit of DUU, a belief of 3 glasses
    evidence = [{"method": "survival", **pinned("survival.jsonl", lines), "turns": 1,
                 "beliefs": 1}]
    path = write(tmp_path, glasses_document(3, 2, 2, evidence), **{"survival.jsonl": lines})
    assert "says turns = 1 and beliefs = 1, but its file holds more" in refusal(path)


def test_a_glasses_strategy_file_is_no_larger_than_a_certificate(tmp_path: Path) -> None:
    """One JSON document parsed whole: 20 MB of it once held 7 million lists."""
    tree = b'{"first": [' + b"[]," * (7 << 20) + b'[]], "named": {}}'
    evidence = [{"method": "strategy", **pinned("tree.strategy", tree), "turns": 2}]
    path = write(tmp_path, glasses_document(3, 2, 2, evidence), **{"tree.strategy": tree})
    assert "bound certificate.bytes =" in refusal(path)


# --- 4. The MANIFEST's files are sized before they are hashed ----------------------------------

def test_a_huge_sparse_file_in_a_folder_is_refused_before_it_is_hashed(tmp_path: Path) -> None:
    """8 TiB that take no room on disk, listed in the MANIFEST (2 GiB cost 1.6 s of hashing
    and were accepted; 16 TiB would take hours)."""
    (tmp_path / "a.json").write_text("{}")
    with (tmp_path / "padding.bin").open("wb") as handle:
        handle.truncate(8 << 40)
    (tmp_path / NAME).write_text(
        f"# coinproofs manifest v1\n# claim a\n{hashlib.sha256(b'{}').hexdigest()}  a.json\n"
        f"{'0' * 64}  padding.bin\n")

    def check() -> str:
        with pytest.raises(Rejected) as info:
            check_manifest(tmp_path)
        return str(info.value)

    assert "bound manifest.bytes =" in within_bounds(check)


# --- 5. A huge N is refused at every entry point of the engine ---------------------------------

@pytest.mark.parametrize("args, word", [
    (["solve", HUGE_N], "states"), (["show", HUGE_N], "states"), (["count", HUGE_N], "states"),
    (["encode", HUGE_N], "states"), (["encode", HUGE_N, "3"], "states"),
    (["solve", HUGE_N, "--states", "3"], "states"), (["explain", "FILE", HUGE_N], "states"),
    (["show", HUGE_N, "--plot", "PICTURE"], "rotation orbits")])
def test_a_huge_n_is_refused_before_q_to_the_n_is_computed(
        args: list[str], word: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """2^N for N = 10^11 once filled the memory (a MemoryError traceback under 1 GB); the
    orbits of a picture's rows were counted one rotation at a time."""
    (tmp_path / "moves.json").write_text("[[0]]")
    names = {"FILE": str(tmp_path / "moves.json"), "PICTURE": str(tmp_path / "beliefs.png")}
    assert word in cli_refusal(capsys, "devil", *(names.get(arg, arg) for arg in args))


# --- 6. Values are typed strictly ----------------------------------------------------------------

@pytest.mark.parametrize("claim_id, value", [("devil.n1.trivial.shortest", True),
                                             ("devil.n1.trivial.shortest", 1.0),
                                             ("devil.n2.q3.trivial.shortest", 8.0),
                                             ("devil.n2.q4.shortest", 15.0),
                                             ("devil.n2.q3.impossible", False)])
def test_a_family_value_is_a_json_integer_never_true_or_a_float(claim_id: str, value: Any,
                                                                 tmp_path: Path) -> None:
    """docs/certificates.md promises "never 4.0, never true": the family's claims now keep it."""
    assert prove_one(find(claim_id), tmp_path).proved
    path = tmp_path / f"{claim_id}.json"
    document = json.loads(path.read_text())
    claim = document["claim"]
    n, q, group, goal = family.options(claim["params"])
    claim["value"] = value
    claim["statement"] = family.statement(claim["kind"], n, q, group, goal, value)
    path.write_text(json.dumps(document))
    assert f"a {claim['kind']} claim's value must be" in refusal(path)


@pytest.mark.parametrize("n", [4096, 4097, int(HUGE_N)])
def test_a_statement_of_a_claim_past_the_bounds_is_written_within_them(n: int) -> None:
    """The coin flip's sentence for a shortest claim once computed 2^N - 1 to compare with the
    value: for N = 10^11 (the fuzzing campaign's edge, made to match) that ran for minutes."""
    assert within_bounds(lambda: family.statement("shortest", n, 2, "cyclic", "zero", 5)) == (
        f"The shortest strategy that always wins the devil's coin flip with {n} coins has 5 "
        "moves.")
    assert family.statement("shortest", 64, 2, "cyclic", "zero", 2**64 - 1).endswith(
        "has 2^64 - 1 moves.")
    assert family.statement("shortest", 33, 2, "cyclic", "zero", 2**33 - 1).endswith(
        "has 8589934591 moves.")


# --- 7. Special files and links out of the folder are refused before they are opened ----------

def test_a_certificate_linked_out_of_its_folder_is_refused(tmp_path: Path) -> None:
    """The fallback check of a folder that does not match its MANIFEST once followed the link
    (to /etc/passwd, or to a valid certificate elsewhere, which it accepted)."""
    import coinproofs as cp

    elsewhere, folder = tmp_path / "elsewhere", tmp_path / "folder"
    elsewhere.mkdir()
    assert prove_one(find("penny.first-20"), elsewhere).proved
    assert cp.prove("penny.riddler-20-30", out=folder).proved
    (folder / "penny.first-20.json").symlink_to(elsewhere / "penny.first-20.json")
    verdicts = cp.verify(folder)
    assert not verdicts.accepted and f"does not match its {NAME}" in verdicts.reason
    linked = next(v for v in verdicts if v.path.name == "penny.first-20.json")
    assert not linked.accepted and "a symbolic link to a file outside its folder" in linked.reason


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("args", [["norepeat", "check", "FIFO"],
                                  ["glasses", "check", "4", "2", "FIFO"],
                                  ["devil", "check", "3", "FIFO"]])
def test_a_named_pipe_given_as_a_strategy_file_is_refused_not_waited_on(
        args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    args = [str(tmp_path / "pipe.json") if arg == "FIFO" else arg for arg in args]
    assert "is not a regular file" in cli_refusal(capsys, *args)


# --- 8. Globs do not start hours of work unasked ----------------------------------------------

def test_a_glob_leaves_out_the_claims_proved_on_request_and_says_how_long_they_take() -> None:
    chosen = [claim.id for claim in select(["norepeat.*"])]
    assert "norepeat.n6.misere" not in chosen and "norepeat.n5.misere" in chosen
    skipped = left_out(["norepeat.*"])
    assert [claim.id for claim in skipped] == ["norepeat.n17.normal", "norepeat.n18.normal",
                                               "norepeat.n19.normal", "norepeat.n20.normal",
                                               "norepeat.n6.misere"]
    assert on_request_text(skipped) == (
        "norepeat.n17.normal, norepeat.n18.normal, norepeat.n19.normal, norepeat.n20.normal "
        "(seconds each); norepeat.n6.misere (about 40 minutes of CPU and 14 GiB; its search "
        "stops after 3 hours)")
    assert "norepeat.n6.misere" in [claim.id for claim in select(["norepeat.*"], every=True)]
    assert [claim.id for claim in select(["norepeat.n6.misere"])] == ["norepeat.n6.misere"]
    assert left_out(["norepeat.*", "norepeat.n6.misere"])[-1].id == "norepeat.n20.normal"


def test_a_glob_of_claims_proved_on_request_only_is_refused_with_a_way_to_ask() -> None:
    with pytest.raises(OnRequestOnly, match=r"'norepeat\.n6\.m\*' matches only claims proved "
                                            r"on request: norepeat\.n6\.misere \(about 40 minutes"
                                            r".*`coinproofs prove --all`"):
        select(["norepeat.n6.m*"])


def test_prove_says_what_a_glob_left_out_before_it_starts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prove", "norepeat.n6.*", "--out", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert "norepeat.n6.normal" in captured.out and "norepeat.n6.misere" not in captured.out
    assert ("left out 1 claim proved only on request that 'norepeat.n6.*' also matches: "
            "norepeat.n6.misere (about 40 minutes of CPU and 14 GiB; its search stops after 3 "
            "hours); add --all "
            "to prove them too") in captured.err


def test_claims_marks_the_claims_proved_on_request_with_how_long_they_take(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["claims", "--all"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines()
               if line.startswith("norepeat.n6.misere "))
    assert "on request: about 40 minutes" in row
    assert main(["claims", "--all", "--json"]) == 0
    listed = {claim["id"]: claim for claim in json.loads(capsys.readouterr().out)["claims"]}
    assert listed["norepeat.n6.misere"]["takes"].startswith("about 40 minutes")
    assert listed["glasses.n8.k5.shortest"]["takes"] == "about 2 minutes"
    assert "takes" not in listed["norepeat.n5.misere"]
