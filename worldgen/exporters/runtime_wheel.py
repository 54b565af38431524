"""worldgen's wheel for the world service and the verifier, packed from the installed package.

Building a wheel with pip needs a source tree (pyproject.toml) and a build backend; an installed
worldgen (``pip install worldgen``, from a wheel or an sdist) has neither. But a pure-Python wheel
is only a zip of the package's files plus three metadata files (PEP 427), so this module writes
one from the files of the ``worldgen`` package this process imports, wherever it is installed.

Left out: bytecode caches and the authoring-side data packages (grammars, scaffolds, content
packs), which running and grading a compiled world never reads. The wheel declares no
dependencies: the task's requirements file pins them. Entries are sorted and stamped 1980-01-01,
so the same installed files give the same bytes.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

import worldgen

NAME = "worldgen"
AUTHORING_DATA = ("grammars", "scaffolds", "content_packs")  # worldgen.<these>: not needed to run a world
_EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip file can hold


def package_files() -> dict[str, bytes]:
    """``worldgen/...`` archive name -> bytes, for every file of the installed package but the left-out ones."""
    root = Path(worldgen.__file__).resolve().parent
    files = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if not path.is_file() or "__pycache__" in rel.parts or path.suffix == ".pyc" or rel.parts[0] in AUTHORING_DATA:
            continue
        files[f"{NAME}/{rel.as_posix()}"] = path.read_bytes()
    return files


def build_runtime_wheel(out: Path) -> Path:
    """``out/worldgen-VERSION-py3-none-any.whl``."""
    version = worldgen.__version__
    info = f"{NAME}-{version}.dist-info"
    files = package_files()
    files[f"{info}/METADATA"] = (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {version}\n"
                                 "Summary: worldgen's runtime, to run and grade compiled worlds\n").encode()
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


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
