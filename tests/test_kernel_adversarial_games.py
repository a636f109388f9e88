"""An adversarial review of the kernel's penny and no-repeats checkers (and of `coinproofs verify`).

Every test hands the kernel crafted input. Some were holes this review found and the kernel has
since closed (booleans as patterns, stray fields, duplicate keys, untyped winners, unbounded n,
control characters in reasons, escape codes and markup in the verify table, named pipes).
The others are attacks the kernel rejected from the start, or exhaustive comparisons of its
verdicts with the rules of the games written here once more, as literally as possible (a
minimax over every position or game, independent of both the kernel and the engines). They do
not repeat test_penny_*.py, test_norepeat_*.py or test_kernel_adversarial.py.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
from collections.abc import Callable, Iterator
from functools import cache
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest

from coinproofs.cli import main
from coinproofs.games.norepeat import solve
from coinproofs.verify import norepeat, penny, penny_cnf
from coinproofs.verify.certificate import (
    Artifacts,
    Claim,
    Rejected,
    check_document,
    check_file,
)
from coinproofs.verify.dimacs import dimacs_text
from tests.certificates import Document, Evidence, certificate
from tests.guards import no_hang

Position = tuple[int, int]

NOT_REJECTED = pytest.fail.Exception  # what pytest.raises raises when nothing was raised
CURSOR_UP_ERASE_LINE = "\x1b[1A\x1b[2K"  # on a terminal: overwrite the line above


# --- Helpers ----------------------------------------------------------------------------------

def penny_claim(kind: str, params: dict[str, int], value: Any) -> dict[str, Any]:
    """A penny claim whose id and statement agree with its kind, params and value."""
    return {"id": penny.claim_id(kind, params), "game": "penny", "kind": kind,
            "params": params, "value": value,
            "statement": penny.statement(kind, params, value)}


def norepeat_claim(n: int, misere: bool, winner: str) -> dict[str, Any]:
    """A no-repeats claim whose id and statement agree with its n, rule and winner."""
    return {"id": norepeat.claim_id(n, misere), "game": "norepeat", "kind": "winner",
            "params": {"n": n, "misere": misere}, "value": winner,
            "statement": norepeat.statement(n, misere, winner)}


def artifact(folder: Path, name: str, data: bytes) -> dict[str, str]:
    """Write an artifact into `folder`; its evidence fields."""
    (folder / name).write_bytes(data)
    return {"file": name, "sha256": hashlib.sha256(data).hexdigest()}


def rejection(doc: Document, folder: Path) -> str:
    """The kernel's reason for rejecting `doc` (the test fails if it accepts)."""
    with pytest.raises(Rejected) as rejected:
        check_document(doc, folder)
    return str(rejected.value)


# --- The penny game by literal minimax ----------------------------------------------------------

def penny_moves(x: int, y: int, a: int) -> Iterator[Position]:
    """Every position one move from (x, y): take k >= 1 from one pile, or k >= 1 from one and
    j >= 1 from the other with |k - j| < a (a = 1: the same number from both)."""
    yield from ((x - k, y) for k in range(1, x + 1))
    yield from ((x, y - j) for j in range(1, y + 1))
    yield from ((x - k, y - j) for k in range(1, x + 1) for j in range(1, y + 1)
                if abs(k - j) < a)


def losing_by_minimax(max_pile: int, a: int = 1, misere: bool = False) -> list[Position]:
    """The positions x <= y <= max_pile from which the player to move loses with best play."""
    @cache
    def loses(x: int, y: int) -> bool:
        if misere and x == y == 0:
            return False  # the opponent took the last penny, and so lost
        return not any(loses(*after) for after in penny_moves(x, y, a))

    return [(x, y) for x in range(max_pile + 1) for y in range(x, max_pile + 1) if loses(x, y)]


PENNY_VARIANTS = [(1, False), (2, False), (3, False), (4, False), (1, True)]  # (a, misère)


def accepted(pairs: list[Position], max_pile: int, a: int, misere: bool) -> bool:
    try:
        penny.check_losing_set(pairs, max_pile, a, misere)
    except Rejected:
        return False
    return True


# --- Penny: the definitional check against the rules --------------------------------------------

@pytest.mark.parametrize(("a", "misere"), PENNY_VARIANTS)
def test_of_every_set_with_at_most_one_pair_per_row_only_the_losing_set_passes(
        a: int, misere: bool) -> None:
    """Exhaustive for piles <= 4: each row x gets no pair or one (x, y), y = x..4 (720 sets).
    Sets with two pairs in a row are refused before any rule is applied."""
    max_pile = 4
    rows = [[None, *range(x, max_pile + 1)] for x in range(max_pile + 1)]
    passing = []
    for choice in itertools.product(*rows):
        pairs = [(x, y) for x, y in enumerate(choice) if y is not None]
        if accepted(pairs, max_pile, a, misere):
            passing.append(pairs)
    assert passing == [losing_by_minimax(max_pile, a, misere)]


@pytest.mark.parametrize(("a", "misere"), PENNY_VARIANTS)
def test_every_single_position_toggled_is_rejected(a: int, misere: bool) -> None:
    """Piles <= 12: the literal rules' answer passes; adding or removing any one position
    (mirror images included) does not."""
    max_pile = 12
    truth = set(losing_by_minimax(max_pile, a, misere))
    assert accepted(sorted(truth), max_pile, a, misere)
    for toggled in itertools.combinations_with_replacement(range(max_pile + 1), 2):
        assert not accepted(sorted(truth ^ {toggled}), max_pile, a, misere), toggled


@pytest.mark.parametrize(("a", "misere"), PENNY_VARIANTS)
def test_the_formula_in_the_statements_is_the_rules_answer(a: int, misere: bool) -> None:
    """The statements name the formula; the kernel's exact-integer version must be the
    rules' answer (checked here without the engine, which the kernel's own tests use)."""
    assert penny.formula_pairs(20, a, misere) == losing_by_minimax(20, a, misere)


@pytest.mark.parametrize(("given", "claimed"), [
    ((2, False), (3, False)), ((1, True), (1, False)), ((1, False), (1, True)),
    ((4, False), (1, False)),
])
def test_a_restated_claim_cannot_borrow_another_variants_evidence(
        given: tuple[int, bool], claimed: tuple[int, bool], tmp_path: Path) -> None:
    """Id, params, value and statement all agree with the claimed variant; the positions (and
    their count) are those of another variant."""
    (a, misere), (b, claimed_misere) = given, claimed
    pairs = [list(p) for p in losing_by_minimax(30, a, misere)]
    kind = "misere" if claimed_misere else "a-wythoff" if b > 1 else "p-positions"
    params = {"a": b, "max": 30} if kind == "a-wythoff" else {"max": 30}
    doc = certificate(penny_claim(kind, params, len(pairs)),
                      [{"method": "p-positions", "max": 30, "positions": pairs},
                       {"method": "formula"}])
    assert "listed" in rejection(doc, tmp_path)


P_POSITIONS = {"method": "p-positions", "max": 2, "positions": [[0, 0], [1, 2]]}


@pytest.mark.parametrize("change", [
    pytest.param({"file": "p.txt", "sha256": hashlib.sha256(b"0 0\n1 2\n").hexdigest()},
                 id="inline and in a file"),
    pytest.param({"max": True}, id="max true"),
    pytest.param({"max": 2.0}, id="max 2.0"),
    pytest.param({"max": -1}, id="max -1"),
    pytest.param({"max": 5}, id="a larger square"),
    pytest.param({"positions": {"0": 0, "1": 2}}, id="an object"),
    pytest.param({"positions": [[0, 0], [1, 2, 3]]}, id="a pair of three"),
    pytest.param({"positions": [[0, 0], [1, 2], [1, 2]]}, id="a pair twice"),
    pytest.param({"positions": [[0, 0], [2, 1]]}, id="a mirror image"),
    pytest.param({"note": "trust me"}, id="an unknown field"),
])
def test_odd_p_positions_items_are_rejected(change: Evidence, tmp_path: Path) -> None:
    (tmp_path / "p.txt").write_bytes(b"0 0\n1 2\n")
    claim = penny_claim("first", {"count": 2}, [[0, 0], [1, 2]])
    assert check_document(certificate(claim, [P_POSITIONS]), tmp_path).methods == ["p-positions"]
    rejection(certificate(claim, [{**P_POSITIONS, **change}]), tmp_path)


# --- Penny: the uniqueness claim, checked by hand at its smallest -------------------------------

def unique_m0(folder: Path, proof: bytes, max_pile: int = 0) -> Document:
    """A uniqueness claim about the square of side `max_pile`, with the formula and `proof`
    written for side 0: the CNF [[1]] ((0, 0) has no move, so p holds there) and the clause
    [-1] excluding the losing set {(0, 0)}."""
    cnf = dimacs_text([[1], [-1]], 1, penny_cnf.comments(0)).encode()
    cnf_fields = artifact(folder, "u.cnf", cnf)
    proof_fields = artifact(folder, "u.lrat", proof)
    lrat = {"method": "lrat", "encoding": penny.UNIQUE_ENCODING,
            "cnf": cnf_fields["file"], "cnf_sha256": cnf_fields["sha256"],
            "proof": proof_fields["file"], "proof_sha256": proof_fields["sha256"]}
    return certificate(penny_claim("unique", {"max": max_pile}, 1),
                       [{"method": "p-positions", "max": max_pile, "positions": [[0, 0]]}, lrat])


def test_the_smallest_uniqueness_claim_is_checked_against_the_kernels_own_formula(
        tmp_path: Path) -> None:
    assert penny_cnf.losing_cnf(0) == [[1]]
    # Clause 3 is the empty clause: clause 1 makes p(0, 0) true, clause 2 is then false.
    assert check_document(unique_m0(tmp_path, b"3 0 1 2 0\n"), tmp_path).methods == [
        "p-positions", "lrat"]
    assert "last hint" in rejection(unique_m0(tmp_path, b"3 0 1 1 0\n"), tmp_path)
    assert "never derives" in rejection(unique_m0(tmp_path, b"3 1 0 1 0\n"), tmp_path)
    # The same files offered for the square of side 1 (whose losing set is again {(0, 0)}).
    assert "CNF hash" in rejection(unique_m0(tmp_path, b"3 0 1 2 0\n", max_pile=1), tmp_path)


# --- No repeats by literal minimax ---------------------------------------------------------------

History = tuple[int, ...]
Chooser = Callable[[History], int]


def replies(patterns: tuple[int, ...], n: int) -> list[int]:
    """The coins whose turn makes a pattern not yet in the game (patterns: the game so far)."""
    return [c for c in range(n) if patterns[-1] ^ 1 << c not in patterns]


def minimax_winner(n: int, misere: bool) -> str:
    """Who wins with best play, from the rules: the game as its list of patterns."""
    @cache
    def to_move_wins(patterns: tuple[int, ...]) -> bool:
        coins = replies(patterns, n)
        if not coins:
            return misere  # the player who cannot move wins only in misère play
        return any(not to_move_wins((*patterns, patterns[-1] ^ 1 << c)) for c in coins)

    return "first" if to_move_wins((0,)) else "second"


def referee(n: int, misere: bool, winner: str, choose: Chooser) -> bool:
    """Does `winner`, turning the coin choose(history) on her turns, win every game?"""
    def wins(history: History, patterns: tuple[int, ...]) -> bool:
        coins = replies(patterns, n)
        winner_to_move = len(history) % 2 == (0 if winner == "first" else 1)
        if not coins:
            return winner_to_move == misere  # the stuck player wins iff misère
        if winner_to_move:
            coin = choose(history)
            if coin not in coins:
                return False
            coins = [coin]
        return all(wins((*history, c), (*patterns, patterns[-1] ^ 1 << c)) for c in coins)

    return wins((), (0,))


def key_text(history: History) -> str:
    return ",".join(map(str, history))


def by_history(moves: dict[str, int]) -> Chooser:
    """The strategy that looks the history up in `moves` (-1, no coin, where it has none)."""
    return lambda history: moves.get(key_text(history), -1)


def history_strategies(n: int, winner: str) -> Iterator[dict[str, int]]:
    """Every strategy of `winner` by history: a legal coin for each history, arising under the
    strategy, at which she is to move. (With illegal coins too, the second player would have
    3.7 million on 3 coins; test_norepeat_kernel.py changes moves to illegal ones.)"""
    def strategies(history: History, patterns: tuple[int, ...]) -> Iterator[dict[str, int]]:
        coins = replies(patterns, n)
        if not coins:
            yield {}
        elif len(history) % 2 == (0 if winner == "first" else 1):
            for c in coins:
                for rest in strategies((*history, c), (*patterns, patterns[-1] ^ 1 << c)):
                    yield {key_text(history): c, **rest}
        else:
            subtrees = [list(strategies((*history, c), (*patterns, patterns[-1] ^ 1 << c)))
                        for c in coins]
            for parts in itertools.product(*subtrees):
                yield {name: coin for part in parts for name, coin in part.items()}

    return strategies((), (0,))


def place(pattern: int, order: tuple[int, ...]) -> int:
    """The pattern with coin i put in place order[i]."""
    return sum(1 << order[i] for i in range(len(order)) if pattern >> i & 1)


def canonical(patterns: tuple[int, ...], n: int) -> tuple[int, tuple[int, ...]]:
    """The key of a game so far (the least bitmask of {r(x ^ current)} over the reorderings r)
    and the *last* r that gives it: the kernel's argument says any such r will do."""
    images = [(sum(1 << place(x ^ patterns[-1], order) for x in set(patterns)), order)
              for order in permutations(range(n))]
    least = min(image for image, _ in images)
    return least, [order for image, order in images if image == least][-1]


def unfolded(moves: dict[str, int], n: int) -> Chooser:
    """The real strategy a strategy up to symmetry stands for: in the game so far, find its key
    and a reordering r that gives it, and turn the coin that r puts where the key's move is."""
    def choose(history: History) -> int:
        patterns = [0]
        for c in history:
            patterns.append(patterns[-1] ^ 1 << c)
        key, order = canonical(tuple(patterns), n)
        return order.index(moves[str(key)]) if str(key) in moves else -1

    return choose


def symmetric_strategies(n: int, winner: str) -> Iterator[dict[str, int]]:
    """Every strategy of `winner` up to symmetry: a coin (for the key's own position) for each
    key, arising under the strategy, at which she is to move (an illegal coin ends it there)."""
    def extend(todo: list[tuple[int, ...]], plan: dict[int, int]) -> Iterator[dict[int, int]]:
        if not todo:
            yield plan
            return
        patterns, rest = todo[0], todo[1:]
        if not replies(patterns, n):
            yield from extend(rest, plan)
            return
        key, _ = canonical(patterns, n)
        seen = tuple(x for x in range(1 << n) if key >> x & 1)  # the key's position; current 0
        for coin in [plan[key]] if key in plan else range(n):
            if coin not in replies((*seen, 0), n):
                yield {**plan, key: coin}
                continue
            after = (*seen, 0, 1 << coin)
            positions = [(*after, after[-1] ^ 1 << c) for c in replies(after, n)]
            yield from extend(rest + positions, {**plan, key: coin})

    openings: list[tuple[int, ...]] = ([(0,)] if winner == "first"
                                       else [(0, 1 << c) for c in range(n)])
    for plan in extend(openings, {}):
        yield {str(key): coin for key, coin in plan.items()}


# --- No repeats: the kernel against the rules ---------------------------------------------------

Checker = Callable[[int, bool, str, Any], None]


def passes(check: Checker, n: int, misere: bool, winner: str, moves: dict[str, int]) -> bool:
    try:
        check(n, misere, winner, moves)
    except Rejected:
        return False
    return True


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("winner", ["first", "second"])
def test_of_every_strategy_the_kernel_accepts_exactly_those_that_win(
        n: int, misere: bool, winner: str) -> None:
    """Exhaustive: every strategy by history (legal moves) and every strategy up to symmetry
    (legal moves or not), for either player under either rule. A strategy up to symmetry is
    judged by playing the real strategy it stands for."""
    roads: list[tuple[Iterator[dict[str, int]], Checker, Callable[[dict[str, int]], Chooser]]] = [
        (history_strategies(n, winner), norepeat.check_strategy, by_history),
        (symmetric_strategies(n, winner), norepeat.check_symmetric_strategy,
         lambda moves: unfolded(moves, n))]
    for strategies, check, real in roads:
        verdicts = [(passes(check, n, misere, winner, moves),
                     referee(n, misere, winner, real(moves))) for moves in strategies]
        assert all(kernel_says == referee_says for kernel_says, referee_says in verdicts)
        assert any(wins for _, wins in verdicts) == (winner == minimax_winner(n, misere))


@pytest.mark.parametrize("misere", [False, True])
def test_the_four_coin_strategy_up_to_symmetry_stands_for_a_real_winning_strategy(
        misere: bool) -> None:
    """The kernel checks a strategy up to symmetry in the keys' own positions only; here the
    engine's one is unfolded into a strategy by history (through the last reordering that gives
    each key) and played against every reply, by the referee and by the kernel."""
    game = solve(4, misere)
    moves = {str(key): coin for key, coin in game.strategy().items()}
    norepeat.check_symmetric_strategy(4, misere, game.winner, moves)
    choose = unfolded(moves, 4)
    table: dict[str, int] = {}  # the real strategy, at every history that arises

    def record(history: History) -> int:
        table[key_text(history)] = choose(history)
        return table[key_text(history)]

    assert referee(4, misere, game.winner, record)
    norepeat.check_strategy(4, misere, game.winner, table)
    assert game.winner == minimax_winner(4, misere)


MATCHING_2 = [[0, 1], [2, 3]]


def test_the_baseline_matching_of_two_coins_is_accepted(tmp_path: Path) -> None:
    doc = certificate(norepeat_claim(2, False, "first"), [{"method": "matching",
                                                           "pairs": MATCHING_2}])
    assert check_document(doc, tmp_path).methods == ["matching (played out)"]


@pytest.mark.parametrize("pairs", [
    pytest.param([[0, 1], [2, 3], []], id="an empty pair too"),
    pytest.param([[0, 1], [3, 2.0]], id="a float"),
    pytest.param([[0, 1], [2, 3 + 2**64]], id="beyond 64 bits"),
    pytest.param([[0, 1], [2, None]], id="null"),
    pytest.param([[[0], [1]], [[2], [3]]], id="nested deeper"),
    pytest.param([[0, 1, 2, 3]], id="one quadruple"),
    pytest.param([[0, 3], [1, 2]], id="diagonals"),
])
def test_odd_matchings_of_two_coins_are_rejected(pairs: Any, tmp_path: Path) -> None:
    doc = certificate(norepeat_claim(2, False, "first"), [{"method": "matching", "pairs": pairs}])
    rejection(doc, tmp_path)


@pytest.mark.parametrize("text", ["[[0, NaN]]", "[[0, 1]", "[[0, 1]]\x00", "\xff"])
def test_a_matching_file_that_is_not_json_pairs_is_rejected(text: str, tmp_path: Path) -> None:
    fields = artifact(tmp_path, "m.pairs", text.encode("latin-1"))
    doc = certificate(norepeat_claim(1, False, "first"), [{"method": "matching", **fields}])
    rejection(doc, tmp_path)


# --- Holes: certificates the kernel accepts although they are ill-typed or ambiguous -----------

@pytest.mark.parametrize("pairs", [[[True, False], [2, 3]], [[0, True], [2, 3]]])
def test_a_matching_with_booleans_for_patterns_is_rejected(pairs: Any, tmp_path: Path) -> None:
    doc = certificate(norepeat_claim(2, False, "first"), [{"method": "matching", "pairs": pairs}])
    rejection(doc, tmp_path)


def test_an_inline_strategy_with_a_stray_hash_is_rejected(tmp_path: Path) -> None:
    item = {"method": "strategy", "moves": {"": 0}}
    doc = certificate(norepeat_claim(1, False, "first"), [item])
    assert check_document(doc, tmp_path).methods == ["strategy"]
    item["sha256"] = "not even a hash"
    rejection(doc, tmp_path)


def test_a_strategy_file_that_gives_a_key_twice_is_rejected(tmp_path: Path) -> None:
    moves = {str(key): coin for key, coin in solve(3, True).strategy().items()}
    first_key = next(iter(moves))
    other = (moves[first_key] + 1) % 3
    text = f'{{"{first_key}": {other}, ' + json.dumps(moves)[1:]
    doc = certificate(norepeat_claim(3, True, "second"),
                      [{"method": "strategy-up-to-symmetry",
                        **artifact(tmp_path, "s.moves", text.encode())}])
    rejection(doc, tmp_path)


# --- Holes: input that raises something other than Rejected in a game checker ------------------
# check_document turns these into "malformed evidence (TypeError: ...)"; the game modules'
# contract (certificate.py) is to raise Rejected with a reason, and sizes must be refused before
# any work is done on them.

@pytest.mark.parametrize("value", [["first"], {"first": 1}])
def test_a_winner_that_is_not_a_string_is_rejected_by_the_game_checker(value: Any,
                                                                        tmp_path: Path) -> None:
    claim = Claim(norepeat.claim_id(1, False), "norepeat", "winner", {"n": 1, "misere": False},
                  value, norepeat.statement(1, False, "first"))
    with pytest.raises(Rejected, match="winner"):
        norepeat.check_claim(claim, [{"method": "matching", "pairs": [[0, 1]]}],
                             Artifacts(tmp_path))


def test_a_matching_claim_for_an_astronomical_n_is_rejected_by_the_game_checker(
        tmp_path: Path) -> None:
    n = 20_000
    claim = Claim(norepeat.claim_id(n, False), "norepeat", "winner", {"n": n, "misere": False},
                  "first", norepeat.statement(n, False, "first"))
    with pytest.raises(Rejected):
        norepeat.check_claim(claim, [{"method": "matching", "pairs": [[0, 1]]}],
                             Artifacts(tmp_path))


# --- Holes: what the certificate's author gets to print on the user's terminal ------------------

def control_in_penny_method() -> Document:
    claim = penny_claim("first", {"count": 2}, [[0, 0], [1, 2]])
    return certificate(claim, [P_POSITIONS, {"method": f"formula{CURSOR_UP_ERASE_LINE}"}])


def control_in_history() -> Document:
    return certificate(norepeat_claim(1, False, "first"),
                       [{"method": "strategy", "moves": {"": 0, CURSOR_UP_ERASE_LINE: 0}}])


def control_in_key() -> Document:
    return certificate(norepeat_claim(1, False, "first"),
                       [{"method": "strategy-up-to-symmetry",
                         "moves": {"1": 0, CURSOR_UP_ERASE_LINE: 0}}])


@pytest.mark.parametrize("crafted", [control_in_penny_method, control_in_history,
                                     control_in_key])
def test_a_reason_carries_no_control_characters_from_the_certificate(
        crafted: Callable[[], Document], tmp_path: Path) -> None:
    assert "\x1b" not in rejection(crafted(), tmp_path)


def test_verify_shows_a_reason_that_looks_like_markup(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    doc = certificate(norepeat_claim(1, False, "first"), [{"method": "matching",
                                                           "pairs": [[0, 1]]}])
    doc["claim"]["kind"] = "[/oops]"
    (tmp_path / "markup.json").write_text(json.dumps(doc))
    assert main(["verify", str(tmp_path)]) == 1
    assert "REJECTED" in capsys.readouterr().out


def test_verify_prints_no_escape_sequence_from_a_file_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a short name in a wide table: nothing is cut off
    monkeypatch.setenv("COLUMNS", "200")
    Path(f"{CURSOR_UP_ERASE_LINE}x.json").write_text("{}")
    assert main(["verify", "."]) == 1
    assert "\x1b" not in capsys.readouterr().out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_that_looks_like_a_certificate_is_rejected_not_waited_on(
        tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    with no_hang(), pytest.raises(Rejected, match="not a regular file"):
        check_file(tmp_path / "pipe.json")
