"""Held-out worlds: split compiled suites into a training side and a test side, world by world.

The question a split answers is whether an agent does as well on worlds it never trained on, so
the two sides differ at the level of the world: by scaffold (``scaffold=NAME``), by the value of an
axis (``AXIS=VALUE``), by a param range (``param:NAME=LO:HI``, inclusive), by content record
(``content=FRACTION``: a record is held out when a hash of the split's seed and its id falls below
FRACTION, so the same record is held out in every suite, whatever its worlds) or world by world
(``world=FRACTION``: the same hash of each world's id, for a suite whose worlds share their
content: held-out seeds, without compiling twice). **A world goes to
test when it matches any spec**, otherwise to train; the specs a test world matched are recorded
with it, which is what the report's per-dimension figures read.

Output (written whole or not at all)::

    OUT/train/   a suite: index.jsonl, worlds/*.json (the artifacts' bytes, unchanged), split.json
    OUT/test/    the same for the held-out worlds
    OUT/index.jsonl, OUT/split.json   both sides as one suite (rollouts and reports over both)

``split.json`` is the same record in all three but for its ``side``. Artifacts are copied byte for
byte, so every index line keeps the sha256 the compiler wrote and every command loads the sides
as it loads any suite.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from worldgen.compiler.artifact import Artifact
from worldgen.errors import UsageError, WorldgenError
from worldgen.files import write_atomic
from worldgen.ir.models import canonical_json
from worldgen.jsondata import read_json_file
from worldgen.runtime.sources import INDEX, load_checked, suite_index
from worldgen.tables.paths import tables_path

FORMAT = "worldgen.split/1"
SPLIT = "split.json"
SIDES = ("train", "test")
RULE = "a world is held out (test) when it matches any --test spec; every other world trains"


@dataclass(frozen=True)
class Test:
    """One ``--test`` spec: the kind of dimension it splits on and what it matches."""

    text: str
    kind: str  # "scaffold" | "axis" | "param" | "content" | "world"
    name: str = ""  # the axis or param name
    value: str = ""  # the scaffold name or axis value
    lo: int = 0
    hi: int = 0
    fraction: float = 0.0


@dataclass(frozen=True)
class World:
    """One world of the input suites, as a split sees it."""

    id: str
    scaffold: str
    axes: dict[str, str]
    params: dict[str, Any]
    record_id: str
    path: Path
    line: dict[str, Any]  # its index line


def parse_test(text: str) -> Test:
    """A ``--test`` value; a ValueError says what is wrong (argparse turns it into a usage error)."""
    key, sep, value = text.partition("=")
    if not sep or not key or not value:
        raise ValueError(f"--test {text!r}: expected scaffold=NAME, AXIS=VALUE, param:NAME=LO:HI, content=FRACTION or world=FRACTION")
    if key.startswith("param:"):
        lo, colon, hi = value.partition(":")
        try:
            bounds = (int(lo), int(hi)) if colon else (int(value), int(value))
        except ValueError:
            raise ValueError(f"--test {text!r}: a param range is LO:HI in whole numbers, e.g. param:keys=3:5") from None
        if bounds[0] > bounds[1] or not key[6:]:
            raise ValueError(f"--test {text!r}: need param:NAME=LO:HI with LO <= HI")
        return Test(text, "param", name=key[6:], lo=bounds[0], hi=bounds[1])
    if key in ("content", "world"):
        try:
            fraction = float(value)
        except ValueError:
            fraction = -1.0
        if not 0.0 < fraction < 1.0:
            what = "content records" if key == "content" else "worlds"
            raise ValueError(f"--test {text!r}: {key}=FRACTION holds out that share of {what}, 0 < FRACTION < 1")
        return Test(text, key, fraction=fraction)
    if key == "scaffold":
        return Test(text, "scaffold", value=value)
    return Test(text, "axis", name=key, value=value)


def held_out_record(record_id: str, fraction: float, seed: int) -> bool:
    """Whether content record ``record_id`` is held out: sha256 of (seed, id) as a number in [0, 1)."""
    digest = hashlib.sha256(f"worldgen.split/{seed}/{record_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64 < fraction


def held_out_world(world_id: str, fraction: float, seed: int) -> bool:
    """Whether world ``world_id`` is held out by ``world=FRACTION`` (the same hash, of its id)."""
    return held_out_record(f"world/{world_id}", fraction, seed)


def matches(test: Test, world: World, seed: int) -> bool:
    if test.kind == "scaffold":
        return world.scaffold == test.value
    if test.kind == "axis":
        return world.axes.get(test.name) == test.value
    if test.kind == "param":
        value = world.params.get(test.name)
        return isinstance(value, int) and not isinstance(value, bool) and test.lo <= value <= test.hi
    if test.kind == "world":
        return held_out_world(world.id, test.fraction, seed)
    return held_out_record(world.record_id, test.fraction, seed)


def read_worlds(suites: list[Path], trust_edited: bool = False) -> list[World]:
    """Every world of ``suites`` in order, each artifact checked against its index's sha256."""
    worlds: list[World] = []
    seen: dict[str, Path] = {}
    for suite in suites:
        if not suite.is_dir():
            raise WorldgenError(f"{suite}: error: not a suite folder (split works on compiled suites)")
        for entry in suite_index(suite, trust_edited):
            if entry.id in seen:
                raise UsageError(f"{suite}: error: world {entry.id} is also in {seen[entry.id]}; give each suite once, "
                                 "and suites that share no world")
            seen[entry.id] = suite
            loaded = load_checked(entry.path, trust_edited, entry)
            if not isinstance(loaded, Artifact):
                raise WorldgenError(f"{entry.path}: error: a bare world file, not a compiled artifact; split compiled suites")
            world = loaded.world
            worlds.append(World(entry.id, world.scaffold.name, dict(world.axes), dict(world.params),
                                loaded.provenance.record_id, entry.path, entry.line))
    return worlds


def assign(worlds: list[World], tests: list[Test], seed: int) -> dict[str, list[str]]:
    """Per test world id, the specs it matched (train worlds are absent). A spec that matches no
    world at all is a typo or a wrong suite, so it is refused, naming what the suites hold."""
    held: dict[str, list[str]] = {}
    for test in tests:
        hits = [w.id for w in worlds if matches(test, w, seed)]
        if not hits and test.kind not in ("content", "world"):
            raise UsageError(f"worldgen split: error: --test {test.text} matches no world; {_what_there_is(test, worlds)}")
        for world_id in hits:
            held.setdefault(world_id, []).append(test.text)
    return held


def _what_there_is(test: Test, worlds: list[World]) -> str:
    if test.kind == "scaffold":
        values = {w.scaffold for w in worlds}
        return f"the suites hold scaffold(s) {', '.join(sorted(values))}"
    if test.kind == "axis":
        values = {w.axes[test.name] for w in worlds if test.name in w.axes}
        axes = sorted({a for w in worlds for a in w.axes})
        return (f"axis {test.name} takes {', '.join(sorted(values))}" if values
                else f"no world has an axis {test.name!r} (axes: {', '.join(axes) or 'none'})")
    values = {w.params[test.name] for w in worlds if test.name in w.params}
    params = sorted({p for w in worlds for p in w.params})
    return (f"param {test.name} takes {', '.join(str(v) for v in sorted(values, key=str))}" if values
            else f"no world has a param {test.name!r} (params: {', '.join(params) or 'none'})")


def split(suites: list[Path], tests: list[Test], out: Path, seed: int = 0, trust_edited: bool = False) -> dict[str, Any]:
    """Write the split of ``suites`` into ``out`` (which must not exist yet); returns its record."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise UsageError(f"worldgen split: error: {out} already exists and is not empty; choose a new folder")
    worlds = read_worlds(suites, trust_edited)
    held = assign(worlds, tests, seed)
    sides = {"train": [w for w in worlds if w.id not in held], "test": [w for w in worlds if w.id in held]}
    for side, members in sides.items():
        if not members:
            other = "held out" if side == "train" else "in training"
            records = len({w.record_id for w in worlds})
            why = (f" (content=FRACTION holds out whole content records, and the worlds share {records}: "
                   f"world=FRACTION holds out worlds)" if records < 3 and any(t.kind == "content" for t in tests) else "")
            raise UsageError(f"worldgen split: error: the {side} side would be empty: all {len(worlds)} worlds are {other} "
                             f"by {' '.join('--test ' + t.text for t in tests)}{why}; nothing was written")
    record = {"format": FORMAT, "rule": RULE, "tests": [t.text for t in tests], "seed": seed,
              "sources": [str(s) for s in suites], "worlds": {s: [w.id for w in m] for s, m in sides.items()},
              "held_out_by": held}
    staging = out.with_name(out.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    for side, members in sides.items():
        _write_side(staging / side, members, {**record, "side": side})
    both = [{**w.line, "path": f"{side}/{_file(w)}"} for side, members in sides.items() for w in members]
    write_atomic(staging / INDEX, "".join(canonical_json(line) + "\n" for line in both))
    write_atomic(staging / SPLIT, json.dumps({**record, "side": "both"}, indent=2) + "\n")
    if out.exists():
        out.rmdir()
    staging.rename(out)
    return record


def _file(world: World) -> str:
    return f"worlds/{world.path.name}"


def union(suites: list[Path], out: Path) -> Path:
    """``suites`` as one suite in ``out`` (new; written whole or not at all): a held-out suite for
    `loop --eval`, which takes one, made of several scaffolds' worlds."""
    if out.exists():
        raise UsageError(f"error: {out} already exists; choose a new folder")
    staging = out.with_name(out.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    _write_worlds(staging, read_worlds(suites))
    staging.rename(out)
    return out


def _write_side(folder: Path, members: list[World], record: dict[str, Any]) -> None:
    _write_worlds(folder, members)
    write_atomic(folder / SPLIT, json.dumps(record, indent=2) + "\n")


def _write_worlds(folder: Path, members: list[World]) -> None:
    """The artifacts, byte for byte, each with its step tables where it has them (`compile
    --tables`: batched envs and table runtimes need them), and the index that lists them."""
    (folder / "worlds").mkdir(parents=True)
    for w in members:
        shutil.copyfile(w.path, folder / _file(w))
        tables = tables_path(w.path)
        if tables.is_file():
            shutil.copyfile(tables, tables_path(folder / _file(w)))
    write_atomic(folder / INDEX, "".join(canonical_json({**w.line, "path": _file(w)}) + "\n" for w in members))


def read_split(folder: Path) -> dict[str, Any] | None:
    """The split record of a suite folder written by ``split`` (None for any other suite)."""
    path = folder / SPLIT
    data = read_json_file(path)
    if data is None:
        return None
    worlds = data.get("worlds") if isinstance(data, dict) else None
    if (not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(worlds, dict)
            or not all(isinstance(worlds.get(s), list) for s in SIDES) or not isinstance(data.get("held_out_by"), dict)):
        raise WorldgenError(f"{path}: error: not a split record (expected format {FORMAT!r} with worlds.train, "
                            "worlds.test and held_out_by)")
    return data
