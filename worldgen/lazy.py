"""A package's re-exported names imported from their modules on first use (PEP 562), so that
importing one module of the package does not load every module its ``__init__`` re-exports from
(``worldgen compile`` needs ``worldgen.content.pack``, not the providers and asyncio)."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any


def exports(package: str, homes: dict[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """The module ``__getattr__`` of ``package``: ``homes`` maps each name to the module it comes
    from; a value found is kept in ``namespace`` (the package's globals), found there from then on."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = namespace[name] = getattr(import_module(home), name)
        return value

    return __getattr__
