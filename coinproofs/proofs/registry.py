"""The claim registry: claim ids are patterns, each with its limits and the prover behind it.

A :class:`ClaimPattern` such as ``devil.n<N>.impossible`` stands for every claim of that form.
It names its parameters in its template, says in words which values it accepts (its limits),
builds the concrete :class:`ClaimSpec` for any id it matches, and lists the concrete claims that
``coinproofs claims`` shows: those a bare ``coinproofs prove`` (and so ``make prove``) proves,
and those proved only on request. ``coinproofs prove ID`` accepts any id a pattern matches
within its limits; a glob such as ``'devil.n*.impossible'`` ranges over the listed claims.

Each game's prover module (``proofs/devil.py`` for the whole rotating-table family,
``proofs/penny.py``, ``proofs/norepeat.py``, ``proofs/glasses.py``) defines
``patterns() -> list[ClaimPattern]``. Adding a pattern takes a template, a sentence of limits, a
builder and the lists of default and on-request parameters::

    ClaimPattern("devil.n<N>.lamping", about="...", limits="N = 1, 2, 4, 8 or 16",
                 build=lamping_claim, defaults=[{"n": 16}])

Template syntax: ``<N>`` is a whole number (written without leading zeros) passed to the
builder as the keyword ``n`` (the name in lower case); ``<kind:shortest|impossible>`` is one of
the listed words, passed as ``kind``; ``[...]`` is optional, and a parameter inside an absent
optional part is not passed at all (the builder's default applies). The builder raises
:class:`OutOfLimits` with a sentence naming the limit for values it cannot prove. When two
patterns match an id, the first registered one builds it.

A prover returns the evidence list of a certificate and may write artifact files through its
:class:`ProofContext`; the runner adds the claim, the provenance, and writes the certificate
atomically.
"""

from __future__ import annotations

import dataclasses
import difflib
import fnmatch
import hashlib
import importlib
import inspect
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from coinproofs.atomic import write_bytes_atomically
from coinproofs.verify.certificate import GAMES

Evidence = dict[str, Any]
Params = Mapping[str, Any]


@dataclass
class ProofContext:
    """What a prover may use: the output folder, a place to report progress and solvers.

    Without an output folder (`out_dir` None: a worker of a Dask cluster, whose disk is not the
    client's), artifacts are kept in `kept`, by name, for the client to write."""

    out_dir: Path | None
    claim_id: str
    progress: Callable[[str], None] = lambda message: None
    solvers: set[str] = field(default_factory=set)
    kept: dict[str, bytes] = field(default_factory=dict)

    def artifact(self, suffix: str, data: bytes) -> dict[str, str]:
        """Write `<claim id>.<suffix>` beside the certificate (or keep it); return its name and
        SHA-256."""
        name = f"{self.claim_id}.{suffix}"
        if self.out_dir is None:
            self.kept[name] = data
        else:
            write_bytes_atomically(self.out_dir / name, data)
        return {"file": name, "sha256": hashlib.sha256(data).hexdigest()}


@dataclass(frozen=True)
class ClaimSpec:
    """A claim (as the kernel will read it) and the function that finds its evidence."""

    id: str
    game: str
    kind: str
    params: dict[str, Any]
    value: Any
    statement: str
    prove: Callable[[ProofContext], list[Evidence]] = field(compare=False, repr=False)
    default: bool = False  # proved by a bare `coinproofs prove` (set by the registry)
    takes: str = ""  # of a claim proved on request: how long it may take (set by the registry)
    lemmas: tuple[str, ...] = ()  # stated, not computed: cited in the certificate

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "params": self.params, "kind": self.kind,
                "value": self.value, "statement": self.statement}


class OutOfLimits(ValueError):
    """A claim id that matches a pattern, with parameters the pattern cannot prove; the message
    names the limit in one sentence."""


class UnknownClaim(ValueError):
    """A claim id that no pattern matches, or a glob that matches no listed claim."""


# --- Templates ----------------------------------------------------------------------------------

_PART = re.compile(r"<(?P<name>\w+)(?::(?P<words>[\w|-]+))?>|\[|\]|[^<\[\]]+")
WHOLE_NUMBER = r"0|[1-9][0-9]*"  # no leading zeros: one id per claim


def template_regex(template: str) -> re.Pattern[str]:
    """The regular expression of the ids a template stands for.

    >>> template_regex("norepeat.n<n>.<rule:normal|misere>").pattern
    'norepeat\\\\.n(?P<n>0|[1-9][0-9]*)\\\\.(?P<rule>normal|misere)'
    >>> bool(template_regex("devil.n<N>[.q<Q>].shortest").fullmatch("devil.n4.q3.shortest"))
    True
    """
    pieces = []
    for part in _PART.finditer(template):
        text = part.group(0)
        if part.group("name"):
            words = part.group("words")
            pieces.append(f"(?P<{part.group('name').lower()}>{words or WHOLE_NUMBER})")
        else:
            pieces.append({"[": "(?:", "]": ")?"}.get(text) or re.escape(text))
    return re.compile("".join(pieces))


def shown(template: str) -> str:
    """The template as people read it: word choices without their parameter names.

    >>> shown("norepeat.n<n>.<rule:normal|misere>")
    'norepeat.n<n>.normal|misere'
    """
    return re.sub(r"<\w+:([\w|-]+)>", r"\1", template)


def within(name: str, value: int, least: int, most: int, why: str = "") -> None:
    """Raise OutOfLimits unless least <= value <= most (`why` says where the limit comes from).

    >>> within("N", 5000, 3, 4096, "the largest table the kernel checks")
    Traceback (most recent call last):
    ...
    coinproofs.proofs.registry.OutOfLimits: N must lie in 3..4,096 (the largest table the \
kernel checks), not 5,000
    """
    if not least <= value <= most:
        reason = f" ({why})" if why else ""
        raise OutOfLimits(f"{name} must lie in {least:,}..{most:,}{reason}, not {value:,}")


# --- Patterns -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class ClaimPattern:
    """Every claim of one form: its template, its limits, how to build one, which are listed.

    `build` takes the template's parameters as keywords (whole numbers as ints, word choices
    as strings) and returns the claim, or raises OutOfLimits. `defaults` lists the parameters
    of the claims a bare `coinproofs prove` proves; `on_request` those that `claims --all`
    lists, but that are proved only when named or when a glob asks for every claim it
    matches; `takes` says how long proving one of them may take, by id (default "seconds").
    """

    template: str
    about: str
    limits: str
    build: Callable[..., ClaimSpec]
    defaults: Sequence[Params] = ()
    on_request: Sequence[Params] = ()
    takes: Mapping[str, str] = field(default_factory=dict)

    @cached_property
    def regex(self) -> re.Pattern[str]:
        return template_regex(self.template)

    def parameters(self, claim_id: str) -> dict[str, Any] | None:
        """The parameters of `claim_id` if this pattern matches it, else None."""
        match = self.regex.fullmatch(claim_id)
        if match is None:
            return None
        return {name: int(value) if value.isdigit() else value
                for name, value in match.groupdict().items() if value is not None}

    def key(self, params: Params) -> tuple[tuple[str, Any], ...]:
        """The parameters as the builder receives them, its own defaults filled in: two sets
        of parameters that build the same claim have the same key."""
        bound = inspect.signature(self.build).bind(**params)
        bound.apply_defaults()
        return tuple(sorted(bound.arguments.items()))

    @cached_property
    def default_keys(self) -> frozenset[tuple[tuple[str, Any], ...]]:
        return frozenset(self.key(params) for params in self.defaults)

    @cached_property
    def on_request_keys(self) -> frozenset[tuple[tuple[str, Any], ...]]:
        return frozenset(self.key(params) for params in self.on_request)

    def claim(self, params: Params, default: bool = False) -> ClaimSpec:
        """The claim with these parameters (OutOfLimits if the pattern cannot prove it)."""
        return dataclasses.replace(self.build(**params), default=default)

    def listed(self) -> list[ClaimSpec]:
        """The default claims, then those proved on request."""
        on_request = [self.claim(params) for params in self.on_request]
        return ([self.claim(params, default=True) for params in self.defaults]
                + [dataclasses.replace(spec, takes=self.takes.get(spec.id, SECONDS))
                   for spec in on_request])

    def as_json(self) -> dict[str, Any]:
        return {"pattern": shown(self.template), "about": self.about, "limits": self.limits}


@cache
def patterns() -> tuple[ClaimPattern, ...]:
    """Every claim pattern, game by game, in the order each game lists them."""
    found: list[ClaimPattern] = []
    for game in GAMES:
        module = importlib.import_module(f"coinproofs.proofs.{game}")
        found.extend(module.patterns())
    return tuple(found)


@cache
def _listed() -> tuple[ClaimSpec, ...]:
    return tuple(spec for pattern in patterns() for spec in pattern.listed())


def pattern_of(claim_id: str) -> ClaimPattern:
    """The pattern that builds `claim_id` (UnknownClaim if none matches)."""
    for pattern in patterns():
        if pattern.parameters(claim_id) is not None:
            return pattern
    raise UnknownClaim(f"no claim matches {claim_id!r}; `coinproofs claims` lists the patterns")


def all_claims() -> list[ClaimSpec]:
    """Every listed claim (default and on request), pattern by pattern."""
    return list(_listed())


def find(claim_id: str) -> ClaimSpec:
    """The claim with this id, listed or not, if a pattern matches it within its limits;
    otherwise UnknownClaim or OutOfLimits, with a sentence saying why. Only this claim is
    built (not every listed one: `claims ID` and `prove ID` start at once)."""
    try:
        pattern = pattern_of(claim_id)
    except UnknownClaim:
        # The suggestion is made here, not in pattern_of, which also answers "is this a
        # claim's name?" for every file of a folder and must stay cheap when it is not.
        raise UnknownClaim(f"no claim matches {claim_id!r}{_did_you_mean(claim_id)}; "
                           "`coinproofs claims` lists the patterns") from None
    params = pattern.parameters(claim_id)
    assert params is not None
    try:
        spec = pattern.claim(params)
    except OutOfLimits as limit:
        raise OutOfLimits(f"cannot prove {claim_id}: {limit} "
                          f"(the limits of {shown(pattern.template)}: {pattern.limits})") from None
    if spec.id != claim_id:  # the builder names its claims; a mismatch is a registry bug
        raise RuntimeError(f"the pattern {pattern.template} built {spec.id} for {claim_id}")
    key = pattern.key(params)
    if key in pattern.default_keys:
        return dataclasses.replace(spec, default=True)
    if key in pattern.on_request_keys:
        return dataclasses.replace(spec, takes=pattern.takes.get(spec.id, SECONDS))
    return spec


def _did_you_mean(text: str) -> str:
    """The claim ids closest to a mistyped one, as the end of a sentence ("" if none is close):
    listed ids, and listed ids with the typed numbers in place of their own
    ('penny.p-position.m30' means penny.p-positions.m30, listed or not).

    >>> _did_you_mean("devil.n4.shortes")
    ' (did you mean devil.n4.shortest?)'
    >>> _did_you_mean("penny.riddler-20-3O")
    ' (did you mean penny.riddler-20-30?)'
    """
    numbers = re.findall(r"[0-9]+", text)
    candidates = {}  # a dict, not a set: the same text gives the same suggestions every run
    for claim in _listed():
        candidates[claim.id] = True
        pieces = re.split(r"([0-9]+)", claim.id)
        if len(pieces) // 2 == len(numbers):
            pieces[1::2] = numbers
            candidates.setdefault("".join(pieces), False)
    close = [name for name in difflib.get_close_matches(text, list(candidates), n=6, cutoff=0.85)
             if candidates[name] or _builds(name)]
    if not close:
        return ""
    # difflib also offers ids one character further (devil.n5.shortest for devil.n4.shortes):
    # only those as close as the closest are worth naming.
    best = difflib.SequenceMatcher(None, text, close[0]).ratio()
    close = [name for name in close if difflib.SequenceMatcher(None, text, name).ratio() == best]
    return f" (did you mean {' or '.join(close[:3])}?)"


def _builds(claim_id: str) -> bool:
    """Does some pattern build this id within its limits?"""
    for pattern in patterns():
        params = pattern.parameters(claim_id)
        if params is not None:
            try:
                pattern.claim(params)
            except OutOfLimits:
                return False
            return True
    return False


SECONDS = "seconds"  # what a claim proved on request takes, unless its pattern says more


class OnRequestOnly(UnknownClaim):
    """A glob that matches only claims proved on request, without asking for them."""


def is_glob(text: str) -> bool:
    """Does `text` use glob characters (and so range over the listed claims)?"""
    return any(character in text for character in "*?[")


def select(requests: Iterable[str], every: bool = False) -> list[ClaimSpec]:
    """The claims named by ids (any within a pattern's limits) or globs (over the listed
    default claims, and with `every` over those proved on request too, which may take hours);
    the default set when nothing is named. Listed claims come in registry order, then the
    others in the order named; each claim once."""
    requests = list(requests)
    if requests and not any(map(is_glob, requests)):  # ids alone: build only those
        only = list({claim.id: claim for claim in map(find, requests)}.values())
        return sorted(only, key=lambda claim: _place(claim, requests.index(claim.id)))
    listed = _listed()
    if not requests:
        return [claim for claim in listed if claim.default]
    globs = [request for request in requests if is_glob(request)]
    unmatched = [glob for glob in globs
                 if not any(fnmatch.fnmatchcase(claim.id, glob) for claim in listed)]
    if unmatched:
        raise UnknownClaim(f"no claim matches {', '.join(map(repr, unmatched))}"
                           f"{_did_you_mean(unmatched[0])}; `coinproofs claims` lists them")
    for glob in globs:
        matched = [claim for claim in listed if fnmatch.fnmatchcase(claim.id, glob)]
        if not every and not any(claim.default for claim in matched):
            raise OnRequestOnly(f"{glob!r} matches only claims proved on request: "
                                f"{on_request_text(matched)}; name them, or ask for every "
                                "claim a glob matches (`coinproofs prove --all`)")
    named = {request: find(request) for request in requests if not is_glob(request)}
    chosen = [claim for claim in listed if claim.id in named
              or ((claim.default or every)
                  and any(fnmatch.fnmatchcase(claim.id, glob) for glob in globs))]
    ids = {claim.id for claim in chosen}
    for claim in named.values():
        if claim.id not in ids:
            chosen.append(claim)
            ids.add(claim.id)
    return chosen


def _place(claim: ClaimSpec, named_at: int) -> tuple[int, int, int]:
    """Where select() puts a claim named by its id: a listed claim in registry order (its
    pattern, then its place in the pattern's list), then the others in the order named."""
    pattern = pattern_of(claim.id)
    params = pattern.parameters(claim.id)
    assert params is not None
    keys = [pattern.key(listed) for listed in [*pattern.defaults, *pattern.on_request]]
    key = pattern.key(params)
    if key in keys:
        return 0, patterns().index(pattern), keys.index(key)
    return 1, named_at, 0


def left_out(requests: Iterable[str]) -> list[ClaimSpec]:
    """The claims proved on request that globs among `requests` match, left out of
    select(requests) unless it is asked for every claim (and not named themselves)."""
    requests = list(requests)
    globs = [request for request in requests if is_glob(request)]
    if not globs:  # only a glob leaves a claim out: listing every claim takes seconds
        return []
    return [claim for claim in _listed() if not claim.default and claim.id not in requests
            and any(fnmatch.fnmatchcase(claim.id, glob) for glob in globs)]


def takes_text(claims: Sequence[tuple[str, str]], shown: int = 4) -> str:
    """How long the claims (id, takes) take, from what each declares: the longer ones named,
    the others counted. What `prove` and `verify --coq` say before they start, so that nobody
    waits for minutes unawares.

    >>> takes_text([("devil.n4.shortest", ""), ("devil.n8.shortest", "")])
    '2 claims, seconds each'
    >>> takes_text([("devil.n4.shortest", ""), ("penny.p-positions.m100000", "about a minute")])
    '2 claims: penny.p-positions.m100000 about a minute; the other one seconds'
    """
    longer = [(claim, takes) for claim, takes in claims if takes not in ("", SECONDS)]
    quick = len(claims) - len(longer)
    if not longer:
        return f"{len(claims):,} claim{'s' if len(claims) != 1 else ''}" + (
            ", seconds each" if len(claims) != 1 else ", seconds")
    named = ", ".join(f"{claim} {takes}" for claim, takes in longer[:shown])
    more = f" and {len(longer) - shown:,} more taking longer" if len(longer) > shown else ""
    others = ("" if not quick else "; the other one seconds" if quick == 1
              else f"; the other {quick:,} seconds each")
    return f"{len(claims):,} claim{'s' if len(claims) != 1 else ''}: {named}{more}{others}"


def on_request_text(claims: Sequence[ClaimSpec], shown: int = 4) -> str:
    """Claims proved on request, grouped by how long each may take, the first few of each
    group named: 'norepeat.n17.normal, ... (seconds each); norepeat.n6.misere (about 40
    minutes ...)'.
    """
    groups: dict[str, list[str]] = {}
    for claim in claims:
        groups.setdefault(claim.takes or SECONDS, []).append(claim.id)
    parts = []
    for takes, ids in groups.items():
        more = f" and {len(ids) - shown:,} more" if len(ids) > shown else ""
        parts.append(f"{', '.join(ids[:shown])}{more} ({takes}{' each' if len(ids) > 1 else ''})")
    return "; ".join(parts)
