"""The world artifact: a World, its check report and its provenance, as one canonical JSON file.

Same inputs, same bytes: the file is ``canonical_json`` of plain data (sorted keys, no spaces,
rounded floats), with nothing taken from the clock, the host or Python's hash salt.

Loading is data-only. The runtime generates Python from the IR's structure, and some IR strings
(names) become identifiers in that code, so ``load`` refuses any IR whose names are not plain
identifiers before anything is generated from it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from worldgen import jsondata
from worldgen.canonical import sha256
from worldgen.errors import WorldgenError
from worldgen.ir.models import Scaffold, canonical_json
from worldgen.jsondata import first_problem
from worldgen.ir.world import WORLD_FORMAT, World
from worldgen.verify.report import Report

ARTIFACT_FORMAT = "worldgen.artifact/1"
_IDENT = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
_OPERATORS = {"==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%", "^"}  # an operator node's name


class ArtifactError(WorldgenError):
    """A file that is not a usable world artifact (unreadable, malformed or unsafe)."""


class Provenance(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    worldgen: str  # version of the compiler that made the artifact
    scaffold: str
    scaffold_sha256: str  # of the scaffold IR's canonical JSON
    record_id: str
    content_sha256: str  # of the whole content record's canonical JSON
    world_sha256: str  # of the world's canonical JSON (the artifact's "world" member)


class Artifact(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    format: str = ARTIFACT_FORMAT
    world: World
    report: Report
    provenance: Provenance

    def to_json(self, world_json: str | None = None) -> str:
        """Canonical JSON. ``world_json``, the world's canonical JSON if already made, is spliced
        in as is: canonical JSON nests, and "world" is the last key in sorted order."""
        head = canonical_json(self.model_dump(mode="json", exclude={"world"}))
        world = world_json if world_json is not None else world_canonical_json(self.world)
        return f'{head[:-1]},"world":{world}}}'

    @property
    def id(self) -> str:
        return self.world.id


_ir_json: tuple[Scaffold, str] | None = None  # the last scaffold encoded, held strongly


def world_canonical_json(world: World) -> str:
    """Exactly ``world.to_json()``, reusing the scaffold's encoding when consecutive worlds share
    one IR object (a suite's worlds do; encoding the IR is most of the cost of writing or checking
    an artifact). A canonical object is its items in key order, each encoded on its own, so the
    world's other fields are encoded around the scaffold's text, which is encoded once."""
    global _ir_json
    if _ir_json is None or _ir_json[0] is not world.scaffold:
        _ir_json = (world.scaffold, canonical_json(world.scaffold.model_dump(mode="json")))
    data: dict[str, Any] = world.model_dump(mode="json", exclude={"scaffold"})
    data["scaffold"] = None  # its place among the sorted keys
    scaffold = _ir_json[1]
    items = (f"{canonical_json(k)}:{scaffold if k == 'scaffold' else canonical_json(v)}" for k, v in sorted(data.items()))
    return "{" + ",".join(items) + "}"


_ir_sha: tuple[Scaffold, str] | None = None  # the last scaffold hashed, held strongly


def scaffold_sha256(ir: Scaffold) -> str:
    """The sha256 of the IR's canonical JSON, once per IR object (frozen: it cannot change)."""
    global _ir_sha
    if _ir_sha is None or _ir_sha[0] is not ir:
        _ir_sha = (ir, sha256(ir.to_json()))
    return _ir_sha[1]


def integrity_problems(art: Artifact) -> list[str]:
    """What no longer hashes to the artifact's provenance: its world, its rules (empty: intact)."""
    p, problems = art.provenance, []
    actual = sha256(world_canonical_json(art.world))
    if actual != p.world_sha256:
        problems.append(f"world hash mismatch: the world was changed after compilation "
                        f"(recorded {p.world_sha256[:12]}, now {actual[:12]})")
    scaffold = scaffold_sha256(art.world.scaffold)
    if scaffold != p.scaffold_sha256:
        problems.append(f"scaffold hash mismatch: the rules were changed after compilation "
                        f"(recorded {p.scaffold_sha256[:12]}, now {scaffold[:12]})")
    return problems


def build(world: World, report: Report, record_id: str) -> Artifact:
    """The artifact of a verified world."""
    return build_json(world, report, record_id)[0]


def build_json(world: World, report: Report, record_id: str) -> tuple[Artifact, str]:
    """The artifact of a verified world and its canonical JSON, the world dumped only once."""
    from worldgen import __version__

    world_json = world_canonical_json(world)
    art = Artifact(world=world, report=report, provenance=Provenance(
        worldgen=__version__,
        scaffold=world.scaffold.name,
        scaffold_sha256=world.provenance.get("scaffold_sha256", scaffold_sha256(world.scaffold)),
        record_id=record_id,
        content_sha256=world.provenance.get("content_sha256", ""),
        world_sha256=sha256(world_json),
    ))
    return art, art.to_json(world_json)


_BINDING_OPS = ("quant", "relcomp", "mapcomp", "fixpoint", "until")  # ops whose ``value`` is a bound variable


def unsafe_names(ir: Any, where: str = "") -> list[str]:
    """JSON pointers of IR strings that would become identifiers in generated code but are not
    plain identifiers: every ``name`` and ``label``, each expression's ``op`` and the variable a
    quantifier, comprehension, closure or ``until`` binds (its ``value``)."""
    bad: list[str] = []
    if isinstance(ir, dict):
        for key, value in ir.items():
            here = f"{where}/{key}"
            if key in ("name", "label") and value is not None and not _safe_name(value, "type" in ir):
                bad.append(here)
            elif key == "op" and isinstance(value, str) and "type" in ir:
                if not _IDENT.match(value) or (value in _BINDING_OPS and not _IDENT.match(str(ir.get("value")))):
                    bad.append(here)
            else:
                bad.extend(unsafe_names(value, here))
    elif isinstance(ir, list):
        for i, item in enumerate(ir):
            bad.extend(unsafe_names(item, f"{where}/{i}"))
    return bad


def _safe_name(value: Any, in_expr: bool) -> bool:
    return isinstance(value, str) and (_IDENT.match(value) is not None or (in_expr and value in _OPERATORS))


def parse(data: bytes, path: str) -> Artifact | World:
    """An artifact (or a bare world) from JSON bytes, validated and checked safe to run."""
    raw = _with_last_scaffold(data)
    if raw is None:
        try:
            raw = jsondata.loads(data)
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise ArtifactError(f"{path}: error: not JSON: {err}") from None
        world = _world_of(raw)
        if world is not None and "scaffold" in world:
            world["scaffold"] = _scaffold(world["scaffold"], path)
    if not isinstance(raw, dict) or raw.get("format") not in (ARTIFACT_FORMAT, WORLD_FORMAT):
        found = raw.get("format") if isinstance(raw, dict) else type(raw).__name__
        raise ArtifactError(f"{path}: error: not a worldgen artifact (format {found!r}, expected {ARTIFACT_FORMAT!r})")
    try:
        return Artifact.model_validate(raw) if raw["format"] == ARTIFACT_FORMAT else World.model_validate(raw)
    except ValidationError as err:
        raise ArtifactError(f"{path}: error: malformed artifact {first_problem(err)}") from None


def _world_of(raw: Any) -> dict[str, Any] | None:
    """The world object of parsed artifact (or bare world) JSON, if it has one."""
    if not isinstance(raw, dict) or raw.get("format") not in (ARTIFACT_FORMAT, WORLD_FORMAT):
        return None
    world = raw.get("world") if raw["format"] == ARTIFACT_FORMAT else raw
    return world if isinstance(world, dict) else None


_ir_parsed: tuple[str, Scaffold, bytes | None] | None = None  # the last scaffold parsed: by its JSON, its canonical text
_MARK, _NUL = b'"\\u0000"', b"\\u0000"  # a JSON string holding one NUL character, and how JSON writes NUL


def _with_last_scaffold(data: bytes) -> dict[str, Any] | None:
    """``data`` parsed, its world's scaffold the last one parsed, when the file holds that IR's
    canonical text as its world's scaffold (a suite's artifacts all do); else None.

    The IR is 80 % of an artifact: reading it again, and encoding it to see it is the same, were
    most of verify's own cost per world. Here its text is found in the bytes and swapped for a
    string holding a NUL, which no other string of the file holds (it has no ``\\u0000``, the
    only way JSON writes one). JSON lets any value stand in for another, so if the swapped file
    parses with that string as the world's scaffold, the file parses to the same with the IR
    there, and the IR's text is the one parsed and checked before."""
    last = _ir_parsed  # one read: another thread may parse another suite meanwhile
    if last is None or last[2] is None or _NUL in data:
        return None
    text = last[2]
    at = data.find(text)
    if at < 0:
        return None
    try:
        raw = jsondata.loads(data[:at] + _MARK + data[at + len(text):])
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
    world = _world_of(raw)
    if world is None or world.get("scaffold") != "\0":
        return None
    world["scaffold"] = last[1]
    return raw


def _scaffold(ir: Any, path: str) -> Any:
    """The IR of a world being parsed, checked safe to run: the Scaffold parsed from the same
    JSON just before when there is one (a suite's artifacts all hold the same IR), so a suite
    validates, hashes and generates code for its IR once, not once per world; else the data as
    it is, for the world's validation to parse."""
    global _ir_parsed
    # equal texts, equal JSON values (1 and 1.0 differ); keys in the file's order, as a suite's
    # artifacts all write them (another order only misses the cache)
    text = json.dumps(ir, separators=(",", ":"), check_circular=False)
    if _ir_parsed is not None and _ir_parsed[0] == text:
        return _ir_parsed[1]
    bad = unsafe_names(ir, "/scaffold")
    if bad:
        raise ArtifactError(f"{path}: error: refusing to load: IR names must be identifiers, see {', '.join(bad[:5])}")
    try:
        parsed = Scaffold.model_validate(ir)
    except ValidationError:
        return ir  # the world's validation reports it, where it is
    try:
        canonical = canonical_json(ir).encode("utf-8")
    except ValueError:  # not JSON as a suite writes it (an infinite amount): never read around
        canonical = None
    _ir_parsed = (text, parsed, canonical)
    return parsed


def load(path: str | Path) -> Artifact | World:
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise ArtifactError(f"{path}: error: cannot read: {err.strerror}") from None
    return parse(data, str(path))


def load_world(path: str | Path) -> World:
    """The World of an artifact or of a bare world file (what `worldgen play` runs)."""
    loaded = load(path)
    return loaded.world if isinstance(loaded, Artifact) else loaded
