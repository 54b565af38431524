"""``import worldgen`` is cheap: the IR's pydantic models, numpy, the runtime and the pipeline load
on first use of a name that needs them, and every public name still resolves."""

from __future__ import annotations

import subprocess
import sys

import worldgen
from tests.conftest import ROOT

HEAVY = ("pydantic", "numpy", "worldgen.ir.models", "worldgen.runtime.env", "worldgen.api", "rich")


def test_importing_the_package_loads_none_of_the_heavy_modules() -> None:
    probe = f"import sys, worldgen; print([m for m in {HEAVY!r} if m in sys.modules])"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_worldgen_help_loads_none_of_the_heavy_modules() -> None:
    """Every command registers its flags for `--help`; none of them needs the IR's models."""
    probe = ("import sys, contextlib, io\nfrom worldgen.cli.main import main\n"
             "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n    main(['--help'])\n"
             f"print([m for m in {HEAVY!r} if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_ir_names_load_on_first_use() -> None:
    from worldgen import ir
    from worldgen.ir.models import Scaffold, canonical_json

    assert (ir.Scaffold, ir.canonical_json) == (Scaffold, canonical_json)


def test_every_exported_name_resolves_to_its_object() -> None:
    from worldgen.api import compile as compile_suite
    from worldgen.ir.world import World
    from worldgen.runtime.env import Env

    assert [getattr(worldgen, name) is not None for name in worldgen.__all__] == [True] * len(worldgen.__all__)
    assert (worldgen.World, worldgen.Env, worldgen.compile) == (World, Env, compile_suite)


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        worldgen.no_such_name  # noqa: B018
    except AttributeError as err:
        assert "no attribute 'no_such_name'" in str(err)
    else:
        raise AssertionError("worldgen.no_such_name resolved")
