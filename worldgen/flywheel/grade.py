"""The verifier of the proposer task (``worldgen export harbor-proposer``): a scaffold in, reward out.

The agent wrote one scaffold to meet a brief; this runs the same gate ``worldgen propose`` applies
to its own proposals (check, new rules, content, compile, oracle, random baseline, new behaviour,
against the task's library, compiled here for the behaviour comparison), whose last test is the
band test: the brief's solver plays the compiled worlds and must win within the band. ``reward`` is 1 when
everything passes, else 0; ``progress`` is the share of the eight tests passed, in order.

    python -m worldgen.flywheel.grade --proposal P.wg --library DIR --brief B.json --out reward.json
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from worldgen.errors import WorldgenError
from worldgen.files import write_atomic
from worldgen.flywheel.accept import Gate, compiled, content_record, library_member
from worldgen.flywheel.band import SolverTest
from worldgen.flywheel.library import read_library
from worldgen.flywheel.mutate import Band
from worldgen.textfile import read_text

TESTS = ("check", "new rules", "content", "compile", "oracle", "random baseline", "new behaviour", "band")


@dataclass(frozen=True)
class Brief:
    """What the proposer is asked for."""

    text: str
    band: Band = Band()
    solver: str = "noisy-oracle:0.3"
    seeds: range = range(20)

    def to_json(self) -> str:
        return json.dumps({"text": self.text, "band": [self.band.lo, self.band.hi], "solver": self.solver,
                           "seeds": [self.seeds.start, self.seeds.stop]}, indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Brief:
        data = json.loads(text)
        return cls(data["text"], Band(*data["band"]), data["solver"], range(*data["seeds"]))


def grade(proposal: Path, library: Path, brief: Brief, work: Path) -> dict[str, Any]:
    """The reward fields, with the reason of the first failed test."""
    result: dict[str, Any] = {"reward": 0.0, "progress": 0.0, "passed": [], "reason": "", "solver_success": None}
    if not proposal.is_file():
        result["reason"] = f"no proposal at {proposal}"
        return result
    try:
        source = read_text(proposal)
    except WorldgenError as err:
        result["reason"] = str(err)
        return result
    members = []
    for scaffold in read_library(library):
        record, _ = content_record(scaffold.ir, scaffold.record)
        suite = work / "library" / scaffold.name
        entries = compiled(scaffold.ir, record, brief.seeds, suite, 1) if record else []
        members.append(library_member(scaffold.ir, suite if entries else None))
    verdict = Gate(members, brief.band, brief.seeds, solver=SolverTest(brief.solver)).evaluate(
        source, proposal.name, work / "proposal", None)
    result["passed"] = list(verdict.passed)
    result["measured"] = verdict.measured
    result["solver_success"] = verdict.measured.get("solver", {}).get("success")
    result["reason"] = verdict.reason
    result["reward"] = 1.0 if verdict.accepted else 0.0
    result["progress"] = round(len(result["passed"]) / len(TESTS), 6)
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m worldgen.flywheel.grade", description=__doc__.splitlines()[0])
    ap.add_argument("--proposal", required=True, type=Path)
    ap.add_argument("--library", required=True, type=Path)
    ap.add_argument("--brief", required=True, type=Path)
    ap.add_argument("--out", required=True, type=Path)
    args = ap.parse_args(argv)
    brief = Brief.from_json(read_text(args.brief))
    with tempfile.TemporaryDirectory() as work:
        result = grade(args.proposal, args.library, brief, Path(work))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    reward = {k: result[k] for k in ("reward", "progress")}
    write_atomic(args.out, json.dumps(reward) + "\n")
    print(f"reward {result['reward']:g}, progress {result['progress']:g}: "
          + ("every test passed" if result["reward"] else result["reason"]))
    print(json.dumps(result, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
