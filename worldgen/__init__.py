"""worldgen: verifiable scaffolds + content -> reproducible text worlds for RL agents.

    >>> import worldgen
    >>> scaffold = worldgen.load("scaffolds/vault.wg")
    >>> world = scaffold.instantiate(content=record, seed=7)
    >>> env = world.env()
    >>> obs, info = env.reset(seed=0)
    >>> obs, reward, terminated, truncated, info = env.step(info["admissible"][0])
    >>> for entry in worldgen.load_suite("out/vault"):   # a compiled suite
    ...     entry.id, entry.params, entry.axes, entry.world.system_prompt()
    >>> suite = worldgen.compile("scaffolds/vault.wg", "out/vault", range(8))   # the pipeline (docs/api.md)

``import worldgen`` loads almost nothing (the IR's pydantic models, numpy and the runtime cost
most of a second): every other name is imported on first use through the module's ``__getattr__``.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from worldgen.adapters import register_envs_when_gymnasium_loads
from worldgen.errors import ContentError, Diagnostic, DiagnosticError, InstantiationError, WorldgenError
from worldgen.lazy import exports
from worldgen.plugs import plug_runtime

if TYPE_CHECKING:
    from worldgen.api import LoopRun, Report, Rollouts, Suite, Verification, compile, loop, open_suite
    from worldgen.ir.world import World
    from worldgen.rollouts.sources import Entry as SuiteWorld
    from worldgen.runtime.env import Env
    from worldgen.scaffold import Scaffold

__version__ = "0.1.0"


def _env(world: World, **options: Any) -> Env:
    from worldgen.runtime.env import Env

    return Env(world, **options)


def _system_prompt(world: World, instruction: str | None) -> str:
    from worldgen.agent.prompt import opening_prompt

    return opening_prompt(world, instruction)


plug_runtime(_env, _system_prompt)  # world.env() and world.system_prompt(): the IR does not import what plays it
register_envs_when_gymnasium_loads()  # worldgen/World-v0 and worldgen/Suite-v0; Gymnasium is not imported here


def loads(source: str, filename: str = "<string>") -> Scaffold:
    """Parse and check scaffold source text; raises DiagnosticError with every problem found.
    Warnings (valid, but likely not what was meant) are in ``Scaffold.warnings``. A text checked
    clean before by the same worldgen is read back from the user's cache (frontend_cache.py)."""
    from worldgen.frontend_cache import checked
    from worldgen.scaffold import Scaffold

    ir, warnings = checked(source, filename)
    return Scaffold(ir, filename, warnings)


def load(path: str | Path) -> Scaffold:
    """Parse and check a ``.wg`` file."""
    from worldgen.syntax.limits import MAX_SOURCE_CHARS
    from worldgen.textfile import read_text

    return loads(read_text(path, MAX_SOURCE_CHARS), str(path))


def load_suite(path: str | Path, trust_edited: bool = False) -> list[SuiteWorld]:
    """The worlds of a suite folder (``worldgen compile -o``), an artifact or a world file, in
    suite order. Each has ``id``, ``world``, ``params``, ``axes`` and ``report`` (the compiler's
    check report; computed on demand for a bare world file). Files edited since compilation are
    refused unless ``trust_edited``."""
    from worldgen.rollouts.sources import open_entries

    return open_entries(path, trust_edited)


def load_world(path: str | Path) -> World:
    """Load a world artifact or bare world file (JSON data; nothing in it is executed)."""
    from worldgen.compiler.artifact import load_world as load_artifact_world

    return load_artifact_world(path)


# `vf-eval worldgen` imports this package and takes the verifiers plugin classes its __all__ names:
# exported (and imported on first use) only where verifiers is installed.
_VERIFIERS_PLUGIN = ("WorldgenEnv", "WorldgenHarness", "WorldgenTaskset")
# worldgen.api's stages; verify and report stay methods of Suite (and functions of worldgen.api) here, where
# worldgen.verify and worldgen.report are the model checker's and the report's packages
_API = ("LoopRun", "Report", "Rollouts", "Suite", "Verification", "compile", "loop", "open_suite")
_LAZY = {"Env": "worldgen.runtime.env", "Scaffold": "worldgen.scaffold", "World": "worldgen.ir.world",
         **dict.fromkeys(_API, "worldgen.api"), **dict.fromkeys(_VERIFIERS_PLUGIN, "worldgen.integrations.verifiers")}


__getattr__ = exports("worldgen", _LAZY, globals())  # the names of ``_LAZY``, imported on first use


__all__ = [
    "ContentError", "Diagnostic", "DiagnosticError", "Env", "InstantiationError", "Scaffold", "World",
    "WorldgenError", "load", "load_suite", "load_world", "loads", "__version__", *_API,
    *(_VERIFIERS_PLUGIN if find_spec("verifiers") else ()),
]
