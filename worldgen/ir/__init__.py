"""The scaffold IR: pydantic models that every stage after the checker reads.

``Scaffold`` and ``canonical_json`` load the models (and pydantic) on first use, so a light
submodule (``worldgen.ir.limits``, ``worldgen.ir.types``) can be imported without them:
`worldgen --help` reads the horizon limit for its flags and loads no model."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from worldgen.ir.models import Scaffold, canonical_json

__all__ = ["Scaffold", "canonical_json"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from worldgen.ir import models

        return getattr(models, name)
    raise AttributeError(f"module 'worldgen.ir' has no attribute {name!r}")
