"""The rotating-table family: the engine (games/devil.py), the kernel (verify/table.py) and a
brute force written here from the rules agree on every small table; the published results
come out; family certificates are born strict; the coin flip's claims are untouched."""

from __future__ import annotations

import copy
import hashlib
import json
from functools import cache
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from coinproofs.games import devil as engine
from coinproofs.games.family import devil_invariant, dial_strategy
from coinproofs.proofs import devil as family_proofs
from coinproofs.proofs.devil import DEFAULTS
from coinproofs.proofs.registry import OutOfLimits, ProofContext, find
from coinproofs.verify import table as kernel
from coinproofs.verify.certificate import Rejected, check_document
from coinproofs.verify.schema import BOUNDS
from tests.certificates import certificate, read
from tests.cli import ROOT, coinproofs, fails_with_one_sentence
from tests.corpus import Corpus

GROUPS = ("cyclic", "dihedral", "symmetric", "trivial", "klein", "alternating")


def small_tables(most: int, most_trivial: int) -> list[engine.Table]:
    """Every table of at most `most` states (the Klein four-group's: 4 positions; the alternating
    group's: 3 or more, below it is trivial), the trivial group's (no permutation: beliefs are
    sets of states, and the search explores nearly all of them) of at most `most_trivial`."""
    return [engine.Table(n, q, group, (), goal)
            for q in (2, 3, 4, 5) for n in range(1, 7) for group in GROUPS
            for goal in ("zero", "equal")
            if q**n <= (most_trivial if group == "trivial" else most)
            and (group != "klein" or n == 4) and (group != "alternating" or n >= 3)]


# The default run checks every group, q and goal at the smallest sizes; the slow run every table
# of fewer than 256 states (4 dials with 4 states take minutes: slow, below).
FAST = small_tables(27, 9) + [engine.Table(4, 3, "klein", (), goal) for goal in ("zero", "equal")]
SMALL = [pytest.param(t, marks=[] if t in FAST else [pytest.mark.slow])
         for t in small_tables(243, 16)]
BRUTE = [pytest.param(t, marks=[] if t.q**t.n <= 9 else [pytest.mark.slow])
         for t in small_tables(32, 16)]


def kernel_rules(t: engine.Table) -> kernel.Table:
    """The kernel's rules for an engine table (the trivial group: no generator at all)."""
    if t.group == "trivial":
        return kernel.table_of(t.n, t.q, goal=t.goal, generators=[])
    return kernel.table_of(t.n, t.q, t.group, t.goal)


# --- A brute force from the rules: beliefs as sets of states, every move ------------------------

def brute_shortest(t: engine.Table, longest: int) -> int | None:
    """The shortest winning length by breadth-first search over sets of unfinished states, all
    q^n moves tried, the group listed by closing its generators; None if none wins (the
    reachable sets closed) — independent of both the engine's orbits and the kernel's."""
    states = list(product(range(t.q), repeat=t.n))

    def goal(s: tuple[int, ...]) -> bool:
        return len(set(s)) == 1 if t.goal == "equal" else not any(s)

    group = {tuple(range(t.n))}
    frontier = list(group)
    while frontier:
        frontier = [tuple(h[g[i]] for i in range(t.n)) for g in frontier
                    for h in engine.generators(t)]
        frontier = [g for g in frontier if g not in group]
        group.update(frontier)

    def after(belief: frozenset[tuple[int, ...]], move: tuple[int, ...]) -> frozenset[Any]:
        result = set()
        for s in belief:
            for g in group:
                moved = [0] * t.n
                for i in range(t.n):
                    moved[g[i]] = s[i]
                new = tuple((a + b) % t.q for a, b in zip(moved, move, strict=True))
                if not goal(new):
                    result.add(new)
        return frozenset(result)

    start = frozenset(s for s in states if not goal(s))
    seen, layer = {start}, [start]
    for depth in range(longest + 1):
        if frozenset() in layer:
            return depth
        layer = list({after(b, m) for b in layer for m in states} - seen)
        if not layer:
            return None
        seen.update(layer)
    raise AssertionError(f"no answer within {longest} moves for {t}")


@cache
def searched(t: engine.Table) -> engine.Search:
    return engine.search(t)


@pytest.mark.parametrize("t", SMALL, ids=str)
def test_engine_and_kernel_agree_on_orbits_strategies_and_layers(t: engine.Table) -> None:
    r = kernel_rules(t)
    assert list(kernel.orbits(r)) == engine.orbits(t)
    found = searched(t)
    layers = [[int(b) for b in layer] for layer in found.layers]
    if found.strategy is None:
        assert kernel.check_reachability(layers, r) == kernel.Fact("impossible")
        invariant = devil_invariant(t)
        if invariant is not None:
            assert kernel.check_invariant(invariant, r) == kernel.Fact("impossible")
        return
    assert kernel.simulate(found.strategy, r) is None
    if found.strategy:
        assert kernel.check_reachability(layers, r) == kernel.Fact(
            "none-up-to", len(found.strategy) - 1)
        shorter = found.strategy[:-1]
        lost = kernel.simulate(shorter, r)
        assert lost is not None  # and the game it names really is lost, by the rules
        final = kernel.play(lost.initial, lost.permutations, shorter, r)
        assert final not in kernel.goal_states(r)
        assert all(g in kernel.group(r) for g in lost.permutations)


@pytest.mark.parametrize("t", BRUTE, ids=str)
def test_the_brute_force_finds_the_same_shortest_length(t: engine.Table) -> None:
    found = searched(t)
    length = None if found.strategy is None else len(found.strategy)
    assert brute_shortest(t, t.q**t.n) == length


def prime_power(x: int) -> int | None:
    """The prime p with x = p^k (k >= 1), None if there is none; 1 is a power of every prime."""
    p = next(d for d in range(2, x + 1) if x % d == 0) if x > 1 else None
    while p is not None and x % p == 0:
        x //= p
    return p if x == 1 else None


SLOW = {(2, 8), (4, 4)}  # 63 and 255 moves: searches of minutes


@pytest.mark.parametrize("n, q", [
    pytest.param(n, q, marks=[] if q**n <= 81 and (n, q) not in SLOW else [pytest.mark.slow])
    for q in (2, 3, 4, 5, 7, 8, 9) for n in range(1, 7) if q**n <= 512 or (n, q) in SLOW])
def test_bar_yehuda_etzion_moran(n: int, q: int) -> None:
    """Winnable iff N and q are powers of one prime (N = 1 is every prime's), q^N - 1 moves."""
    found = searched(engine.Table(n, q))
    winnable = n == 1 or prime_power(n) == prime_power(q) is not None
    assert (found.strategy is not None) == winnable
    if winnable:
        assert found.strategy is not None and len(found.strategy) == q**n - 1


@pytest.mark.parametrize("n, q", [(2, 2), (4, 2), (8, 2), (3, 3), (2, 4), (2, 3), (3, 2), (6, 2),
                                  (4, 3), (3, 4), pytest.param(4, 4, marks=pytest.mark.slow)])
def test_all_equal_on_the_rotating_table(n: int, q: int) -> None:
    """All equal, the devil rotating: winnable iff N and q are powers of one prime, with
    q^(N-1) - 1 moves (our data: Benbernou et al. keep the coins in a line)."""
    found = searched(engine.Table(n, q, goal="equal"))
    winnable = prime_power(n) == prime_power(q) is not None
    assert (found.strategy is not None) == winnable
    if winnable:
        assert found.strategy is not None and len(found.strategy) == q**(n - 1) - 1


# --- Claims and certificates ----------------------------------------------------------------------

def searched_certificate(n: int, q: int, folder: Path) -> dict[str, Any]:
    """The certificate breadth-first search gives a shortest claim about the rotations and the
    goal zero (the prover builds these strategies without search: its certificate carries no
    layers to tamper with)."""
    spec = find(kernel.claim_id("shortest", n, q, "cyclic", "zero"))
    return certificate(spec, family_proofs.prove_table(n, q, "cyclic", "zero",
                                                       ProofContext(folder, spec.id)))


def test_every_default_family_claim_is_in_the_table_of_docs_family() -> None:
    """tests/test_family_table.py proves and verifies every row of that table."""
    page = (ROOT / "docs" / "family.md").read_text()
    missing = [find_id(params) for params in DEFAULTS if f"`{find_id(params)}`" not in page]
    assert not missing, f"docs/family.md does not show {missing}"


def find_id(params: dict[str, Any]) -> str:
    return kernel.claim_id(params["kind"], params["n"], params.get("q", 2),
                           params.get("group", "cyclic"), params.get("goal", "zero"))


@pytest.mark.parametrize("claim_id, words", [
    ("devil.n4.q2.shortest", ["at least 3", "leave .q out"]),
    ("devil.n3.q3.impossible", ["26 moves", "devil.n3.q3.shortest"]),
    ("devil.n2.q3.shortest", ["no strategy wins", "devil.n2.q3.impossible"]),
    ("devil.n1.equal.shortest", ["before any move"]),
    ("devil.n2600.q3.equal.shortest", ["devil.theorem-bits"]),
    ("devil.n9.q3.equal.count", ["4,096"]),
    ("devil.n2049.q4.shortest", ["devil.theorem-bits"]),
    ("devil.n5.klein.shortest", ["Klein four-group acts on 4 positions, not 5"]),
])
def test_family_ids_outside_the_limits_are_refused(claim_id: str, words: list[str]) -> None:
    with pytest.raises(OutOfLimits) as refusal:
        find(claim_id)
    assert all(word in str(refusal.value) for word in words), refusal.value


@pytest.fixture(scope="module")
def proved(corpus: Corpus,
           tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    ids = ("devil.n2.q3.impossible", "devil.n8.equal.shortest", "devil.n4.dihedral.shortest",
           "devil.n4.q4.shortest")
    folder = corpus.copy(*ids, to=tmp_path_factory.mktemp("family"))
    documents = {claim_id: read(folder, claim_id) for claim_id in ids}
    documents["devil.n3.q3.shortest"] = searched_certificate(3, 3, folder)
    return folder, documents


def rejects(document: dict[str, Any], folder: Path, *words: str) -> None:
    with pytest.raises(Rejected) as rejection:
        check_document(document, folder)
    assert all(word in str(rejection.value) for word in words), str(rejection.value)


def test_the_certificates_are_accepted(proved: tuple[Path, dict[str, Any]]) -> None:
    folder, documents = proved
    methods = {claim_id: check_document(doc, folder).methods
               for claim_id, doc in documents.items()}
    assert methods["devil.n2.q3.impossible"] == ["theorem dial_not_wins", "invariant"]
    assert methods["devil.n3.q3.shortest"] == ["strategy", "reachability",
                                               "theorem dial_shortest"]
    assert methods["devil.n4.q4.shortest"] == ["strategy", "theorem dial_shortest"]
    assert methods["devil.n8.equal.shortest"] == ["strategy", "theorem table_shortest"]
    assert methods["devil.n4.dihedral.shortest"] == ["strategy", "theorem table_shortest"]


def mutated(document: dict[str, Any], method: str, change: Any) -> dict[str, Any]:
    """A copy of the certificate whose evidence item `method` is changed by change(item)."""
    copied = copy.deepcopy(document)
    for item in copied["evidence"]:
        if item["method"] == method:
            change(item)
    return copied


def put(key: str, value: Any) -> Any:
    return lambda item: item.__setitem__(key, value)


def drop(key: str) -> Any:
    return lambda item: item.pop(key)


@pytest.mark.parametrize("method, change, words", [
    ("strategy", put("note", "trust me"), ["unknown field 'note'"]),
    ("strategy", drop("moves"), ["strategy evidence"]),
    ("strategy", put("found_by", 3), ["found_by"]),
    ("strategy", lambda item: item["moves"].pop(), ["does not win"]),
    ("strategy", lambda item: item["moves"].__setitem__(0, [0, 0, 0]), ["more than 2 times"]),
    ("strategy", lambda item: item["moves"].__setitem__(0, [3]), ["outside 0..2"]),
    ("strategy", lambda item: item["moves"].__setitem__(0, [True]), ["outside 0..2"]),
    ("reachability", put("depths", 25.0), ["'depths' must be a whole number"]),
    ("reachability", put("beliefs", True), ["'beliefs' must be a whole number"]),
    ("reachability", put("beliefs", 10**9), ["devil.belief-work"]),
    ("reachability", put("depths", 3), ["says depths = 3"]),
    ("reachability", drop("sha256"), ["no field 'sha256'"]),
    ("reachability", put("layers", []), ["unknown field 'layers'"]),
])
def test_every_tampered_strategy_or_layer_is_rejected(proved: tuple[Path, dict[str, Any]],
                                                       method: str, change: Any,
                                                       words: list[str]) -> None:
    folder, documents = proved
    rejects(mutated(documents["devil.n3.q3.shortest"], method, change), folder, *words)


@pytest.mark.parametrize("change, words", [
    (lambda item: item["moves"].pop(), ["does not win"]),
    (lambda item: item["moves"].__setitem__(100, [0, 1]), ["does not win"]),
    (lambda item: item["moves"].__setitem__(0, [0, 0, 0, 0]), ["more than 3 times"]),
])
def test_a_tampered_constructed_strategy_is_rejected(proved: tuple[Path, dict[str, Any]],
                                                     change: Any, words: list[str]) -> None:
    """Bar-Yehuda, Etzion and Moran's strategy is simulated like any other: dial_shortest
    alone would prove the claim, but a strategy that does not win is refused."""
    folder, documents = proved
    rejects(mutated(documents["devil.n4.q4.shortest"], "strategy", change), folder, *words)


def test_tampered_layer_files_are_rejected(proved: tuple[Path, dict[str, Any]],
                                           tmp_path: Path) -> None:
    folder, documents = proved
    document = documents["devil.n3.q3.shortest"]  # its strategy is inline: one artifact
    item = next(item for item in document["evidence"] if item["method"] == "reachability")
    layers = [json.loads(line) for line in (folder / item["file"]).read_text().splitlines()]
    for changed, words in [([*layers[:1], [], *layers[1:]], ["not in the next layers"]),
                           ([*layers[:5], layers[5][1:], *layers[6:]], ["not in the next"]),
                           ([*layers, [kernel.GOAL]], ["contains the goal"]),
                           (layers[1:], ["layer 0"]),
                           ([[layers[0][0] * 4], *layers[1:]], ["layer 0"]),
                           ([*layers[:3], layers[3] + layers[3][:1], *layers[4:]], ["twice"])]:
        text = "".join(json.dumps(layer) + "\n" for layer in changed)
        (tmp_path / "layers.jsonl").write_text(text)
        digest = hashlib.sha256(text.encode()).hexdigest()
        tampered = mutated(document, "reachability", lambda item, d=digest, c=changed: item.update(
            file="layers.jsonl", sha256=d, depths=len(c), beliefs=sum(map(len, c))))
        rejects(tampered, tmp_path, *words)


@pytest.mark.parametrize("change, words", [
    (put("orbits", []), ["at least one orbit"]),
    (put("orbits", [0]), ["whole number of at least 1"]),
    (put("orbits", [1.0]), ["whole number of at least 1"]),
    (put("orbits", [3]), ["not the least member"]),
    (put("orbits", [1, 1]), ["twice"]),
    (put("orbits", [9]), ["not a state"]),
    (put("check", "exhaustive"), ["unknown field 'check'"]),
    (drop("orbits"), ["no field 'orbits'"]),
])
def test_every_tampered_invariant_is_rejected(proved: tuple[Path, dict[str, Any]], change: Any,
                                              words: list[str]) -> None:
    folder, documents = proved
    document = mutated(documents["devil.n2.q3.impossible"], "invariant", change)
    document["evidence"] = [item for item in document["evidence"]
                            if item["method"] == "invariant"]
    rejects(document, folder, *words)


def test_an_invariant_the_devil_cannot_keep_is_rejected() -> None:
    r = kernel.table_of(2, 3)
    assert kernel.check_invariant([1, 2, 5], r) == kernel.Fact("impossible")
    with pytest.raises(Rejected, match="cannot keep"):
        kernel.check_invariant([1], r)  # 10 and 01: the move 20 sends 10 to 00 and 01 to 21
    with pytest.raises(Rejected, match="goal state"):
        kernel.check_invariant([4], kernel.table_of(2, 3, goal="equal"))


@pytest.mark.parametrize("change, words", [
    (lambda claim: claim.__setitem__("value", 25), ["statement"]),
    (lambda claim: claim.update(value=25, statement=kernel.statement(
        "shortest", 3, 3, "cyclic", "zero", 25)), ["no checked strategy of 25 moves"]),
    (lambda claim: claim.update(value=27, statement=kernel.statement(
        "shortest", 3, 3, "cyclic", "zero", 27)), ["no checked strategy of 27 moves"]),
    (lambda claim: claim.update(kind="impossible", value=None, id="devil.n3.q3.impossible",
                                statement=kernel.statement("impossible", 3, 3, "cyclic",
                                                           "zero", None)),
     ["no evidence shows that no strategy wins"]),
    (lambda claim: claim["params"].__setitem__("q", 2), ["q = 2 is left out"]),
    (lambda claim: claim["params"].__setitem__("group", "cyclic"), ["cyclic is left out"]),
    (lambda claim: claim["params"].__setitem__("goal", "zero"), ["zero is left out"]),
    (lambda claim: claim["params"].__setitem__("q", 3.0), ["q = 2 is left out"]),
    (lambda claim: claim["params"].__setitem__("size", 3), ["unknown field 'size'"]),
    (lambda claim: claim.__setitem__("id", "devil.n3.q3.dihedral.shortest"), ["does not match"]),
    (lambda claim: claim.__setitem__("statement", "26 moves win."), ["statement"]),
    (lambda claim: claim.__setitem__("kind", "lamping"), ["shortest or impossible"]),
])
def test_every_tampered_family_claim_is_rejected(proved: tuple[Path, dict[str, Any]],
                                                 change: Any, words: list[str]) -> None:
    folder, documents = proved
    document = copy.deepcopy(documents["devil.n3.q3.shortest"])
    change(document["claim"])
    rejects(document, folder, *words)


def test_evidence_for_one_table_proves_nothing_about_another(
        proved: tuple[Path, dict[str, Any]]) -> None:
    folder, documents = proved
    swapped = copy.deepcopy(documents["devil.n3.q3.shortest"])
    swapped["claim"]["params"]["group"] = "dihedral"
    swapped["claim"]["id"] = "devil.n3.q3.dihedral.shortest"
    swapped["claim"]["statement"] = kernel.statement("shortest", 3, 3, "dihedral", "zero", 26)
    rejects(swapped, folder, "does not win")


def test_bounds_are_declared_and_refuse_before_the_work() -> None:
    assert {"devil.states", "devil.group", "devil.orbit-work", "devil.simulation-work",
            "devil.belief-work", "devil.invariant-work"} <= set(BOUNDS)
    with pytest.raises(Rejected, match=r"devil\.states"):
        kernel.table_of(40, 3)
    with pytest.raises(Rejected, match=r"devil\.states"):
        kernel.table_of(4096, 10**9)
    with pytest.raises(Rejected, match="1 to 4096 positions"):
        kernel.table_of(10**9, 10**9)
    with pytest.raises(Rejected, match=r"devil\.group"):
        kernel.group(kernel.table_of(9, 2, "symmetric"))
    with pytest.raises(Rejected, match="4 positions, not 5"):
        kernel.table_of(5, 2, "klein")


# --- The command line ----------------------------------------------------------------------------

def test_solve_with_options_keeps_the_json_fields() -> None:
    run = coinproofs("devil", "solve", "3", "--states", "3", "--json")
    document = json.loads(run.out)
    assert run.status == 0 and document["length"] == 26 and document["states"] == 3
    assert {"n", "length", "moves", "beliefs_explored", "claim"} <= set(document)
    assert document["claim"] == "devil.n3.q3.shortest"
    none = json.loads(coinproofs("devil", "solve", "2", "--states", "3", "--json").out)
    assert none["length"] is None and none["moves"] is None
    plain = json.loads(coinproofs("devil", "solve", "4", "--json").out)
    assert set(plain) == {"n", "length", "moves", "beliefs_explored", "claim"}
    equal = coinproofs("devil", "solve", "4", "--group", "(0 1 2 3),(0 2)", "--goal", "equal")
    assert equal.status == 0 and "7 moves" in equal.out


@pytest.mark.parametrize("args, words", [
    (["--group", "(0 4)"], ["(0 4)", "4 is not a position"]),
    (["--group", "(0 1"], ["cycle notation"]),
    (["--group", "(0 1 0)"], ["appears twice"]),
    (["--group", "rotations"], ["cyclic, dihedral"]),
    (["--states", "1"], ["at least 2"]),
    (["--states", "x"], ["not a whole number"]),
    (["--goal", "one"], ["invalid choice"]),
    (["--states", "30"], ["at most 352 orbits", "202,740 orbits"]),
    (["--states", "40"], ["40^4", "states"]),
])
def test_bad_options_are_refused_in_one_sentence(args: list[str], words: list[str]) -> None:
    run = coinproofs("devil", "solve", "4", *args)
    fails_with_one_sentence(run, *words)
    assert run.status == 2


def test_check_and_show_take_the_options(tmp_path: Path) -> None:
    strategy = tmp_path / "s.json"
    assert coinproofs("devil", "solve", "3", "--states", "3", "-o", str(strategy)).status == 0
    wins = coinproofs("devil", "check", "3", str(strategy), "--states", "3", "--json")
    assert wins.status == 0 and json.loads(wins.out)["wins"]
    loses = coinproofs("devil", "check", "3", str(strategy), "--states", "3",
                       "--group", "symmetric", "--json")
    lost = json.loads(loses.out)["counterexample"]
    assert loses.status == 1 and len(lost["permutations"]) == 26
    fails_with_one_sentence(coinproofs("devil", "check", "3", str(strategy)), "names a position")
    shown = coinproofs("devil", "show", "2", "--goal", "equal")
    assert shown.status == 0 and shown.out.splitlines()[-1].split() == ["1", "|", "0", "|", "HH"]


def test_a_search_that_outgrows_its_memory_bounds_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The trivial group on 36 states has 2^36 beliefs: the search stops at its bounds and the
    prover says why, instead of taking the machine's memory (here with the bounds made small)."""
    from coinproofs.proofs import devil as family
    from coinproofs.proofs.registry import OutOfLimits

    monkeypatch.setattr(engine, "MAX_SEARCH_BELIEFS", 1_000)
    family._search.cache_clear()
    with pytest.raises(ValueError, match="stopped after meeting"):
        engine.search(engine.table(2, 6, "trivial", "zero"))
    with pytest.raises(OutOfLimits, match="past its bounds"):
        family.family_claim(2, "count", q=6, group="trivial")
    family._search.cache_clear()


# --- Bar-Yehuda, Etzion and Moran's construction (games/family.py dial_strategy) ----------------

@pytest.mark.parametrize("n, q", [(1, 2), (1, 3), (1, 8), (2, 2), (2, 4), (4, 2), (3, 3), (2, 8),
                                  (8, 2), (4, 4), (2, 16), (3, 9), (1, 27),
                                  pytest.param(9, 3, marks=pytest.mark.slow)])
def test_dial_strategy_wins_by_the_kernel(n: int, q: int) -> None:
    """q^n - 1 moves (the fewest: nothing shorter wins, and the engine's search agrees where it
    is cheap), accepted by the kernel's exact simulation; without its last move it loses."""
    strategy = dial_strategy(n, q)
    r = kernel.table_of(n, q)
    assert len(strategy) == q**n - 1
    assert kernel.simulate(strategy, r) is None
    assert kernel.simulate(strategy[:-1], r) is not None
    if q**n <= 27 and n > 1:
        assert len(engine.shortest_strategy(engine.Table(n, q))) == len(strategy)


@pytest.mark.parametrize("n, q", [(2, 3), (6, 2), (3, 6), (1, 6), (0, 2), (2, 1)])
def test_dial_strategy_needs_powers_of_one_prime(n: int, q: int) -> None:
    with pytest.raises(ValueError, match="powers of one prime"):
        dial_strategy(n, q)
