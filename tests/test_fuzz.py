"""The fuzzing campaign: every kind of certificate and evidence (tests/examples.py), tampered
with in every way tests/mutations.py knows, must be rejected with a one-line reason, or
verify to the very claim it held before (a change the kernel rightly ignores, such as a note
for readers) or to another claim the engines prove too (a parameter moved to an edge), and
each check must stay inside a time and memory guard.

The default run draws 100 mutants per kind of object (the document, the claim of each game, each
evidence method of each game), split evenly among the examples of a kind (a strategy inline and
in a file); `pytest -m slow tests/test_fuzz.py -s` draws 10^5 in all the same way
(COINPROOFS_FUZZ_MUTANTS=N draws N instead, for a shorter campaign) and prints, per example, per
kind of object, per kind of mutation (among them the hostile ones: pathological strings for
every regular expression of the kernel, parameters at the edges of every bound, huge and sparse
files, pipes and links) and in all, the mutants checked, rejected and accepted, the slowest
check and the largest peak of memory (set COINPROOFS_FUZZ_REPORT=FILE to get them as JSON too).

The guards are hang and runaway detectors with generous limits, not speed measurements: a
check that the kernel's bounds keep to milliseconds must not be able to take half a minute or
half a gigabyte. In the default run the process's address space is capped around each check at
what it holds plus half a gigabyte, so that a runaway allocation fails with MemoryError (and the
test fails); the long campaign measures each check's peak with tracemalloc instead (numpy's
arrays included: the report's peaks), which makes a check about three times slower. Throughout
the campaign the address space is also capped, so that nothing takes the machine down.
"""

from __future__ import annotations

import ast
import copy
import importlib
import json
import os
import pkgutil
import random
import re
import resource
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

import coinproofs.verify
from coinproofs.kernel_docs import kernel_shapes
from coinproofs.proofs.registry import OutOfLimits, UnknownClaim, find
from coinproofs.proofs.runner import prove_one
from coinproofs.verify.certificate import Claim, Rejected, check_file, parse_claim
from coinproofs.verify.manifest import read_manifest
from coinproofs.verify.schema import Shape
from tests.examples import EXAMPLES, Built
from tests.guards import no_hang
from tests.mutations import (
    MET_BY,
    PATHOLOGICAL_LINES,
    UNITS,
    Mutant,
    Special,
    Written,
    mutants,
    reclaimed,
)

# Mutants per kind of object, split among its examples: with 22 kinds, 2,200 in the default run,
# about 20 s of CPU (traced by tracemalloc, 34 s; 150 per kind took 41 s, a seventh of `make
# test`'s CPU then); the slow run draws SLOW_TOTAL.
PER_KIND = 100
SLOW_TOTAL = int(os.environ.get("COINPROOFS_FUZZ_MUTANTS", 100_000))  # in all, the slow run
BATCH = 300  # mutants drawn by one run of hypothesis (campaign)
HANG = 30.0  # seconds for one check
MEMORY = 512 << 20  # bytes one check may allocate (traced at its peak, or of address space)
ADDRESS_SPACE = 6 << 30  # bytes the process may grow by during the campaign

NAMES = [example.name for example in EXAMPLES]
KINDS = sorted({example.kind for example in EXAMPLES})
RELAXED = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
           HealthCheck.function_scoped_fixture]


@dataclass
class Tally:
    """What the checks of one kind came to."""

    checked: int = 0
    rejected: int = 0
    accepted: int = 0  # as the original claim
    seconds: float = 0.0  # in all
    slowest: float = 0.0  # seconds
    slowest_how: str = ""
    peak: int = 0  # bytes


TALLIES: dict[str, Tally] = {}  # per example
MUTATION_TALLIES: dict[str, Tally] = {}  # per kind of mutation


@pytest.fixture(scope="module")
def guarded() -> Iterator[None]:
    """The address space capped for the campaign; a report after it."""
    try:
        with capped(ADDRESS_SPACE):
            yield
    finally:
        _report()


@contextmanager
def capped(growth: int) -> Iterator[None]:
    """For the block, the process's address space capped at what it holds plus `growth` bytes
    (a cap already lower stays)."""
    limits = resource.getrlimit(resource.RLIMIT_AS)
    size = _address_space()
    cap = size + growth
    if size and all(limit == resource.RLIM_INFINITY or cap <= limit for limit in limits):
        resource.setrlimit(resource.RLIMIT_AS, (cap, limits[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, limits)


def _address_space() -> int:
    """The process's virtual size in bytes (0 where /proc does not say)."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return 0
    for line in status.splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    return 0


def _report() -> None:
    """Print the campaign's figures per example, per kind and in all (and write them as JSON
    to $COINPROOFS_FUZZ_REPORT if set)."""
    if not TALLIES:
        return
    kinds = {example.name: example.kind for example in EXAMPLES}
    groups: dict[str, Tally] = {}
    for name, tally in TALLIES.items():
        for group in (f"kind {kinds[name]}", "in all"):
            total = groups.setdefault(group, Tally())
            total.checked += tally.checked
            total.rejected += tally.rejected
            total.accepted += tally.accepted
            total.seconds += tally.seconds
            total.peak = max(total.peak, tally.peak)
            if tally.slowest > total.slowest:
                total.slowest, total.slowest_how = tally.slowest, f"{name}: {tally.slowest_how}"
    rows = {**TALLIES, **dict(sorted(groups.items())),
            **{f"mutation {kind}": tally for kind, tally in sorted(MUTATION_TALLIES.items())}}
    print("\nfuzzing campaign: example, mutants, rejected, accepted as the original claim, "
          "mean and slowest check (s), peak memory (MB)")
    for name, tally in rows.items():
        print(f"  {name:38} {tally.checked:7,} {tally.rejected:7,} {tally.accepted:6,} "
              f"{tally.seconds / tally.checked:7.4f} {tally.slowest:7.3f} "
              f"{tally.peak / 2**20:7.1f}   slowest: {tally.slowest_how[:200]}")
    target = os.environ.get("COINPROOFS_FUZZ_REPORT")
    if target:
        Path(target).write_text(json.dumps({name: asdict(tally) for name, tally in rows.items()},
                                           indent=1))


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def write(mutant: Mutant, folder: Path) -> Path:
    """Write the mutant into the emptied `folder`; the certificate's path."""
    for path in folder.iterdir():
        path.unlink()
    path = folder / "certificate.json"
    for name, data in [*mutant.artifacts.items(), (path.name, mutant.document)]:
        place(folder / name, data)
    return path


def place(path: Path, data: Written) -> None:
    """Write one file: its bytes, a sparse file of that size, a named pipe or a link."""
    if isinstance(data, Special):
        if data.kind == "fifo":
            os.mkfifo(path)
        else:
            path.symlink_to(data.target)
        return
    with path.open("wb") as handle:
        if isinstance(data, int):
            handle.truncate(data)  # sparse: huge, yet written at once
        else:
            handle.write(data)


@contextmanager
def memory_guard(traced: bool) -> Iterator[Callable[[], int]]:
    """Around one check: trace its allocations (the peak, in bytes, is what the yielded function
    returns), or cap the address space at what the process holds plus MEMORY (the peak is then
    not known: 0)."""
    if traced:
        tracemalloc.start()  # only around the check: tracing hypothesis too makes the run 5x slower
        try:
            yield lambda: tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        return
    with capped(MEMORY):
        yield lambda: 0


def check(built: Built, mutant: Mutant, folder: Path, traced: bool) -> None:
    """Check one mutant within the guards (its memory traced, or capped); it is rejected with a
    one-line reason or proves the original claim."""
    path = write(mutant, folder)
    tallies = [TALLIES.setdefault(built.example.name, Tally()),
               *(MUTATION_TALLIES.setdefault(kind, Tally()) for kind in set(mutant.kinds))]
    with memory_guard(traced) as traced_peak:
        start = time.perf_counter()
        try:
            with no_hang(HANG):
                verdict = check_file(path)
            reason = ""
        except Rejected as rejection:
            reason = str(rejection) or "(no reason)"
        except MemoryError:
            pytest.fail(f"{mutant.how}: the check took more than {MEMORY:,} bytes")
        finally:
            seconds = time.perf_counter() - start
            peak = traced_peak()
    for tally in tallies:
        tally.checked += 1
        tally.seconds += seconds
        if seconds > tally.slowest:
            tally.slowest, tally.slowest_how = seconds, "; ".join(mutant.how)
        tally.peak = max(tally.peak, peak)
        tally.rejected += bool(reason)
        tally.accepted += not reason
    assert peak < MEMORY, (mutant.how, peak)
    if reason:
        assert "\n" not in reason and not reason.startswith("malformed evidence"), \
            (mutant.how, reason)
    elif verdict.claim != parse_claim(built.document):
        assert the_engines_prove(verdict.claim), mutant.how


def test_the_memory_guard_stops_a_check_past_its_bound() -> None:
    """Capped, an allocation of more than MEMORY fails (the check's test fails with it); traced,
    its peak is measured; neither guard outlives its check."""
    before = resource.getrlimit(resource.RLIMIT_AS)
    with pytest.raises(MemoryError), memory_guard(traced=False):
        bytearray(MEMORY + (64 << 20))
    with memory_guard(traced=False):
        assert len(bytearray(MEMORY // 4)) == MEMORY // 4  # within the bound
    with memory_guard(traced=True) as peak:
        assert len(bytearray(MEMORY // 4)) == MEMORY // 4
        measured = peak()
    assert measured >= MEMORY // 4 and not tracemalloc.is_tracing()
    assert resource.getrlimit(resource.RLIMIT_AS) == before


def the_engines_prove(claim: Claim) -> bool:
    """Whether the engines, a road that does not go through the mutant's evidence, prove the
    very claim the kernel accepted. A parameter moved to the edge of its bound, with the id and
    statement made to match, can state another true claim that the same evidence proves: an
    invariant that keeps 4 glasses unequal against 1 hand does against 0 hands too."""
    try:
        spec = find(claim.id)
    except (OutOfLimits, UnknownClaim):  # no engine proves it
        return False
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        if not prove_one(spec, folder).proved:
            return False
        proved = json.loads((folder / f"{claim.id}.json").read_text())
    return parse_claim(proved) == claim


def test_a_mutant_that_states_another_claim_is_accepted_only_if_the_engines_prove_it(
        examples: dict[str, Built], tmp_path: Path) -> None:
    """The slow campaign met it: 4 glasses and 1 hand made 0 hands by a parameter at the edge
    of its bound, which the same invariant proves, and which is true; 2 hands are not."""
    built = examples["glasses/invariant"]
    document = copy.deepcopy(built.document)
    document["claim"]["params"]["hands"] = 0
    assert reclaimed(document)
    path = Built(built.example, document, built.artifacts).write(tmp_path, "certificate.json")
    accepted = check_file(path).claim
    assert accepted.id == "glasses.n4.k0.impossible" and the_engines_prove(accepted)
    document["claim"]["params"]["hands"] = 2
    assert reclaimed(document) and not the_engines_prove(parse_claim(document))


def share(name: str, per_kind: int) -> int:
    """The mutants drawn for the example `name`: its kind's `per_kind`, split evenly among the
    examples of that kind."""
    kind = next(example.kind for example in EXAMPLES if example.name == name)
    return -(-per_kind // sum(example.kind == kind for example in EXAMPLES))


def campaign(built: Built, count: int, folder: Path, traced: bool) -> None:
    """Check `count` mutants of `built` drawn by hypothesis, in runs of at most BATCH: one run
    keeps what it learns of every mutant it drew, and 909 of them grew the process to 2.5 GB
    (300: 280 MB), so a long campaign is many short runs, each from a seed of its own (under
    the CI profile's derandomize, each run would otherwise draw the same mutants)."""
    first = 0 if settings.default.derandomize else random.getrandbits(64)
    for drawn in range(0, count, BATCH):
        @seed(first + drawn)
        @settings(max_examples=min(BATCH, count - drawn), suppress_health_check=RELAXED)
        @given(st.data())
        def attack(data: st.DataObject) -> None:
            check(built, data.draw(mutants(built)), folder, traced)

        attack()


@pytest.mark.parametrize("name", NAMES)
def test_every_mutant_is_rejected_or_proves_the_same_claim(
        name: str, examples: dict[str, Built], scratch: Path, guarded: None) -> None:
    campaign(examples[name], share(name, PER_KIND), scratch, traced=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_the_long_campaign(name: str, examples: dict[str, Built], scratch: Path,
                           guarded: None) -> None:
    campaign(examples[name], share(name, SLOW_TOTAL // len(KINDS)), scratch, traced=True)


def test_the_mutants_change_what_they_say(examples: dict[str, Built]) -> None:
    """The campaign tests something: most mutants differ from the valid certificate."""
    built = examples["devil/strategy"]
    original = json.dumps(built.document, indent=1).encode()

    @settings(max_examples=50, suppress_health_check=RELAXED)
    @given(st.data())
    def differs(data: st.DataObject) -> None:
        mutant = data.draw(mutants(built))
        assert mutant.how
        changed.append(mutant.document != original or mutant.artifacts != built.artifacts)

    changed: list[bool] = []
    differs()
    assert sum(changed) > 0.8 * len(changed)


def objects_of(document: Any) -> list[Any]:
    """The objects of a certificate that a kernel shape may describe: every JSON object in it,
    at any depth (the document, its claim and params, the provenance, each evidence item and
    what it holds, such as the turns of a strategy tree)."""
    if isinstance(document, dict):
        return [document, *(obj for value in document.values() for obj in objects_of(value))]
    if isinstance(document, list):
        return [obj for value in document for obj in objects_of(value)]
    return []


def meets(shape: Shape, obj: Any) -> bool:
    try:
        shape.check(obj)
    except Rejected:
        return False
    return True


def test_every_shape_of_the_kernel_is_fuzzed(examples: dict[str, Built]) -> None:
    """Each shape the kernel declares is met by an object of some example, so the campaign
    tampers with it: a new kind of evidence without an example fails here."""
    objects = [obj for built in examples.values() for obj in objects_of(built.document)]
    missing = [f"{module}: {shape.what} {shape.fields()}" for module, shape in kernel_shapes()
               if not any(meets(shape, obj) for obj in objects)]
    assert not missing, f"register examples in tests/examples.py for {missing}"


@pytest.mark.parametrize("name", NAMES)
def test_every_example_is_a_valid_certificate_of_its_kind(
        name: str, examples: dict[str, Built], tmp_path: Path) -> None:
    """The campaign starts from valid certificates that hold what it aims at."""
    built = examples[name]
    assert check_file(built.write(tmp_path)).claim.id == built.example.claim
    if built.example.focus not in ("document", "claim"):
        assert any(item["method"] == built.example.focus for item in built.document["evidence"])


# --- Every regular expression of the kernel meets hostile strings --------------------------------

def kernel_patterns() -> set[str | bytes]:
    """Every pattern the kernel's modules compile (module-level re.Pattern objects) or pass
    to a function of `re` as a literal."""
    found: set[str | bytes] = set()
    for module_info in pkgutil.iter_modules(coinproofs.verify.__path__):
        module = importlib.import_module(f"coinproofs.verify.{module_info.name}")
        found |= {value.pattern for value in vars(module).values()
                  if isinstance(value, re.Pattern)}
        if not (module.__file__ or "").endswith(".py"):
            continue  # the native checker: no pattern
        source = Path(module.__file__ or "").read_text()
        for node in ast.walk(ast.parse(source)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "re"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                found.add(node.args[0].value)
    return found


def test_every_regular_expression_of_the_kernel_meets_hostile_strings() -> None:
    """tests/mutations.py says which hostile strings meet each pattern: a new one needs its
    own (MET_BY), and the campaign draws them."""
    assert kernel_patterns() == set(MET_BY), "register the kernel's new pattern in MET_BY"


# Lines of a MANIFEST, for its two patterns (read by `coinproofs verify DIR`, not check_file).
MANIFEST_LINES = {
    "claim and a space": lambda k: "# claim " + "x" * k + " ",
    "claim of spaces": lambda k: "# claim" + " " * k,
    "hex, one short": lambda k: ("0" * 63 + "  a\n") * k,
    "a long name": lambda k: "0" * 64 + "  " + "a" * k,
    "hex runs": lambda k: "0" * k + "  a",
    "many claims": lambda k: "# claim a\n" * k,
    **{name: (lambda k, make=make: make(k).decode("ascii", "replace"))
       for name, make in PATHOLOGICAL_LINES.items()},
}


@settings(max_examples=40, suppress_health_check=RELAXED)
@given(name=st.sampled_from(sorted(MANIFEST_LINES)), k=st.sampled_from(UNITS))
def test_manifest_lines_are_read_within_the_guards(name: str, k: int, tmp_path: Path) -> None:
    folder = tmp_path
    (folder / "MANIFEST").write_text(f"# coinproofs manifest v1\n{MANIFEST_LINES[name](k)}\n")
    with memory_guard(traced=False), no_hang(HANG):
        try:
            read_manifest(folder)
        except Rejected as rejection:
            assert "\n" not in str(rejection)
