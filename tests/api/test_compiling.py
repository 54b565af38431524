"""``worldgen.compile`` makes the suite `worldgen compile` makes, byte for byte, and returns it as
a Suite; seeds are a range or a list of consecutive ints; ``progress=False`` keeps stderr quiet."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

import worldgen
from tests.api.conftest import VAULT, Twins
from worldgen.errors import UsageError


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_suite_is_byte_identical_to_the_commands(twins: Twins) -> None:
    made = files(twins.api.path)
    assert "summary.json" in made and any(name.startswith("worlds/") for name in made)
    assert made == files(twins.cli)


def test_the_returned_suite_carries_the_compile_summary(twins: Twins) -> None:
    on_disk = json.loads((twins.cli / "summary.json").read_text())
    assert twins.api.summary == {k: v for k, v in on_disk.items() if k not in ("sha256", "inputs")}  # bookkeeping
    assert twins.api.accepted == on_disk["accepted"] == len(twins.api.worlds())
    assert twins.api.seconds is not None and twins.api.seconds > 0


def test_seeds_may_be_a_list_and_params_python_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    suite = worldgen.compile(VAULT, tmp_path / "s", [3, 4], params={"keys": 2}, progress=False)
    assert suite.summary["seeds"] == "3:5"
    assert {w.params["keys"] for w in suite.worlds()} == {2}
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("seeds", [[0, 2], [], range(0, 6, 2), [-1, 0], ["0"]])
def test_seeds_that_are_not_one_run_from_zero_up_are_refused(tmp_path: Path, seeds: object) -> None:
    with pytest.raises(UsageError, match="seeds must be"):
        worldgen.compile(VAULT, tmp_path / "s", seeds, progress=False)  # type: ignore[arg-type]
    assert not (tmp_path / "s").exists()


@pytest.mark.parametrize(("value", "shown"), [(9, "9"), ("2", "'2'"), (True, "True"), (2.0, "2.0")])
def test_a_param_outside_its_declaration_is_refused_as_instantiate_refuses_it(tmp_path: Path, value: object,
                                                                             shown: str) -> None:
    """Python values, checked as Python values (a text "2" was read as a --param text) and worded
    for Python, not as a command-line flag."""
    with pytest.raises(worldgen.InstantiationError, match=f"^param 'keys' takes a whole number in 1..3, not {shown}$"):
        worldgen.compile(VAULT, tmp_path / "s", range(2), params={"keys": value}, progress=False)
    assert not (tmp_path / "s").exists()


def test_an_unknown_executor_is_refused_before_anything_runs(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="executor must be 'local' or 'ray', not 'slurm'"):
        worldgen.compile(VAULT, tmp_path / "s", range(2), executor="slurm", progress=False)
    assert not (tmp_path / "s").exists()


def test_help_shows_the_keyword_options_with_their_defaults_and_a_suite_result() -> None:
    sig = inspect.signature(worldgen.compile)
    assert list(sig.parameters)[:3] == ["scaffold", "out", "seeds"]
    keywords = {name: p.default for name, p in sig.parameters.items() if p.kind is inspect.Parameter.KEYWORD_ONLY}
    assert keywords == {"pack": None, "axes": None, "params": None, "attempts": 5, "redraw_params": False,
                        "max_states": None, "max_depth": None, "jobs": 1, "executor": "local", "ray_address": None,
                        "tables": False, "progress": True}
    assert sig.return_annotation == "Suite"
    assert worldgen.compile.__doc__ is not None and worldgen.compile.__doc__.startswith("Compile ``seeds``")


def test_an_unknown_option_is_a_type_error_before_anything_runs(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'seed'"):
        worldgen.compile(VAULT, tmp_path / "s", range(2), seed=3, progress=False)  # type: ignore[call-arg]
    assert not (tmp_path / "s").exists()
