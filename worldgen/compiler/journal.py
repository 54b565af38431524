"""The ``in-progress`` marker of a suite being compiled, which is also its resume journal.

``compile`` creates ``OUT/in-progress`` before writing any output and deletes it only after
``summary.json`` is written, so a folder holding the marker is a partial suite: every command that
loads suites refuses it. The marker's first line fingerprints the inputs (scaffold, records, axes,
bounds, attempts, seeds): re-running the same command resumes, other inputs are refused. After
each seed's lines are flushed, one line records the next seed and the byte sizes of the three
logs. Resuming cuts the logs back to the last whole line's sizes, so a kill at any point (mid-line,
between files, before the journal line) loses only work that is redone to the same bytes.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from worldgen import jsondata
from worldgen.canonical import sha256
from worldgen.errors import WorldgenError
from worldgen.files import open_log
from worldgen.ir.models import canonical_json

MARKER = "in-progress"
FORMAT = "worldgen.compile-journal/1"


@dataclass(frozen=True)
class Checkpoint:
    """Where a resumed compile picks up: its next seed and the logs' sizes up to it."""

    next_seed: int
    sizes: tuple[int, ...]


def fingerprint(inputs: dict[str, Any]) -> str:
    return sha256(canonical_json(inputs))


def partial_suite_error(folder: Path) -> WorldgenError:
    return WorldgenError(f"{folder}: error: a partial suite: its compile was interrupted ({MARKER} is present); "
                         f"re-run the same `worldgen compile` command to finish it (a suite the flywheel's gate "
                         f"stopped early is a verdict, not a suite: `worldgen explain` it)")


class Journal:
    """The marker file, open for appending checkpoints."""

    def __init__(self, out: Path, inputs: str, seeds: range, logs: int):
        self.path = out / MARKER
        self.inputs, self.seeds, self.logs = inputs, seeds, logs
        self._file: BinaryIO | None = None

    def open(self) -> Checkpoint:
        """Start the journal, or resume it when a compile of the same inputs was interrupted."""
        checkpoint = Checkpoint(self.seeds.start, (0,) * self.logs)
        lines, keep = self._read()
        if lines:
            header = lines[0]
            if header.get("inputs") != self.inputs:
                raise WorldgenError(
                    f"{self.path.parent}: error: holds an interrupted compile of other inputs (seeds "
                    f"{header.get('seeds')}); re-run that command to finish it, or choose another -o")
            for entry in lines[1:]:
                checkpoint = Checkpoint(entry["next"], tuple(entry["sizes"]))
        else:
            header, keep = {"format": FORMAT, "inputs": self.inputs, "seeds": f"{self.seeds.start}:{self.seeds.stop}"}, 0
        self._file = open_log(self.path, keep)
        if not keep:
            self._append(header)
        return checkpoint

    def record(self, next_seed: int, sizes: tuple[int, ...]) -> None:
        """A checkpoint: everything before ``next_seed`` is in the logs' first ``sizes`` bytes."""
        self._append({"next": next_seed, "sizes": list(sizes)})

    def finish(self) -> None:
        """The suite is complete: remove the marker."""
        self.close()
        os.unlink(self.path)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _append(self, entry: dict[str, Any]) -> None:
        assert self._file is not None
        self._file.write((canonical_json(entry) + "\n").encode("utf-8"))
        self._file.flush()

    def _read(self) -> tuple[list[dict[str, Any]], int]:
        return _read(self.path, self.logs)


def last_checkpoint(folder: Path, logs: int) -> Checkpoint | None:
    """Where the interrupted compile of the partial suite at ``folder`` got to, read without
    touching it (None: no marker, or none of its seeds recorded yet): the logs' first ``sizes``
    bytes hold every seed before ``next_seed``, the rest may be torn."""
    lines, _ = _read(folder / MARKER, logs)
    if len(lines) < 2:
        return None
    return Checkpoint(lines[-1]["next"], tuple(lines[-1]["sizes"]))


def _read(path: Path, logs: int) -> tuple[list[dict[str, Any]], int]:
    """The marker's whole, valid lines (a torn last line is a kill mid-write) and their size."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        return [], 0
    with os.fdopen(fd, "rb") as f:
        data = f.read()
    lines: list[dict[str, Any]] = []
    end = 0
    for raw in data.split(b"\n")[:-1]:  # the part after the last newline is torn
        try:
            entry = jsondata.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError):
            break
        if not isinstance(entry, dict) or (lines and not _checkpoint_ok(entry, logs)):
            break
        if not lines and entry.get("format") != FORMAT:
            raise WorldgenError(f"{path}: error: not a worldgen compile journal; remove it to start over")
        lines.append(entry)
        end += len(raw) + 1
    return lines, end


def _checkpoint_ok(entry: dict[str, Any], logs: int) -> bool:
    sizes = entry.get("sizes")
    return (isinstance(entry.get("next"), int) and isinstance(sizes, list) and len(sizes) == logs
            and all(isinstance(s, int) and s >= 0 for s in sizes))
