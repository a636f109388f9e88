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


def certificate_files(paths: list[Path]) -> list[Path]:
    """The certificate files named, directly or as folders of `*.json` files."""
    paths = paths or [Path("certificates")]
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(path.glob("*.json")))
        elif path.is_file():
            files.append(path)
        else:
            raise UserError(f"{path} is neither a certificate file nor a folder "
                            "(run `coinproofs prove` first)")
    if not files:
        where = ", ".join(map(str, paths))
        raise UserError(f"no certificates (*.json) found in {where}")
    return files


def verify_certificates(args: argparse.Namespace) -> int:
    # The kernel alone: nothing from games/, encodings/ or proofs/ is imported here.
    from coinproofs.verify.certificate import Rejected, check_file

    rows: list[tuple[str, bool, tuple[str, ...], float, str]] = []
    for path in certificate_files(args.paths):
        start = time.perf_counter()
        try:
            verdict = check_file(path)
            rows.append((verdict.claim.id, True, tuple(verdict.methods),
                         time.perf_counter() - start, ""))
        except Rejected as rejection:
            rows.append((str(path), False, (), time.perf_counter() - start, str(rejection)))
    if args.json:
        print_json([{"id": name, "accepted": ok, "evidence": list(methods),
                     "seconds": round(seconds, 3), "reason": reason}
                    for name, ok, methods, seconds, reason in rows])
    else:
        _print_table("certificates", rows, good="accepted", bad="REJECTED")
    return 0 if all(ok for _, ok, _, _, _ in rows) else 1


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
