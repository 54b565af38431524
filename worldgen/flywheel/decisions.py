"""Each proposal of a round as ``summary.html`` shows it: the gate's verdict and reason, and the
proposal's diff against its parent, so a reader sees what changed without opening two files."""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Decision:
    name: str
    parent: str | None
    verdict: str  # accepted | rejected | skipped
    reason: str
    diff: str  # unified diff of the parent's source against the proposal's ("" when either is missing)


def decisions(round_folder: Path) -> list[Decision]:
    """The round's proposals in the order the gate decided them (accepted, rejected, skipped each in
    turn as ``propose``'s summary lists them)."""
    proposals = round_folder / "proposals"
    summary_path = proposals / "summary.json"
    if not summary_path.is_file():
        return []
    summary = json.loads(summary_path.read_text("utf-8"))
    out = [_decided(round_folder, proposals / name, name, "provenance.json", "accepted") for name in summary["accepted"]]
    out += [_decided(round_folder, proposals / "rejected" / item["name"], item["name"], "reason.json", "rejected")
            for item in summary["rejected"]]
    out += [Decision(item["name"], None, "skipped", item["reason"], "") for item in summary.get("skipped", [])]
    return out


def _decided(round_folder: Path, folder: Path, name: str, record: str, verdict: str) -> Decision:
    data = json.loads((folder / record).read_text("utf-8"))
    parent = data["parents"][0] if data["parents"] else None
    return Decision(name, parent, verdict, data.get("reason", ""),
                    _diff(round_folder / "library" / f"{parent}.wg", folder / f"{name}.wg") if parent else "")


def _diff(parent: Path, proposal: Path) -> str:
    if not parent.is_file() or not proposal.is_file():
        return ""
    lines = difflib.unified_diff(parent.read_text("utf-8").splitlines(keepends=True),
                                 proposal.read_text("utf-8").splitlines(keepends=True),
                                 fromfile=parent.name, tofile=proposal.name, n=2)
    return "".join(lines)
