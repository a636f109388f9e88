"""coinproofs: facts about coin games, proved, with certificates a small kernel re-checks."""

__version__ = "0.1.0"
