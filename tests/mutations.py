"""Hypothesis strategies that tamper with a valid certificate (tests/examples.py) the way an
attacker or a broken tool would: fields dropped, added, renamed, retyped; numbers at their
edges and beyond what JSON parsers agree on; lists cut, doubled and reordered; bytes of the document
flipped, cut and repeated; artifact files flipped, truncated, doubled, reordered by lines,
emptied, deleted, made huge, with their hash in the certificate updated (so that their content
is checked) or not (so that the hash is).

`mutants(built)` draws a Mutant: the certificate's bytes and its artifacts as they are to be
written. Mutations aim mostly at the example's focus (an evidence method, the claim, or the
document's own fields), and sometimes anywhere.
"""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

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


@dataclass
class Mutant:
    """A tampered certificate: its bytes, and its artifacts (name -> bytes, or HUGE for a
    sparse file of that size) as they are to be written; `how` lists the mutations."""

    document: bytes | int
    artifacts: dict[str, bytes | int]
    how: list[str]


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


@st.composite
def mutants(draw: st.DrawFn, built: Built) -> Mutant:
    """One to three mutations of the example's certificate and artifacts."""
    document: Any = copy.deepcopy(built.document)
    artifacts: dict[str, bytes | int] = dict(built.artifacts)
    tokens: dict[str, str] = {}
    how = []
    text_changes = 0
    for _ in range(draw(st.integers(1, 3))):
        family = draw(st.sampled_from(["tree"] * 5 + ["artifact"] * 3 + ["text"]))
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
        else:
            what = draw(tree_mutation(document, built.example.focus, tokens))
            if what == "root replaced":
                document = draw(values(built.document, tokens))
            how.append(what)
    text = json.dumps(document, indent=1)
    for placeholder, token in tokens.items():
        text = text.replace(json.dumps(placeholder), token)
    written: bytes | int = text.encode()
    for _ in range(text_changes):
        written, what = draw(bytes_change(written if isinstance(written, bytes) else b"",
                                          False))
        how.append(f"certificate: {what}")
    return Mutant(written, artifacts, how)
