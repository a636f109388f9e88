"""Devil certificates: the kernel accepts what the provers write and rejects every tampering."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinproofs.games import devil as engine
from coinproofs.proofs.devil import search_evidence
from coinproofs.proofs.registry import ProofContext
from coinproofs.verify.certificate import Rejected, check_document
from coinproofs.verify.table import coin_flip_statement as statement
from tests.certificates import devil_certificate


def shortest_certificate(n: int, folder: Path) -> dict[str, Any]:
    evidence = search_evidence(ProofContext(folder, f"devil.n{n}.shortest"), n)
    strategy = evidence[0]["moves"]
    return devil_certificate("shortest", n, len(strategy), evidence)


def inline_layers(n: int) -> list[list[int]]:
    return [[int(b) for b in layer] for layer in engine.search(n).layers]


def restated(document: dict[str, Any], **changes: Any) -> None:
    """Change claim fields and keep the id and statement consistent with them, so that only
    the evidence can reveal the change."""
    claim = document["claim"]
    claim.update(changes)
    if "n" in changes:
        claim["params"]["n"] = changes.pop("n")
        del claim["n"]
    n = claim["params"]["n"]
    claim["id"] = f"devil.n{n}.{claim['kind']}"
    claim["statement"] = statement(claim["kind"], n, claim["value"])


def rejects(document: dict[str, Any], folder: Path, reason: str | None = None) -> None:
    with pytest.raises(Rejected, match=reason):
        check_document(document, folder)


@pytest.fixture
def n4(tmp_path: Path) -> dict[str, Any]:
    return shortest_certificate(4, tmp_path)


def test_shortest_certificates_are_accepted(tmp_path: Path) -> None:
    for n in (1, 2, 4, 8):
        verdict = check_document(shortest_certificate(n, tmp_path), tmp_path)
        assert verdict.methods == ["strategy", "reachability"]


def test_impossible_by_reachability_is_accepted(tmp_path: Path) -> None:
    for n in (3, 5, 6, 7):
        evidence = [{"method": "reachability", "layers": inline_layers(n)}]
        assert check_document(devil_certificate("impossible", n, None, evidence), tmp_path).methods


def test_lamping_certificate(tmp_path: Path) -> None:
    moves = [engine.positions(m) for m in engine.lamping(8)]
    good = devil_certificate("lamping", 8, 255, [{"method": "strategy", "moves": moves}])
    assert check_document(good, tmp_path).methods == ["strategy"]
    bfs = [engine.positions(m) for m in engine.search(8).strategy or []]
    if bfs != moves:  # another winning strategy is not Lamping's construction
        rejects(devil_certificate("lamping", 8, 255, [{"method": "strategy", "moves": bfs}]),
                tmp_path, "not Lamping")
    rejects(devil_certificate("lamping", 8, 254, [{"method": "strategy", "moves": moves}]),
            tmp_path)


def test_a_changed_last_move_is_rejected(n4: dict[str, Any], tmp_path: Path) -> None:
    bad = copy.deepcopy(n4)
    bad["evidence"][0]["moves"][-1] = [0]
    rejects(bad, tmp_path, "does not win")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 14), st.integers(0, 15))
def test_any_changed_move_is_accepted_only_if_it_still_wins(
        tmp_path_factory: pytest.TempPathFactory, index: int, move: int) -> None:
    folder = tmp_path_factory.mktemp("n4")
    document = shortest_certificate(4, folder)
    document["evidence"][0]["moves"][index] = engine.positions(move)
    strategy = [engine.move_from_positions(m, 4) for m in document["evidence"][0]["moves"]]
    if engine.wins(strategy, 4):
        assert check_document(document, folder)
    else:
        rejects(document, folder, "does not win")


@pytest.mark.parametrize("mutate, reason", [
    (lambda d: restated(d, value=14), "14 moves wins"),
    (lambda d: restated(d, value=16), "16 moves wins"),
    (lambda d: restated(d, n=5), "does not win"),
    (lambda d: restated(d, n=2), "outside"),
    (lambda d: restated(d, kind="impossible", value=None), "no strategy wins"),
    (lambda d: d["claim"].update(value=14), "statement"),
    (lambda d: d["claim"]["params"].update(n=5), "does not match"),
    (lambda d: d["claim"].update(id="devil.n5.shortest"), "does not match"),
    (lambda d: d["claim"].update(statement="anything"), "statement"),
    (lambda d: d["claim"].update(game="chess"), "field 'game'"),
    (lambda d: d["claim"]["params"].update(extra=1), "params"),
    (lambda d: d["claim"].pop("statement"), "statement"),
    (lambda d: d["claim"].pop("value"), "value"),
    (lambda d: d.pop("claim"), "claim"),
    (lambda d: d.update(schema="coinproofs/certificate/v0"), "schema"),
    (lambda d: d.pop("evidence"), "no field 'evidence'"),
    (lambda d: d.update(evidence=[]), "'evidence' must be a list of 1 "),
    (lambda d: d["evidence"].pop(1), "fewer than 15"),
    (lambda d: d["evidence"].pop(0), "no checked strategy"),
    (lambda d: d["evidence"][0].pop("moves"), "no field 'moves'"),
    (lambda d: d["evidence"][0].pop("method"), "method"),
    (lambda d: d["evidence"][0]["moves"].pop(), "does not win|14"),
    (lambda d: d["evidence"][0]["moves"][3].append(9), "outside"),
    (lambda d: d["evidence"][0]["moves"][3].append(0), "twice"),
    (lambda d: d["evidence"][0].update(moves="[[0,1,2,3]]"), "list"),
    (lambda d: d["evidence"][1].update(sha256="0" * 64), "SHA-256"),
    (lambda d: d["evidence"][1].pop("sha256"), "no field 'sha256'"),
    (lambda d: d["evidence"][1].update(file="../elsewhere"), "plain file name"),
    (lambda d: d["evidence"][1].update(file="missing.jsonl"), "missing"),
    (lambda d: d["evidence"][1].update(method="oracle"), "unknown evidence"),
])
def test_tampered_shortest_certificates_are_rejected(n4: dict[str, Any], tmp_path: Path,
                                                     mutate: Any, reason: str) -> None:
    bad = copy.deepcopy(n4)
    mutate(bad)
    rejects(bad, tmp_path, reason)


def test_a_tampered_artifact_is_rejected(n4: dict[str, Any], tmp_path: Path) -> None:
    layers_file = tmp_path / n4["evidence"][1]["file"]
    layers_file.write_text(layers_file.read_text().replace("\n", "\n\n", 1))
    rejects(n4, tmp_path, "SHA-256")


def altered_layers(layers: list[list[int]], how: str) -> list[list[int]]:
    layers = copy.deepcopy(layers)
    if how == "drop a belief":
        layers[3].pop()
    elif how == "drop a layer":
        layers.pop(5)
    elif how == "add the goal":
        layers[-1].append(engine.GOAL)
    elif how == "swap two layers":
        layers[4], layers[5] = layers[5], layers[4]
    elif how == "change the start":
        layers[0] = [layers[0][0] - 2]
    elif how == "a belief out of range":
        layers[2].append(1 << 40)
    return layers


@pytest.mark.parametrize("how", ["drop a belief", "drop a layer", "add the goal",
                                 "swap two layers", "change the start", "a belief out of range"])
def test_altered_layers_are_rejected(tmp_path: Path, how: str) -> None:
    """Even with the hash recomputed, altered layers no longer prove the lower bound."""
    n4 = shortest_certificate(4, tmp_path)
    n4["evidence"][1] = {"method": "reachability", "layers": altered_layers(inline_layers(4), how)}
    with pytest.raises(Rejected):
        check_document(n4, tmp_path)


def test_impossible_needs_a_closed_set(tmp_path: Path) -> None:
    layers = inline_layers(6)
    closed = devil_certificate("impossible", 6, None,
                               [{"method": "reachability", "layers": layers}])
    assert check_document(closed, tmp_path)
    cut = devil_certificate("impossible", 6, None,
                            [{"method": "reachability", "layers": layers[:-1]}])
    rejects(cut, tmp_path, "no strategy wins")


def test_a_malformed_certificate_is_rejected_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    from coinproofs.verify.certificate import check_file

    with pytest.raises(Rejected, match="not valid JSON"):
        check_file(path)
    path.write_text(json.dumps([1, 2, 3]))
    with pytest.raises(Rejected, match="JSON object"):
        check_file(path)


@pytest.mark.parametrize("mutate, reason", [
    (lambda d: d["evidence"][0].update(length=14), "length"),
    (lambda d: d["evidence"][0].update(length=True), "length"),
    (lambda d: d["evidence"][0].update(comment="trust me"), "unknown field"),
    (lambda d: d["evidence"][0].update(found_by=3), "found_by"),
    (lambda d: d["evidence"][1].update(depths=3), "depths"),
    (lambda d: d["evidence"][1].update(beliefs=7), "beliefs"),
    (lambda d: d["evidence"][1].update(closed=True), "unknown field"),
])
def test_notes_for_readers_must_be_true(n4: dict[str, Any], tmp_path: Path, mutate: Any,
                                        reason: str) -> None:
    bad = copy.deepcopy(n4)
    mutate(bad)
    rejects(bad, tmp_path, reason)
