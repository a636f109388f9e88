"""`coinproofs claims`, `prove` and `verify`: the claim registry and the certificates."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any

from coinproofs.certificates import (
    MAX_JOBS,
    UNFINISHED,
    Verdict,
    Verdicts,
    certificate_files,
    check_certificate,
    claims,
    finishing_command,
    prove,
    verify,
    verify_coq,
)
from coinproofs.cli.common import UserError, path_name, positive_int, print_json, print_table
from coinproofs.coq import Unsupported, module_name
from coinproofs.progress import Watcher
from coinproofs.proofs.registry import find, left_out, on_request_text, select
from coinproofs.text import distinct, plural
from coinproofs.verify.certificate import load_kernel
from coinproofs.verify.manifest import NAME
from coinproofs.verify.schema import BOUNDS, raised


def register(commands: Any) -> None:
    listing = commands.add_parser(
        "claims", help="list the claim patterns and the claims coinproofs proves",
        description="List the claim patterns (ids such as devil.n<N>.impossible, with the limits "
                    "within which `prove` accepts any id) and the listed claims with their "
                    "statements, or the claims the ids and globs name.")
    listing.add_argument("ids", nargs="*", metavar="ID-or-glob",
                         help="show these claims (any id within a pattern's limits, such as "
                              "devil.n4.g0-1c2-3.g0-2c1-3.shortest, or a glob over the listed "
                              "claims) instead of the default ones")
    listing.add_argument("--json", action="store_true", help="one JSON document on stdout")
    listing.add_argument("--all", action="store_true",
                         help="include the claims left out of the default `prove` run")
    listing.add_argument("--coq", metavar="ID",
                         help="print the claim ID as Coq states it, in the terms of the rules "
                              "files formal/rules/ (the statement that "
                              "the claim's Coq proof must prove)")
    listing.set_defaults(handler=list_claims)

    prove = commands.add_parser(
        "prove", help="prove claims and write their certificates",
        description="Prove the named claims (ids such as devil.n2047.impossible, within the "
                    "limits `coinproofs claims` lists, or globs over the listed claims such as "
                    "'devil.*'; the default set when none is named), write one <id>.json "
                    "certificate per claim into the output folder, and re-check each with the "
                    "kernel. Exit 0 iff every claim was proved.")
    prove.add_argument("ids", nargs="*", metavar="ID-or-glob",
                       help="a claim id (devil.n5.impossible) or a glob over the listed claims "
                            "('devil.*'; quote it); none: the default claims")
    prove.add_argument("--out", type=path_name, default=Path("certificates"),
                       help="output folder (default: certificates)")
    prove.add_argument("--jobs", type=positive_int,
                       help="claims proved at once, each in a process of this machine "
                            f"(default 1, at most {MAX_JOBS})")
    prove.add_argument("--scheduler", metavar="ADDRESS",
                       help="prove on the existing Dask cluster whose scheduler is at ADDRESS "
                            "(such as tcp://10.0.0.5:8786) instead of in local processes: each "
                            "claim is a task that a worker proves and checks with the kernel, "
                            "as a local process does; the files come back and are written here, "
                            "the same bytes as with --jobs (a certificate counts only if it is "
                            "the one the worker checked). The workers need the same coinproofs "
                            "installed (pip install 'coinproofs[cluster]'). Not with --jobs: the "
                            "cluster's workers decide how many claims run at once. "
                            "Dask's distributed.comm.timeouts.connect (30s unless set, e.g. by "
                            "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=5s) bounds the wait for "
                            "the scheduler")
    prove.add_argument("--all", action="store_true",
                       help="let globs reach the claims proved only on request too (some take "
                            "hours: `coinproofs claims --all` says how long); without it they "
                            "are left out, and named")
    prove.add_argument("--json", action="store_true", help="one JSON document on stdout")
    add_bound_option(prove)
    add_quiet_option(prove, "proved")
    prove.set_defaults(handler=prove_claims)

    verify = commands.add_parser(
        "verify", help="re-check certificates with the trusted kernel alone",
        description="Check certificates with the kernel (coinproofs/verify) alone: no engine, "
                    "encoder or solver is consulted. Exit 0 iff every certificate checks.")
    verify.add_argument("paths", nargs="*", type=path_name, metavar="DIR-or-FILE",
                        help="certificate files or folders of them (default: certificates)")
    verify.add_argument("--json", action="store_true", help="one JSON document on stdout")
    add_bound_option(verify)
    add_quiet_option(verify, "checked")
    verify.add_argument("--bounds", action="store_true",
                        help="list the kernel's work bounds (name, limit, what they limit) "
                             "and exit")
    verify.add_argument("--coq", action="store_true",
                        help="check the Coq proofs instead, with Coq alone: compile each "
                             "certificate's <module>.v against formal/ (built by `make "
                             "formal`), check that its theorem proves the claim's statement "
                             "(`coinproofs claims --coq ID` prints it), then run coqchk, "
                             "which must find no axiom")
    verify.add_argument("--jobs", type=positive_int,
                        help="with --coq: proofs compiled at once (default: one per core)")
    verify.add_argument("--admit-libraries", action="store_true",
                        help="with --coq: coqchk checks the proofs and formal/ but admits "
                             "MathComp and Coq's library beneath them, about 90 s less; for "
                             "a run after `make formal-gate`, whose coqchk checks those")
    verify.set_defaults(handler=verify_certificates)


def add_bound_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bound", action="append", default=[], type=bound_setting,
                        metavar="NAME=VALUE",
                        help="let the kernel do more (or less) work of one kind in this run "
                             "(repeatable); `coinproofs verify --bounds` lists the bounds")


def add_quiet_option(parser: argparse.ArgumentParser, done: str) -> None:
    parser.add_argument("-q", "--quiet", action="store_true",
                        help=f"no progress on stderr (by default a line per claim {done}, "
                             "flushed, and a bar on a terminal)")


def known_bounds(settings: list[tuple[str, int]]) -> dict[str, int]:
    """The bounds asked for with --bound, each a bound the kernel declares."""
    # deferred: 48 ms of CPU to load (docs/design.md, "Imports")
    import coinproofs.coq.check  # noqa: F401 (declares the coq.* bounds of verify --coq)

    load_kernel()  # every bound is declared
    for name, _ in settings:
        if name not in BOUNDS:
            raise UserError(f"there is no bound named {name!r}; `coinproofs verify --bounds` "
                            "lists them")
    return dict(settings)


def list_claims(args: argparse.Namespace) -> int:
    if args.coq is not None:
        return coq_statement(args.coq, args.json)
    listing = claims(*args.ids, every=args.all)
    if args.json:
        print_json(listing)
        return 0
    print_table("claim patterns: `coinproofs prove ID` takes any id within the limits",
                ["pattern", "limits", "claims of this form say"],
                [[form["pattern"], form["limits"], form["about"]] for form in listing["patterns"]],
                wrap=["limits", "claims of this form say"])
    print()
    if args.all and not args.ids:
        print_table("the listed claims: the default ones, and those proved on request (globs "
                    "reach these only with `prove --all`)", ["claim", "proved", "statement"],
                    [[claim["id"], "by default" if claim["default"]
                      else f"on request: {claim['takes']}", claim["statement"]]
                     for claim in listing["claims"]], wrap=["statement"])
        return 0
    print_table("the claims named" if args.ids else "the claims a bare `coinproofs prove` proves",
                ["claim", "statement"],
                [[claim["id"], claim["statement"]] for claim in listing["claims"]],
                wrap=["statement"])
    return 0


def coq_statement(claim_id: str, as_json: bool) -> int:
    """Print a claim as Coq states it (the modules it needs, then the proposition)."""
    # deferred: 19 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.coq.build import statement

    claim = find(claim_id).as_json()
    try:
        stated = statement(claim)
    except Unsupported as why:
        raise UserError(f"{claim_id} has no Coq statement: {why}") from None
    requires = stated.imports
    if as_json:
        print_json({"id": claim_id, "module": module_name(claim_id), "requires": list(requires),
                    "statement": stated.text, "says": claim["statement"]})
    else:
        print(f"(* {claim['statement']} *)")
        print(f"From CoinProofs Require Import {' '.join(requires)}.")
        print(f"Theorem claim : {stated.text}.")
    return 0


def prove_claims(args: argparse.Namespace) -> int:
    if args.jobs is not None and args.scheduler is not None:
        raise UserError("--jobs and --scheduler cannot be combined: on a Dask cluster its "
                        "workers decide how many claims are proved at once")
    if args.jobs is not None and args.jobs > MAX_JOBS:
        raise UserError(f"--jobs {args.jobs} is too many: at most {MAX_JOBS} claims are proved "
                        "at once (each in its own process)")
    bounds = known_bounds(args.bound)
    select(args.ids, args.all)  # refuses bad ids before any progress is shown
    skipped = [] if args.all else left_out(args.ids)
    if skipped:  # said before the work starts, so nobody waits for hours unawares
        print(f"left out {plural(len(skipped), 'claim')} proved only on request that "
              f"{' '.join(map(repr, args.ids))} also matches: {on_request_text(skipped)}; "
              "add --all to prove them too", file=sys.stderr)
    try:
        proofs = prove(*args.ids, out=args.out, jobs=args.jobs or 1, scheduler=args.scheduler,
                       every=args.all, bounds=bounds, progress=not args.quiet)
    except KeyboardInterrupt:
        command = finishing_command(args.out)
        if command is None:
            raise
        print(f"coinproofs: interrupted; `{command}` finishes it, keeping the certificates "
              "already proved", file=sys.stderr)
        return 130
    kept = sum(outcome.kept for outcome in proofs)
    summary = proofs.summary + (f" ({kept:,} kept from the unfinished run)" if kept else "")
    return report(args.json, "proofs", ("proved", "NOT proved"), summary,
                  [(o.claim_id, o.proved, o.methods, o.seconds, o.reason, o.kept)
                   for o in proofs])


# claim, verdict, evidence, seconds, reason (and, when proving, whether it was kept)
Row = tuple[str, bool, tuple[str, ...], float, str] | tuple[str, bool, tuple[str, ...], float,
                                                            str, bool]


def report(as_json: bool, title: str, verdicts: tuple[str, str], summary: str,
           rows: list[Row]) -> int:
    """The outcome of proving or verifying: one JSON document, or a table and a summary line.
    Exit status 0 iff every row is good."""
    good, bad = verdicts
    if as_json:
        key = good.split()[-1]  # "proved" or "accepted"
        print_json([{"id": row[0], key: row[1], "evidence": list(distinct(row[2])),
                     "seconds": round(row[3], 3), "reason": row[4]}
                    | ({"kept": row[5]} if len(row) > 5 else {}) for row in rows])
    else:
        print_table(title, ["claim", "verdict", "evidence", "seconds", "reason"],
                    [[row[0], ("kept" if len(row) > 5 and row[5] else good) if row[1] else bad,
                      ", ".join(distinct(row[2])), f"{row[3]:,.2f}", row[4]] for row in rows],
                    wrap=["evidence", "reason"])
        print(summary)
    return 0 if all(row[1] for row in rows) else 1


def bound_setting(text: str) -> tuple[str, int]:
    """An argparse type: NAME=VALUE, a bound's name and a whole number."""
    name, _, value = text.partition("=")
    if not name or not value.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE with a whole number")
    return name, int(value)


def verify_certificates(args: argparse.Namespace) -> int:
    # The kernel alone: nothing from games/, encodings/ or proofs/ is imported here.
    bounds = known_bounds(args.bound)
    if args.bounds:
        return _list_bounds(args.json)
    if args.jobs is not None and not args.coq:
        raise UserError("--jobs goes with --coq (the kernel checks one certificate at a time)")
    if args.admit_libraries and not args.coq:
        raise UserError("--admit-libraries goes with --coq (the kernel runs no coqchk)")
    paths = args.paths or [Path("certificates")]
    for path in paths:
        if not path.exists():
            raise UserError(f"{path} is neither a certificate file nor a folder "
                            "(run `coinproofs prove` first)")
        if (path.is_dir() and not (path / NAME).exists() and not (path / UNFINISHED).exists()
                and not certificate_files(path)):
            raise UserError(f"no certificates (*.json) found in {path}")
    if args.coq:
        return verify_coq_proofs(args, paths)
    verdicts: list[Verdict] = []
    problems: list[Row] = []  # a folder that does not match its manifest
    total = sum(len(certificate_files(path)) if path.is_dir() else 1 for path in paths)
    with Watcher(total, "checking", not args.quiet) as watcher, raised(bounds):
        for path in paths:
            if not path.is_dir():
                watcher.start(str(path))
                verdicts.append(check_certificate(path))
                watcher.done(verdicts[-1])
                continue
            result = verify(path, progress=False, on_start=watcher.start, on_done=watcher.done)
            assert isinstance(result, Verdicts)
            verdicts += result.items
            if result.problem:
                problems.append((str(path / NAME), False, (), 0.0, result.problem))
    summary = Verdicts(tuple(verdicts)).summary
    if problems:
        summary += f"; {plural(len(problems), 'folder')} not as {NAME} says"
    return report(args.json, "certificates", ("accepted", "REJECTED"), summary,
                  problems + [(v.claim, v.accepted, v.evidence, v.seconds, v.reason)
                              for v in verdicts])


def verify_coq_proofs(args: argparse.Namespace, paths: list[Path]) -> int:
    """`verify --coq`: Coq's verdict on the proof of every certificate named."""
    # deferred: 48 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.coq.check import jobs_default

    compiled: list[str] = []  # the claims whose proofs coqc accepted (or an earlier run did)
    try:
        checked = verify_coq(*paths, jobs=args.jobs or jobs_default(),
                             bounds=known_bounds(args.bound), progress=not args.quiet,
                             admit_libraries=args.admit_libraries,
                             on_done=lambda verdict: compiled.extend(
                                 [verdict.claim] if verdict.accepted else []))
    except KeyboardInterrupt:
        again = ["coinproofs", "verify", "--coq", *map(str, paths)]
        again += ["--jobs", str(args.jobs)] if args.jobs else []
        print(f"coinproofs: interrupted with {plural(len(compiled), 'Coq proof')} compiled; "
              f"`{shlex.join(again)}` finishes it, without compiling them again",
              file=sys.stderr)
        return 130
    rows: list[Row] = [(v.claim, v.accepted, v.evidence, v.seconds, v.reason) for v in checked]
    if checked.problem:
        rows.insert(0, ("folder", False, (), 0.0, checked.problem))
    return report(args.json, "Coq proofs", ("accepted", "REJECTED"), checked.summary, rows)


def _list_bounds(as_json: bool) -> int:
    bounds = sorted(BOUNDS.values(), key=lambda bound: bound.name)
    if as_json:
        print_json([{"name": b.name, "limit": b.limit, "unit": b.unit, "why": b.why}
                    for b in bounds])
    else:
        print_table("the work bounds (the kernel's; coq.* those of verify --coq): `coinproofs "
                    "verify --bound NAME=VALUE` changes "
                    "one for a run", ["bound", "limit", "of", "what it limits"],
                    [[b.name, f"{b.limit:,}", b.unit, b.why] for b in bounds],
                    wrap=["what it limits"])
    return 0
