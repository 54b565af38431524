"""The scaffold catalogue: what each shipped scaffold is, read from its comment header, and the
rules a catalogue scaffold keeps (short, hand-written, documented, with axes and an example record).

A catalogue scaffold starts with a header:

    # NAME.wg — one line saying what the world is.
    # Family: grid navigation
    # Teaches: what of the language (or of agents) it shows, possibly over several lines.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import worldgen

MAX_LINES = 120
MAX_WIDTH = 160
MIN_AXES = 2
_TITLE = re.compile(r"^# (\w+)\.wg — (.+)$")


@dataclass(frozen=True)
class Entry:
    name: str
    path: Path
    summary: str  # the header's first line, after the dash
    family: str
    teaches: str
    lines: int
    widest: int
    axes: tuple[str, ...]
    record: Path  # content_packs/NAME/example.json

    def problems(self) -> list[str]:
        """Every catalogue rule this scaffold breaks (empty: it belongs in the catalogue)."""
        out = []
        if not self.summary:
            out.append(f"the first line must be '# {self.name}.wg — what the world is.'")
        if not self.family or not self.teaches:
            out.append("the header needs '# Family: ...' and '# Teaches: ...' lines")
        if self.lines > MAX_LINES:
            out.append(f"{self.lines} lines, more than {MAX_LINES}")
        if self.widest > MAX_WIDTH:
            out.append(f"a line of {self.widest} characters, more than {MAX_WIDTH}")
        if len(self.axes) < MIN_AXES:
            out.append(f"{len(self.axes)} axes, fewer than {MIN_AXES}")
        if not self.record.is_file():
            out.append(f"no example record at {self.record}")
        return out


def read_entry(path: Path, packs: Path) -> Entry:
    text = path.read_text("utf-8")
    lines = text.splitlines()
    header: list[str] = []
    for line in lines:
        if not line.startswith("#"):
            break
        header.append(line)
    title = _TITLE.match(header[0]) if header else None
    fields: dict[str, list[str]] = {}
    current = None
    for line in header[1:]:
        body = line[1:].strip()
        key, sep, rest = body.partition(":")
        if sep and key in ("Family", "Teaches"):
            current = key
            fields[current] = [rest.strip()]
        elif sep and key.isidentifier() and key[:1].isupper():  # another header field (`# Axes: ...`) ends it
            current = None
        elif current is not None and body:
            fields[current].append(body)
        else:
            current = None
    axes = tuple(a.name for a in worldgen.loads(text, str(path)).ir.axes)
    return Entry(
        name=path.stem, path=path, summary=title.group(2) if title and title.group(1) == path.stem else "",
        family=" ".join(fields.get("Family", [])).rstrip("."), teaches=" ".join(fields.get("Teaches", [])),
        lines=len(lines), widest=max((len(line) for line in lines), default=0), axes=axes,
        record=packs / path.stem / "example.json",
    )


def read_catalogue(scaffolds: Path, packs: Path) -> list[Entry]:
    """Every scaffold of a folder, by family then name."""
    entries = [read_entry(p, packs) for p in sorted(scaffolds.glob("*.wg"))]
    return sorted(entries, key=lambda e: (e.family, e.name))


def example_record(entry: Entry) -> dict:
    return json.loads(entry.record.read_text("utf-8"))
