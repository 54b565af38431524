"""The episode journal of a harbor task, and the episode settings the service and verifier share.

The world service appends one JSON line per step it took, flushed to disk before the agent sees
the reply. The line's command is the evidence; its other fields (step number, observation hash,
reward, over) are only for consistency checks and people reading the file: the verifier replays
the commands through the world and never takes a reward or a flag from the journal.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from worldgen import jsondata
from worldgen.errors import WorldgenError
from worldgen.exporters.episode import Turn, observation_sha256

EPISODE_FORMAT = "worldgen.harbor-episode/2"
MAX_COMMAND_CHARS = 500  # longer than any command a world understands; longer requests are refused


class EpisodeConfig(BaseModel):
    """``episode.json``: which episode the service runs and the verifier grades.

    The seed is secret from the agent (it decides stochastic outcomes), so this file exists only
    in the world service's image and in ``tests/``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: str = EPISODE_FORMAT
    world_id: str
    seed: int
    help: str  # the command help the `world` client prints
    max_command_chars: int = MAX_COMMAND_CHARS

    @classmethod
    def load(cls, path: str | Path) -> EpisodeConfig:
        try:
            return cls.model_validate_json(Path(path).read_bytes())
        except OSError as err:
            raise WorldgenError(f"{path}: error: cannot read the episode settings: {err.strerror}") from None
        except ValidationError as err:
            raise WorldgenError(f"{path}: error: not valid episode settings: {err.errors()[0]['msg']}") from None

    def to_json(self) -> str:
        return self.model_dump_json(indent=2) + "\n"


def refusal(command: str, max_chars: int) -> str | None:
    """Why the service must refuse ``command`` before running it, or None. A command the journal
    cannot hold (too long, or not encodable as UTF-8, like a lone surrogate that JSON's \\u escapes
    can carry) must never change the live episode, or the verifier would grade another one."""
    if len(command) > max_chars:
        return f"the command is {len(command)} characters long; the limit is {max_chars}"
    try:
        command.encode("utf-8")
    except UnicodeEncodeError:
        return "the command is not valid Unicode text (it holds a lone surrogate); it was not run"
    return None


def journal_line(step: int, turn: Turn, over: bool) -> str:
    record = {"step": step, "command": turn.command, "observation_sha256": observation_sha256(turn.observation),
              "reward": turn.reward, "over": over}
    return json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n"


class JournalError(WorldgenError):
    """A journal that is not what the world service writes."""


def cut_torn_tail(path: Path) -> None:
    """Remove a last line without its newline, durably. It was cut by a crash mid-write, before
    the agent got a reply, so that step never happened; the service calls this before appending
    again, so the next line cannot be glued onto the torn one."""
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    if end < len(data):
        with path.open("r+b") as f:
            f.truncate(end)
            f.flush()
            os.fsync(f.fileno())


def read_journal(path: Path) -> list[dict]:
    """The journal's records. A last line without its newline is a torn write (``cut_torn_tail``)
    and is dropped."""
    text = path.read_text("utf-8")
    lines = text.split("\n")
    records = []
    for lineno, line in enumerate(lines[:-1], 1):  # the piece after the last newline is incomplete or empty
        try:
            record = jsondata.loads(line)
        except json.JSONDecodeError as err:
            raise JournalError(f"{path}:{lineno}: error: not JSON: {err.msg}") from None
        if not isinstance(record, dict) or not isinstance(record.get("command"), str):
            raise JournalError(f"{path}:{lineno}: error: a journal line must be an object with a string \"command\"")
        records.append(record)
    return records
