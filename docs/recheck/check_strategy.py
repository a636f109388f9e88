"""Check a devil's-coin-flip strategy with nothing but Python: no coinproofs, no libraries.

    python3 check_strategy.py N FILE

FILE holds a JSON list of moves, each a list of positions 0..N-1 (or what `coinproofs devil
solve --json` prints). The player cannot see the coins, so all that matters is the set of
states they may be in. Before each move the devil turns the table by any r; the game stops
at all heads. The strategy wins iff after its last move the only possible state is all heads.
A state is a string of H and T, position 0 first. Exit status 0 iff the strategy wins.
"""

import itertools
import json
import sys


def turned(state, r):
    """The table turned by r: the coin at position i goes to position i + r."""
    return state[-r:] + state[:-r] if r else state


def flipped(state, move):
    return "".join(("T" if c == "H" else "H") if i in move else c for i, c in enumerate(state))


def main():
    n, path = int(sys.argv[1]), sys.argv[2]
    with open(path) as file:
        moves = json.load(file)
    if isinstance(moves, dict):
        moves = moves["moves"]
    heads = "H" * n
    possible = {"".join(coins) for coins in itertools.product("HT", repeat=n)}
    for move in moves:
        possible = {flipped(turned(state, r), set(move)) if state != heads else heads
                    for state in possible for r in range(n)}
    wins = possible == {heads}
    print(f"{len(moves)} moves, {n} coins: " + ("wins" if wins else
          f"loses (still possible at the end: {', '.join(sorted(possible - {heads}))})"))
    return 0 if wins else 1


if __name__ == "__main__":
    sys.exit(main())
