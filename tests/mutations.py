"""Hypothesis strategies that tamper with a valid certificate (tests/examples.py) the way an
attacker or a broken tool would: fields dropped, added, renamed, retyped; numbers at their
edges and beyond what JSON parsers agree on; lists cut, doubled and reordered; bytes of the document
flipped, cut and repeated; artifact files flipped, truncated, doubled, reordered by lines,
emptied, deleted, made huge, with their hash in the certificate updated (so that their content
is checked) or not (so that the hash is); and hostile inputs (`hostile`): strings that drive
each regular expression of the kernel to its worst, the parameters at the edges of every
bound (with the claim's id and statement made to match, so that the evidence is checked
against them), huge, sparse and many-line files, and named pipes and symbolic links in place
of a file.

`mutants(built)` draws a Mutant: the certificate's bytes and its artifacts as they are to be
written. Mutations aim mostly at the example's focus (an evidence method, the claim, or the
document's own fields), and sometimes anywhere.
"""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from coinproofs.verify import glasses, norepeat, penny
from coinproofs.verify import table as family
from coinproofs.verify.certificate import ARTIFACT_BYTES, DOCUMENT_BYTES, LINE_BYTES
from tests.examples import Built

Where = tuple[str | int, ...]

HUGE = 300 << 20  # an artifact of this many bytes is written as a sparse file

# Values of every JSON type, and of the kinds the kernel's fields hold, at their edges.
ODD_VALUES: list[Any] = [
    None, True, False, 0, 1, -1, 2, 3, 255, 2.5, 4.0, -0.0, 1e300, "", "x", "4", "true",
    [], {}, [0], [[0]], {"a": 1}, 2**31, 2**63, 2**64 + 1, 10**30, -(2**70), "x" * 300,
    "../etc/passwd", "a.json", "/dev/zero", "0" * 64, "A" * 64, "first", "second",
    "strategy", "lrat", "exhaustive", "devil", "penny", "norepeat", "shortest", "impossible",
]
# Numbers written straight into the JSON text: what json.dumps would never write.
ODD_NUMBERS = ["1e400", "-1e400", "NaN", "Infinity", "-Infinity", "1E2", "4.0", "-0", "0e0",
               "1" + "0" * 5000]
# Field names the kernel knows somewhere, and some it knows nowhere.
FIELD_NAMES = ["method", "moves", "file", "sha256", "length", "found_by", "layers", "depths",
               "beliefs", "encoding", "cnf", "cnf_sha256", "proof", "proof_sha256", "check",
               "p", "h", "name", "formal_sha256", "max", "positions", "pairs", "n", "misere",
               "note", "comment", "x", "", "__proto__", "id", "value", "statement"]
ODD_LINES = [b"\n", b"[]\n", b"[-1]\n", b"[1.5]\n", b"[true]\n", b"[1e400]\n", b"NaN\n",
             b"0 0\n", b"1 2\n", b"01 2\n", b"x\n", b"1 0 0\n", b"1 d 1 0\n", b"[[0]]\n",
             b"\xff\xfe\n", b"[" + b"1, " * 400_000 + b"1]\n"]


@dataclass(frozen=True)
class Special:
    """A file that is not a regular file of the folder: a named pipe ("fifo"), or a symbolic
    link ("link") to `target` (a path, or the name of a file beside it)."""

    kind: str
    target: str = ""


Written = bytes | int | Special  # the bytes of a file, the size of a sparse one, or a Special


@dataclass
class Mutant:
    """A tampered certificate: its bytes, and its artifacts (name -> bytes, or an int for a
    sparse file of that size, or a Special) as they are to be written; `how` lists the
    mutations, `kinds` their families (for the campaign's report)."""

    document: Written
    artifacts: dict[str, Written]
    how: list[str]
    kinds: list[str] = field(default_factory=list)


def places(obj: Any, where: Where = ()) -> list[Where]:
    """Every place in a JSON tree (the root too), parents before children."""
    found = [where]
    if isinstance(obj, dict):
        for key, value in obj.items():
            found += places(value, (*where, key))
    elif isinstance(obj, list):
        for index, value in enumerate(obj):
            found += places(value, (*where, index))
    return found


def focused(document: Any, focus: str) -> list[Where]:
    """The places mutations aim at for this focus (all of them, once the document is no
    longer an object with a claim and a list of evidence)."""
    if not (isinstance(document, dict) and isinstance(document.get("claim"), dict)
            and isinstance(document.get("evidence"), list)):
        return places(document)
    if focus == "document":
        return [where for where in places(document)
                if len(where) <= 1 or where[0] in ("lemmas", "provenance")]
    if focus == "claim":
        return places(document["claim"], ("claim",))
    return [where for index, item in enumerate(document["evidence"])
            if isinstance(item, dict) and item.get("method") == focus
            for where in places(item, ("evidence", index))]


def get(document: Any, where: Where) -> Any:
    for key in where:
        document = document[key]
    return document


@st.composite
def values(draw: st.DrawFn, document: Any, tokens: dict[str, str]) -> Any:
    """A value to put somewhere: odd, copied from elsewhere in the document, or a number
    written into the text as is (a placeholder for now, see `tokens`)."""
    choice = draw(st.sampled_from(["odd", "odd", "copy", "token"]))
    if choice == "odd":
        return copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))
    if choice == "copy":
        return copy.deepcopy(get(document, draw(st.sampled_from(places(document)))))
    placeholder = f"@@token{len(tokens)}@@"
    tokens[placeholder] = draw(st.sampled_from(ODD_NUMBERS))
    return placeholder


@st.composite
def tree_mutation(draw: st.DrawFn, document: dict[str, Any], focus: str,
                  tokens: dict[str, str]) -> str:
    """Change the document's JSON tree in one place; say how."""
    aimed = focused(document, focus) if draw(st.integers(0, 9)) else places(document)
    where = draw(st.sampled_from(aimed or places(document)))
    value = get(document, where)
    parent: Any = get(document, where[:-1]) if where else None
    options = ["replace", "add"] if isinstance(value, dict) else ["replace"]
    if isinstance(value, list) and value:
        options += ["list", "list"]
    if where:
        options.append("drop")
        if isinstance(parent, dict):
            options.append("rename")
        if isinstance(value, int) and not isinstance(value, bool):
            options += ["number", "number"]
        if isinstance(value, str):
            options.append("string")
    operation = draw(st.sampled_from(options))
    if operation == "drop":
        del parent[where[-1]]
    elif operation == "rename":
        parent[draw(st.sampled_from(FIELD_NAMES))] = parent.pop(where[-1])
    elif operation == "add":
        value[draw(st.sampled_from(FIELD_NAMES) | st.text(max_size=4))] = draw(
            values(document, tokens))
    elif operation == "replace":
        new = draw(values(document, tokens))
        if where:
            parent[where[-1]] = new
        else:
            return "root replaced"  # the caller writes `new` instead of the document
    elif operation == "number":
        parent[where[-1]] = draw(st.sampled_from(
            [value + 1, value - 1, 0, -value, 2 * value, value + 2**64, float(value), str(value),
             value * 10**20, True]))
    elif operation == "list":
        draw(list_change(value))
    else:
        parent[where[-1]] = draw(st.sampled_from(
            [value[:-1], value + "0", value.upper(), value[::-1], value * 2, value[1:],
             value.replace("1", "0", 1)]))
    return f"{operation} at {list(where)}"


@st.composite
def list_change(draw: st.DrawFn, items: list[Any]) -> None:
    """Cut, double, reorder or nest the items of a list, in place."""
    i = draw(st.integers(0, len(items) - 1))
    j = draw(st.integers(0, len(items) - 1))
    operation = draw(st.sampled_from(["drop", "double", "swap", "reverse", "clear", "nest",
                                      "append"]))
    if operation == "drop":
        del items[i]
    elif operation == "double":
        items.insert(i, copy.deepcopy(items[i]))
    elif operation == "swap":
        items[i], items[j] = items[j], items[i]
    elif operation == "reverse":
        items.reverse()
    elif operation == "clear":
        items.clear()
    elif operation == "nest":
        items[i] = [items[i]]
    else:
        items.extend(copy.deepcopy(items[: draw(st.integers(1, 3))]))


@st.composite
def bytes_change(draw: st.DrawFn, data: bytes, lines: bool) -> tuple[bytes | int, str]:
    """Flip, cut, double, reorder (by lines) or blow up some bytes; say how."""
    options = ["flip", "flip", "truncate", "double", "slice", "empty", "huge"]
    if lines and data.count(b"\n") > 1:
        options += ["drop line", "double line", "swap lines", "odd line", "odd line"]
    operation = draw(st.sampled_from(options))
    at = draw(st.integers(0, max(len(data) - 1, 0)))
    if operation == "flip" and data:
        mask = draw(st.integers(1, 255))
        return data[:at] + bytes([data[at] ^ mask]) + data[at + 1:], f"flip byte {at}"
    if operation == "truncate":
        return data[:at], f"truncate at {at}"
    if operation == "double":
        return data + data, "doubled"
    if operation == "slice":
        end = draw(st.integers(at, len(data)))
        return data[:end] + data[at:end] + data[end:], f"repeat bytes {at}..{end}"
    if operation == "huge":
        return HUGE, "huge"
    if operation == "empty" or not data:
        return b"", "emptied"
    parts = data.split(b"\n")
    i, j = (draw(st.integers(0, len(parts) - 2)) for _ in range(2))
    if operation == "drop line":
        del parts[i]
    elif operation == "double line":
        parts.insert(i, parts[i])
    elif operation == "swap lines":
        parts[i], parts[j] = parts[j], parts[i]
    else:
        parts.insert(i, draw(st.sampled_from(ODD_LINES)).rstrip(b"\n"))
    return b"\n".join(parts), f"{operation} {i}"


def rehash(document: Any, old: str, new: str) -> None:
    """Every hash field of the document that names `old` now names `new`."""
    if isinstance(document, dict):
        for key, value in document.items():
            if value == old and (key == "sha256" or key.endswith("_sha256")):
                document[key] = new
            else:
                rehash(value, old, new)
    elif isinstance(document, list):
        for value in document:
            rehash(value, old, new)


# --- Hostile inputs ----------------------------------------------------------------------------
#
# Each regular expression of the kernel meets the strings that drive a backtracking matcher to
# its worst: runs of what it matches, without the end it needs. The devil's, the family's and
# the glasses' line files are matched by lines.NUMBERS_LINE; LRAT proofs by
# lrat.LRAT_CHARACTERS; penny positions by penny.PAIR_LINE; the fields sha256, file and h by
# schema.SHA256, schema.FILE and the algebraic evidence's "1[01]*" (the MANIFEST's lines are met
# in tests/test_fuzz.py). JSON, pre-scanned without a regular expression (certificate.
# json_shape), meets the texts that once made that scan quadratic or the parser huge.

# Every regular expression of the kernel (its pattern) and the hostile strings that meet it:
# tests/test_fuzz.py finds every pattern the kernel compiles or matches and requires it here.
MET_BY = {
    rb"\[ *(?:(?:0|[1-9][0-9]*) *(?:, *(?:0|[1-9][0-9]*) *)*)?\]\n?": "PATHOLOGICAL_LINES",
    rb"[0-9]+": "PATHOLOGICAL_LINES",  # lines.NUMBER
    rb"[0-9d -]*\n?": "PATHOLOGICAL_LINES",  # lrat.LRAT_CHARACTERS
    rb"(0|[1-9][0-9]{0,19}) (0|[1-9][0-9]{0,19})\n": "PATHOLOGICAL_LINES",  # penny.PAIR_LINE
    r"# claim (\S+)": "MANIFEST_LINES",  # manifest.CLAIM_LINE (tests/test_fuzz.py)
    r"([0-9a-f]{64})  ([A-Za-z0-9_][A-Za-z0-9._-]{0,254})": "MANIFEST_LINES",
    "[0-9a-f]{64}": "PATHOLOGICAL_FIELDS",  # schema.SHA256
    r"[A-Za-z0-9_][A-Za-z0-9._-]*": "PATHOLOGICAL_FIELDS",  # schema.FILE
    "1[01]*": "PATHOLOGICAL_FIELDS",  # the algebraic evidence's factor h
    family.GENERATED.pattern: "PATHOLOGICAL_FIELDS",  # a group written by its generators
}
UNITS = [1 << 8] * 4 + [1 << 12] * 3 + [1 << 16] * 2 + [1 << 18]  # repeats: mostly small
PATHOLOGICAL_JSON = {  # a name, and the text made of k repeats
    "unclosed escaped quotes": lambda k: b'["' + b'\\"' * k,
    "quotes": lambda k: b'"' * k,
    "backslashes": lambda k: b'["' + b"\\" * k,
    "open brackets": lambda k: b"[" * k,
    "empty lists": lambda k: b"[" + b"[]," * k + b"[]]",
    "empty objects": lambda k: b"[" + b"{}," * k + b"{}]",
    "alternate nesting": lambda k: b'[{"a":' * min(k, 40) + b"0" + b"}]" * min(k, 40),
    "open objects": lambda k: b'{"a":' * k,
    "zeros": lambda k: b"[" + b"0," * k + b"0]",
    "unicode escapes": lambda k: b'["' + b"\\u00" * k,
    "long number": lambda k: b"[" + b"1" * k + b"]",
}
PATHOLOGICAL_LINES = {  # lines of artifact files, for NUMBERS_LINE, LRAT and PAIR_LINE
    "spaces": lambda k: b"[" + b" " * k + b"1",
    "numbers without commas": lambda k: b"[" + b"1 " * k,
    "unclosed list": lambda k: b"[" + b"1, " * k,
    "long digits": lambda k: b"[" + b"9" * k + b"]\n",
    "leading zeros": lambda k: b"[" + b"0" * k + b"1]\n",
    "lrat-like": lambda k: b"1 " * k + b"x\n",
    "lrat deletions": lambda k: b"1 d " * k + b"0 0 x\n",
    "minus signs": lambda k: b"-" * k + b"\n",
    "long pair": lambda k: b"9" * k + b" " + b"9" * k + b"\n",
    "many short lines": lambda k: b"[1]\n" * k,
    "many empty lines": lambda k: b"\n" * k,
}
PATHOLOGICAL_FIELDS = {  # string fields: near misses of their patterns
    "hex and one more": lambda k: "0" * k + "g",
    "name and a slash": lambda k: "a" * k + "/",
    "bits and a two": lambda k: "1" + "0" * k + "2",
    "dots": lambda k: "." * k,
    "a generator that does not end": lambda k: "devil.n4.g0" + "-1" * k + "-.shortest",
}

# The parameters of each game at the edges of its bounds (and far beyond).
HUGE_NUMBER = 10**11
EDGES: dict[str, list[int]] = {
    "n": [1, 2, 3, 6, 7, 8, 9, 12, 13, 16, 17, 20, 21, 26, 27, 64, family.MAX_N, family.MAX_N + 1,
          HUGE_NUMBER],
    "q": [2, 3, 4, 16, 256, 4096, 65535, 1 << 16, (1 << 16) + 1, HUGE_NUMBER],
    "hands": [0, 1, 7, 8, 9, HUGE_NUMBER],
    "max": [0, 59, 60, 61, 100_000, 100_001, HUGE_NUMBER],
    "count": [1, 38_197, 38_198, HUGE_NUMBER],
    "lo": [0, 100_000, HUGE_NUMBER], "hi": [0, 100_000, 100_001, HUGE_NUMBER],
    "a": [1, 16, 17, HUGE_NUMBER],
}
# Counts an evidence declares, at the edges of the bounds they are checked against.
COUNTS = [0, 1, 2, 255, 1 << 17, (1 << 17) + 1, 1 << 22, (1 << 22) + 1, 1 << 28, (1 << 28) + 1,
          HUGE_NUMBER]
COUNT_FIELDS = ("length", "depths", "beliefs", "turns", "nodes", "max", "pairs")


def reclaimed(document: Any) -> str:
    """Make the claim's id and statement match its params and value again (as the kernel
    writes them), so that the evidence is checked against parameters at their edges; say
    how, or "" when the claim is not one the kernel's functions describe."""
    claim = document.get("claim") if isinstance(document, dict) else None
    if not isinstance(claim, dict) or not isinstance(claim.get("params"), dict):
        return ""
    params, kind = claim["params"], str(claim.get("kind"))
    value: Any = claim.get("value")
    try:
        if claim.get("game") == "devil" and set(params) == {"n"} and kind != "count":
            claim["id"] = f"devil.n{params['n']}.{kind}"
            claim["statement"] = family.coin_flip_statement(kind, params["n"], value)
        elif claim.get("game") == "devil":
            n, q, group, goal = family.options(params)
            claim["id"] = family.claim_id(kind, n, q, group, goal)
            claim["statement"] = family.statement(kind, n, q, group, goal, value)
        elif claim.get("game") == "glasses":
            n, k = params["n"], params["hands"]
            claim["id"] = f"glasses.n{n}.k{k}.{kind}"
            claim["statement"] = glasses.statement(kind, n, k, value)
        elif claim.get("game") == "norepeat":
            claim["id"] = norepeat.claim_id(params["n"], params["misere"])
            claim["statement"] = norepeat.statement(params["n"], params["misere"], value)
        elif claim.get("game") == "penny":
            claim["id"] = penny.claim_id(kind, params)
            claim["statement"] = penny.statement(kind, params, value)
        else:
            return ""
    except Exception:  # a claim the functions cannot state: left as it is
        return ""
    return "id and statement made to match"


@st.composite
def hostile(draw: st.DrawFn, document: Any, artifacts: dict[str, Written]
            ) -> tuple[str, str, Written | None]:
    """One hostile change: of the document's tree or of an artifact (in place, the artifact's
    hash updated or not), or of the whole certificate (returned); say which kind of change
    ("regex", "edges", "files" or "special") and how."""
    kind = draw(st.sampled_from(["regex", "regex", "edges", "edges", "files", "special"]))
    k = draw(st.sampled_from(UNITS))
    names = sorted(artifacts)
    if kind == "regex":
        target = draw(st.sampled_from(["document", "field"] + ["artifact"] * bool(names)))
        if target == "document":
            name, make = draw(st.sampled_from(sorted(PATHOLOGICAL_JSON.items())))
            return kind, f"certificate: {name} x {k}", make(k)
        if target == "artifact":
            file = draw(st.sampled_from(names))
            name, make = draw(st.sampled_from(sorted({**PATHOLOGICAL_LINES,
                                                      **PATHOLOGICAL_JSON}.items())))
            hashed = _replace(document, artifacts, file, make(k), draw)
            return kind, f"{file}: {name} x {k}, {hashed}", None
        where = draw(st.sampled_from(_strings(document) or [()]))
        name, make = draw(st.sampled_from(sorted(PATHOLOGICAL_FIELDS.items())))
        if where:
            get(document, where[:-1])[where[-1]] = make(k)
        return kind, f"{name} x {k} at {list(where)}", None
    if kind == "edges":
        return kind, _edge(document, draw), None
    if kind == "files":
        what, replaced = _large(document, artifacts, k, draw)
        return kind, what, replaced
    outside = draw(st.sampled_from(["/etc/passwd", "/dev/zero", "/proc/self/status"]))
    if not names or draw(st.booleans()):
        special = draw(st.sampled_from([Special("fifo"), Special("link", outside)]
                                       + [Special("link", name) for name in names]))
        return kind, f"certificate: {special}", special
    file = draw(st.sampled_from(names))
    special = draw(st.sampled_from([Special("fifo"), Special("link", outside)]))
    artifacts[file] = special
    return kind, f"{file}: {special}", None


def _edge(document: Any, draw: st.DrawFn) -> str:
    """Set a parameter of the claim, or a count an evidence declares, to the edge of a bound
    (for a devil claim, sometimes a q too), the claim's id and statement made to match."""
    numbers = [where for where in places(document) if where
               and type(get(document, where)) is int
               and (where[:2] == ("claim", "params") or where[-1] in COUNT_FIELDS)]
    if not numbers:
        return "no number to set"
    where = draw(st.sampled_from(numbers))
    param = where[:2] == ("claim", "params")
    edge = draw(st.sampled_from(EDGES.get(str(where[-1]), COUNTS) if param else COUNTS))
    holder = get(document, where[:-1])
    holder[where[-1]] = edge
    how = f"{list(where)} = {edge:,}"
    if param and where[-1] == "n" and document["claim"].get("game") == "devil" \
            and draw(st.booleans()):
        holder["q"] = draw(st.sampled_from(EDGES["q"][1:]))
        how += f", q = {holder['q']:,}"
    return f"{how}; {reclaimed(document) or 'id and statement left'}"


def _large(document: Any, artifacts: dict[str, Written], k: int,
           draw: st.DrawFn) -> tuple[str, Written | None]:
    """A certificate or an artifact at (or just over) its size bound, sparse; or an artifact
    of many lines, or with a line over the line bound."""
    names = sorted(artifacts)
    sizes = [DOCUMENT_BYTES.limit, DOCUMENT_BYTES.limit + 1, ARTIFACT_BYTES.limit + 1]
    if not names or draw(st.booleans()):
        size = draw(st.sampled_from(sizes[:2]))
        return f"certificate: sparse, {size:,} bytes", size
    file = draw(st.sampled_from(names))
    choice = draw(st.sampled_from(["sparse", "many lines", "long line"]))
    if choice == "sparse":
        size = draw(st.sampled_from(sizes))
        artifacts[file] = size
        return f"{file}: sparse, {size:,} bytes", None
    data = artifacts[file]
    if choice == "many lines":
        lines = data.split(b"\n") if isinstance(data, bytes) else [b""]
        line = draw(st.sampled_from(lines)) + b"\n"
        made = line * min(16 * k, (32 << 20) // len(line))  # at most 32 MB on disk
    else:
        made = b"[" + b"1, " * (LINE_BYTES.limit // 3 + 1) + b"1]\n"
    return f"{file}: {choice}, {_replace(document, artifacts, file, made, draw)}", None


def _replace(document: Any, artifacts: dict[str, Written], name: str, data: bytes,
             draw: st.DrawFn) -> str:
    """Put `data` in the artifact `name`, its hash in the certificate updated (so that it is
    read) or not; say which."""
    old = artifacts[name]
    artifacts[name] = data
    if isinstance(old, bytes) and draw(st.booleans()):
        rehash(document, hashlib.sha256(old).hexdigest(), hashlib.sha256(data).hexdigest())
        return "hash updated"
    return "hash left"


def _strings(document: Any) -> list[Where]:
    """The places of the document that hold strings (names, digests, bits of a factor)."""
    return [where for where in places(document)
            if where and isinstance(get(document, where), str)]


@st.composite
def mutants(draw: st.DrawFn, built: Built) -> Mutant:
    """One to three mutations of the example's certificate and artifacts."""
    document: Any = copy.deepcopy(built.document)
    artifacts: dict[str, Written] = dict(built.artifacts)
    tokens: dict[str, str] = {}
    how: list[str] = []
    kinds: list[str] = []
    text_changes = 0
    whole: Written | None = None  # the certificate's file, replaced by a hostile change
    for _ in range(draw(st.integers(1, 3))):
        family = draw(st.sampled_from(["tree"] * 5 + ["artifact"] * 3 + ["text"]
                                      + ["hostile"] * 2))
        kinds.append(family)
        if family == "artifact" and artifacts:
            name = draw(st.sampled_from(sorted(artifacts)))
            data = artifacts[name]
            if draw(st.integers(0, 9)) == 0:
                del artifacts[name]
                how.append(f"{name} deleted")
                continue
            changed, what = draw(bytes_change(data if isinstance(data, bytes) else b"", True))
            artifacts[name] = changed
            if isinstance(data, bytes) and isinstance(changed, bytes) and draw(st.booleans()):
                rehash(document, hashlib.sha256(data).hexdigest(),
                       hashlib.sha256(changed).hexdigest())
                what += ", hash updated"
            how.append(f"{name}: {what}")
        elif family == "text":
            text_changes += 1
        elif family == "hostile":
            kind, what, replaced = draw(hostile(document, artifacts))
            kinds[-1] = f"hostile {kind}"
            whole = replaced if replaced is not None else whole
            how.append(what)
        else:
            what = draw(tree_mutation(document, built.example.focus, tokens))
            if what == "root replaced":
                document = draw(values(built.document, tokens))
            how.append(what)
    text = json.dumps(document, indent=1)
    for placeholder, token in tokens.items():
        text = text.replace(json.dumps(placeholder), token)
    written: Written = text.encode() if whole is None else whole
    for _ in range(text_changes):
        written, what = draw(bytes_change(written if isinstance(written, bytes) else b"",
                                          False))
        how.append(f"certificate: {what}")
    return Mutant(written, artifacts, how, kinds)
