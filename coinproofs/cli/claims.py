"""`coinproofs claims`, `prove` and `verify`: the claim registry and the certificates."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from coinproofs.cli.common import UserError, positive_int, print_json


def register(commands: Any) -> None:
    listing = commands.add_parser(
        "claims", help="list the claim patterns and the claims coinproofs proves",
        description="List the claim patterns (ids such as devil.n<N>.impossible, with the limits "
                    "within which `prove` accepts any id) and the listed claims with their "
                    "statements.")
    listing.add_argument("--json", action="store_true", help="one JSON document on stdout")
    listing.add_argument("--all", action="store_true",
                         help="include the claims left out of the default `prove` run")
    listing.set_defaults(handler=list_claims)

    prove = commands.add_parser(
        "prove", help="prove claims and write their certificates",
        description="Prove the named claims (ids such as devil.n2047.impossible, within the "
                    "limits `coinproofs claims` lists, or globs over the listed claims such as "
                    "'devil.*'; the default set when none is named), write one <id>.json "
                    "certificate per claim into the output folder, and re-check each with the "
                    "kernel. Exit 0 iff every claim was proved.")
    prove.add_argument("ids", nargs="*", metavar="ID-or-glob")
    prove.add_argument("--out", type=Path, default=Path("certificates"),
                       help="output folder (default: certificates)")
    prove.add_argument("--jobs", type=positive_int, default=1, help="claims proved at once")
    prove.add_argument("--json", action="store_true", help="one JSON document on stdout")
    prove.set_defaults(handler=prove_claims)

    verify = commands.add_parser(
        "verify", help="re-check certificates with the trusted kernel alone",
        description="Check certificates with the kernel (coinproofs/verify) alone: no engine, "
                    "encoder or solver is consulted. Exit 0 iff every certificate checks.")
    verify.add_argument("paths", nargs="*", type=Path, metavar="DIR-or-FILE",
                        help="certificate files or folders of them (default: certificates)")
    verify.add_argument("--json", action="store_true", help="one JSON document on stdout")
    verify.add_argument("--bound", action="append", default=[], type=bound_setting,
                        metavar="NAME=VALUE",
                        help="let the kernel do more (or less) work of one kind in this run "
                             "(repeatable); --bounds lists the bounds")
    verify.add_argument("--bounds", action="store_true",
                        help="list the kernel's work bounds (name, limit, what they limit) "
                             "and exit")
    verify.set_defaults(handler=verify_certificates)


def list_claims(args: argparse.Namespace) -> int:
    from coinproofs.proofs.registry import all_claims, pattern_of, patterns, shown

    specs = [spec for spec in all_claims() if spec.default or args.all]
    if args.json:
        print_json({"patterns": [pattern.as_json() for pattern in patterns()],
                    "claims": [spec.as_json() | {"default": spec.default,
                                                 "pattern": shown(pattern_of(spec.id).template)}
                               for spec in specs]})
        return 0
    from rich.console import Console
    from rich.table import Table

    forms = Table(title="claim patterns: `coinproofs prove ID` takes any id within the limits")
    forms.add_column("pattern", no_wrap=True)
    forms.add_column("limits")
    forms.add_column("claims of this form say")
    for pattern in patterns():
        forms.add_row(shown(pattern.template), pattern.limits, pattern.about)
    table = Table(title="the claims proved by a bare `coinproofs prove`" if not args.all
                  else "the listed claims (the default ones and those proved on request)")
    table.add_column("claim", no_wrap=True)
    table.add_column("statement")
    for spec in specs:
        table.add_row(spec.id, spec.statement)
    console = Console()
    console.print(forms)
    console.print(table)
    return 0


def prove_claims(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.text import Text

    from coinproofs.proofs.registry import select
    from coinproofs.proofs.runner import Outcome, prove_all

    specs = select(args.ids)
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UserError(f"cannot use {args.out} as the output folder: {error.strerror}") from None
    errors = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(),
               TextColumn("{task.completed}/{task.total}"),
               TimeElapsedColumn())
    with Progress(*columns, console=errors, transient=True) as progress:
        task = progress.add_task("proving", total=len(specs))

        def started(message: str) -> None:
            progress.update(task, description=f"proving {message}")

        def done(outcome: Outcome) -> None:
            progress.advance(task)
            if not outcome.proved:  # the table at the end lists every claim
                errors.print(Text.assemble(("NOT proved", "red"),
                                           f" {outcome.claim_id}: {outcome.reason}"))

        outcomes = prove_all(specs, args.out, args.jobs, started, done)
    if args.json:
        print_json([{"id": o.claim_id, "proved": o.proved, "evidence": list(o.methods),
                     "seconds": round(o.seconds, 3), "reason": o.reason} for o in outcomes])
    else:
        _print_table("proofs", [(o.claim_id, o.proved, o.methods, o.seconds, o.reason)
                                for o in outcomes])
    return 0 if all(o.proved for o in outcomes) else 1


def bound_setting(text: str) -> tuple[str, int]:
    """An argparse type: NAME=VALUE, a bound's name and a whole number."""
    name, _, value = text.partition("=")
    if not name or not value.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE with a whole number")
    return name, int(value)


def verify_certificates(args: argparse.Namespace) -> int:
    # The kernel alone: nothing from games/, encodings/ or proofs/ is imported here.
    from coinproofs.verify.certificate import load_kernel
    from coinproofs.verify.schema import BOUNDS, raised

    load_kernel()  # every bound is declared
    if args.bounds:
        return _list_bounds(args.json)
    for name, _ in args.bound:
        if name not in BOUNDS:
            raise UserError(f"there is no bound named {name!r}; `coinproofs verify --bounds` "
                            "lists them")
    with raised(dict(args.bound)):
        rows = _verdicts(args.paths or [Path("certificates")])
    if args.json:
        print_json([{"id": name, "accepted": ok, "evidence": list(methods),
                     "seconds": round(seconds, 3), "reason": reason}
                    for name, ok, methods, seconds, reason in rows])
    else:
        _print_table("certificates", rows, good="accepted", bad="REJECTED")
    return 0 if all(ok for _, ok, _, _, _ in rows) else 1


def _verdicts(paths: list[Path]) -> list[tuple[str, bool, tuple[str, ...], float, str]]:
    """A row for each certificate named or in a folder named, and one for each folder that
    does not match its manifest (whose certificates are checked all the same)."""
    from coinproofs.verify.certificate import Rejected, Verdict, check_file
    from coinproofs.verify.manifest import NAME, check_manifest, check_named

    rows: list[tuple[str, bool, tuple[str, ...], float, str]] = []
    for path in paths:
        if path.is_dir():
            if not (path / NAME).exists() and not any(path.glob("*.json")):
                raise UserError(f"no certificates (*.json) found in {path}")
            check = check_named
            try:
                files = check_manifest(path)
            except Rejected as rejection:
                rows.append((str(path / NAME), False, (), 0.0, str(rejection)))
                check, files = check_file, sorted(path.glob("*.json"))
        elif path.is_file():
            check, files = check_file, [path]
        else:
            raise UserError(f"{path} is neither a certificate file nor a folder "
                            "(run `coinproofs prove` first)")
        for file in files:
            start = time.perf_counter()
            try:
                verdict: Verdict = check(file)
                rows.append((verdict.claim.id, True, tuple(verdict.methods),
                             time.perf_counter() - start, ""))
            except Rejected as rejection:
                rows.append((str(file), False, (), time.perf_counter() - start, str(rejection)))
    if not rows:
        raise UserError(f"no certificates (*.json) found in {', '.join(map(str, paths))}")
    return rows


def _list_bounds(as_json: bool) -> int:
    from coinproofs.verify.schema import BOUNDS

    bounds = sorted(BOUNDS.values(), key=lambda bound: bound.name)
    if as_json:
        print_json([{"name": b.name, "limit": b.limit, "unit": b.unit, "why": b.why}
                    for b in bounds])
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title="the kernel's work bounds: `coinproofs verify --bound NAME=VALUE` "
                        "changes one for a run")
    table.add_column("bound", no_wrap=True)
    table.add_column("limit", justify="right", no_wrap=True)
    table.add_column("of")
    table.add_column("what it limits")
    for bound in bounds:
        table.add_row(bound.name, f"{bound.limit:,}", bound.unit, bound.why)
    Console(file=sys.stdout).print(table)
    return 0


def _print_table(title: str, rows: list[tuple[str, bool, tuple[str, ...], float, str]],
                 good: str = "proved", bad: str = "NOT proved") -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    def shown(text: str) -> Text:
        # Names and reasons can come from a hostile certificate: no markup, no escape codes.
        return Text("".join(c if c.isprintable() else repr(c)[1:-1] for c in text))

    table = Table(title=title)
    table.add_column("claim", overflow="fold")
    table.add_column("verdict", no_wrap=True, min_width=len(bad))
    table.add_column("evidence", overflow="fold")
    table.add_column("seconds", justify="right", no_wrap=True)
    table.add_column("reason", overflow="fold")
    for name, ok, methods, seconds, reason in rows:
        verdict = f"[green]{good}[/green]" if ok else f"[red]{bad}[/red]"
        table.add_row(shown(name), verdict, shown(", ".join(methods)), f"{seconds:.2f}",
                      shown(reason))
    Console(file=sys.stdout).print(table)
