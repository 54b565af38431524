"""The Python wheels a harbor task installs at image build time, with no network.

Exported tasks build from a stock ``python:X.Y-slim`` image plus files in the task folder, so each
task carries worldgen's own wheel and the wheels of the runtime's two third-party dependencies,
pydantic and numpy (with theirs), for the image's Python and platform. They are installed with
``--no-index --require-hashes`` from a requirements file that pins every wheel by SHA-256.

The wheelhouse is assembled once per export:

* worldgen's wheel is built from the source tree this worldgen runs from (a copy of it, so the
  checkout's ``build/`` never leaks stale files in), with a fixed ``SOURCE_DATE_EPOCH`` so the same
  source gives the same bytes;
* the dependencies are fetched by ``pip download`` for the target Python and platform, pinned to
  the versions installed here (the versions this export was tested with); ``--wheelhouse DIR``
  fetches them from a folder of wheels instead, without any index (offline exports).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import worldgen
from worldgen.errors import WorldgenError

RUNTIME_DEPENDENCIES = ("pydantic", "numpy")  # what `worldgen.runtime` imports beyond the standard library
PLATFORMS = {"linux/amd64": "x86_64", "linux/arm64": "aarch64"}
GLIBC_MINOR = 36  # Debian bookworm, the base of the python:X.Y-slim-bookworm images
_WHEEL_NAME = re.compile(r"(?P<name>[^-]+)-(?P<version>[^-]+)(-\d[^-]*)?-[^-]+-[^-]+-[^-]+\.whl\Z")
_REPRODUCIBLE_EPOCH = "315532800"  # 1980-01-01, the earliest time a zip file can hold


@dataclass(frozen=True)
class Wheelhouse:
    wheels: tuple[Path, ...]

    def requirements(self) -> str:
        """``name==version --hash=sha256:...`` per wheel, for ``pip install --require-hashes``."""
        lines = []
        for wheel in sorted(self.wheels, key=lambda w: w.name.lower()):
            m = _WHEEL_NAME.match(wheel.name)
            if m is None:
                raise WorldgenError(f"{wheel}: error: not a wheel file name (NAME-VERSION-...-TAGS.whl)")
            digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
            lines.append(f"{m['name']}=={m['version']} --hash=sha256:{digest}\n")
        return "".join(lines)

    def size(self) -> int:
        return sum(w.stat().st_size for w in self.wheels)

    def install_into(self, folder: Path) -> None:
        """The wheels and their requirements file, copied into ``folder``."""
        folder.mkdir(parents=True, exist_ok=True)
        for wheel in self.wheels:
            shutil.copyfile(wheel, folder / wheel.name)
        (folder / "requirements.txt").write_text(self.requirements(), encoding="utf-8")


def build_wheelhouse(work: Path, python: str, platform: str, find_links: Path | None = None) -> Wheelhouse:
    """worldgen's wheel plus its runtime dependencies for ``python`` (e.g. "3.11") on ``platform``."""
    if platform not in PLATFORMS:
        raise WorldgenError(f"error: unknown platform {platform!r}; choose one of {', '.join(PLATFORMS)}")
    own = build_worldgen_wheel(work / "worldgen")
    deps = download_dependencies(work / "deps", python, platform, find_links)
    return Wheelhouse((own, *deps))


def source_tree() -> Path:
    """The checkout worldgen runs from; an installed copy has no pyproject.toml to build from."""
    root = Path(worldgen.__file__).resolve().parent.parent
    pyproject = root / "pyproject.toml"
    if not pyproject.is_file() or tomllib.loads(pyproject.read_text("utf-8")).get("project", {}).get("name") != "worldgen":
        raise WorldgenError("error: worldgen is not running from its source tree, so its wheel cannot be built here; "
                            "run the export from a checkout (pip install -e .)")
    return root


def build_worldgen_wheel(out: Path) -> Path:
    """Build worldgen's wheel from a clean copy of the package sources listed in pyproject.toml."""
    root = source_tree()
    config = tomllib.loads((root / "pyproject.toml").read_text("utf-8"))
    folders = {"worldgen", *config["tool"]["setuptools"].get("package-dir", {}).values()}
    stage = out / "src"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("pyproject.toml", config["project"].get("readme", "README.md")):
        shutil.copyfile(root / name, stage / name)
    for folder in sorted(folders):
        shutil.copytree(root / folder, stage / folder, ignore=ignore)
    dist = out / "dist"
    _pip(["wheel", "--no-deps", "--no-build-isolation", "--quiet", "--wheel-dir", str(dist), str(stage)],
         "building worldgen's wheel", env={"SOURCE_DATE_EPOCH": _REPRODUCIBLE_EPOCH})
    wheels = sorted(dist.glob("worldgen-*.whl"))
    if len(wheels) != 1:
        raise WorldgenError(f"error: building worldgen's wheel left {len(wheels)} wheels in {dist}, expected one")
    return wheels[0]


def download_dependencies(out: Path, python: str, platform: str, find_links: Path | None) -> list[Path]:
    """The runtime dependencies' wheels (and theirs) for the target, pinned to the installed versions."""
    arch = PLATFORMS[platform]
    tags = [f"manylinux_2_{m}_{arch}" for m in range(GLIBC_MINOR, 16, -1)] + [f"manylinux2014_{arch}"]
    pins = [f"{name}=={importlib.metadata.version(name)}" for name in RUNTIME_DEPENDENCIES]
    args = ["download", "--quiet", "--only-binary=:all:", "--implementation", "cp", "--python-version", python,
            "--dest", str(out), *(a for tag in tags for a in ("--platform", tag))]
    if find_links is not None:
        args += ["--no-index", "--find-links", str(find_links)]
    where = f"the wheels in {find_links}" if find_links is not None else "the package index"
    _pip([*args, *pins], f"fetching {', '.join(pins)} for Python {python} on {platform} from {where}")
    return sorted(out.glob("*.whl"))


def _pip(args: list[str], doing: str, env: dict[str, str] | None = None) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, check=False)
    if done.returncode:
        errors = [line for line in done.stderr.splitlines() if line.startswith("ERROR")] or done.stderr.splitlines()[-3:]
        raise WorldgenError(f"error: {doing} failed:\n  " + "\n  ".join(errors) +
                            "\n(pass --wheelhouse DIR with wheels for the target Python and platform to export offline)")
