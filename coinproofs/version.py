"""The version of coinproofs (also in pyproject.toml), written into every certificate."""

__version__ = "0.1.0"
