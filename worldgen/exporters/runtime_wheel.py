"""worldgen's wheel for task images, packed from the installed package.

Building a wheel with pip needs a source tree (pyproject.toml) and a build backend; an installed
worldgen (``pip install worldgen``, from a wheel or an sdist) has neither. But a pure-Python wheel
is only a zip of the package's files plus three metadata files (PEP 427), so this module writes
one from the files of the ``worldgen`` package this process imports, wherever it is installed.

The runtime wheel (world service, world verifier) holds only the modules those two can import
(``closure.py``: about half the package; no compiler suites, providers, proposer, CLI, reports,
bytecode caches or authoring data packages), and declares no dependencies: the task's requirements file pins them. The authoring
wheel (``authoring=True``: the proposer task, whose agent and verifier check and compile
scaffolds) keeps them and declares worldgen's own dependencies. Entries are sorted and stamped
1980-01-01, so the same installed files give the same bytes.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from importlib.resources.abc import Traversable
from pathlib import Path

import worldgen
from worldgen.datafiles import DataFolder, data_folder
from worldgen.exporters.closure import runtime_modules

NAME = "worldgen"
AUTHORING_DATA: tuple[DataFolder, ...] = ("grammars", "scaffolds", "content_packs")  # worldgen.<these>: not needed to run a world
# worldgen.docs (language.md, installed copies only) is left out: the proposer task copies it itself
_EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip file can hold


def package_files(authoring: bool = False) -> dict[str, bytes]:
    """``worldgen/...`` archive name -> bytes, for every file of the installed package but the left-out ones."""
    root = Path(worldgen.__file__).resolve().parent
    runs = None if authoring else runtime_modules(root)
    files = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if not path.is_file() or "__pycache__" in rel.parts or path.suffix == ".pyc" or rel.parts[0] in (*AUTHORING_DATA, "docs"):
            continue
        if runs is not None and rel not in runs:
            continue
        files[f"{NAME}/{rel.as_posix()}"] = path.read_bytes()
    if authoring:  # found through importlib: an editable install maps them to the repository's top folders
        for name in AUTHORING_DATA:
            _add_tree(data_folder(name), f"{NAME}/{name}", files)
    return dict(sorted(files.items()))


def _add_tree(folder: Traversable, prefix: str, files: dict[str, bytes]) -> None:
    for item in folder.iterdir():
        if item.name == "__pycache__" or item.name.endswith(".pyc"):
            continue
        if item.is_dir():
            _add_tree(item, f"{prefix}/{item.name}", files)
        elif item.is_file():
            files[f"{prefix}/{item.name}"] = item.read_bytes()


def build_runtime_wheel(out: Path, authoring: bool = False) -> Path:
    """``out/worldgen-VERSION-py3-none-any.whl``."""
    version = worldgen.__version__
    info = f"{NAME}-{version}.dist-info"
    files = package_files(authoring)
    requires = "".join(f"Requires-Dist: {r}\n" for r in _base_requirements()) if authoring else ""
    summary = "worldgen, to write, check and compile scaffolds" if authoring else "worldgen's runtime, to run and grade compiled worlds"
    files[f"{info}/METADATA"] = (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {version}\n"
                                 f"Summary: {summary}\n{requires}").encode()
    if authoring:
        files[f"{info}/entry_points.txt"] = b"[console_scripts]\nworldgen = worldgen.cli.main:main\n"
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: worldgen\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = "".join(f"{name},sha256={_digest(data)},{len(data)}\n" for name, data in files.items())
    files[f"{info}/RECORD"] = (record + f"{info}/RECORD,,\n").encode()
    out.mkdir(parents=True, exist_ok=True)
    wheel = out / f"{NAME}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            entry = zipfile.ZipInfo(name, _EPOCH)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data)
    return wheel


def _base_requirements() -> list[str]:
    """worldgen's own dependencies as installed here (extras left out)."""
    import importlib.metadata

    return [r for r in importlib.metadata.requires(NAME) or [] if "extra ==" not in r]


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
