"""The shipped scaffolds are a catalogue: each is short, hand-written, documented by its header,
varies along at least two axes, comes with an example content record, and builds worlds whose
oracle wins. (The full figures, seeds 0..99 and states per world, come from bench/bench_catalogue.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from worldgen.catalogue import example_record, read_catalogue
from worldgen.compiler.seeds import compile_seed
from worldgen.compiler.suite import Spec
from worldgen.content.validate import Validator
from worldgen.verify.report import Bounds

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = read_catalogue(ROOT / "scaffolds", ROOT / "content_packs")
FAMILIES = ("grid", "stack", "permutation", "toggle", "deduction", "memory", "control", "crafting",
            "adventure", "terminal")


def test_the_catalogue_has_at_least_24_scaffolds_covering_the_classic_families() -> None:
    assert len(CATALOGUE) >= 24
    families = " ".join(e.family.lower() for e in CATALOGUE)
    assert [f for f in FAMILIES if f not in families] == []


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.name)
def test_each_scaffold_keeps_the_catalogue_rules(entry) -> None:
    assert entry.problems() == []


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.name)
def test_each_example_record_is_valid_content(entry) -> None:
    import worldgen

    scaffold = worldgen.load(entry.path)
    _, violations = Validator(scaffold.ir).check(example_record(entry), "example")
    assert violations == []


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.name)
def test_each_scaffold_builds_worlds_the_oracle_solves(entry) -> None:
    import worldgen

    spec = Spec(worldgen.load(entry.path).ir, (("example", example_record(entry)),), {}, Bounds(), 5)
    accepted = [r for r in (compile_seed(spec, seed) for seed in range(3)) if r.artifact is not None]
    assert len(accepted) >= 2, [r.line for r in accepted]


def test_a_headers_axes_line_is_not_read_as_part_of_what_it_teaches() -> None:
    logs = next(e for e in CATALOGUE if e.name == "logs")
    assert logs.teaches.startswith("a `files` block") and "Axes:" not in logs.teaches and "(dynamics)" not in logs.teaches
