"""'A winning strategy of L moves exists' for a member of the devil's family, in the format an
outside solver reads: DIMACS CNF (``devil_sat``) or SMT-LIB 2 (``devil_smt``)."""

from __future__ import annotations

from coinproofs.encodings.devil_sat import dimacs
from coinproofs.encodings.devil_smt import smt2
from coinproofs.games.devil import Game

FORMATS = ("dimacs", "smt2")


def encode(game: Game, length: int, format: str) -> str:
    """'A winning strategy of `length` moves exists' for the table (n coins) as DIMACS CNF or
    SMT-LIB 2."""
    if format == "dimacs":
        return dimacs(game, length)
    if format == "smt2":
        return smt2(game, length)
    raise ValueError(f"unknown format {format!r}; choose one of {', '.join(FORMATS)}")
