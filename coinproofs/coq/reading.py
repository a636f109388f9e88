"""Reading Coq source as Coq's lexer does, to find the commands no proof may use.

Coq's lexer (``clexer.ml``) nests comments, and inside a comment it reads string literals too:
in ``(* "*)" *)`` the ``*)`` between quotes does not close the comment. A string, inside a
comment or not, ends at a quote that is not doubled (``""`` is a quote inside a string). Text
that reads comments any other way can be made to take a command for a comment, or a comment
for the rest of the file; :func:`code_of` reads them exactly so, and refuses text whose comment
or string never ends (Coq refuses it too).

:func:`banned_commands` then finds, in what is left (comments and strings blanked), every
command that assumes a fact, leaves a proof unfinished, switches a check of Coq's kernel off,
declares a primitive, or loads code or other files into Coq. The gate (``make formal-gate``)
reads formal/ with it; ``coinproofs verify --coq`` reads every proof file with it, adding the
commands a proof file never needs (extraction, native compilation). Neither is the judge of
assumptions (coqchk is); this names the file and the command, and refuses a proof file
before Coq runs it.
"""

from __future__ import annotations

import re


class Unreadable(ValueError):
    """Coq source whose comment or string never ends: the message says where it starts."""


def _string_end(text: str, at: int) -> int:
    """The index just past the string literal whose opening quote is at `at`."""
    i = at + 1
    while True:
        end = text.find('"', i)
        if end == -1:
            raise Unreadable(f"the string at character {at:,} never ends")
        if text.startswith('""', end):  # a doubled quote is a quote inside the string
            i = end + 2
            continue
        return end + 1


def _comment_end(text: str, at: int) -> int:
    """The index just past the comment that opens at `at`, nested comments and the strings
    inside it read as Coq reads them."""
    depth, i = 1, at + 2
    opening = re.compile(r'\(\*|\*\)|"')
    while depth:
        found = opening.search(text, i)
        if found is None:
            raise Unreadable(f"the comment at character {at:,} never ends")
        token = found[0]
        if token == '"':
            i = _string_end(text, found.start())
        else:
            depth += 1 if token == "(*" else -1
            i = found.end()
    return i


def code_of(text: str) -> str:
    """Coq source with each comment and each string literal turned into one space, read as
    Coq's lexer reads them.

    >>> code_of('Lemma a. (* Admit (* nested *) *) Qed. Check "(*".')
    'Lemma a.   Qed. Check  .'
    >>> code_of('(* "*)" *) Axiom evil : False.')
    '  Axiom evil : False.'
    >>> code_of('(* "(*" *) Axiom evil : False.')
    '  Axiom evil : False.'
    """
    out, i = [], 0
    special = re.compile(r'\(\*|"')
    while True:
        found = special.search(text, i)
        if found is None:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:found.start()])
        out.append(" ")
        i = (_comment_end(text, found.start()) if found[0] == "(*"
             else _string_end(text, found.start()))


# Commands that assume a fact, leave a proof unfinished, switch a check of Coq's kernel off,
# declare what the kernel takes on trust, or load code or files into Coq; spelt so that a search
# for the commands finds none in this file.
BANNED = {
    r"\bAdmitte[d]\b": "leaves a proof unfinished",
    r"\badmi[t]\b": "leaves a goal unproved",
    r"\bAdmit\s+Obligation[s]\b": "leaves obligations unproved",
    r"\b(?:Axio[m]s?|Paramete[r]s?|Conjectur[e]s?)\b": "assumes a fact",
    r"\bDeclar[e]\s+Module\b": "assumes a module",
    r"\bUnset\s+(?:Guard|Positivity|Universe)\s+Checkin[g]\b": "switches off a kernel check",
    r"\bTyping\s+Flag[s]\b|\btyping_flag[s]\b": "switches off a kernel check",
    r"\bbypass_chec[k]\b": "switches off a kernel check",
    r"\bImpredicative\s+Se[t]\b": "changes Coq's logic",
    r"\bPrimitiv[e]\b": "declares a primitive the kernel takes on trust",
    r"\bRegiste[r]\b": "registers a primitive the kernel takes on trust",
    r"\bDeclare\s+M[L]\s+Module\b": "loads code into Coq",
    r"\bAdd\s+(?:Rec\s+)?(?:LoadPat[h]|ML\s+Pat[h])\b": "loads files from elsewhere",
    r"\b(?:Loa[d]|C[d]|Redirec[t]|Dro[p])\b": "reads or writes files outside the proof",
}

# What a proof file (``coinproofs verify --coq``) never needs besides: writing OCaml files, or
# having Coq compile and load them to compute.
BANNED_IN_PROOFS = {
    r"\b(?:Recursive\s+|Separate\s+)?Extractio[n]\b|\bExtract\b": "writes files outside the proof",
    r"\bnative_(?:compute|cast_no_check)\b": "compiles and loads code into Coq",
}

# Commands that assume a fact unless a section discharges them (they are then its parameters).
IN_SECTIONS = re.compile(r"\b(?:Variable[s]?|Hypothes[ie]s|Contex[t])\b")
BLOCK = re.compile(r"\b(Section|Module(?!\s+Type)|End)\s+(\w+)\s*\.")


def outside_sections(code: str) -> list[str]:
    """The section variables and hypotheses of `code` (read by code_of) that no section
    discharges: declared at the top level or in a module.

    >>> outside_sections("Section S. Variable n : nat. End S. Hypothesis h : False.")
    ['Hypothesis']
    """
    found: list[str] = []
    blocks: list[str] = []
    at = 0
    for match in BLOCK.finditer(code):
        found += [word[0] for word in IN_SECTIONS.finditer(code, at, match.start())
                  if "Section" not in blocks]
        if match[1] == "End":
            if blocks:
                blocks.pop()
        else:
            blocks.append(match[1])
        at = match.end()
    found += [word[0] for word in IN_SECTIONS.finditer(code, at) if "Section" not in blocks]
    return found


def banned_commands(text: str, proof: bool = False) -> list[str]:
    """What in the Coq source `text` no file of formal/ (or, with `proof`, no proof file) may
    hold, each as a phrase naming the command and why; a source that Coq could not lex is one
    such phrase.

    >>> banned_commands('(* "(*" *) Axiom evil : False.')
    ["'Axiom' assumes a fact"]
    >>> banned_commands('Definition x := 1. Extraction "x.ml" x.', proof=True)
    ["'Extraction' writes files outside the proof"]
    """
    try:
        code = code_of(text)
    except Unreadable as why:
        return [f"Coq cannot read it: {why}"]
    rules = {**BANNED, **BANNED_IN_PROOFS} if proof else BANNED
    found = [f"{match[0]!r} {why}" for pattern, why in rules.items()
             for match in re.finditer(pattern, code)]
    return found + [f"{word!r} outside a section assumes a fact"
                    for word in outside_sections(code)]
