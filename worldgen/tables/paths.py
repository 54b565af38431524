"""Where a world's step tables live beside its artifact (a module of its own: the compiler's parent
process writes them without loading numpy or the tables' code)."""

from __future__ import annotations

from pathlib import Path

SUFFIX = ".tables.npz"


def tables_path(artifact: Path) -> Path:
    """Where the tables of the artifact ``worlds/<id>.json`` live."""
    return artifact.with_name(artifact.name.removesuffix(".json") + SUFFIX)
