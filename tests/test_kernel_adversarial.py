"""An adversarial review of the trusted kernel (the devil's coin flip and the certificate core).

Every test here hands the kernel a crafted certificate: one it must reject (not accept, not
crash on, not spend minutes on). The first group were holes the review found and the kernel
has since closed (deep nesting, over-long integers, unreadable artifacts, unbounded work,
ill-typed values, duplicate keys, ambiguous items, symbolic links); the rest are attacks it
rejected from the start. They do not repeat test_devil_certificates.py,
test_devil_invariant.py, test_devil_sat.py, test_lrat.py or test_devil_kernel.py.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from coinproofs.cli import main
from coinproofs.proofs.devil_evidence import invariant_evidence
from coinproofs.proofs.registry import ProofContext
from coinproofs.verify import devil_cnf
from coinproofs.verify import table as kernel
from coinproofs.verify.certificate import Rejected, check_document, check_file
from coinproofs.verify.lrat import check_refutation
from tests.certificates import Document, devil_certificate
from tests.guards import no_hang

N2_STRATEGY = [[0, 1], [0], [0, 1]]  # the shortest win for two coins


# --- Helpers ----------------------------------------------------------------------------------

def reachable_layers(n: int) -> list[list[int]]:
    """Beliefs by depth, found with the kernel's own update, up to the layer before the goal
    (all of them when the goal is never reached)."""
    moves = range(len(kernel.orbits(kernel.coin_flip(n))))
    frontier = {kernel.start_belief(kernel.coin_flip(n))}
    seen = set(frontier)
    layers = []
    while frontier and kernel.GOAL not in frontier:
        layers.append(sorted(frontier))
        frontier = {kernel.update(belief, m, kernel.coin_flip(n))
                    for belief in frontier for m in moves} - seen
        seen |= frontier
    return layers


def one_coin() -> Document:
    """The smallest true shortest claim: one coin, won by flipping it."""
    return devil_certificate("shortest", 1, 1, [{"method": "strategy", "moves": [[0]]},
                                                {"method": "reachability", "layers": [[3]]}])


def artifact(folder: Path, name: str, data: bytes) -> dict[str, str]:
    """Write an artifact beside the certificates in `folder`; its evidence fields."""
    (folder / name).write_bytes(data)
    return {"file": name, "sha256": hashlib.sha256(data).hexdigest()}


def rejects(document: Document, folder: Path, reason: str | None = None) -> None:
    with pytest.raises(Rejected, match=reason):
        check_document(document, folder)


# --- Holes: malformed input that crashes the kernel instead of being rejected -------------------

DEEP = "[" * 100_000 + "]" * 100_000  # valid JSON, nested far beyond Python's recursion limit


def test_a_deeply_nested_certificate_is_rejected_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text(DEEP)
    with pytest.raises(Rejected):
        check_file(path)


def test_a_deeply_nested_artifact_line_is_rejected_not_a_crash(tmp_path: Path) -> None:
    moves = artifact(tmp_path, "deep.jsonl", (DEEP + "\n").encode())
    rejects(devil_certificate("shortest", 1, 1, [{"method": "strategy", **moves}]), tmp_path)


def test_an_integer_too_long_for_python_is_rejected_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    document = one_coin()
    path.write_text(json.dumps(document).replace('"value": 1', '"value": 1' + "0" * 5000))
    with pytest.raises(Rejected):
        check_file(path)


def test_an_overlong_artifact_name_is_rejected_not_a_crash(tmp_path: Path) -> None:
    item = {"method": "strategy", "file": "m" * 300, "sha256": "0" * 64}
    rejects(devil_certificate("shortest", 1, 1, [item]), tmp_path)


def test_algebraic_evidence_for_an_astronomical_n_is_rejected_not_a_crash(
        tmp_path: Path) -> None:
    n = 3 * 2**64
    rejects(devil_certificate("impossible", n, None, [{"method": "algebraic", "h": "111"}]),
            tmp_path)


def test_verify_reports_every_bad_certificate_and_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "good.json").write_text(json.dumps(one_coin()))
    (tmp_path / "deep.json").write_text(DEEP)
    (tmp_path / "long.json").write_text('{"schema": 1' + "0" * 5000 + "}")
    overlong = devil_certificate("shortest", 1, 1, [{"method": "strategy", "file": "m" * 300,
                                                     "sha256": "0" * 64}])
    (tmp_path / "name.json").write_text(json.dumps(overlong))
    assert main(["verify", str(tmp_path), "--json"]) == 1
    manifest, *rows = json.loads(capsys.readouterr().out)
    assert "has no MANIFEST" in manifest["reason"]
    assert sorted(row["accepted"] for row in rows) == [False, False, False, True]


# --- Holes: a few hundred bytes that keep the kernel busy for minutes or hours ------------------

HEAVY = {
    # remainder(X^n + 1, h) is quadratic in n: about 20 s here, hours for n = 3 * 10^8.
    "algebraic n = 3e6": devil_certificate("impossible", 3 * 10**6, None,
                                           [{"method": "algebraic", "h": "111"}]),
    # in_invariant(1, n, p) lists all p sampled coins before any size check: unbounded.
    "invariant p = 3^30": devil_certificate("impossible", 3**30, None,
                                            [{"method": "invariant", "check": "exhaustive",
                                              "p": 3**30}]),
    # max_length(9) = 512 moves: a 14-million-clause formula (about a minute and several GB)
    # is built before the made-up cnf_sha256 is compared.
    "lrat 512 moves for 9 coins": devil_certificate(
        "impossible", 9, None, [{"method": "lrat", "encoding": devil_cnf.ENCODING,
                                 "length": 512, "cnf": "p.cnf", "cnf_sha256": "0" * 64,
                                 "proof": "p.lrat", "proof_sha256": "0" * 64}]),
}


BOUNDS = {"algebraic n = 3e6": "from 1 to 4,096",
          "invariant p = 3^30": "from 1 to 4,096",
          "lrat 512 moves for 9 coins": "bound devil.lrat-clauses = 500,000"}


@pytest.mark.parametrize("case", list(HEAVY))
def test_a_small_certificate_asking_for_huge_work_is_refused_first(case: str,
                                                                    tmp_path: Path) -> None:
    """The kernel states its bounds and checks them before it starts the work a few hundred
    bytes could ask for (minutes, hours, gigabytes)."""
    with no_hang(), pytest.raises(Rejected, match=BOUNDS[case]):
        check_document(HEAVY[case], tmp_path)


# --- Holes: certificates accepted although they are ill-typed or ambiguous ----------------------

@pytest.mark.parametrize(("n", "value", "moves"), [
    pytest.param(1, True, [[0]], id="value true"),
    pytest.param(2, 3.0, N2_STRATEGY, id="value 3.0"),
])
def test_a_lamping_claim_counts_its_moves_with_an_integer(
        n: int, value: Any, moves: list[list[int]], tmp_path: Path) -> None:
    rejects(devil_certificate("lamping", n, value, [{"method": "strategy", "moves": moves}]),
            tmp_path)


def test_duplicate_keys_are_rejected(tmp_path: Path) -> None:
    """The first "claim" (a false one: 3 coins cannot be won) is what a reader that keeps the
    first key sees; Python's json keeps the last, a true claim about 1 coin."""
    false_claim = devil_certificate("shortest", 3, 7, [])["claim"]
    text = json.dumps(one_coin())
    text = text.replace('"claim": ', f'"claim": {json.dumps(false_claim)}, "claim": ', 1)
    path = tmp_path / "twice.json"
    path.write_text(text)
    with pytest.raises(Rejected):
        check_file(path)


def test_inline_moves_and_a_file_in_one_item_are_rejected(tmp_path: Path) -> None:
    document = one_coin()
    document["evidence"][0].update(file="nowhere.jsonl", sha256="not a hash")
    rejects(document, tmp_path)


def test_a_symlinked_artifact_outside_the_folder_is_rejected(tmp_path: Path) -> None:
    outside, folder = tmp_path / "outside", tmp_path / "certificates"
    outside.mkdir()
    folder.mkdir()
    fields = artifact(outside, "layers.jsonl", b"[3]\n")
    (folder / "layers.jsonl").symlink_to(outside / "layers.jsonl")
    document = one_coin()
    document["evidence"][1] = {"method": "reachability", **fields}
    rejects(document, folder)


# --- Attacks the kernel rejects: odd values where numbers are expected -------------------------

def test_the_one_coin_certificate_is_accepted(tmp_path: Path) -> None:
    """The baseline of the attacks below: they change one thing in it."""
    assert check_document(one_coin(), tmp_path).methods == ["strategy", "reachability"]


@pytest.mark.parametrize("n", [0, -1, True, 1.0, "1", None, [1], float("nan")])
def test_a_table_size_that_is_not_a_positive_integer_is_rejected(n: Any, tmp_path: Path) -> None:
    document = devil_certificate("shortest", n, 1, one_coin()["evidence"])
    rejects(document, tmp_path,
            "field 'n' must be a whole number from 1|no field 'n'|unknown field")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e0", "1.0", "true"])
def test_json_constants_are_no_number_of_moves(constant: str, tmp_path: Path) -> None:
    """Written into the file as text, so that json itself parses them (NaN and Infinity are
    extensions that Python's json accepts)."""
    for field, reason in (('"value": 1', "value"), ('"n": 1', "params")):
        path = tmp_path / "odd.json"
        path.write_text(json.dumps(one_coin()).replace(field, field[:-1] + constant))
        with pytest.raises(Rejected, match=f"{reason}|statement|number of moves|JSON"):
            check_file(path)


@pytest.mark.parametrize("position", [True, False, 0.0, -1, None, "0", [0], 2**64])
def test_a_position_that_is_not_a_coin_is_rejected(position: Any, tmp_path: Path) -> None:
    document = one_coin()
    document["evidence"][0]["moves"] = [[position]]
    rejects(document, tmp_path, "outside")


@pytest.mark.parametrize("move", [1, "0", None, {"0": 1}])
def test_a_move_that_is_not_a_list_of_positions_is_rejected(move: Any, tmp_path: Path) -> None:
    document = one_coin()
    document["evidence"][0]["moves"] = [move]
    rejects(document, tmp_path, "list of positions")


@pytest.mark.parametrize("belief", [-1, 0, True, 5.0, "5", None, [5], 64, 2**64,
                                    float("nan"), float("inf")])
def test_a_value_that_is_not_a_belief_is_rejected_in_any_layer(belief: Any,
                                                                tmp_path: Path) -> None:
    """Three coins have 4 orbits and four coins 6, so the beliefs are at most 15 and 63;
    1 is the goal. The odd value goes into the last layer of 3 and a middle layer of 4."""
    for n, depth in ((3, 1), (4, 8)):
        layers = reachable_layers(n)
        layers[depth].append(belief)
        document = devil_certificate("impossible", n, None,
                                     [{"method": "reachability", "layers": layers}])
        rejects(document, tmp_path, "not a belief|goal")


@pytest.mark.parametrize("line", ["NaN", "Infinity", "1e1", "true", '"7"', "{}", "7", ""])
def test_an_odd_line_in_a_layers_file_is_rejected(line: str, tmp_path: Path) -> None:
    """Layer files are JSON lines; every line must be a list of beliefs."""
    text = "".join(json.dumps(layer) + "\n" for layer in reachable_layers(3))
    text += line + "\n"
    fields = artifact(tmp_path, "layers.jsonl", text.encode())
    document = devil_certificate("impossible", 3, None, [{"method": "reachability", **fields}])
    rejects(document, tmp_path, "not a belief|not a list of whole numbers")


@pytest.mark.parametrize("layers", [
    pytest.param("[[15]]", id="a string"),
    pytest.param({"0": [15]}, id="an object"),
    pytest.param([15], id="a flat list"),
    pytest.param([], id="no layers"),
    pytest.param([[15, 15]], id="the start twice"),
    pytest.param([[15.0]], id="the start as a float"),
])
def test_layers_of_the_wrong_shape_are_rejected(layers: Any, tmp_path: Path) -> None:
    document = devil_certificate("impossible", 3, None,
                                 [{"method": "reachability", "layers": layers}])
    rejects(document, tmp_path, "'layers' must be a JSON list|layer 0|not a belief")


# --- Attacks the kernel rejects: artifacts --------------------------------------------------

@pytest.mark.parametrize(("name", "reason"), [
    ("/etc/passwd", "plain file name"),
    ("sub/layers.jsonl", "plain file name"),
    ("..\\layers.jsonl", "plain file name"),
    ("..", "plain file name"),
    (".", "plain file name"),
    ("", "must be a plain file name"),
    (42, "must be a plain file name"),
    (None, "must be a plain file name"),
    ("layers\x00.jsonl", "must be a plain file name"),
    ("a-folder", "missing"),
])
def test_artifact_names_outside_the_folder_or_of_no_file_are_rejected(
        name: Any, reason: str, tmp_path: Path) -> None:
    fields = artifact(tmp_path, "layers.jsonl", b"[3]\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "layers.jsonl").write_bytes(b"[3]\n")
    (tmp_path / "a-folder").mkdir()
    document = one_coin()
    document["evidence"][1] = {"method": "reachability", **fields, "file": name}
    rejects(document, tmp_path, reason)


@pytest.mark.parametrize("digest", [str.upper, lambda d: d[:-1], lambda d: d + "0",
                                    lambda d: " " + d, lambda d: int(d, 16)])
def test_a_hash_written_any_other_way_is_rejected(digest: Any, tmp_path: Path) -> None:
    """The kernel compares with the lower-case hex digest, character for character."""
    fields = artifact(tmp_path, "layers.jsonl", b"[3]\n")
    document = one_coin()
    document["evidence"][1] = {"method": "reachability", **fields,
                               "sha256": digest(fields["sha256"])}
    rejects(document, tmp_path, "SHA-256")


# --- Attacks the kernel rejects: boundaries of the simulation and of the layers ----------------

@pytest.mark.parametrize("moves", [[], [[]], [[], []]])
def test_one_coin_is_not_won_by_doing_nothing(moves: list[list[int]], tmp_path: Path) -> None:
    """The empty strategy and move 0 (flip nothing): the tails start is never won."""
    document = one_coin()
    document["evidence"][0]["moves"] = moves
    rejects(document, tmp_path, "does not win")


def test_no_claim_of_zero_moves_or_of_impossibility_for_one_coin(tmp_path: Path) -> None:
    evidence = one_coin()["evidence"]
    rejects(devil_certificate("shortest", 1, 0, evidence), tmp_path, "whole number of at least 1")
    rejects(devil_certificate("impossible", 1, None, evidence[1:]), tmp_path, "no strategy wins")


def test_an_empty_last_layer_closes_only_a_set_that_is_closed(tmp_path: Path) -> None:
    """With an empty last layer the closure check is vacuous; that is still sound, because the
    layer before it must then map into the layers: so it is accepted for 3 coins (no strategy
    wins) and rejected for 4 (the last layer leads to the goal)."""
    closed = devil_certificate("impossible", 3, None,
                               [{"method": "reachability", "layers": [*reachable_layers(3), []]}])
    assert check_document(closed, tmp_path).methods == ["reachability"]
    open_set = devil_certificate("impossible", 4, None,
                                 [{"method": "reachability", "layers": [*reachable_layers(4), []]}])
    rejects(open_set, tmp_path, "not in the next layers")


@pytest.mark.parametrize("n", [5, 6, 7])
def test_the_closed_layers_of_three_coins_prove_nothing_for_another_n(n: int,
                                                                      tmp_path: Path) -> None:
    layers = reachable_layers(3)
    rejects(devil_certificate("impossible", n, None,
                              [{"method": "reachability", "layers": layers}]), tmp_path, "layer 0")


def test_layers_that_stop_short_do_not_prove_a_longer_lower_bound(tmp_path: Path) -> None:
    """Dropping the last layers of four coins leaves a lower bound too weak for 15 moves."""
    moves = [[p for p in range(4) if m >> p & 1] for m in kernel.lamping(4)]
    layers = reachable_layers(4)
    assert len(layers) == 15
    document = devil_certificate("shortest", 4, 15, [{"method": "strategy", "moves": moves},
                                                     {"method": "reachability",
                                                      "layers": layers[:14]}])
    rejects(document, tmp_path, "fewer than 15")


# --- Attacks the kernel rejects: LRAT evidence replayed (see also test_devil_sat.py) -----------

def test_the_invariants_lrat_item_is_no_reference_formula_proof(tmp_path: Path) -> None:
    """Relabelled as the claim formula's proof, Lamping's escape refutation is refused."""
    (escape,) = [item for item in invariant_evidence(ProofContext(tmp_path, "x"), 15)
                 if item["check"] == "lrat"]
    relabelled = devil_certificate("impossible", 15, None, [{**escape, "method": "lrat"}])
    rejects(relabelled, tmp_path, "unknown field 'check'")
    as_reference = {**{key: value for key, value in escape.items() if key not in ("check", "p")},
                    "method": "lrat", "encoding": devil_cnf.ENCODING, "length": 2}
    rejects(devil_certificate("shortest", 3, 3, [as_reference]), tmp_path, "CNF hash")


@pytest.mark.parametrize("proof", ["1 0 1 0\n", "1 0 0\n", "1 0 -1 0\n", "0 0 0\n"])
def test_the_empty_formula_is_never_refuted(proof: str) -> None:
    with pytest.raises(Rejected):
        check_refutation([], proof)
