"""Glasses certificates: the kernel accepts what the provers write and rejects every tampering:
every field of every evidence kind dropped, added and retyped; every turn of a strategy tree
changed; artifacts byte-flipped and truncated; the work just over each declared bound."""

from __future__ import annotations

import contextlib
import copy
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from coinproofs.games.glasses import Node, Response, invariant, worst_case
from coinproofs.proofs import glasses as provers
from coinproofs.proofs.registry import OutOfLimits, ProofContext, find
from coinproofs.verify import glasses as kernel
from coinproofs.verify import theorems
from coinproofs.verify.certificate import SCHEMA, Rejected, check_document
from coinproofs.verify.schema import BOUNDS

WRONG_TYPES = [3.5, True, "3", None, [], {}, -1]


def certificate(claim_id: str, folder: Path, **inline: int) -> dict[str, Any]:
    """The certificate the prover writes for `claim_id` (artifacts in `folder`); `inline`
    overrides the provers' inline limits (0: everything in artifact files)."""
    spec = find(claim_id)
    saved = {name: getattr(provers, name) for name in inline}
    try:
        for name, value in inline.items():
            setattr(provers, name, value)
        evidence = spec.prove(ProofContext(folder, claim_id))
    finally:
        for name, value in saved.items():
            setattr(provers, name, value)
    return {"schema": SCHEMA, "claim": spec.as_json(), "evidence": evidence,
            "provenance": {"coinproofs": "test", "solver": "none", "seconds": 0}}


def rejects(document: dict[str, Any], folder: Path, reason: str | None = None) -> str:
    with pytest.raises(Rejected, match=reason) as info:
        check_document(document, folder)
    return str(info.value)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("glasses")


@pytest.fixture(scope="module")
def inline42(folder: Path) -> dict[str, Any]:
    return certificate("glasses.n4.k2.shortest", folder)


@pytest.fixture(scope="module")
def files42(folder: Path) -> dict[str, Any]:
    """The same claim with the strategy (shared form) and the layers in artifact files."""
    return certificate("glasses.n4.k2.shortest", folder, INLINE_TURNS=0, INLINE_BELIEFS=0)


@pytest.fixture(scope="module")
def impossible41(folder: Path) -> dict[str, Any]:
    return certificate("glasses.n4.k1.impossible", folder)


def test_what_the_provers_write_is_accepted(folder: Path, inline42: dict[str, Any],
                                            files42: dict[str, Any],
                                            impossible41: dict[str, Any]) -> None:
    assert check_document(inline42, folder).methods == ["strategy", "survival"]
    assert [item.get("file", "")[-8:] for item in files42["evidence"]] == ["strategy",
                                                                          "al.jsonl"]
    assert check_document(files42, folder).methods == ["strategy", "survival"]
    assert check_document(impossible41, folder).methods == ["invariant"]
    for claim_id in ("glasses.n1.k0.shortest", "glasses.n2.k1.shortest",
                     "glasses.n6.k4.shortest", "glasses.n2.k0.impossible",
                     "glasses.n6.k3.impossible"):
        assert check_document(certificate(claim_id, folder), folder).methods


def evidence_items(inline42: dict[str, Any], files42: dict[str, Any],
                   impossible41: dict[str, Any]) -> Iterator[tuple[dict[str, Any], int]]:
    """Each certificate with each of its evidence items in turn (by index)."""
    for document in (inline42, files42, impossible41):
        for index in range(len(document["evidence"])):
            yield document, index


def test_every_field_dropped_added_and_retyped_is_rejected(
        folder: Path, inline42: dict[str, Any], files42: dict[str, Any],
        impossible41: dict[str, Any]) -> None:
    for document, index in evidence_items(inline42, files42, impossible41):
        item = document["evidence"][index]
        for field in item:
            if field == "found_by":  # a note for readers: optional, but a string
                continue
            dropped = copy.deepcopy(document)
            del dropped["evidence"][index][field]
            rejects(dropped, folder)
        added = copy.deepcopy(document)
        added["evidence"][index]["trust_me"] = True
        assert "unknown field 'trust_me'" in rejects(added, folder)
        for field in item:
            for wrong in WRONG_TYPES:
                if field == "found_by" and isinstance(wrong, str):
                    continue  # any short string is a note
                retyped = copy.deepcopy(document)
                retyped["evidence"][index][field] = wrong
                rejects(retyped, folder)


def test_counts_for_readers_must_be_true(folder: Path, inline42: dict[str, Any],
                                         files42: dict[str, Any]) -> None:
    for document in (inline42, files42):
        for index, field in ((0, "turns"), (1, "turns"), (1, "beliefs")):
            wrong = copy.deepcopy(document)
            wrong["evidence"][index][field] += 1
            rejects(wrong, folder, field)


def test_a_note_must_be_a_short_string(folder: Path, inline42: dict[str, Any]) -> None:
    noted = copy.deepcopy(inline42)
    noted["evidence"][0]["found_by"] = "by hand"
    assert check_document(noted, folder).methods
    noted["evidence"][0]["found_by"] = "x" * 201
    rejects(noted, folder, "found_by")


# --- Strategy trees, turn by turn -----------------------------------------------------------

def turns_in(tree: Any) -> Iterator[dict[str, Any]]:
    """Every turn object of a nested tree, first turn first."""
    yield tree
    for case in tree["if"].values():
        if "then" in case:
            yield from turns_in(case["then"])


def as_node(raw: Any) -> Node | None:
    """A nested JSON tree as the engine's Node (to ask the engine what a changed tree does)."""
    if raw is None:
        return None
    responses = {}
    for pattern, case in raw["if"].items():
        bits = sum(1 << j for j, letter in enumerate(pattern) if letter == "D")
        responses[bits] = Response(tuple(case["turn"]), as_node(case.get("then")))
    return Node(tuple(raw["feel"]), responses)


def strategy_mutations(tree: Any) -> Iterator[tuple[str, Any, bool]]:
    """(what changed, the changed tree, whether the change must be refused whatever it does to
    the game); the others are judged by what the engine says the changed strategy does."""
    count = sum(1 for _ in turns_in(tree))
    for at in range(count):
        def changed(change: Any, at: int = at) -> Any:
            copied = copy.deepcopy(tree)
            change(list(turns_in(copied))[at])
            return copied
        turn = list(turns_in(tree))[at]
        first = next(iter(turn["if"]))
        yield "an unknown field in a turn", changed(lambda t: t.update(note=1)), True
        yield "an unknown field in a response", changed(
            lambda t, f=first: t["if"][f].update(note=1)), True
        yield "a position named twice", changed(lambda t: t.update(feel=[0, 0])), True
        yield "a position off the tray", changed(lambda t: t.update(feel=[0, 4])), True
        yield "one hand too many", changed(lambda t: t.update(feel=[0, 1, 2])), True
        yield "a turned glass not held", changed(
            lambda t, f=first: t["if"][f].update(turn=[3] if 3 not in t["feel"] else [1, 1])), True
        yield "a feel that cannot happen", changed(
            lambda t: t["if"].update({"DDD": {"turn": []}})), True
        yield "the grab changed", changed(lambda t: t.update(feel=[t["feel"][1],
                                                                t["feel"][0]])), False
        for pattern, case in turn["if"].items():
            yield f"{pattern} unanswered", changed(
                lambda t, p=pattern: t["if"].pop(p)), False
            for other in ([], [turn["feel"][0]], [turn["feel"][1]], turn["feel"]):
                if sorted(other) != sorted(case["turn"]):
                    yield f"{pattern} turns {other}", changed(
                        lambda t, p=pattern, o=other: t["if"][p].update(turn=list(o))), False
            if "then" in case:
                yield f"{pattern} stops early", changed(
                    lambda t, p=pattern: t["if"][p].pop("then")), False
            else:
                yield f"{pattern} goes on after the bell", changed(
                    lambda t, p=pattern: t["if"][p].update(then=copy.deepcopy(tree))), True


def test_every_change_to_a_turn_is_judged_by_the_game(folder: Path,
                                                      inline42: dict[str, Any]) -> None:
    """A change that makes the strategy take more turns or lose is refused; one that keeps it
    winning in 5 turns (swapping the order of the hands, say) is accepted, and the engine must
    say so too."""
    tree = inline42["evidence"][0]["tree"]
    refused = accepted = 0
    for what, mutated, strict in strategy_mutations(tree):
        document = copy.deepcopy(inline42)
        document["evidence"][0]["tree"] = mutated
        try:
            verdict = kernel.play_strategy(mutated, 4, 2)
        except (Rejected, kernel.Escape):
            verdict = None
        if strict:
            assert verdict is None, what
        else:
            engine = worst_case(as_node(mutated), 4, 2)
            assert verdict == engine or (verdict is None and _strictly_refused(mutated)), what
        if verdict == 5:
            assert check_document(document, folder).methods, what
            accepted += 1
        else:
            rejects(document, folder)
            refused += 1
    assert refused > 100 and accepted >= 1


def _strictly_refused(tree: Any) -> bool:
    """Refused for what it writes (a 'then' after the bell, a feel never felt), not for how
    it plays."""
    try:
        kernel.play_strategy(tree, 4, 2)
    except Rejected:
        return True
    except kernel.Escape:
        return False
    return False


def test_a_losing_strategy_is_refused_with_a_game_it_loses(folder: Path,
                                                          inline42: dict[str, Any]) -> None:
    document = copy.deepcopy(inline42)
    document["evidence"][0]["tree"]["if"]["UU"].pop("then")
    reason = rejects(document, folder, "the strategy does not win: from ")
    assert "the tray turns by" in reason and "unequal" in reason


def test_shared_turns_are_checked_like_written_ones(folder: Path,
                                                    files42: dict[str, Any]) -> None:
    raw = json.loads((folder / files42["evidence"][0]["file"]).read_text())
    assert kernel.play_strategy(raw, 4, 2) == 5
    unused = copy.deepcopy(raw)
    unused["named"]["spare"] = copy.deepcopy(unused["named"][unused["first"]])
    with pytest.raises(Rejected, match="never used"):
        kernel.play_strategy(unused, 4, 2)
    missing = copy.deepcopy(raw)
    missing["first"] = "nowhere"
    with pytest.raises(Rejected, match="not among the named turns"):
        kernel.play_strategy(missing, 4, 2)
    looping = copy.deepcopy(raw)
    last = max(looping["named"], key=lambda name: int(name[1:]))
    for case in looping["named"][last]["if"].values():
        case["then"] = looping["first"]
    with pytest.raises((Rejected, kernel.Escape)):
        kernel.play_strategy(looping, 4, 2)


def test_the_empty_strategy_wins_only_with_one_glass() -> None:
    assert kernel.play_strategy(None, 1, 0) == 0
    with pytest.raises(kernel.Escape):
        kernel.play_strategy(None, 3, 2)
    with pytest.raises(Rejected, match="must be null"):
        kernel.play_strategy({"feel": [0], "if": {}}, 1, 1)


# --- Survival layers and invariants ---------------------------------------------------------

def test_survival_beliefs_that_are_not_beliefs_are_refused(folder: Path,
                                                           inline42: dict[str, Any]) -> None:
    layers = inline42["evidence"][1]["layers"]
    for wrong in (0, 1, 32, 64, -2, 2.0, True, "2", 1 << 40):  # bits 0 and 5: UUUU, DDDD
        document = copy.deepcopy(inline42)
        document["evidence"][1]["layers"][0][0] = wrong
        rejects(document, folder)
    twice = copy.deepcopy(inline42)
    twice["evidence"][1]["layers"][0].append(layers[-1][0])
    twice["evidence"][1]["beliefs"] += 1
    rejects(twice, folder, "listed twice")
    empty = copy.deepcopy(inline42)
    empty["evidence"][1]["layers"][0] = []
    empty["evidence"][1]["beliefs"] -= len(layers[0])
    rejects(empty, folder, "every survival layer holds a belief")


def test_survival_one_layer_short_does_not_prove_the_claim(folder: Path,
                                                           inline42: dict[str, Any]) -> None:
    short = copy.deepcopy(inline42)
    survival = short["evidence"][1]
    start = survival["layers"].pop()
    survival["layers"][-1] += start
    survival["turns"] -= 1
    rejects(short, folder, "fewer than 5 turns")
    without = copy.deepcopy(inline42)
    without["evidence"].pop()
    rejects(without, folder, "fewer than 5 turns")


def test_every_survival_belief_removed_is_refused_or_not_needed(
        folder: Path, inline42: dict[str, Any]) -> None:
    layers = inline42["evidence"][1]["layers"]
    for d, layer in enumerate(layers):
        for belief in layer:
            document = copy.deepcopy(inline42)
            survival = document["evidence"][1]
            survival["layers"][d].remove(belief)
            survival["beliefs"] -= 1
            if not survival["layers"][d]:
                rejects(document, folder)
                continue
            try:
                check_document(document, folder)
            except Rejected as rejection:
                assert "is escaped by grabbing" in str(rejection)


def test_invariant_changes(folder: Path, impossible41: dict[str, Any]) -> None:
    orbits = impossible41["evidence"][0]["orbits"]
    assert orbits == ["DUUU", "DDUU", "DUDU", "DDDU"]
    for wrong, reason in ((["UUUU"], "all glasses are equal"), (["DDDD"], "equal"),
                          ([*orbits, "UDUU"], "twice"), (["DUU"], "not 4 letters"),
                          (["duuu"], "not 4 letters"), ([], "names no orbit"),
                          ("DUUU", "must be a list")):
        document = copy.deepcopy(impossible41)
        document["evidence"][0]["orbits"] = wrong
        rejects(document, folder, reason)
    for dropped in orbits:  # a smaller set is accepted only if the devil can still keep to it
        document = copy.deepcopy(impossible41)
        document["evidence"][0]["orbits"] = [o for o in orbits if o != dropped]
        try:
            check_document(document, folder)
        except Rejected as rejection:
            assert "leaves the invariant" in str(rejection)
    with2 = copy.deepcopy(impossible41)
    with2["claim"].update(id="glasses.n4.k2.impossible", params={"n": 4, "hands": 2},
                          statement=kernel.statement("impossible", 4, 2, None))
    rejects(with2, folder, "leaves the invariant")
    assert invariant(4, 2) == 0


# --- The theorem glasses_hands_needed, beyond the engine ------------------------------------

@pytest.fixture(scope="module")
def impossible12(folder: Path) -> dict[str, Any]:
    """12 glasses need 12 - 12/3 = 8 hands: 7 never win (the theorem, for p = 3)."""
    return certificate("glasses.n12.k7.impossible", folder)


def test_the_theorem_proves_impossible_claims_beyond_the_engine(
        folder: Path, impossible12: dict[str, Any]) -> None:
    assert impossible12["evidence"] == [{"method": "theorem", "name": "glasses_hands_needed",
                                         "formal_sha256": theorems.FORMAL_SHA256}]
    assert check_document(impossible12, folder).methods == ["theorem glasses_hands_needed"]
    for n in range(9, kernel.MAX_CLAIM_N + 1):  # the fewest hands and the most that lose
        for k in {0, provers.hands_needed(n) - 1}:
            document = certificate(f"glasses.n{n}.k{k}.impossible", folder)
            assert check_document(document, folder).methods == ["theorem glasses_hands_needed"]


def test_the_theorem_is_cited_only_where_its_condition_holds(
        folder: Path, impossible12: dict[str, Any]) -> None:
    """The kernel's side condition (K < N - N/p, p the largest prime factor) is the prover's
    count of the hands needed, computed apart, for every N it may be asked."""
    holds = theorems.GLASSES_THEOREMS["glasses_hands_needed"].holds
    for n in range(1, kernel.MAX_CLAIM_N + 1):
        assert [k for k in range(n + 1) if holds(n, k)] == list(range(provers.hands_needed(n)))
    enough = copy.deepcopy(impossible12)
    enough["claim"].update(id="glasses.n12.k8.impossible", params={"n": 12, "hands": 8},
                           statement=kernel.statement("impossible", 12, 8, None))
    rejects(enough, folder, "fails for 12 glasses and 8 hands")
    for field, value, reason in (("formal_sha256", "0" * 64, "checked at"),
                                 ("name", "odd_factor_not_wins", "name"),
                                 ("name", "glasses_hands_suffice_all", "name")):
        document = copy.deepcopy(impossible12)
        document["evidence"][0][field] = value
        rejects(document, folder, reason)
    with pytest.raises(OutOfLimits, match=r"need 8 hands, so 8 win \(no claim of more than 9"):
        find("glasses.n12.k8.impossible")
    with pytest.raises(OutOfLimits, match=r"so 2 win \(prove glasses.n4.k2.shortest\)"):
        find("glasses.n4.k2.impossible")
    with pytest.raises(OutOfLimits, match="N"):
        find("glasses.n65.k1.impossible")


def test_the_engines_evidence_needs_few_glasses(folder: Path,
                                                impossible12: dict[str, Any]) -> None:
    """Beyond 9 glasses only the theorem is checked: the kernel refuses to enumerate the
    states of more glasses for any other evidence."""
    for item, reason in (({"method": "invariant", "orbits": ["D" + "U" * 11]},
                          "at most 9 characters"),
                         ({"method": "survival", "layers": [[1]], "turns": 1, "beliefs": 1},
                          "survival layers of 1..9 glasses"),
                         ({"method": "strategy", "tree": {}, "turns": 1},
                          "strategies for 1..9 glasses")):
        document = copy.deepcopy(impossible12)
        document["evidence"] = [item]
        rejects(document, folder, reason)


# --- The theorem glasses_hands_suffice: enough hands win ------------------------------------

SUFFICE = "glasses_hands_suffice"


def restated(document: dict[str, Any], kind: str, n: int, k: int,
             value: int | None = None) -> dict[str, Any]:
    """The document with its claim changed to another (kind, N, K, value), its evidence kept."""
    changed = copy.deepcopy(document)
    changed["claim"].update(id=f"glasses.n{n}.k{k}.{kind}", kind=kind, value=value,
                            params={"n": n, "hands": k},
                            statement=kernel.statement(kind, n, k, value))
    return changed


@pytest.fixture(scope="module")
def wins64(folder: Path) -> dict[str, Any]:
    """64 glasses need 64 - 64/2 = 32 hands, and 32 win (the theorem)."""
    return certificate("glasses.n64.k32.wins", folder)


def test_the_theorem_proves_wins_claims_up_to_64_glasses(folder: Path,
                                                         wins64: dict[str, Any]) -> None:
    assert wins64["claim"]["value"] is None
    assert wins64["evidence"] == [{"method": "theorem", "name": SUFFICE,
                                   "formal_sha256": theorems.FORMAL_SHA256}]
    assert check_document(wins64, folder).methods == [f"theorem {SUFFICE}"]
    ends = {(n, k) for n in range(1, kernel.MAX_CLAIM_N + 1)  # fewest hands, all
            for k in (provers.hands_needed(n), n)}
    for n, k in sorted(ends - set(provers.WINS)):
        document = certificate(f"glasses.n{n}.k{k}.wins", folder)
        assert check_document(document, folder).methods == [f"theorem {SUFFICE}"]
    # (8, 4) keeps its meaning: a strategy within 10 turns.
    assert find("glasses.n8.k4.wins").value == provers.WINS[8, 4] == 10


def test_the_kernel_and_the_prover_agree_on_which_hands_win() -> None:
    """The kernel's side conditions (every prime dividing N) are the prover's count of the
    hands needed (the largest prime factor), for every N it may be asked; the prover builds a
    wins claim exactly where they hold, or (8, 4) by search."""
    holds = theorems.GLASSES_THEOREMS[SUFFICE].holds
    for n in range(1, kernel.MAX_CLAIM_N + 1):
        winning = [k for k in range(n + 1) if holds(n, k)]
        assert winning == list(range(provers.hands_needed(n), n + 1))
        built = []
        for k in range(n + 1):
            with contextlib.suppress(OutOfLimits):
                built.append((k, find(f"glasses.n{n}.k{k}.wins").value))
        assert built == [(k, provers.WINS.get((n, k))) for k in winning]


def test_the_theorem_is_refused_where_it_does_not_reach(folder: Path,
                                                        wins64: dict[str, Any]) -> None:
    """Too few hands, a tampered name, digest, value or kind: refused, each with its reason;
    glasses_hands_suffice_not9, which glasses_hands_suffice replaced, is no theorem's name."""
    rejects(restated(wins64, "wins", 64, 31), folder, f"{SUFFICE} needs .* fails for 64 "
                                                     "glasses and 31 hands")
    rejects(restated(wins64, "wins", 64, 32, 10), folder, "no checked strategy takes 10 turns")
    rejects(restated(wins64, "impossible", 64, 32), folder, "no evidence shows that no strategy")
    for field, value, reason in (("formal_sha256", "0" * 64, "checked at"),
                                 ("name", "glasses_hands_needed", "needs K < N - N/p"),
                                 ("name", "glasses_hands_suffice_all", "name"),
                                 ("name", "glasses_hands_suffice_not9", "name")):
        document = copy.deepcopy(wins64)
        document["evidence"][0][field] = value
        rejects(document, folder, reason)
    strategy = certificate("glasses.n8.k4.wins", folder)
    rejects(restated(strategy, "wins", 8, 4), folder, "no theorem shows that a strategy wins")
    for claim_id, reason in (("glasses.n64.k31.wins", "need 32 hands, so 31 never win"),
                             ("glasses.n65.k64.wins", "N must lie in 1..64")):
        with pytest.raises(OutOfLimits, match=reason):
            find(claim_id)


def test_nine_glasses_are_claimed_on_request_and_ten_refused(folder: Path) -> None:
    """The shortest claims stop where the engine's beliefs do (60 orbits in 64 bits; 10 glasses
    have 108): every winning K of 9 glasses is listed on request, and (9, 8), found at once, is
    proved and accepted (a state of 9 glasses through the whole kernel)."""
    listed = [k for k in range(10) if (9, k) in provers.SHORTEST]
    assert listed == list(range(provers.hands_needed(9), 10))
    assert not any(find(f"glasses.n9.k{k}.shortest").default for k in listed)
    with pytest.raises(OutOfLimits, match=r"N must lie in 1\.\.9 \(.*\), not 10"):
        find("glasses.n10.k8.shortest")
    with pytest.raises(OutOfLimits, match="no strategy wins"):
        find(f"glasses.n9.k{provers.hands_needed(9) - 1}.shortest")
    document = certificate("glasses.n9.k8.shortest", folder)
    assert check_document(document, folder).methods == ["strategy", "survival"]
    # Tampered, it is refused: a strategy cut short, the lower bound gone or emptied.
    cut = copy.deepcopy(document)
    del cut["evidence"][0]["tree"]["if"]["DUUUUUUU"]["then"]
    rejects(cut, folder, "the strategy does not win: from DUUUUUUUD")
    rejects(document | {"evidence": document["evidence"][:1]}, folder,
            "no evidence rules out strategies of fewer than 2 turns")
    emptied = copy.deepcopy(document)
    emptied["evidence"][1]["layers"] = [[]]
    rejects(emptied, folder, "it holds 1 layers and 0 beliefs")

# --- Artifacts and bounds -------------------------------------------------------------------

def test_artifacts_flipped_or_truncated_are_refused(folder: Path,
                                                   files42: dict[str, Any]) -> None:
    for item in files42["evidence"]:
        path = folder / item["file"]
        original = path.read_bytes()
        try:
            for at in range(0, len(original), max(1, len(original) // 25)):
                flipped = bytearray(original)
                flipped[at] ^= 0x01
                path.write_bytes(bytes(flipped))
                rejects(files42, folder, "does not match its SHA-256")
            for cut in (0, 1, len(original) // 2, len(original) - 1):
                path.write_bytes(original[:cut])
                rejects(files42, folder, "does not match its SHA-256")
            # An edit whose hash is updated is read, and then judged by the game.
            edited = copy.deepcopy(files42)
            text = original.decode()
            changed = text.replace("[0, 1]", "[0, 2]", 1).replace("[0,1]", "[0,2]", 1)
            path.write_bytes(changed.encode())
            for it in edited["evidence"]:
                if it["file"] == item["file"]:
                    it["sha256"] = hashlib.sha256(changed.encode()).hexdigest()
            if changed != text:
                rejects(edited, folder)
        finally:
            path.write_bytes(original)
    assert check_document(files42, folder).methods


@pytest.mark.parametrize("bound", ["glasses.tree-nodes", "glasses.survival-work"])
def test_work_just_over_a_bound_is_refused_before_it_starts(
        folder: Path, inline42: dict[str, Any], bound: str) -> None:
    amount = {"glasses.tree-nodes": kernel.count_nodes(inline42["evidence"][0]["tree"]),
              "glasses.survival-work": _survival_work(inline42["evidence"][1]["layers"])}[bound]
    saved = BOUNDS[bound].limit
    try:
        BOUNDS[bound].limit = amount
        assert check_document(inline42, folder).methods
        BOUNDS[bound].limit = amount - 1
        rejects(inline42, folder, f"over the kernel's bound {bound} = {amount - 1:,}")
    finally:
        BOUNDS[bound].limit = saved


def _survival_work(layers: list[list[int]]) -> int:
    sizes = [len(members) for members in kernel.orbit_members(4)]
    states = sum(sizes[j] for layer in layers for b in layer for j in range(6) if b >> j & 1)
    return states * len(kernel.grabs(4, 2)) << 2


# --- Claims ---------------------------------------------------------------------------------

def test_claims_changed_are_refused(folder: Path, inline42: dict[str, Any],
                                    impossible41: dict[str, Any]) -> None:
    def changed(document: dict[str, Any], restate: bool = True, **fields: Any) -> dict[str, Any]:
        copied = copy.deepcopy(document)
        claim = copied["claim"]
        claim.update(fields)
        if restate and type(claim["params"].get("n")) is int and \
                type(claim["params"].get("hands")) is int:
            n, k = claim["params"]["n"], claim["params"]["hands"]
            claim["id"] = f"glasses.n{n}.k{k}.{claim['kind']}"
            if claim["kind"] in ("shortest", "wins", "impossible"):
                claim["statement"] = kernel.statement(claim["kind"], n, k, claim["value"])
        return copied

    rejects(changed(inline42, value=4), folder, "no checked strategy takes 4 turns")
    rejects(changed(inline42, value=6), folder, "no checked strategy takes 6 turns")
    rejects(changed(inline42, value=5.0), folder)
    rejects(changed(inline42, value=True), folder)
    rejects(changed(inline42, params={"n": 5, "hands": 2}), folder)
    rejects(changed(inline42, params={"n": 4, "hands": 3}), folder)
    rejects(changed(inline42, params={"n": 4, "hands": 2, "extra": 1}), folder, "params")
    rejects(changed(inline42, params={"n": 4, "hands": True}), folder, "params")
    rejects(changed(inline42, params={"n": 10, "hands": 2}), folder, "strategies for 1..9")
    rejects(changed(inline42, params={"n": 65, "hands": 2}), folder, "params")
    rejects(changed(inline42, kind="proven"), folder)
    rejects(changed(inline42, restate=False, id="glasses.n4.k2.wins"), folder, "does not match")
    rejects(changed(inline42, restate=False, statement="Trust me."), folder, "statement")
    assert check_document(changed(inline42, kind="wins"), folder).methods  # it does win in 5
    rejects(changed(impossible41, value=3), folder, "value null")
    contradiction = copy.deepcopy(impossible41)
    contradiction["claim"] = copy.deepcopy(inline42["claim"])
    contradiction["evidence"] = [inline42["evidence"][0], impossible41["evidence"][0]]
    contradiction["claim"]["params"] = {"n": 4, "hands": 2}
    rejects(contradiction, folder)
    unknown = copy.deepcopy(inline42)
    unknown["evidence"].append({"method": "oracle"})
    rejects(unknown, folder, "unknown evidence method 'oracle'")
