"""The `coinproofs` command: one sub-command group per game, plus claims, prove and verify.

Heavy libraries (z3, sympy, matplotlib) are imported inside the commands that need them, so
that `coinproofs devil solve 8` starts in a fraction of a second.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from coinproofs.cli.common import UserError
from coinproofs.verify.certificate import Rejected
from coinproofs.version import __version__

# Each command and the module of coinproofs.cli that registers it, in the order `--help` lists
# them. Only the module of the command given is imported, not every one (the engines of all four
# games): with numpy deferred in the certificate reader, `coinproofs claims ID` went from 0.46 to
# 0.51 s of user CPU to 0.38 to 0.40 s (load 4).
COMMANDS = {"devil": "devil", "penny": "penny", "norepeat": "norepeat", "glasses": "glasses",
            "claims": "claims", "prove": "claims", "verify": "claims", "formal": "formal"}


class Parser(argparse.ArgumentParser):
    """argparse, but a mistake on the command line is one sentence (no usage dump)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see `{self.prog} --help`)\n")


def parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser for every sub-command, or for `command`'s alone (with its
    group's other commands)."""
    top = Parser(
        prog="coinproofs",
        description="Prove facts about coin games and check the certificates. "
                    "Run `coinproofs COMMAND --help` for each command.",
    )
    top.add_argument("--version", action="version", version=f"coinproofs {__version__}")
    commands = top.add_subparsers(dest="command", metavar="COMMAND", required=True)
    groups = [COMMANDS[command]] if command in COMMANDS else list(dict.fromkeys(COMMANDS.values()))
    for group in groups:
        importlib.import_module(f"coinproofs.cli.{group}").register(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; errors become one sentence on stderr and exit status 2."""
    words = list(sys.argv[1:] if argv is None else argv)
    top = parser(words[0] if words else None)
    args, extra = top.parse_known_args(argv)
    if extra:  # told by the command they were given to, whose --help lists what it takes
        command(top, args).error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        status: int = args.handler(args)
    except BrokenPipeError:
        # The reader (e.g. `head`) went away: not an error of ours. Silence the final flush.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (UserError, Rejected, ValueError, OSError) as error:
        print(f"coinproofs: error: {_sentence(error)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("coinproofs: interrupted", file=sys.stderr)
        return 130
    return status


def command(top: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser:
    """The parser of the (sub-)command that `args` were parsed for, such as `devil solve`."""
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            return command(action.choices[getattr(args, action.dest)], args)
    return top


def _sentence(error: BaseException) -> str:
    if isinstance(error, json.JSONDecodeError):
        return f"not valid JSON ({error.msg} at line {error.lineno})"
    if isinstance(error, FileNotFoundError):
        return f"no such file: {error.filename}"
    if isinstance(error, OSError) and error.filename:
        return f"cannot use {error.filename}: {error.strerror}"
    return str(error)
