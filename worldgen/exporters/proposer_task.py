"""``worldgen export harbor-proposer``: the proposer itself as a Harbor task.

The agent must write one new scaffold meeting a brief (a family unlike the task's library whose
worlds a given solver wins within a success band); a separate verifier grades it with
``worldgen.flywheel.grade``: the gate every ``worldgen propose`` proposal passes, then the band
test. So a proposer can be trained on Terminal-Bench-style infrastructure like any other agent.

    instruction.md        the brief (its free text fenced), the tests, how to try them locally
    task.toml             separate verifier; /root/proposal.wg collected as an artifact
    environment/          the agent's image: worldgen (to check, compile and roll out drafts),
                          the library in /root/library, the language reference in /root/docs
    tests/                the verifier's image: worldgen, test.sh, brief.json, the library
    solution/             solve.sh + proposal.wg, when a reference solution was given (checked to
                          pass the grader at export time)

Unlike a world task, nothing here is secret: the agent may read the library and run worldgen;
what it is graded on (a new scaffold passing the gate and the band) cannot be copied from them.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from worldgen.canonical import sha256
from worldgen.errors import WorldgenError
from worldgen.exporters import toml
from worldgen.exporters.harbor import Target, write_file
from worldgen.exporters.instruction import fence
from worldgen.exporters.runtime_wheel import build_runtime_wheel
from worldgen.flywheel.grade import TESTS, Brief, grade
from worldgen.flywheel.library import read_library, write_member

PROPOSAL = "/root/proposal.wg"
AGENT_TIMEOUT = 3600.0
VERIFIER_TIMEOUT = 1800.0  # compiles the library and the proposal, then rolls out three policies


def export_proposer_task(library: Path, out: Path, brief: Brief, target: Target, language_doc: Path,
                         solution: Path | None = None) -> Path:
    """Write the task folder ``out`` (which must not exist); built beside it and renamed."""
    if out.exists():
        raise WorldgenError(f"{out}: error: already exists; remove it or export to another folder")
    members = read_library(library)
    if solution is not None:
        _check_solution(solution, library, brief)
    out.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    stage.chmod(0o755)
    try:
        wheel = build_runtime_wheel(stage / "environment" / "wheels", authoring=True)
        (stage / "tests" / "wheels").mkdir(parents=True)
        shutil.copyfile(wheel, stage / "tests" / "wheels" / wheel.name)
        for folder in (stage / "environment" / "library", stage / "tests" / "library"):
            for m in members:
                write_member(folder, m.name, m.source, m.record)
        (stage / "environment" / "docs").mkdir()
        shutil.copyfile(language_doc, stage / "environment" / "docs" / "language.md")
        write_file(stage / "instruction.md", _instruction(brief, [m.name for m in members]))
        write_file(stage / "task.toml", toml.dumps(_task_config(brief, target, [m.source for m in members])))
        write_file(stage / "environment" / "Dockerfile", _dockerfile(target, agent=True))
        write_file(stage / "tests" / "Dockerfile", _dockerfile(target, agent=False))
        write_file(stage / "tests" / "brief.json", brief.to_json())
        write_file(stage / "tests" / "test.sh", TEST_SH, 0o755)
        if solution is not None:
            write_file(stage / "solution" / "solve.sh", SOLVE_SH, 0o755)
            shutil.copyfile(solution, stage / "solution" / "proposal.wg")
        stage.rename(out)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    return out


def _check_solution(solution: Path, library: Path, brief: Brief) -> None:
    with tempfile.TemporaryDirectory() as work:
        result = grade(solution, library, brief, Path(work))
    if result["reward"] != 1.0:
        raise WorldgenError(f"{solution}: error: the reference solution does not pass the grader: {result['reason']}")


def _instruction(brief: Brief, library: list[str]) -> str:
    lo, hi = brief.band.lo, brief.band.hi
    return "\n".join([
        "# Write a new family of text worlds",
        "",
        "Write one worldgen scaffold to `/root/proposal.wg`. The brief, quoted exactly:",
        "",
        fence(brief.text),
        "",
        f"The library it must differ from is in `/root/library/` ({len(library)} scaffolds, each `NAME.wg` with "
        "its content record `NAME.json`); the language reference is `/root/docs/language.md`; `worldgen` is "
        "installed (`worldgen --help`).",
        "",
        "It is graded, after you finish, by these tests in order (your grade is 1 when all pass; partial "
        "credit is the share passed):",
        "",
        "1. **check**: `worldgen check /root/proposal.wg` passes, and its world name is not a library scaffold's;",
        "2. **new rules**: its rules differ from every library scaffold's (renaming things or rewording "
        "messages does not count);",
        "3. **content**: its content slots can be filled (a procedural record is drawn for them);",
        f"4. **compile**: at least 90 % of seeds {brief.seeds.start}..{brief.seeds.stop - 1} compile "
        f"(`worldgen compile /root/proposal.wg --pack RECORD.json --seeds {brief.seeds.start}:{brief.seeds.stop} -o OUT`);",
        "5. **oracle**: the oracle solves every deterministic world (`worldgen rollout OUT --policy oracle`);",
        f"6. **random baseline**: random play wins less than {hi:.0%} of its episodes;",
        "7. **new behaviour**: its worlds' complexity profile and action signature differ from every library scaffold's;",
        f"8. **band**: the solver `{brief.solver}` wins between {lo:.0%} and {hi:.0%} of its episodes "
        f"(`worldgen rollout OUT --policy {brief.solver} --episodes 2`, then `worldgen report OUT --rollouts FILE`).",
        "",
    ])


def _task_config(brief: Brief, target: Target, library: list[str]) -> dict:
    digest = sha256("\n".join([brief.to_json(), *library]))
    return {
        "schema_version": "1.4",
        "source": "worldgen",
        "artifacts": [PROPOSAL],
        "task": {"name": f"{target.org}/proposer-{digest[:12]}",
                 "description": "Write a new verified worldgen scaffold meeting a brief",
                 "keywords": ["worldgen", "proposer", "environment-design"]},
        "metadata": {"category": "environment-design", "difficulty": "hard", "tags": ["worldgen", "proposer"],
                     "band": [brief.band.lo, brief.band.hi], "solver": brief.solver,
                     "seeds": f"{brief.seeds.start}:{brief.seeds.stop}", "library_size": len(library),
                     "tests": list(TESTS), "brief_sha256": digest},
        "verifier": {"timeout_sec": VERIFIER_TIMEOUT, "environment_mode": "separate"},
        "agent": {"timeout_sec": AGENT_TIMEOUT},
        "environment": {"build_timeout_sec": 900.0, "cpus": 2, "memory_mb": 4096},
    }


def _dockerfile(target: Target, agent: bool) -> str:
    who = ("# The proposer's container: worldgen (to check, compile and roll out drafts), the library and the\n"
           "# language reference. Nothing here is secret; the grade comes from the separate verifier.\n")
    verifier = "# The verifier: harbor runs /tests/test.sh here on the collected /root/proposal.wg.\n"
    tail = ("COPY library/ /root/library/\nCOPY docs/ /root/docs/\nWORKDIR /root\n" if agent
            else "COPY test.sh brief.json /tests/\nCOPY library/ /tests/library/\n")
    return (f"{who if agent else verifier}FROM {target.base_image}\nCOPY wheels/ /tmp/wheels/\n"
            "RUN python -m pip install --no-cache-dir /tmp/wheels/*.whl && rm -rf /tmp/wheels\n" + tail)


TEST_SH = f"""\
#!/bin/sh
# Grades the scaffold the agent wrote (collected from its container by harbor) against the brief.
exec python -m worldgen.flywheel.grade --proposal {PROPOSAL} --library /tests/library --brief /tests/brief.json \\
  --out /logs/verifier/reward.json
"""

SOLVE_SH = f"""\
#!/bin/sh
# The reference solution: a scaffold that passed the grader when the task was exported.
cp "$(dirname "$0")/proposal.wg" {PROPOSAL}
"""
