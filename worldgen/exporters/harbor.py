"""Worlds as Harbor task folders that reveal nothing the agent could solve them from (docs/harbor.md).

One folder per world::

    instruction.md          fixed text around the world's title, introduction and help, fenced as quotes
    task.toml               provenance hashes in [metadata]; separate verifier; the journal as an artifact
    environment/
      Dockerfile            main (the agent): only the `world` client; no worldgen, no world data
      Dockerfile.dockerignore   keeps service/ and wheels/ out of main's build context altogether
      world.Dockerfile      the world service: worldgen's runtime, the artifact, the episode seed, the journal
      docker-compose.yaml   services main and world
      bin/world             the client (worldgen/exporters/client.py, standard library only)
      service/              world.json (artifact) + episode.json (seed, help), for world.Dockerfile only
      wheels/               worldgen's runtime wheel + requirements.txt pinning every wheel by SHA-256
    tests/                  the verifier's image: Dockerfile, wheels/, test.sh, world.json, episode.json
    solution/               solve.sh + walkthrough.json: the oracle, played through `world`

A terminal world (one with a ``files`` block) is a real machine instead (``terminal_task``): main
holds the world's program clients, writes the world's files at its start from the world service,
and the agent uses the image's bash; ``instruction.md`` is the task as Terminal-Bench words one,
``solution/solve.sh`` the oracle's command lines (each checked by worldgen's shell parser), and a
collect hook (``worldgen-sync``) reports the files to the world before grading.

The episode seed is drawn from a secret (``worldgen.exporters.seeds``), never from the world's seed.
Content reaches these files only as data: JSON, TOML strings, fenced markdown text. A text world's
commands are never written into a shell script (the walkthrough is a JSON list that the client reads).
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from worldgen.canonical import sha256
from worldgen.compiler.artifact import Artifact, world_canonical_json
from worldgen.exporters import client, instruction, terminal_task, toml
from worldgen.exporters.journal import EpisodeConfig
from worldgen.exporters.seeds import episode_seeds
from worldgen.exporters.walkthrough import ExportError, oracle_episode
from worldgen.exporters.wheelhouse import Wheelhouse
from worldgen.agent.prompt import command_help
from worldgen.rollouts.sources import Entry
from worldgen.terminal import program_client

PORT = 7777
JOURNAL = "/var/lib/worldgen/journal.jsonl"  # in the world service; harbor collects it for the verifier
SYNC = program_client.SYNC  # a terminal world's last look at main's files: harbor's collect hook runs it there
READY = program_client.READY
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\Z")  # harbor's task-name part; also a safe folder name
_PYTHON = re.compile(r"3\.\d+\Z")
_IMAGE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/:-]*(@sha256:[0-9a-f]{64})?\Z")  # one word: no spaces, quotes or newlines
VERIFIER_TIMEOUT = 120.0
BUILD_TIMEOUT = 900.0
SECONDS_PER_STEP = 30  # agent time per command of the horizon (an LLM agent thinks between commands)
MIN_AGENT_TIMEOUT = 600


@dataclass(frozen=True)
class Target:
    """What the images are built for, and the name prefix of the tasks."""

    python: str = "3.11"
    platform: str = "linux/amd64"
    org: str = "worldgen"
    image: str | None = None  # e.g. a digest-pinned python:3.11-slim-bookworm@sha256:...; Python must be `python`

    def __post_init__(self) -> None:
        if not _PYTHON.match(self.python):
            raise ExportError(f"error: --python must look like 3.11, not {self.python!r}")
        if not _NAME.match(self.org):
            raise ExportError(f"error: --org must be letters, digits, '.', '_' or '-', not {self.org!r}")
        if self.image is not None and not _IMAGE.match(self.image):
            raise ExportError(f"error: --base-image must be an image reference like python:3.11-slim-bookworm@sha256:..., "
                              f"not {self.image!r}")

    @property
    def base_image(self) -> str:
        return self.image or f"python:{self.python}-slim-bookworm"


def export_task(entry: Entry, out: Path, wheels: Wheelhouse, target: Target, secret: bytes) -> Path:
    """Write ``out/<world id>/``; built in a temporary folder beside it and renamed, so a failure
    leaves nothing half-written. ``secret`` decides the episode seed (the same secret, the same bytes)."""
    if not _NAME.match(entry.id):
        raise ExportError(f"{entry.id!r}: error: a world id must be letters, digits, '.', '_' or '-' to name a task folder")
    final = out / entry.id
    if final.exists():
        raise ExportError(f"{final}: error: already exists; remove it or export to another folder")
    world_json = world_canonical_json(entry.world)  # the world's JSON, encoded once for the seeds and the artifact
    session = oracle_episode(entry, episode_seeds(secret, world_json))
    config = EpisodeConfig(world_id=entry.id, seed=session.seed, help=command_help(entry.world))
    artifact = _artifact_json(entry, world_json)
    layout = session.env.rules.layout
    if layout is not None:
        programs, paths = sorted(layout.programs), sorted(layout.files)
        terminal_task.check(entry.world, programs, paths)
        solve = terminal_task.solve_sh(entry.world, [t.command for t in session.turns])
    out.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=f".{entry.id}.", dir=out))
    stage.chmod(0o755)  # mkdtemp makes it private; a task folder is read by docker and harbor
    try:
        config_toml = _task_config(entry, target, world_json, artifact, len(session.turns), session.horizon)
        env = stage / "environment"
        if layout is None:
            write_file(stage / "instruction.md", instruction.render(entry.world.scaffold.title, session.instruction,
                                                                config.help, session.horizon))
            write_file(env / "Dockerfile", _main_dockerfile(target))
            write_file(env / "bin" / "world", Path(client.__file__).read_text("utf-8"), mode=0o755)
            write_file(stage / "solution" / "solve.sh", SOLVE_SH, mode=0o755)
            write_file(stage / "solution" / "walkthrough.json",
                       json.dumps([t.command for t in session.turns], ensure_ascii=False, indent=1) + "\n")
        else:
            config_toml["verifier"]["collect"] = [{"command": SYNC, "service": "main"}]
            write_file(stage / "instruction.md", instruction.render_terminal(entry.world.scaffold.title, session.instruction,
                                                                         config.help))
            write_file(env / "Dockerfile", terminal_task.main_dockerfile(target.base_image, entry.world, programs))
            for name, (text, mode) in terminal_task.clients(programs, paths, f"world:{PORT}").items():
                write_file(env / name, text, mode=mode)
            if terminal_task.builtins(programs):
                write_file(env / "worldgen.bashrc", terminal_task.bash_rc(programs))
            write_file(stage / "solution" / "solve.sh", solve, mode=0o755)
        write_file(stage / "task.toml", toml.dumps(config_toml))
        write_file(env / "Dockerfile.dockerignore", "service/\nwheels/\n")
        write_file(env / "world.Dockerfile", _world_dockerfile(target, wheels))
        write_file(env / "docker-compose.yaml", _compose(target, terminal=layout is not None))
        for folder in (env / "service", stage / "tests"):
            write_file(folder / "world.json", artifact)
            write_file(folder / "episode.json", config.to_json())
        for folder in (env, stage / "tests"):
            wheels.install_into(folder / "wheels")
        write_file(stage / "tests" / "Dockerfile", _verifier_dockerfile(target, wheels))
        write_file(stage / "tests" / "test.sh", TEST_SH, mode=0o755)
        stage.rename(final)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    return final


def write_file(path: Path, text: str, mode: int = 0o644) -> None:
    """A file of a task folder (parents made, mode set); text no file can hold is an ExportError."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        path.write_text(text, encoding="utf-8")
    except UnicodeEncodeError:
        raise ExportError(f"{path.name}: error: the world's text holds a lone surrogate, which no file can hold; "
                          "fix the content it came from") from None
    path.chmod(mode)


def _artifact_json(entry: Entry, world_json: str) -> str:
    """The artifact as compiled (canonical JSON: the same bytes as its file), or a bare world
    (``world_json``: its world's canonical JSON)."""
    if entry.stored_report is not None and entry.provenance is not None:
        return Artifact(world=entry.world, report=entry.stored_report, provenance=entry.provenance).to_json(world_json)
    return world_json


def _difficulty(solution_length: int) -> str:
    return "easy" if solution_length <= 4 else "medium" if solution_length <= 10 else "hard"


def _task_config(entry: Entry, target: Target, world_json: str, artifact: str, solution_length: int, horizon: int) -> dict:
    world = entry.world
    provenance = entry.provenance.model_dump() if entry.provenance is not None else {}
    category = "terminal" if world.scaffold.terminal is not None else "text-world"
    metadata = {
        "difficulty": _difficulty(solution_length),
        "category": category,
        "tags": ["worldgen", world.scaffold.name, *(f"{k}={v}" for k, v in sorted(world.axes.items()))],
        "world_id": entry.id,
        "scaffold": world.scaffold.name,
        "world_seed": world.seed,
        "solution_length": solution_length,
        "horizon": horizon,
        "worldgen_version": provenance.get("worldgen", ""),
        "record_id": provenance.get("record_id", ""),
        "scaffold_sha256": provenance.get("scaffold_sha256", ""),
        "content_sha256": provenance.get("content_sha256", ""),
        "world_sha256": sha256(world_json),
        "artifact_sha256": sha256(artifact),
        "axes": dict(sorted(world.axes.items())),
        "params": {k: world.params[k] for k in sorted(world.params)},
    }
    return {
        "schema_version": "1.4",
        "source": "worldgen",
        "artifacts": [{"source": JOURNAL, "service": "world"}],
        "task": {
            "name": f"{target.org}/{entry.id}",
            "description": f"{world.scaffold.title} (worldgen scaffold {world.scaffold.name}, seed {world.seed})",
            "keywords": ["worldgen", category, world.scaffold.name],
        },
        "metadata": metadata,
        "verifier": {"timeout_sec": VERIFIER_TIMEOUT, "environment_mode": "separate"},
        "agent": {"timeout_sec": float(max(MIN_AGENT_TIMEOUT, SECONDS_PER_STEP * horizon))},
        "environment": {"build_timeout_sec": BUILD_TIMEOUT, "cpus": 1, "memory_mb": 1024},
    }


def _main_dockerfile(target: Target) -> str:
    return f"""\
# The agent's container: only the `world` client (Python's standard library), which talks to the
# world service. No worldgen, no scaffolds, no content, no world data: nothing to rebuild a world from.
FROM {target.base_image}
COPY bin/world /usr/local/bin/world
RUN chmod 0755 /usr/local/bin/world
ENV WORLDGEN_WORLD=world:{PORT}
WORKDIR /root
"""


def _world_dockerfile(target: Target, wheels: Wheelhouse) -> str:
    return f"""\
# The world service: runs the episode and journals every command. The agent reaches it only
# through its requests on port {PORT} (a text world's look and step; a terminal world's program
# clients' files, program and sync); its files are out of the agent's reach.
FROM {target.base_image}
{_install(wheels)}
RUN useradd --system --no-create-home world && mkdir -p {Path(JOURNAL).parent} && chown world {Path(JOURNAL).parent}
COPY service/ /srv/world/
USER world
EXPOSE {PORT}
CMD ["python", "-m", "worldgen.exporters.service", "--world", "/srv/world/world.json", "--episode", "/srv/world/episode.json", "--journal", "{JOURNAL}", "--host", "0.0.0.0", "--port", "{PORT}"]
"""


def _verifier_dockerfile(target: Target, wheels: Wheelhouse) -> str:
    return f"""\
# The verifier: harbor builds it from tests/ and runs /tests/test.sh in it once the agent is done.
# It holds worldgen's runtime, the artifact and the episode settings, which the agent never sees.
FROM {target.base_image}
{_install(wheels)}
COPY test.sh world.json episode.json /tests/
"""


def _install(wheels: Wheelhouse) -> str:
    return f"""\
COPY wheels/ /tmp/wheels/
RUN {wheels.pip_install()} \\
 && rm -rf /tmp/wheels"""


def _compose(target: Target, terminal: bool = False) -> str:
    ready = f"""\
    # healthy once its entrypoint has written the world's files (harbor's `up --wait` waits for it)
    healthcheck:
      test: ["CMD", "test", "-f", "{READY}"]
      interval: 1s
      timeout: 5s
      retries: 60
""" if terminal else ""
    return f"""\
# Merged by harbor over its own base file, which builds `main` from ./Dockerfile.
services:
  main:
    platform: {target.platform}
    depends_on:
      world:
        condition: service_healthy
{ready}  world:
    build:
      context: .
      dockerfile: world.Dockerfile
    platform: {target.platform}
    # bounded as the agent's container is by task.toml: an episode is one client, a few MiB of
    # state, one process (the service's own limits cap request sizes, sessions and time)
    cpus: 1
    mem_limit: 512m
    pids_limit: 64
    healthcheck:
      test: ["CMD", "python", "-c", "import socket; socket.create_connection(('127.0.0.1', {PORT}), 2).close()"]
      interval: 2s
      timeout: 5s
      retries: 30
      start_period: 2s
"""


TEST_SH = f"""\
#!/bin/sh
# Grades the episode by replaying the journal that harbor collected from the world service
# (task.toml `artifacts`) through the world in /tests. Nothing the agent wrote is read.
exec python -m worldgen.exporters.grade --world /tests/world.json --episode /tests/episode.json \\
  --journal {JOURNAL} --out /logs/verifier/reward.json
"""

SOLVE_SH = """\
#!/bin/sh
# The oracle's walkthrough (walkthrough.json beside this script), sent through the `world` client.
exec world --replay "$(dirname "$0")/walkthrough.json"
"""
