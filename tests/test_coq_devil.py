"""The devil's coin flip and the rotating-table family in Coq (coinproofs/coq/devil.py,
formal/Table*.v): each claim's .v, written by `prove` beside its certificate, compiles with coqc
and proves exactly the statement written from the claim (the Coq road's check, `verify --coq`);
evidence tampered with, of every kind, makes it fail; Coq's checkers agree with the kernel on
small tables.

The tests that run Coq skip when coqc or coqchk is missing (Debian: apt-get install coq
libcoq-mathcomp). One claim of each road to a proof is compiled in the default run, every
default claim in the slow run.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import coinproofs as cp
from coinproofs.coq import MATHCOMP_IMPORT, Unsupported, build, module_name
from coinproofs.coq import devil as coq_devil
from coinproofs.coq.check import check_folder, coqc, run_coq
from coinproofs.games.devil import Table, search
from coinproofs.proofs import devil as family_proofs
from coinproofs.proofs.registry import ProofContext, find
from coinproofs.verify import table as family
from tests.certificates import Document, certificate
from tests.corpus import Corpus

ROOT = Path(__file__).resolve().parent.parent
FORMAL = ROOT / "formal"
needs_coq = pytest.mark.skipif(shutil.which("coqc") is None or shutil.which("coqchk") is None,
                               reason="needs coqc and coqchk (apt-get install coq "
                                      "libcoq-mathcomp)")


# --- Statements, from the claim alone ----------------------------------------------------------

@pytest.mark.parametrize("claim_id, text", [
    ("devil.n4.shortest", "shortest (wins 4) 15"),
    ("devil.n64.shortest", "shortest (wins 64) (2 ^ 64 - 1)"),
    ("devil.n6.impossible", "impossible (wins 6)"),
    ("devil.n16.lamping", "wins 16 (lamping 4) /\\ size (lamping 4) = (2 ^ 16 - 1)"),
    ("devil.n8.dihedral.shortest", "shortest (table_wins (Table 8 2 (dihedral 8) zero)) 255"),
    ("devil.n9.q3.shortest", "shortest (table_wins (Table 9 3 (cyclic 9) zero)) (3 ^ 9 - 1)"),
    ("devil.n4.q3.klein.impossible", "impossible (table_wins (Table 4 3 klein zero))"),
    ("devil.n2.trivial.equal.shortest", "shortest (table_wins (Table 2 2 trivial equal)) 1"),
    ("devil.n4.alternating.impossible",
     "impossible (table_wins (Table 4 2 (alternating 4) zero))"),
    ("devil.n4.g0-1.g2-3.equal.shortest",
     "shortest (table_wins (Table 4 2 [:: [:: 1; 0; 2; 3]; [:: 0; 1; 3; 2]] equal)) 7"),
    ("devil.n8.equal.count",
     "shortest (table_wins (Table 8 2 (cyclic 8) equal)) 127 /\\ counts (Table 8 2 (cyclic 8) "
     f"equal) 127 {2**247} 4398046511104"),
])
def test_statement(claim_id: str, text: str) -> None:
    assert coq_devil.statement(find(claim_id).as_json()).text == text


def test_statement_of_a_table_without_a_name_is_refused() -> None:
    custom = {"id": "devil.n4.custom.shortest", "game": "devil", "kind": "shortest",
              "params": {"n": 4, "generators": [[1, 0, 2, 3]]}, "value": 3}
    with pytest.raises(Unsupported, match=r"devil\.n4\.custom\.shortest"):
        coq_devil.statement(custom)


# --- Compiling the proofs ----------------------------------------------------------------------

def verdicts(certificates: list[Path]) -> dict[Path, str]:
    """`verify --coq`'s check of each certificate's .v (a folder at a time): it compiles, its
    theorem proves exactly the claim's statement, and coqchk finds no assumption in it. The
    reason for each certificate it rejects ("" when accepted)."""
    reasons: dict[Path, str] = {}
    for folder in dict.fromkeys(path.parent for path in certificates):
        mine = [path for path in certificates if path.parent == folder]
        found, assumptions = check_folder(folder, mine, jobs=2, norec=True)
        if all(verdict.accepted for verdict in found):
            assert assumptions is not None and assumptions.none
        reasons |= {path: verdict.reason for path, verdict in zip(mine, found, strict=True)}
    return reasons


# One claim of each road to a proof (formal/table/TableClaims.v, TableCount.v, Group*.v): the lemma
# it applies. Certificates that cite the group theorems (table_shortest, table_not_wins) take
# the roads of coinproofs/coq/group.py.
ROADS = {
    "devil.n4.shortest": "coin_shortest",
    "devil.n6.impossible": "coin_impossible",
    "devil.n2.q4.shortest": "rotating_shortest",
    "devil.n2.q3.impossible": "rotating_impossible",
    "devil.n4.dihedral.shortest": "strategy_shortest",
    "devil.n4.g0-1.g2-3.equal.shortest": "strategy_shortest",
    "devil.n16.q4.equal.shortest": "rotation_shortest",
    "devil.n8.q7.trivial.shortest": "trivial_shortest",
    "devil.n16.dihedral.shortest": "closed_shortest",
    "devil.n3.dihedral.impossible": "invariant_check_sound",
    "devil.n12.q3.equal.impossible": "rotation_impossible",
    "devil.n16.q3.dihedral.impossible": "word_impossible",
    "devil.n4.count": "count_check_sound",
    "devil.n8.lamping": "lamping_claim",
}

# The certificates breadth-first search gives (coinproofs/proofs/devil.py prove_table: reachability
# layers beside a strategy or an invariant), their theorems left out: the roads through layers.
SEARCHED = {"devil.n4.dihedral.shortest": (4, "dihedral", "table_shortest_check_sound"),
            "devil.n3.dihedral.impossible": (3, "dihedral", "invariant_check_sound")}


def searched(folder: Path, claim_id: str, n: int, group: str) -> Path:
    """The certificate of claim_id by search, in a folder `searched` of its own (a claim's
    certificate is named by its id)."""
    spec = find(claim_id)
    place = folder / "searched"
    place.mkdir(exist_ok=True)
    context = ProofContext(place, spec.id)
    evidence = [e for e in family_proofs.prove_table(n, 2, group, "zero", context,
                                                     kind=spec.kind)
                if e["method"] != "theorem"]
    path = place / f"{claim_id}.json"
    path.write_text(json.dumps(certificate(spec, evidence)))
    build.write_proof(path)
    return path


@pytest.fixture(scope="module")
def proved(tmp_path_factory: pytest.TempPathFactory, corpus: Corpus) -> Path:
    """The claims of ROADS proved, those of SEARCHED by search, and `closed`: the searched
    impossible claim without its invariant, so proved by its closed layers."""
    folder = corpus.copy(*ROADS, to=tmp_path_factory.mktemp("devil") / "proved")
    for claim_id, (n, group, _) in SEARCHED.items():
        searched(folder, claim_id, n, group)
    tampered(folder / "searched" / "devil.n3.dihedral.impossible.json", "closed",
             lambda document, place: no_invariant(document))
    return folder


def proof_text(folder: Path, claim_id: str) -> str:
    return (folder / f"{module_name(claim_id)}.v").read_text()


@needs_coq
def test_every_road_compiles(formal: Path, proved: Path) -> None:
    roads = {proved / f"{claim_id}.json": lemma for claim_id, lemma in ROADS.items()}
    roads |= {proved / "searched" / f"{claim_id}.json": lemma
              for claim_id, (_, _, lemma) in SEARCHED.items()}
    roads[proved / "closed" / "devil.n3.dihedral.impossible.json"] = "closed_check_sound"
    for path, lemma in roads.items():
        assert lemma in proof_text(path.parent, path.stem), path
    assert verdicts(list(roads)) == dict.fromkeys(roads, "")


# --- Tampered evidence ---------------------------------------------------------------------------

Change = Callable[[Document, Path], None]  # a change to a certificate in a folder


def tampered(source: Path, name: str, change: Change) -> Path:
    """A copy of the certificate in `source` with its artifacts, in a folder `name` beside its
    own, changed by change(document, that folder), its Coq proof written again from it."""
    place = source.parent.parent / name if source.parent.name == "searched" else (
        source.parent / name)
    place.mkdir()
    for artifact in source.parent.glob(f"{source.stem}.*"):
        shutil.copy(artifact, place)
    document = json.loads(source.read_text())
    change(document, place)
    path = place / source.name
    path.write_text(json.dumps(document))
    build.write_proof(path)
    return path


def item(document: Document, method: str) -> Document:
    found: Document = next(e for e in document["evidence"] if e["method"] == method)
    return found


def rewrite_lines(folder: Path, evidence: Document, change: Callable[[list[Any]], None]) -> None:
    """Change the artifact of an evidence item (a list of numbers a line), written anew, its
    SHA-256 in the certificate updated: what differs is the content, not the hash."""
    lines = [json.loads(line) for line in (folder / evidence["file"]).read_text().splitlines()]
    change(lines)
    data = "".join(json.dumps(line) + "\n" for line in lines).encode()
    evidence["file"] = f"tampered.{evidence['file']}"
    (folder / evidence["file"]).write_bytes(data)
    evidence["sha256"] = hashlib.sha256(data).hexdigest()


def one_more_orbit(lines: list[list[int]]) -> None:
    lines[-1][-1] += 2  # a belief of the last layer holds orbit 1 as well


def no_invariant(document: Document) -> None:
    document["evidence"] = [e for e in document["evidence"] if e["method"] != "invariant"]


def changes(folder: Path) -> Iterator[tuple[Path, str, Change]]:
    """(certificate, what changes, how): one changed number for each kind of evidence a proof
    reads."""
    def empty_move(document: Document, place: Path) -> None:
        # A shortest strategy with an empty move does not win: else a shorter one would.
        item(document, "strategy")["moves"][3] = []

    def layers(method: str) -> Change:
        return lambda document, place: rewrite_lines(place, item(document, method),
                                                     one_more_orbit)

    def invariant(document: Document, place: Path) -> None:
        item(document, "invariant")["orbits"][0] = 0b111  # all tails: flip all, and it is over

    def closed_layers(document: Document, place: Path) -> None:
        no_invariant(document)
        rewrite_lines(place, item(document, "reachability"), one_more_orbit)

    def lamping_move(index: int) -> Change:
        def change(document: Document, place: Path) -> None:  # a move: flip coin 0 alone
            item(document, "strategy")["moves"][index] = [0]  # 255 moves: inline
        return change

    searched = folder / "searched"
    yield folder / "devil.n4.dihedral.shortest.json", "strategy", empty_move
    yield searched / "devil.n4.dihedral.shortest.json", "reachability", layers("reachability")
    yield folder / "devil.n3.dihedral.impossible.json", "invariant", invariant
    yield folder / "devil.n4.count.json", "count", layers("count")
    yield searched / "devil.n3.dihedral.impossible.json", "closed layers", closed_layers
    yield folder / "devil.n8.lamping.json", "Lamping's first move", lamping_move(0)
    yield folder / "devil.n8.lamping.json", "Lamping's last move", lamping_move(-1)


@needs_coq
def test_tampered_evidence_fails(formal: Path, proved: Path) -> None:
    paths = {what: tampered(source, f"tampered.{i}", change)
             for i, (source, what, change) in enumerate(changes(proved))}
    found = verdicts(list(paths.values()))
    rejected = {what: found[path] for what, path in paths.items()}
    assert all(reason.startswith("coqc rejects") for reason in rejected.values()), rejected


@needs_coq
@pytest.mark.parametrize("field", ["sequences", "up_to_group"])
def test_a_changed_count_is_not_the_claim(formal: Path, proved: Path, field: str) -> None:
    """A count changed in the claim is refused before Coq runs (the registry states the
    claim), and its statement, written from the claim id, is the true count's."""
    def count(document: Document, place: Path) -> None:
        document["claim"]["value"][field] += 1
    path = tampered(proved / "devil.n4.count.json", f"count.{field}", count)
    assert verdicts([path])[path].startswith("the certificate is not its claim")


COMPRESSED = [[], [5], [1, 3, 1, 2, 1, 3, 1], [1, 3, 1, 2, 1, 3, 1] * 3 + [7, 1, 3], [4] * 20]


def test_compressed_moves_expand_to_the_moves() -> None:
    """What TableClaims.v's expand undoes: literals, and copies that overlap (LZ77)."""
    def expand(tokens: list[tuple[int, int]]) -> list[int]:
        moves: list[int] = []
        for back, length in tokens:
            for _ in range(length if back else 1):
                moves.append(moves[-back] if back else length)
        return moves

    for moves in COMPRESSED:
        assert expand(coq_devil.compressed(moves)) == moves
    assert coq_devil.compressed([4] * 20) == [(0, 4), (1, 19)]


# --- Coq's checkers agree with the kernel ------------------------------------------------------

SMALL_TABLES = [(n, q, group, goal)
                for n in (1, 2, 3, 4) for q in (2, 3)
                for group in family.GROUPS if group != "klein" or n == 4
                for goal in ("zero", "equal") if q**n <= 16]


def vm_values(folder: Path, lines: list[str]) -> list[str]:
    """What Coq computes for each line (an expression), by vm_compute, in order."""
    script = [MATHCOMP_IMPORT, "From Coq Require Import BinNat.",
              "From CoinProofs Require Import RulesTable TableOrbits TableBeliefs TableClaims.",
              *[f"Eval vm_compute in {line}." for line in lines]]
    (folder / "agree.v").write_text("\n".join(script) + "\n")
    compiled, said = run_coq(coqc(FORMAL, folder, "agree"), folder)
    assert compiled, said
    return re.findall(r"^\s*= (.*)$", said, flags=re.MULTILINE)


def strategies(n: int, q: int, group: str, goal: str) -> Iterator[tuple[list[int], bool]]:
    """The engine's shortest strategy, if one wins, and the same without its last move, each
    with the kernel's verdict."""
    r = family.table_of(n, q, group, goal)
    found = search(Table(n, q, group, goal=goal)).strategy
    if found is None:
        return
    for strategy in (list(found), list(found)[:-1]):
        yield strategy, family.simulate(strategy, r) is None


@needs_coq
def test_checkers_agree_with_kernel(formal: Path, tmp_path: Path) -> None:
    """On every table of at most 16 states: Coq numbers the kernel's orbits and orbits of
    moves, and its strategy checker says what the kernel's exact simulation says."""
    lines: list[str] = []
    expected: list[str] = []
    for n, q, group, goal in SMALL_TABLES:
        r = family.table_of(n, q, group, goal)
        table = coq_devil.table(n, q, group, goal)
        lines += [f"orbits_ok {table}", f"orbit_count {table}", f"size (move_reps {table})"]
        expected += ["true", str(len(family.orbits(r))), str(len(family.move_orbits(r)))]
        for strategy, wins in strategies(n, q, group, goal):
            moves = "; ".join(map(str, strategy))
            lines.append(f"table_winsb {table} (map (state_of {q} {n}) [:: {moves}]%num)")
            expected.append(str(wins).lower())
    for moves in COMPRESSED:  # Coq's expand undoes devil.py's compressed
        tokens = "; ".join(f"({back}, {length})" for back, length in coq_devil.compressed(moves))
        lines.append(f"expand [:: {tokens}]%num == [:: {'; '.join(map(str, moves))}]%num")
        expected.append("true")
    assert len(SMALL_TABLES) == 62 and vm_values(tmp_path, lines) == expected


# --- Every default claim --------------------------------------------------------------------------

@needs_coq
@pytest.mark.slow
def test_every_default_devil_claim_compiles(formal: Path, corpus: Corpus) -> None:
    ids = [claim["id"] for claim in cp.claims()["claims"] if claim["game"] == "devil"]
    assert len(ids) == 165
    found = verdicts(corpus.certificates(*ids))
    assert {claim_id: reason for claim_id, reason in found.items() if reason} == {}
