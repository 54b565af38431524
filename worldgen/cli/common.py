"""Argument helpers shared by subcommands."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from worldgen.errors import UsageError
from worldgen.seed_ranges import INT64_MAX  # seeds, bounds and counts go to numpy and JSON readers as int64

if TYPE_CHECKING:
    from worldgen.ir.models import Scaffold as ScaffoldIR


def whole_number(least: int, most: int = INT64_MAX) -> Callable[[str], int]:
    """An argparse type: an int in least..most; anything else is a usage error (exit 2) saying why."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, not {value}")
        if value > most:
            raise argparse.ArgumentTypeError(f"must be at most {most:_}, not {value}")
        return value

    return parse


def seed_range(text: str) -> range:
    """An argparse type: seeds as worldgen.seed_ranges reads them, ``A:B`` (seeds A..B-1) or a
    count ``N`` (seeds 0..N-1)."""
    from worldgen.seed_ranges import seed_range as parse

    try:
        return parse(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def policy_spec(text: str) -> str:
    """A ``--policy`` / ``--solver`` value (random, oracle, noisy-oracle:P, openai:MODEL, ...)."""
    from worldgen.rollouts.policies import check_spec

    try:
        return check_spec(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def proposer_spec(text: str) -> str:
    """A ``--proposer`` value: ``mutate`` or ``openai:MODEL``."""
    kind, _, model = text.partition(":")
    if text == "mutate" or (kind == "openai" and model):
        return text
    raise argparse.ArgumentTypeError(f"unknown proposer {text!r}; expected mutate or openai:MODEL")


def success_band(text: str) -> tuple[float, float]:
    """A ``--band LO:HI`` of success rates, 0 <= LO < HI <= 1."""
    lo, sep, hi = text.partition(":")
    try:
        values = (float(lo), float(hi)) if sep else (float("nan"), float("nan"))
    except ValueError:
        values = (float("nan"), float("nan"))
    if not 0.0 <= values[0] < values[1] <= 1.0:
        raise argparse.ArgumentTypeError(f"expected LO:HI with 0 <= LO < HI <= 1, got {text!r}")
    return values


def folder(text: str) -> Path:
    """An argparse type: an output folder, which may not exist yet but must not be a file."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} exists and is not a folder")
    return path


def assignments(values: list[str] | None, what: str) -> dict[str, str]:
    """``["a=b", ...]`` -> ``{"a": "b"}``; a malformed item is a usage error (exit 2)."""
    out: dict[str, str] = {}
    for item in values or []:
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise UsageError(f"worldgen: error: {what} must look like NAME=VALUE, not {item!r}")
        out[name.strip()] = value.strip()
    return out


def trust_argument(p: argparse.ArgumentParser) -> None:
    """``--trust-edited``: the one way to load artifacts that no longer match their recorded hashes."""
    p.add_argument("--trust-edited", action="store_true",
                   help="load artifacts even if edited after compilation (hashes that no longer match are refused)")


def _whole(text: str) -> int | None:
    try:
        return int(text) if len(text) < 20 else None
    except ValueError:
        return None


class ParamFlags(dict[str, str]):
    """``--param NAME=VALUE`` texts as typed: ``worldgen.compile`` reads these as the command line
    does (``true``, ``3``), where Python callers give values (``True``, ``3``)."""


def param_values(ir: ScaffoldIR, values: list[str] | None) -> dict[str, Any]:
    """``--param NAME=VALUE`` options as the scaffold's param values, each checked against the
    param's declared range or choices; a wrong name or value is a usage error (exit 2) saying what
    the param accepts."""
    from worldgen.ir.params import accepts, fits

    declared = {p.name: p for p in ir.params}
    out: dict[str, Any] = {}
    for name, text in assignments(values, "--param").items():
        p = declared.get(name)
        if p is None:
            known = ", ".join(declared) or "none"
            raise UsageError(f"worldgen: error: --param {name}: '{ir.name}' has no param '{name}' (its params: {known})")
        if p.kind == "int":
            value: Any = _whole(text)
        elif p.kind == "bool":
            value = {"true": True, "false": False}.get(text.lower())
        else:
            value = text if text in p.choices else None
        if value is None or not fits(p, value):
            raise UsageError(f"worldgen: error: --param {name}={text}: param '{name}' takes {accepts(p)}")
        out[name] = value
    return out


def axis_values(ir: ScaffoldIR, axes: Mapping[str, str]) -> dict[str, str]:
    """``--axis NAME=VALUE`` choices, each checked against the scaffold's axes: a wrong name or
    alternative is a usage error (exit 2) saying what there is, as a wrong ``--param`` is."""
    from worldgen.errors import InstantiationError
    from worldgen.ir.axes import check_axes

    for name, value in axes.items():
        try:
            check_axes(ir, {name: value})
        except InstantiationError as err:
            raise UsageError(f"worldgen: error: --axis {name}={value}: {err}") from None
    return dict(axes)


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"
