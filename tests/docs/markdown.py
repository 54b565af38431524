"""Reading the project's Markdown pages as tests read them: fenced blocks with their markers, and
the shell lines a page tells a reader to type.

Markers a page may put on a block (each says *why*, and the test that skips reports it):

- ``<!-- not-run: REASON -->`` on the line just before a fence: the block is shown, not run
  (it needs the network, an API key, a daemon, or hours).
- ``# requires: PKG`` as the first line of a ``python`` block: it runs only where ``PKG`` is
  installed (an optional extra), else the test skips, naming it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^```(\S*)(.*)$")
NOT_RUN = re.compile(r"^<!-- not-run: (.+?) -->$")
REQUIRES = re.compile(r"^# requires: (.+)$")
UNTRACKED = ("out", "worldgen.egg-info")  # made by the demo and by installs: not part of the repository
TMP_OUTPUT = re.compile(r"/tmp/worldgen-[\w-]+")  # where a page's commands put outputs; a fresh folder in tests


@dataclass(frozen=True)
class Block:
    """One fenced block of a page."""

    doc: str  # the page, relative to the repository root
    kind: str  # the fence's language tag ("" for none)
    info: str  # the rest of the fence line (``file=NAME`` options on docs/language.md)
    text: str
    line: int  # line of the opening fence, 1-based
    not_run: str | None = None  # the reason given by a ``not-run`` marker

    @property
    def where(self) -> str:
        return f"{self.doc}:{self.line}"

    @property
    def requires(self) -> list[str]:
        """The packages a ``# requires:`` first line names."""
        first = self.text.split("\n", 1)[0]
        m = REQUIRES.match(first)
        return re.split(r"[,\s]+", m.group(1).strip()) if m else []


def parse_blocks(markdown: str, doc: str) -> list[Block]:
    """Every fenced block of ``markdown`` in page order; an unclosed fence is an error."""
    blocks: list[Block] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        before = next((lines[k] for k in range(i - 1, -1, -1) if lines[k].strip()), "")
        marker = NOT_RUN.match(before.strip())
        start, body = i + 1, []
        i += 1
        while i < len(lines) and lines[i] != "```":
            body.append(lines[i])
            i += 1
        assert i < len(lines), f"{doc}:{start}: unclosed code block"
        i += 1
        blocks.append(Block(doc, m.group(1), m.group(2).strip(), "\n".join(body) + "\n", start,
                            marker.group(1) if marker else None))
    return blocks


def page_blocks(doc: str) -> list[Block]:
    return parse_blocks((ROOT / doc).read_text("utf-8"), doc)


def shell_lines(block: Block) -> list[str]:
    """The commands of a ``sh`` or ``console`` block that a test runs: lines starting with
    ``worldgen `` (or piping ``printf`` into it), ``$ `` prompts stripped, ``\\`` continuations joined."""
    lines = re.sub(r"\\\n\s*", "", block.text).splitlines()
    if block.kind == "console":
        lines = [line[2:] for line in lines if line.startswith("$ ")]
    return [line for line in lines if line.startswith(("worldgen ", "printf "))]


def mirror(root: Path, into: Path) -> Path:
    """A folder where a page's relative paths mean what they mean at the repository root (each
    top-level entry is linked in) and whatever an example writes lands outside the repository."""
    into.mkdir(parents=True, exist_ok=True)
    for entry in root.iterdir():
        if not entry.name.startswith(".") and entry.name not in UNTRACKED:
            (into / entry.name).symlink_to(entry)
    return into


def localise(code: str, workdir: Path) -> str:
    """``code`` with the page's ``/tmp/worldgen-NAME`` output folders moved to ``workdir/worldgen-NAME``."""
    return TMP_OUTPUT.sub(lambda m: str(workdir / m.group(0).rsplit("/", 1)[1]), code)


def tool_path() -> str:
    """``$PATH`` with this environment's scripts (``worldgen``) first, as after activating it."""
    return f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"


def run_shell(line: str, workdir: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """One shell line of a page, run by bash in ``workdir`` with this environment's ``worldgen``
    first on the PATH and its outputs in ``workdir``."""
    line = localise(line, workdir)
    env = {**os.environ, "PATH": tool_path()}
    return subprocess.run(["bash", "-c", line], cwd=workdir, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=timeout)
