"""What plays a world, plugged in from above by the public face (worldgen/__init__.py, which runs
before any module of the package): the IR is what the runtime is built on, so it never imports it,
yet ``world.env()`` and ``world.system_prompt()`` keep working. A module of its own, importing
nothing, so that plugging in loads neither the IR nor the runtime (``import worldgen`` stays fast)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_plugged: dict[str, Callable[..., Any]] = {}


def plug_runtime(env: Callable[..., Any], system_prompt: Callable[..., str]) -> None:
    """Make ``env(world, **options)`` and ``system_prompt(world, instruction)`` what ``World.env``
    and ``World.system_prompt`` call."""
    _plugged.update(env=env, system_prompt=system_prompt)


def plugged(name: str) -> Callable[..., Any]:
    """The callable plugged in as ``name`` ("env" or "system_prompt")."""
    return _plugged[name]
