"""Every built-in tool, found by scanning this package: each module that provides commands
defines a module-level ``COMMANDS: dict[str, Builtin]``, so no engineer edits a shared table to
add one. The scan runs once per process."""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from worldgen.shell import builtins as _package
from worldgen.shell.builtins.base import Builtin


@lru_cache(maxsize=1)
def _scan() -> tuple[dict[str, Builtin], dict[str, list[str]]]:
    """(name -> command, name -> modules defining it); modules are read in name order and the
    first to define a name keeps it."""
    found: dict[str, Builtin] = {}
    owners: dict[str, list[str]] = {}
    for info in sorted(pkgutil.iter_modules(_package.__path__), key=lambda m: m.name):
        if info.name == "registry":
            continue
        module = importlib.import_module(f"{_package.__name__}.{info.name}")
        for name, command in getattr(module, "COMMANDS", {}).items():
            found.setdefault(name, command)
            owners.setdefault(name, []).append(info.name)
    return found, owners


def tools() -> dict[str, Builtin]:
    """Name -> built-in tool (a fresh dict: callers may add to it)."""
    return dict(_scan()[0])


def clashes() -> dict[str, list[str]]:
    """Names more than one module defines (the first module wins; a test keeps this empty)."""
    return {name: mods for name, mods in _scan()[1].items() if len(mods) > 1}
