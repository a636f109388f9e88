"""`coinproofs formal build`: the formal library for the Coq road where coinproofs is
installed as a package, compiled from the Coq sources it ships (coinproofs/coq/library.py)."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from coinproofs.cli.common import positive_int
from coinproofs.coq import library


def register(commands: Any) -> None:
    group = commands.add_parser(
        "formal", help="the Coq library that verify --coq checks proofs against",
        description="The formal library (formal/ in a checkout, built by `make formal`).")
    sub = group.add_subparsers(dest="formal_command", metavar="COMMAND", required=True)
    build = sub.add_parser(
        "build", help="compile the Coq sources shipped with coinproofs (once)",
        description="Compile the Coq sources shipped with coinproofs, once their digest is "
                    "the pinned FORMAL_SHA256, into the user's cache ($COINPROOFS_CACHE, else "
                    "~/.cache/coinproofs), where `coinproofs verify --coq` finds them when "
                    "there is no checkout; about a minute of CPU, and nothing again while the "
                    "sources are unchanged. Needs Coq 8.16 with MathComp 1.15 (Debian: "
                    "apt-get install coq libcoq-mathcomp) and make; with OCaml (ocamlopt) "
                    "it also builds the extracted walk checker that verify --coq runs on "
                    "large strategy walks.")
    build.add_argument("--jobs", type=positive_int, default=1,
                       help="files compiled at once (default 1)")
    build.set_defaults(handler=build_command)


def build_command(args: argparse.Namespace) -> int:
    if library.in_checkout():
        print(f"this is a checkout: `make formal` builds {library.checkout_formal()}, which "
              "verify --coq uses", file=sys.stderr)
        return 0
    started = time.monotonic()
    built = library.build(args.jobs, on_start=lambda target: print(
        f"compiling the Coq sources shipped with coinproofs into {target}", file=sys.stderr,
        flush=True), on_note=lambda said: print(said, file=sys.stderr, flush=True))
    print(f"built the formal library in {built} ({time.monotonic() - started:,.0f} s); "
          "`coinproofs verify --coq` uses it")
    return 0
