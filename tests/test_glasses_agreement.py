"""The kernel (verify/glasses.py) and the engine (games/glasses.py) read the rules of the
glasses puzzle independently; here they must agree on every small game: on the strategies the
search finds, on random strategies (most of which lose), and on the devil's evidence."""

from __future__ import annotations

import random

import pytest

from coinproofs.games.glasses import (
    Node,
    Response,
    Search,
    invariant,
    rules,
    solve,
    split,
    strategy_to_json,
    worst_case,
)
from coinproofs.verify import glasses as kernel

SMALL = [(n, k) for n in range(1, 6) for k in range(n + 1)]


def random_tree(n: int, k: int, belief: int, depth: int, rng: random.Random,
                guide: Node | None = None) -> Node | None:
    """A random strategy from `belief`. With a `guide` (a winning strategy from this belief)
    it mostly follows the guide and now and then turns something else; without one it grabs at
    random, often turns the best it can see, and sometimes leaves a feel unanswered or a
    branch cut short, so that strategies lose in every way a strategy can lose."""
    if belief == 0 or depth == 0:
        return None
    follow = guide is not None and rng.random() < 0.95
    hands = guide.hands if follow and guide else tuple(rng.sample(range(n), k))
    responses = {}
    for pattern, afters in split(belief, hands, n).items():
        known = guide.responses[pattern] if follow and guide else None
        if known is not None and rng.random() < 0.97:
            choice = sum(1 << j for j, p in enumerate(hands) if p in known.turn)
            then = random_tree(n, k, afters[choice], depth - 1, rng, known.then)
        elif known is None and rng.random() < 0.03:
            continue  # no answer to this feel
        else:
            choice = (min(range(1 << k), key=lambda t: bin(afters[t]).count("1"))
                      if rng.random() < 0.7 else rng.randrange(1 << k))
            then = (random_tree(n, k, afters[choice], depth - 1, rng)
                    if afters[choice] and rng.random() < 0.97 else None)
        responses[pattern] = Response(tuple(p for j, p in enumerate(hands) if choice >> j & 1),
                                      then)
    return Node(hands, responses)


def kernel_turns(raw: object, n: int, k: int) -> int | None:
    try:
        return kernel.play_strategy(raw, n, k)
    except kernel.Escape:
        return None


@pytest.mark.parametrize("n, k", SMALL)
def test_random_strategies_are_judged_alike(n: int, k: int) -> None:
    rng = random.Random(n * 100 + k)
    start = rules(n, k).start
    best = solve(n, k)
    outcomes = set()
    for attempt in range(40):
        guide = best.tree if attempt % 2 else None
        tree = random_tree(n, k, start, 8 if guide else rng.randrange(1, 5), rng, guide)
        expected = worst_case(tree, n, k)
        assert kernel_turns(strategy_to_json(tree), n, k) == expected
        assert kernel_turns(strategy_to_json(tree, inline=0), n, k) == expected
        outcomes.add(expected is None)
    if best.length is not None and best.length > 0:
        assert outcomes == {True, False}  # both winning and losing strategies were tried


@pytest.mark.parametrize("n, k", [(n, k) for n in range(1, 8) for k in range(n + 1)])
def test_the_kernel_plays_the_strategies_found_as_the_engine_does(n: int, k: int) -> None:
    solution = solve(n, k)
    if solution.length is not None:
        assert kernel_turns(strategy_to_json(solution.tree), n, k) == solution.length


@pytest.mark.parametrize("n, k", [(n, k) for n in range(2, 8) for k in range(n)])
def test_the_kernel_accepts_the_engines_invariant_and_no_larger_one(n: int, k: int) -> None:
    from coinproofs.games.devil import orbits
    from coinproofs.games.glasses import glasses_text

    kept = invariant(n, k)
    names = [glasses_text(least, n) for j, least in enumerate(orbits(n)) if kept >> j & 1]
    evidence = {"method": "invariant", "orbits": names}
    if kept:
        assert kernel.invariant_evidence(evidence, n, k).kind == "impossible"
        return
    # No orbit is kept: then every single orbit is escaped, and the kernel says so.
    for least in orbits(n)[1:-1]:
        with pytest.raises(kernel.Rejected, match="leaves the invariant"):
            kernel.invariant_evidence({"method": "invariant",
                                       "orbits": [glasses_text(least, n)]}, n, k)


@pytest.mark.parametrize("n, k", [(4, 2), (6, 4), (4, 3), (5, 4)])
def test_the_kernel_accepts_survival_exactly_one_turn_short(n: int, k: int) -> None:
    solution = solve(n, k)
    assert solution.length is not None and solution.search is not None
    search = solution.search
    layers = search.survival(search.rules.start, solution.length - 1)
    evidence = {"method": "survival", "layers": layers, "turns": len(layers),
                "beliefs": sum(map(len, layers))}
    assert kernel.survival_evidence(evidence, n, k, None).turns == solution.length - 1
    # Claiming the start one turn longer (with some unlisted belief in its old layer) is
    # refused: the player escapes.
    listed = {belief for layer in layers for belief in layer}
    single = next(1 << j for j in range(64) if 1 << j & search.rules.start
                  and 1 << j not in listed)
    longer = [*layers[:-1], [single], [search.rules.start]]
    evidence = {"method": "survival", "layers": longer, "turns": len(longer),
                "beliefs": sum(map(len, longer))}
    with pytest.raises(kernel.Rejected, match="is escaped by grabbing"):
        kernel.survival_evidence(evidence, n, k, None)


def test_kernel_and_engine_outcomes_of_a_grab_agree() -> None:
    """One step of the rules on beliefs, both ways, for every grab of 5 glasses and 3 hands."""
    import itertools

    n, k = 5, 3
    table = rules(n, k)
    for belief in (table.start, 0b10, 0b1010010):
        belief &= table.start
        for hands in itertools.permutations(range(n), k):
            engine = split(belief, hands, n)
            ours = kernel.outcomes(belief, list(hands), n)
            assert {pattern_text(f, k): afters
                    for f, afters in engine.items()} == {
                pattern: _by_choice(afters, hands) for pattern, afters in ours.items()}


def pattern_text(pattern: int, k: int) -> str:
    return "".join("D" if pattern >> j & 1 else "U" for j in range(k))


def _by_choice(afters: list[int], hands: tuple[int, ...]) -> list[int]:
    """The kernel lists turns by subsets in combinations order; the engine by bitmask of the
    hands: reorder the kernel's list to the engine's."""
    import itertools

    subsets = [frozenset(turn) for size in range(len(hands) + 1)
               for turn in itertools.combinations(hands, size)]
    return [afters[subsets.index(frozenset(p for j, p in enumerate(hands) if t >> j & 1))]
            for t in range(1 << len(hands))]


def test_four_glasses_and_two_hands_need_exactly_five_turns() -> None:
    search = Search(rules(4, 2))
    assert [search.winnable(search.rules.start, d) for d in range(7)] == [False] * 5 + [True] * 2
