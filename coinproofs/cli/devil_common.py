"""What the `coinproofs devil` commands share (devil.py's and devil_play.py's): the options
that choose a member of the rotating-table family, and reading a strategy file."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from coinproofs.cli.common import UserError, whole_number
from coinproofs.strategy_files import devil_moves, read

STRATEGY_FILE = ("a strategy: a JSON list of moves (devil solve -o), what devil solve --json "
                 "prints, one move per line (a certificate's .moves.jsonl), or a certificate; "
                 "- reads standard input")


def states_int(text: str) -> int:
    """An argparse type: the number of states of a dial, at least 2."""
    return whole_number(text, 2)


def add_table_options(parser: Any) -> None:
    """--states, --group and --goal: which member of the rotating-table family to play."""
    options = parser.add_argument_group(
        "the rotating-table family (default: the devil's coin flip)")
    options.add_argument("--states", type=states_int, default=2, metavar="Q",
                         help="each position holds a dial with Q states 0..Q-1, and a move "
                              "turns dials (naming a position k times turns it k steps); "
                              "default 2: coins")
    options.add_argument("--group", default="cyclic", metavar="GROUP",
                         help="the permutations the devil may apply before each move: cyclic "
                              "(rotations, the default), dihedral (and reflections), symmetric "
                              "(any), trivial (none), klein (the Klein four-group, 4 positions), "
                              "alternating (the even permutations), or generators in cycle "
                              'notation, e.g. "(0 1 2 3),(0 2)"')
    options.add_argument("--goal", choices=("zero", "equal"), default="zero",
                         help="zero: every dial at 0, all heads (default); equal: every dial "
                              "the same")


def table_options(args: argparse.Namespace) -> dict[str, Any]:
    """The family options of a command, checked against N (a ValueError says what is wrong)."""
    # deferred: 33 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs import devil

    chosen = {"states": args.states, "group": args.group, "goal": args.goal}
    devil.table_of(args.n, **chosen)
    return chosen


def is_coins(options: dict[str, Any]) -> bool:
    """Are these the options of the devil's coin flip itself?"""
    return options == {"states": 2, "group": "cyclic", "goal": "zero"}


def describe(n: int, options: dict[str, Any]) -> str:
    """A member of the family in words: '3 dials with 3 states, the dihedral group'."""
    # deferred: 33 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs import devil

    return devil.in_words(devil.table_of(n, **options))


def read_strategy(path: Path, n: int, states: int = 2) -> list[int]:
    """The strategy in a file of any form coinproofs writes (coinproofs.strategy_files), as
    move bitmasks, or a UserError naming the file."""
    # deferred: 33 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.devil import moves_from_json

    try:
        moves, _ = devil_moves(read(path), n, states)
        return moves_from_json(moves, n, states)
    except ValueError as error:
        message = str(error)
        raise UserError(message if message.startswith(str(path)) else f"{path}: {message}"
                        ) from None
