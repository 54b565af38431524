"""The Python wheels the world service and the verifier install at image build time.

The agent's image installs nothing (it holds only the standard-library `world` client). The world
service and the verifier need worldgen's runtime and its two third-party dependencies, pydantic and
numpy (with theirs). A task folder carries worldgen's own wheel and a requirements file that pins
every wheel by name, version and SHA-256 for the image's Python and platform; the images install it
with ``pip install --require-hashes``:

* by default the dependencies' wheels are fetched from the package index at image build time, so a
  task folder stays small (well under 1 MB);
* with ``bundle=True`` (``worldgen export harbor --bundle-wheels``) they are copied into every task
  too and the images build with ``--no-index``, offline (about 20 MB per copy).

worldgen's wheel is packed from the installed package itself (``runtime_wheel``), so exporting works
from a plain ``pip install`` as well as from a source checkout. The dependencies' wheels are fetched
once per export by ``pip download`` for the target Python and platform, pinned to the versions
installed here (the versions this export was tested with); ``find_links`` fetches them from a
folder of wheels instead, without any index.
"""

from __future__ import annotations

import importlib.metadata
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from worldgen.canonical import sha256
from worldgen.errors import WorldgenError
from worldgen.exporters.runtime_wheel import build_runtime_wheel

RUNTIME_DEPENDENCIES = ("pydantic", "numpy")  # what `worldgen.runtime` imports beyond the standard library
PLATFORMS = {"linux/amd64": "x86_64", "linux/arm64": "aarch64"}
GLIBC_MINOR = 36  # Debian bookworm, the base of the python:X.Y-slim-bookworm images
_WHEEL_NAME = re.compile(r"(?P<name>[^-]+)-(?P<version>[^-]+)(-\d[^-]*)?-[^-]+-[^-]+-[^-]+\.whl\Z")


@dataclass(frozen=True)
class Wheelhouse:
    own: Path  # worldgen's runtime wheel, always in the task
    deps: tuple[Path, ...]  # the dependencies' wheels: pinned always, in the task only when bundled
    bundle: bool = False

    def requirements(self) -> str:
        """``name==version --hash=sha256:...`` per wheel, for ``pip install --require-hashes``."""
        return self._requirements

    @cached_property
    def _requirements(self) -> str:
        """Made once per wheelhouse: every task of an export copies the same wheels, and hashing
        them (numpy's alone is some 16 MB) for each of a task's two copies was most of an export."""
        lines = []
        for wheel in sorted((self.own, *self.deps), key=lambda w: w.name.lower()):
            m = _WHEEL_NAME.match(wheel.name)
            if m is None:
                raise WorldgenError(f"{wheel}: error: not a wheel file name (NAME-VERSION-...-TAGS.whl)")
            digest = sha256(wheel.read_bytes())
            lines.append(f"{m['name']}=={m['version']} --hash=sha256:{digest}\n")
        return "".join(lines)

    def copied(self) -> tuple[Path, ...]:
        return (self.own, *self.deps) if self.bundle else (self.own,)

    def install_into(self, folder: Path) -> None:
        """The task's wheels and the requirements file, copied into ``folder``."""
        folder.mkdir(parents=True, exist_ok=True)
        for wheel in self.copied():
            shutil.copyfile(wheel, folder / wheel.name)
        (folder / "requirements.txt").write_text(self.requirements(), encoding="utf-8")

    def pip_install(self) -> str:
        """The Dockerfile's install command for ``wheels/`` copied to /tmp/wheels. ``--no-deps``: the
        requirements are the runtime's complete dependency set; worldgen's authoring-side
        dependencies (parser, content providers) are not needed to run or grade a world."""
        index = " --no-index" if self.bundle else ""
        return (f"python -m pip install --no-cache-dir{index} --no-deps --find-links /tmp/wheels --require-hashes "
                "-r /tmp/wheels/requirements.txt")


def build_wheelhouse(work: Path, python: str, platform: str, find_links: Path | None = None,
                     bundle: bool = False) -> Wheelhouse:
    """worldgen's runtime wheel plus its dependencies for ``python`` (e.g. "3.11") on ``platform``."""
    if platform not in PLATFORMS:
        raise WorldgenError(f"error: unknown platform {platform!r}; choose one of {', '.join(PLATFORMS)}")
    own = build_runtime_wheel(work / "worldgen")
    deps = download_dependencies(work / "deps", python, platform, find_links)
    return Wheelhouse(own, tuple(deps), bundle)


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


def _pip(args: list[str], doing: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True, check=False)
    if done.returncode:
        errors = [line for line in done.stderr.splitlines() if line.startswith("ERROR")] or done.stderr.splitlines()[-3:]
        raise WorldgenError(f"error: {doing} failed:\n  " + "\n  ".join(errors) +
                            "\n(pass --wheelhouse DIR with wheels for the target Python and platform to export offline)")
