"""How far the emulated shell is from real bash, measured line by line on a world.

Per world, the oracle's walkthrough and a corpus of lines drawn from the world
(``worldgen.terminal.corpus``) run in both faces, each from a fresh episode under the same seed:
the emulator (``Env(shell="emulated")``) and real bash over the world's files in namespaces
(``Env(shell="real")``). A line agrees when its stdout, stderr and exit status are the same bytes
in both. After each run the final states must agree too: the world's state, its files as each
face's world renders them, (real face) the files on disk, which must be what the world renders,
and the walkthrough's outcome (return, success, how the episode ended). Every disagreement is
kept with both outputs, so a report can show it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from worldgen.errors import RequirementError
from worldgen.rollouts.sources import Entry
from worldgen.runtime.env import Env
from worldgen.shell.interp import Outcome
from worldgen.terminal import program_client
from worldgen.terminal.corpus import corpus, scene

REFUSED = "(the world kept its version of the file)\n"
_LONG_LISTING = re.compile(r"^[-dlcbps][-rwxsStT]{9}")
SEED_TRIES = 100  # seeds tried for a catalogue world whose draw meets its scaffold's requirements


@dataclass
class Difference:
    """One line whose outcome differs between the faces, or a final state that does."""

    world: str
    part: str  # "walkthrough" or "corpus"
    index: int  # the line's place in its part (-1: the final state)
    line: str
    emulated: dict[str, Any]
    real: dict[str, Any]

    @property
    def kind(self) -> str:
        """``refused change``: a mode, owner or removal of a world file the world refuses, said at
        once by the emulator and after the line by the real face (docs/terminal.md: the one
        difference by design; both faces judge writes after the line); ``owners``:
        only owner and group names differ (the real tree has no account of that name); else
        ``output``, or ``state`` for a final state."""
        if self.index < 0:
            return "state"
        if REFUSED in self.real.get("stderr", ""):
            return "refused change"
        e, r = self.emulated, self.real
        if (e["status"], e["stderr"], _unowned(e["stdout"])) == (r["status"], r["stderr"], _unowned(r["stdout"])):
            return "owners"
        if "invalid user" in r.get("stderr", "") or "invalid group" in r.get("stderr", ""):
            return "owners"
        return "output"

    def as_json(self) -> dict[str, Any]:
        return {"world": self.world, "part": self.part, "index": self.index, "line": self.line, "kind": self.kind,
                "emulated": self.emulated, "real": self.real}


@dataclass
class WorldFidelity:
    world: str
    lines: int = 0
    agreed: int = 0
    states: int = 0  # runs (walkthrough, corpus) whose final states agree
    runs: int = 0
    seconds: dict[str, float] = field(default_factory=lambda: {"emulated": 0.0, "real": 0.0})
    differences: list[Difference] = field(default_factory=list)

    @property
    def by_design(self) -> int:
        """Lines that differ by design (a refused change), left out of the agreement."""
        return sum(d.kind == "refused change" for d in self.differences)

    @property
    def agreement(self) -> float:
        compared = self.lines - self.by_design
        return self.agreed / compared if compared else 1.0

    @property
    def states_agree(self) -> bool:
        return self.states == self.runs

    def as_json(self) -> dict[str, Any]:
        return {"world": self.world, "lines": self.lines, "agreed": self.agreed, "by_design": self.by_design,
                "agreement": self.agreement, "states": self.states_agree, "seconds": self.seconds}


def _unowned(listing: str) -> list[list[str]]:
    """A listing's words without the owner and group of ``ls -l`` lines (nor their padding)."""
    rows = [line.split() for line in listing.split("\n")]
    return [row[:2] + row[4:] if row and _LONG_LISTING.match(row[0]) else row for row in rows]


def _streams(o: Outcome) -> dict[str, Any]:
    return {"stdout": o.stdout, "stderr": o.stderr, "status": o.status}


class _Faces:
    """The two faces of one world, reset together under one seed."""

    def __init__(self, entry: Entry):
        self.emulated = Env(entry.world)
        self.real = Env(entry.world, shell="real")
        self.outcome: dict[str, dict[str, Any]] = {}  # face -> the walkthrough's return and its end

    def close(self) -> None:
        self.real.close()

    def reset(self, seed: int) -> None:
        self.outcome = {}
        for env in (self.emulated, self.real):
            env.reset(seed=seed)

    def step(self, name: str, env: Env, line: str) -> None:
        """One step of the walkthrough through ``Env``, its reward and end kept per face."""
        _, reward, terminated, truncated, info = env.step(line)
        was = self.outcome.get(name, {"return": 0.0})
        self.outcome[name] = {"return": was["return"] + reward, "terminated": terminated, "truncated": truncated,
                              "success": info["success"]}

    def state_difference(self) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """None where the final states agree, else what each face holds that the other does not."""
        emulated, real = self.emulated.state(), self.real.state()
        episode = self.real._terminal  # noqa: SLF001 - the real face's world and its tree on disk
        files_e = _files(self.emulated)
        files_r = _files(self.real)
        disk = program_client.scan(str(episode.root), episode.mirror.paths)
        on_disk = {p: None if seen is None else {"text": seen["text"], "mode": seen["mode"]} for p, seen in disk.items()}
        ends = self.outcome.get("emulated"), self.outcome.get("real")
        if emulated == real and files_e == files_r == on_disk and ends[0] == ends[1]:
            return None
        keys = [k for k in emulated if emulated.get(k) != real.get(k)]
        paths = [p for p in files_e if not files_e[p] == files_r.get(p) == on_disk.get(p)]
        return ({"state": {k: emulated[k] for k in keys}, "files": {p: files_e[p] for p in paths}, "outcome": ends[0]},
                {"state": {k: real.get(k) for k in keys}, "files": {p: files_r.get(p) for p in paths},
                 "disk": {p: on_disk.get(p) for p in paths}, "outcome": ends[1]})


def _files(env: Env) -> dict[str, dict[str, Any] | None]:
    """The world's files as its file system renders them now (None: absent)."""
    episode = env._terminal  # noqa: SLF001
    fs = getattr(episode, "world", episode).fs
    out: dict[str, dict[str, Any] | None] = {}
    for path in sorted(fs.layout.files):
        node = fs.stat(path) if fs._file(path) is not None else None  # noqa: SLF001 - the world's own file
        out[path] = None if node is None else {"text": fs.view(path), "mode": node.mode}
    return out


def measure(entry: Entry, lines: int = 200, seed: int = 0) -> WorldFidelity:
    """One world: its walkthrough and ``lines`` corpus lines in both faces."""
    result = WorldFidelity(entry.id)
    faces = _Faces(entry)
    try:
        oracle = entry.report.oracle
        walkthrough = [step.command for step in oracle.steps] if oracle is not None else []
        faces.reset(seed)
        for i, line in enumerate(walkthrough):
            _line(faces, result, "walkthrough", i, line, stepped=True)
        _settle(faces, result, "walkthrough")
        faces.reset(seed)
        episode = faces.emulated._terminal  # noqa: SLF001
        for i, line in enumerate(corpus(scene(episode), lines, seed)):
            _line(faces, result, "corpus", i, line, stepped=False)
        _settle(faces, result, "corpus")
    finally:
        faces.close()
    return result


def _line(faces: _Faces, result: WorldFidelity, part: str, index: int, line: str, *, stepped: bool) -> None:
    """One line in each face. The walkthrough steps the Env (rewards, the episode's end); corpus
    lines go to the shell directly, so a long corpus is not cut short by the world's horizon."""
    outcomes = []
    for name, env in (("emulated", faces.emulated), ("real", faces.real)):
        start = time.perf_counter()
        if stepped:
            faces.step(name, env, line)
        else:
            env._terminal.run(line)  # noqa: SLF001
        result.seconds[name] += time.perf_counter() - start
        outcomes.append(_streams(env._terminal.last))  # noqa: SLF001
    result.lines += 1
    if outcomes[0] == outcomes[1]:
        result.agreed += 1
    else:
        result.differences.append(Difference(result.world, part, index, line, *outcomes))


def _settle(faces: _Faces, result: WorldFidelity, part: str) -> None:
    result.runs += 1
    diff = faces.state_difference()
    if diff is None:
        result.states += 1
    else:
        result.differences.append(Difference(result.world, part, -1, "(final state)", *diff))


def report(results: Iterable[WorldFidelity]) -> dict[str, Any]:
    """The suite's figures: ``agreement`` (share of lines, 0..1) and ``states`` (share of worlds
    whose final states agree) overall and per world, and every difference."""
    results = list(results)
    lines = sum(r.lines for r in results)
    agreed = sum(r.agreed for r in results)
    by_design = sum(r.by_design for r in results)
    compared = lines - by_design
    return {"agreement": agreed / compared if compared else 1.0, "lines": lines, "agreed": agreed, "by_design": by_design,
            "states": sum(r.states_agree for r in results) / len(results) if results else 1.0,
            "worlds": [r.as_json() for r in results],
            "differences": [d.as_json() for r in results for d in r.differences]}


def catalogue_entries(scaffolds: Path, packs: Path, seed: int = 0) -> list[Entry]:
    """One world of every terminal scaffold of the catalogue (its example record), under the
    first seed from ``seed`` whose draw meets the scaffold's requirements: what the benchmark
    and CI measure."""
    import worldgen
    from worldgen.catalogue import example_record, read_catalogue

    out = []
    for item in read_catalogue(scaffolds, packs):
        loaded = worldgen.load(item.path)
        if loaded.ir.terminal is None:
            continue
        for s in range(seed, seed + SEED_TRIES):
            try:
                out.append(Entry(item.name, loaded.instantiate(example_record(item), seed=s)))
                break
            except RequirementError:
                continue
    return out
