"""Checked scaffolds kept between processes: scaffold text -> its IR, as JSON in the user's cache folder.

Parsing and checking a scaffold, with the imports only that needs (the grammar's parser, the
checker), costs ~0.15 s of every command that loads one, a quarter of a `worldgen check FILE` or
of `worldgen compile`'s start-up; reading the IR back costs ~2 ms. A scaffold that checked clean
(no warnings) is kept, named by a hash of its text, its file name, worldgen's code (the bytes of
every module of the package and of the grammar) and the versions of Python, Lark and pydantic:
any edit, to the scaffold or to worldgen, checks it afresh. A scaffold with warnings is always
checked again, so they are printed from its source; one with errors is never kept. The file is
JSON validated into the IR as an artifact's scaffold is, never pickle: a bad or foreign file fails
to load and is replaced. The folder and the switch are the parser tables' (``parser_cache.py``):
``WORLDGEN_PARSER_CACHE`` names another folder, or keeps nothing when set empty.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from worldgen.datafiles import data_folder
from worldgen.errors import Diagnostic
from worldgen.files import write_atomic
from worldgen.ir.models import Scaffold as ScaffoldIR
from worldgen.user_cache import parse_cache_folder

FORMAT = 1  # bump when the file's layout changes
KEPT = 512  # scaffold files kept; past it, the older half is removed


def checked(source: str, filename: str) -> tuple[ScaffoldIR, tuple[Diagnostic, ...]]:
    """``frontend.compile_source(source, filename)``, read from the cache when it holds this text
    checked by this code; a clean result is saved there (a folder that cannot be written only
    costs the time)."""
    folder = parse_cache_folder()
    fingerprint = code_fingerprint() if folder is not None else None
    path = None if folder is None or fingerprint is None else folder / f"scaffold-{_key(fingerprint, source, filename)}.json"
    if path is not None:
        ir = _load(path)
        if ir is not None:
            return ir, ()
    from worldgen.frontend import compile_source

    ir, warnings = compile_source(source, filename)
    if path is not None and not warnings:
        _save(ir, path)
    return ir, warnings


def _key(fingerprint: str, source: str, filename: str) -> str:
    return hashlib.sha256(json.dumps([FORMAT, fingerprint, filename, source]).encode("utf-8")).hexdigest()[:32]


@cache
def code_fingerprint() -> str | None:
    """A hash of what makes an IR from a scaffold's text: every module of the package (a superset,
    so no edit that matters is missed), the grammar, and the versions of Python, Lark and pydantic;
    None (keep nothing) where they cannot be read. Made once per process (~10 ms: some 460 files read)."""
    try:
        digest = hashlib.sha256(json.dumps([sys.version, version("lark"), version("pydantic")]).encode("utf-8"))
        package = Path(__file__).resolve().parent
        modules = sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)
        for path in modules:
            digest.update(str(path.relative_to(package)).encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
        digest.update(data_folder("grammars").joinpath("worldgen.lark").read_bytes())
    except (OSError, PackageNotFoundError):  # an install without its sources or its metadata
        return None
    return digest.hexdigest()


def _load(path: Path) -> ScaffoldIR | None:
    try:
        return ScaffoldIR.from_json(path.read_text("utf-8"))
    except Exception:  # noqa: BLE001 - missing, truncated, tampered or of another layout: check instead
        return None


def _save(ir: ScaffoldIR, path: Path) -> None:
    """Write the file whole or not at all (``write_atomic``); past KEPT files, remove the older half."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        write_atomic(path, ir.to_json())
        _prune(path.parent)
    except (OSError, ValueError):  # no room, no rights: no cache
        pass


def _prune(folder: Path) -> None:
    kept = list(folder.glob("scaffold-*.json"))
    if len(kept) <= KEPT:
        return
    kept.sort(key=lambda p: p.stat().st_mtime_ns)
    for old in kept[: len(kept) // 2]:
        try:
            os.unlink(old)
        except OSError:  # another process removed it first
            pass
