"""Where trainers' worlds come from: a world file, an artifact file, or a suite folder.

Every command that runs worlds (serve, rollout, report, export, play, graph, the Gymnasium
adapter) opens them through here, so they all accept the same paths and trust the same things.
Files are read as data only: artifacts go through the artifact loader, which validates them and
refuses IR that is unsafe to generate code from.

Nothing a suite says is taken on faith. Its index is data: every path must stay inside the suite
folder (after resolving symlinks), ids and paths appear once, an empty index is no suite, and a
folder still marked ``in-progress`` is a partial suite from an interrupted compile. Every file
must hash to the sha256 its index line records (the bytes the compiler wrote, so the world inside
need not be dumped and hashed again), and a lone artifact's world and rules to the hashes in its
provenance; an edited file is refused unless the caller passes ``trust_edited`` (the
command line's ``--trust-edited``). Step tables are vouched for only where they are used
(``open_placed``): a loader of worlds alone (``open_worlds``: serve, play, the Gymnasium envs that
step rules) neither reads nor refuses them. ``worldgen verify`` reads the same index but reports
edits as failures instead of refusing them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from worldgen.compiler.artifact import Artifact, integrity_problems, parse, sha256
from worldgen.compiler.journal import MARKER, partial_suite_error
from worldgen.errors import WorldgenError
from worldgen.ir.world import World
from worldgen.jsondata import parse_object
from worldgen.tables.paths import tables_path
from worldgen.textfile import read_text

INDEX = "index.jsonl"
SUMMARY = "summary.json"  # what compile writes last (compiler/suite.py), with the sha256 of the index


@dataclass(frozen=True)
class IndexEntry:
    """One line of a suite index, its path checked to stay inside the suite."""

    id: str
    path: Path
    line: dict[str, Any]
    where: str  # "index.jsonl:N", for messages


def open_worlds(path: str | Path, trust_edited: bool = False) -> list[tuple[str, World]]:
    """``(world_id, World)`` pairs, in suite order: one pair for a file, one per index line for a suite.

    A file's id is the world's content hash (``World.id``); a suite's ids are those of its index.
    """
    return [(world_id, item.world if isinstance(item, Artifact) else item)
            for world_id, item in open_artifacts(path, trust_edited)]


def open_artifacts(path: str | Path, trust_edited: bool = False) -> list[tuple[str, Artifact | World]]:
    """Like ``open_worlds``, but an artifact file keeps its check report and provenance (the
    rollout oracle and the suite report read them); a bare world file stays a World."""
    return [(p.id, p.item) for p in open_placed(path, trust_edited, tables=False)]


class Placed(NamedTuple):
    """A world as a suite holds it: its id, its file, what the file holds, and its step tables
    when the suite vouches for them (None: the world runs on its rules)."""

    id: str
    path: Path
    item: Artifact | World
    tables: Path | None


def open_placed(path: str | Path, trust_edited: bool = False, tables: bool = True) -> list[Placed]:
    """Like ``open_artifacts``, with each file's path and its vouched step tables (none looked
    at unless ``tables``: a caller that steps rules need not be stopped by an edited table)."""
    path = Path(path)
    use = tables and not trust_edited
    if path.is_dir():
        return [Placed(e.id, e.path, load_checked(e.path, trust_edited, e), vouched_tables(e) if use else None)
                for e in suite_index(path, trust_edited)]
    if not path.exists():
        raise WorldgenError(f"{path}: error: no such world file or suite folder")
    item = load_checked(path, trust_edited)
    beside = tables_path(path)
    return [Placed(item.id, path, item, beside if use and beside.is_file() else None)]


def vouched_tables(entry: IndexEntry) -> Path | None:
    """The step tables beside ``entry``'s artifact, if its index line records their sha256
    (``hashes.tables``, written by ``compile --tables``) and the file still hashes to it; a file
    that does not is refused as edited. With ``trust_edited`` ``open_placed`` uses no tables: an
    edited world runs on its rules, which an edited table could contradict. (Tables beside a lone
    artifact have no index to vouch for them: like a suite's, they are checked for structure as
    they load, and `verify` checks them against the rules.)"""
    place = tables_path(entry.path)
    if not place.is_file():
        return None
    hashes = entry.line.get("hashes")
    recorded = hashes.get("tables") if isinstance(hashes, dict) else None
    if not isinstance(recorded, str):
        why = f"{entry.where} records no sha256 for them (a suite compiled before tables were hashed: compile it again)"
    elif sha256(place.read_bytes()) != recorded:
        why = f"their sha256 differs from the one {entry.where} records"
    else:
        return place
    raise WorldgenError(f"{place}: error: step tables edited after compilation: {why}; re-compile the suite with "
                        f"--tables, or pass --trust-edited (trust_edited=True in Python) to run its worlds on their rules")


def load_checked(path: Path, trust_edited: bool = False, entry: IndexEntry | None = None) -> Artifact | World:
    """The artifact or world at ``path``, refused if edited since compilation (``entry``: its
    index line, whose recorded sha256 the file must match) unless ``trust_edited``."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise WorldgenError(f"{path}: error: cannot read: {err.strerror}") from None
    loaded = parse(data, str(path))
    if trust_edited:
        return loaded
    problems: list[str] = []
    if entry is not None:
        recorded = recorded_sha256(entry.line)
        if recorded is None:
            problems.append(f"{entry.where} records no sha256 for it (\"hashes\": {{\"artifact\": ...}})")
        elif sha256(data) != recorded:
            problems.append(f"its sha256 differs from the one {entry.where} records")
    elif isinstance(loaded, Artifact):
        # a lone artifact vouches for itself by its hashes; in a suite, bytes the index vouches for
        # are the bytes the compiler wrote, so dumping their world again to re-hash it (most of a
        # load) would only repeat the compiler's own hashing
        problems = integrity_problems(loaded)
    if problems:
        raise WorldgenError(f"{path}: error: edited after compilation: {problems[0]}; "
                            f"re-compile it, or pass --trust-edited to load it anyway")
    return loaded


def _check_against_summary(folder: Path, text: str) -> None:
    """Refuse an index whose bytes differ from those compile recorded in ``summary.json`` (a suite
    without one, as `split` writes, or one that records no hash of its index, has nothing to check)."""
    summary = folder / SUMMARY
    if not summary.is_file():
        return
    hashes = parse_object(read_text(summary), str(summary), "the summary").get("sha256")
    recorded = hashes.get(INDEX) if isinstance(hashes, dict) else None
    if isinstance(recorded, str) and sha256(text) != recorded:
        raise WorldgenError(f"{folder / INDEX}: error: edited after compilation: its sha256 differs from the one "
                            f"{summary} records; re-compile the suite, or pass --trust-edited to load it anyway")


def recorded_sha256(line: dict[str, Any]) -> str | None:
    """The artifact sha256 an index line records (``hashes.artifact``), if any."""
    hashes = line.get("hashes")
    recorded = hashes.get("artifact") if isinstance(hashes, dict) else None
    return recorded if isinstance(recorded, str) else None


def suite_index(folder: Path, trust_edited: bool = False) -> list[IndexEntry]:
    """The entries of a complete suite's index, every path checked to stay inside the suite; an
    index that no longer hashes to the sha256 its ``summary.json`` records (ids or paths edited
    by hand) is refused unless ``trust_edited``."""
    index = folder / INDEX
    if (folder / MARKER).exists():
        raise partial_suite_error(folder)
    if not index.is_file():
        raise WorldgenError(f"{folder}: error: not a suite: it has no {INDEX} (compile one with `worldgen compile ... -o DIR`)")
    text = read_text(index)
    if not trust_edited:
        _check_against_summary(folder, text)
    root = folder.resolve()
    entries: list[IndexEntry] = []
    ids: set[str] = set()
    paths: set[Path] = set()
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{index}:{lineno}"
        entry = parse_object(line, where, "index line")
        world_id, rel = _index_entry(entry, where)
        if world_id in ids:
            raise WorldgenError(f"{where}: error: world id {world_id!r} appears twice in the index")
        target = (root / rel).resolve()
        if not target.is_relative_to(root):
            raise WorldgenError(f"{where}: error: path {rel!r} leads outside the suite folder")
        if target in paths:
            raise WorldgenError(f"{where}: error: path {rel!r} appears twice in the index")
        if not target.is_file():
            raise WorldgenError(f"{where}: error: world file {rel!r} is missing")
        ids.add(world_id)
        paths.add(target)
        entries.append(IndexEntry(world_id, target, entry, f"{INDEX}:{lineno}"))
    if not entries:
        raise WorldgenError(f"{index}: error: the suite index lists no worlds")
    return entries


def _index_entry(entry: dict[str, Any], where: str) -> tuple[str, str]:
    world_id, rel = entry.get("id"), entry.get("path")
    if not isinstance(world_id, str) or not world_id:
        raise WorldgenError(f"{where}: error: index line needs a non-empty string \"id\"")
    if not isinstance(rel, str) or not rel or Path(rel).is_absolute():
        raise WorldgenError(f"{where}: error: index line needs \"path\": a file path relative to the suite folder")
    return world_id, rel
