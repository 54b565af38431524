"""Adapters from worldgen's runtime to trainer APIs (Gymnasium; the wire protocol is ``worldgen.serve``).

``import worldgen`` registers ``worldgen/World-v0`` and ``worldgen/Suite-v0`` with Gymnasium without
importing Gymnasium (about 30 ms): if Gymnasium is already loaded the ids are registered at once,
otherwise a one-shot import hook registers them right after Gymnasium itself is imported. Nothing
happens when Gymnasium is not installed.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from types import ModuleType

WORLD_ENV_ID = "worldgen/World-v0"
SUITE_ENV_ID = "worldgen/Suite-v0"


def register_envs() -> None:
    """Register worldgen's environment ids with Gymnasium (imports it); safe to call twice.

    ``order_enforce=False``: the env itself refuses ``step`` before ``reset`` (worldgen.adapters.gym).
    """
    from gymnasium.envs.registration import register, registry

    if WORLD_ENV_ID not in registry:
        register(id=WORLD_ENV_ID, entry_point="worldgen.adapters.gym:make_world_env", order_enforce=False)
    if SUITE_ENV_ID not in registry:
        register(id=SUITE_ENV_ID, entry_point="worldgen.adapters.gym:make_suite_env", order_enforce=False,
                 vector_entry_point="worldgen.adapters.gym_vector:make_suite_vector_env")


def register_envs_when_gymnasium_loads() -> None:
    """Called by ``import worldgen``: register now, or when Gymnasium gets imported, or never."""
    if "gymnasium" in sys.modules:
        register_envs()
    elif importlib.util.find_spec("gymnasium") is not None:
        sys.meta_path.insert(0, _RegisterAfterImport())


class _RegisterAfterImport(importlib.abc.MetaPathFinder):
    """Finds nothing itself; wraps Gymnasium's own loader once, then removes itself."""

    def find_spec(self, fullname: str, path: object = None, target: ModuleType | None = None):  # noqa: ANN201
        if fullname != "gymnasium":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        if spec is not None and spec.loader is not None:
            spec.loader = _ThenRegister(spec.loader)
        return spec


class _ThenRegister(importlib.abc.Loader):
    def __init__(self, loader: importlib.abc.Loader):
        self._loader = loader

    def create_module(self, spec):  # noqa: ANN001, ANN201 - importlib's protocol
        return self._loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        module.__loader__ = module.__spec__.loader = self._loader  # Gymnasium keeps its own loader
        self._loader.exec_module(module)
        register_envs()
