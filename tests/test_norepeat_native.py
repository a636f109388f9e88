"""The native core of the no-repeats solver against the Python engine, plain recursion with no
symmetry, and (normal play) the matching theorem; its lemmas R and D; its bounds and errors."""

from __future__ import annotations

import random
import subprocess
from functools import cache
from itertools import permutations
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinproofs.games.norepeat import (
    START,
    NoRepeats,
    OutOfBudget,
    legal_coins,
    native_solver,
    turn,
)
from tests.test_norepeat_engine import RULES, image, position_values, random_position, solved


@cache
def native(n: int, misere: bool) -> object:
    return native_solver(n, misere, 1 << 22)


def plain_wins(seen: int, pattern: int, n: int, misere: bool) -> bool:
    """Does the player to move win? Plain recursion over the game from this position: no key,
    no table, no lemma."""
    after = [turn(pattern, coin) for coin in legal_coins(seen, pattern, n)]
    if not after:
        return misere
    return any(not plain_wins(seen | 1 << p, p, n, misere) for p in after)


def reachable_unseen(seen: int, pattern: int, n: int) -> set[int]:
    """The unseen patterns the current one can reach through unseen patterns."""
    region: set[int] = set()
    todo = [pattern]
    while todo:
        x = todo.pop()
        for coin in range(n):
            y = turn(x, coin)
            if not seen >> y & 1 and y not in region:
                region.add(y)
                todo.append(y)
    return region


def late_position(rng: random.Random, n: int, most_unseen: int) -> tuple[int, int]:
    """A position of a random game at which the current pattern reaches at most `most_unseen`
    unseen patterns (the game goes on at random until it does, or ends)."""
    seen, pattern = 1 << START, START
    while len(reachable_unseen(seen, pattern, n)) > most_unseen:
        pattern = turn(pattern, rng.choice(legal_coins(seen, pattern, n)))
        seen |= 1 << pattern
    return seen, pattern


@pytest.mark.parametrize("misere", RULES)
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_native_agrees_on_every_reachable_position(n: int, misere: bool) -> None:
    solver = native(n, misere)
    for (seen, pattern), to_move_wins in position_values(n, misere).items():
        assert solver.wins(seen, pattern) == to_move_wins, (seen, pattern)


@pytest.mark.parametrize("misere", RULES)
def test_native_agrees_with_python_on_every_position_it_solved_for_five_coins(
        misere: bool) -> None:
    game, solver = solved(5, misere), native(5, misere)
    assert solver.wins(1 << START, START) == (game.winner == "first")
    for key, to_move_wins in game.memo.items():
        assert solver.wins(key, START) == to_move_wins, key


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 6), st.randoms(use_true_random=False), st.data())
def test_native_keys_are_images_shared_by_symmetric_positions(n: int, rng: random.Random,
                                                              data: st.DataObject) -> None:
    """A key is the position (after Lemma R, or not) moved by an automorphism of the cube, with
    the current pattern at all heads; every image of the position has the same key; and it is
    the kernel's normal form (verify/norepeat_walk.py, its own code)."""
    from coinproofs.verify.norepeat_dag import reduce
    from coinproofs.verify.norepeat_walk import normal_form

    solver = native(n, True)
    seen, pattern = random_position(rng, n)
    key = solver.key(seen, pattern, reduce=False)
    assert any(image(seen, pattern, pattern, order) == (key, START)
               for order in permutations(range(n)))
    flip = data.draw(st.integers(0, (1 << n) - 1))
    order = tuple(data.draw(st.permutations(range(n))))
    assert solver.key(*image(seen, pattern, flip, order), reduce=False) == key
    reduced = solver.key(seen, pattern)
    assert solver.key(*image(seen, pattern, flip, order)) == reduced
    assert reduced == normal_form(seen, pattern, n)
    assert any(image(reduce(seen, pattern, n), pattern, pattern, order) == (reduced, START)
               for order in permutations(range(n)))


def test_lemma_r_marking_what_cannot_be_reached_keeps_the_value() -> None:
    """Lemma R on every key the Python engine solved for 5 coins: the position with the
    unreachable unseen patterns marked seen has the same value (Python engine, no lemma)."""
    for misere in RULES:
        game = solved(5, misere)
        solver = native(5, misere)
        for key, value in list(game.memo.items()):
            reduced = solver.key(key, START)
            assert game.wins(reduced) == value, key


def test_lemma_d_a_dead_end_leaves_the_opponent_stuck() -> None:
    rng = random.Random(6)
    for _ in range(300):
        seen, pattern = random_position(rng, 5)
        for coin in legal_coins(seen, pattern, 5):
            after = turn(pattern, coin)
            if not legal_coins(seen | 1 << after, after, 5):  # a dead end
                for misere in RULES:
                    assert plain_wins(seen | 1 << after, after, 5, misere) == misere


@pytest.mark.parametrize("misere", RULES)
def test_six_coins_agree_with_plain_recursion_on_late_positions(misere: bool) -> None:
    """Random 6-coin positions late enough for plain recursion (at most 12 unseen patterns
    reachable): a few hundred here, thousands in the slow run (next test)."""
    agree_with_plain_recursion(6, misere, random.Random(61 + misere), 250)


@pytest.mark.slow
@pytest.mark.parametrize("misere", RULES)
def test_six_coins_agree_with_plain_recursion_on_thousands_of_late_positions(
        misere: bool) -> None:
    agree_with_plain_recursion(6, misere, random.Random(6100 + misere), 4000)


def agree_with_plain_recursion(n: int, misere: bool, rng: random.Random, count: int) -> None:
    solver = native(n, misere)
    for _ in range(count):
        seen, pattern = late_position(rng, n, rng.randrange(4, 13))
        assert solver.wins(seen, pattern) == plain_wins(seen, pattern, n, misere), (seen, pattern)


def matching_theorem(seen: int, pattern: int, n: int) -> bool:
    """Normal play: the player to move wins iff every maximum matching of the unseen patterns
    she can reach, with her own, covers her pattern (Fraenkel, Scheinerman and Ullman), that is
    iff leaving her pattern out makes the maximum matching smaller."""
    region = reachable_unseen(seen, pattern, n)
    cube = nx.Graph()
    cube.add_nodes_from(region | {pattern})
    cube.add_edges_from((x, turn(x, coin)) for x in region | {pattern} for coin in range(n)
                        if turn(x, coin) in region)
    size = len(nx.max_weight_matching(cube, maxcardinality=True))
    cube.remove_node(pattern)
    return len(nx.max_weight_matching(cube, maxcardinality=True)) < size


def test_six_coins_normal_play_agrees_with_the_matching_theorem() -> None:
    rng = random.Random(60)
    solver = native(6, False)
    for _ in range(300):
        seen, pattern = late_position(rng, 6, rng.randrange(4, 25))
        assert solver.wins(seen, pattern) == matching_theorem(seen, pattern, 6), (seen, pattern)


def test_a_small_table_gives_entries_up_and_the_same_answers() -> None:
    solver = native_solver(5, True, table_bytes=4096)
    assert solver.stats["table_bytes"] == 16384  # the least: 256 buckets of 8 entries
    game = solved(5, True)
    for key, value in game.memo.items():
        assert solver.wins(key, START) == value
    assert solver.stats["replaced"] > 0


def test_budgets_stop_the_native_search() -> None:
    solver = native_solver(6, True)
    assert solver.wins(1 << START, START, max_nodes=1000) is None
    with pytest.raises(OutOfBudget, match="stopped after 1,000 positions"):
        _ = NoRepeats(6, True, max_positions=1000, table_bytes=1 << 20).winner
    with pytest.raises(OutOfBudget, match="time budget"):
        _ = NoRepeats(6, True, seconds=0.2, table_bytes=1 << 24).winner
    calls: list[int] = []
    with pytest.raises(OutOfBudget, match="stopped after 200,000 positions"):
        _ = NoRepeats(6, True, max_positions=200_000, table_bytes=1 << 24,
                      progress=calls.append).winner
    assert calls == [65_536, 131_072, 196_608]


def test_an_exception_in_progress_stops_the_search() -> None:
    def interrupt(nodes: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        _ = NoRepeats(6, True, table_bytes=1 << 24, progress=interrupt).winner


@pytest.mark.parametrize(("n", "seen", "pattern", "message"), [
    (7, 1, 0, "1 to 6 coins, not 7"),
    (3, 1 << 8, 0, "not a position of 3 coins"),
    (3, 0b10, 0, "not a position of 3 coins"),
    (3, 1, 8, "not a position of 3 coins"),
    (3, -1, 0, "whole number below 2"),
])
def test_the_native_core_refuses_what_is_not_a_position(n: int, seen: int, pattern: int,
                                                         message: str) -> None:
    with pytest.raises(ValueError, match=message):
        native_solver(n, False).wins(seen, pattern)


# --- Budgeted tries, the search's path, today's core ------------------------------------------

@pytest.mark.parametrize("misere", RULES)
def test_budgeted_tries_keep_every_answer(misere: bool) -> None:
    """Tries with budgets small enough to run out all the time (at every depth of the search)
    change the order of the work, never an answer: every key the Python engine solved for 5
    coins, and late 6-coin positions against plain recursion."""
    game = solved(5, misere)
    for key, value in list(game.memo.items())[:600]:
        tried = native_solver(5, misere, 1 << 20)
        assert tried.wins(key, START, tries=(0, 30, 3, 2)) == value, key
    rng, six = random.Random(23 + misere), native_solver(6, misere, 1 << 22)
    for _ in range(150):
        seen, pattern = late_position(rng, 6, rng.randrange(8, 17))
        assert six.wins(seen, pattern, tries=(0, 40, 5, 2)) == \
            plain_wins(seen, pattern, 6, misere), (seen, pattern)


def test_a_budget_of_the_caller_is_not_taken_for_a_try() -> None:
    """The position budget of the call stops a search under budgeted tries (it is not one of
    the tries' own budgets, after which the next move would be tried)."""
    solver = native_solver(6, True, 1 << 22)
    assert solver.wins(1 << START, START, max_nodes=5000, tries=(0, 10, 1000, 2)) is None
    assert solver.stats["nodes"] == 5000


def test_the_search_shows_its_path_while_it_runs() -> None:
    """`path` names, at each depth from the position's, the move under way and of how many,
    with its budget under a try; the progress line says the same."""
    from coinproofs.games.norepeat import search_progress

    solver = native_solver(6, True, 1 << 22)
    seen_paths: list[list[tuple[int, int, int]]] = []
    lines: list[str] = []

    def progress(nodes: int, stored: int) -> None:
        seen_paths.append(solver.path)
        lines.append(search_progress(solver))

    assert solver.wins(1 << START, START, max_nodes=200_000, progress=progress,
                       tries=(2, 3, 10_000, 4)) is None
    assert len(seen_paths) == 3 and all(len(path) > 10 for path in seen_paths)
    for path in seen_paths:
        assert all(0 <= tried < count <= 6 for tried, count, _ in path)
        assert all(budget == -1 for _, _, budget in path[:2] + path[4:])
    assert any(budget >= 10_000 for path in seen_paths for _, _, budget in path[2:4])
    assert lines[0].startswith("65,536 positions, table ") and "moves under way: 1/1 " in lines[0]


@pytest.mark.slow
def test_the_new_core_agrees_with_todays_core() -> None:
    """The core before the redesign (bench/baseline/, built on demand) and this one agree on
    every key the Python engine solved for 5 coins and on random 6-coin positions 24 to 40 moves
    into a game, wherever both finish within their budget."""
    baseline = pytest.importorskip("bench.native_baseline")
    try:
        old_core = baseline.baseline_module()
    except (OSError, subprocess.CalledProcessError) as error:
        pytest.skip(f"the old core could not be built here: {error}")
    for misere in RULES:
        game, new = solved(5, misere), native_solver(5, misere, 1 << 22)
        old = old_core.Solver(5, misere, 1 << 22)
        for key in game.memo:
            assert new.wins(key, START) == old.wins(key, START), key
        rng, both = random.Random(1905 + misere), 0
        new6, old6 = native_solver(6, misere, 1 << 24), old_core.Solver(6, misere, 1 << 24)
        for _ in range(100):
            seen, pattern = random_position_after(rng, 6, rng.randrange(24, 41))
            answers = (new6.wins(seen, pattern, max_nodes=200_000),
                       old6.wins(seen, pattern, max_nodes=200_000))
            if None not in answers:
                both += 1
                assert answers[0] == answers[1], (seen, pattern)
        assert both >= 90


def random_position_after(rng: random.Random, n: int, moves: int) -> tuple[int, int]:
    """The position after `moves` random legal moves (a game that ends sooner stops there)."""
    seen, pattern = 1 << START, START
    for _ in range(moves):
        coins = legal_coins(seen, pattern, n)
        if not coins:
            break
        pattern = turn(pattern, rng.choice(coins))
        seen |= 1 << pattern
    return seen, pattern


def reachable_keys(n: int) -> list[int]:
    """Every position up to symmetry (key after Lemma R) reachable from the opening, by
    breadth-first search over the core's keys."""
    solver = native(n, True)
    level = {solver.key(1 << START, START)}
    found = set(level)
    while level:
        level = {solver.key(key | 1 << (1 << coin), 1 << coin)
                 for key in level for coin in legal_coins(key, START, n)} - found
        found |= level
    return sorted(found)


@pytest.mark.parametrize("misere", RULES)
def test_five_coins_agree_with_the_python_engine_on_random_positions(misere: bool) -> None:
    """300 positions of random 5-coin games: the core's value equals the Python engine's (its
    own keys, without Lemma R, its own search). All 912,868 positions up to symmetry that five
    coins reach, in the slow run (next test)."""
    rng, solver = random.Random(55 + misere), native(5, misere)
    keys = [solver.key(*random_position(rng, 5)) for _ in range(300)]
    agree_with_python(keys, misere)


@pytest.mark.slow
@pytest.mark.parametrize("misere", RULES)
def test_five_coins_agree_with_the_python_engine_on_every_position(misere: bool) -> None:
    keys = reachable_keys(5)
    assert len(keys) == 912_868
    agree_with_python(keys, misere)


def agree_with_python(keys: list[int], misere: bool) -> None:
    game, solver = NoRepeats(5, misere, native=False), native_solver(5, misere, 1 << 24)
    for key in keys:
        assert solver.wins(key, START) == game.wins(game.key(key, START)), key


# --- Checkpoints: the table saved and read back ------------------------------------------------

def test_a_saved_table_is_read_back_at_any_size(tmp_path: Path) -> None:
    """A table saved after a search answers the same positions at once when read back into a
    table of the same size or another (its entries moved by their hashes); a file of another
    rule is refused."""
    solver = native_solver(5, True, 1 << 20)
    assert solver.wins(1 << START, START) is False
    solver.save(str(tmp_path / "table"))
    for size in (1 << 20, 1 << 18, 3 << 20):
        again = native_solver(5, True, size)
        again.load(str(tmp_path / "table"))
        before = again.stats["nodes"]
        assert again.wins(1 << START, START) is False
        assert again.stats["nodes"] == before  # known: nothing searched
    with pytest.raises(ValueError, match="not a table saved by a solver of these coins and rule"):
        native_solver(5, False, 1 << 20).load(str(tmp_path / "table"))


def test_a_search_with_a_checkpoint_resumes_where_it_stopped(tmp_path: Path) -> None:
    """A native search stopped by its budget leaves its table in the checkpoint file; a new
    search with the same file starts from it (and its count of positions) and finishes."""
    checkpoint = tmp_path / "six.table"
    rng = random.Random(8)
    seen, pattern = random_position_after(rng, 6, 24)
    first = NoRepeats(6, True, table_bytes=1 << 22, max_positions=2000, checkpoint=checkpoint)
    key = first.key(seen, pattern)
    with pytest.raises(OutOfBudget):
        first.wins(key)
    assert checkpoint.exists() and first.positions == 2000
    resumed = NoRepeats(6, True, table_bytes=1 << 22, checkpoint=checkpoint)
    assert resumed.positions == 2000
    assert resumed.wins(key) == native_solver(6, True, 1 << 22).wins(seen, pattern)
    # No temporary file left; the record beside the table vouches for it.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["six.table", "six.table.json"]
