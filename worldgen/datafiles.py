"""Where worldgen's data folders are: ``grammars/``, ``scaffolds/``, ``content_packs/`` and
``docs/`` (of which a plain install ships only ``language.md``, for ``export harbor-proposer``).

They live at the top of the repository (where researchers look for them) and a plain install
puts them inside the package (``worldgen.grammars``, ...) through pyproject's package-dir. Python
started in a checkout imports the source tree ``./worldgen`` first, even when an installed copy
is on the path, and the source tree has no such subpackages; so every lookup tries the installed
package, then the folder beside the source tree. This is the one place that knows both.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Literal

from worldgen.errors import WorldgenError

DataFolder = Literal["grammars", "scaffolds", "content_packs", "docs"]


def data_folder(name: DataFolder) -> Traversable:
    """The folder ``name``: ``<checkout>/<name>`` beside the source tree in use, else the installed
    package ``worldgen.<name>``. The checkout comes first: an editable install made from another
    checkout (a git worktree) would otherwise hand this source tree that checkout's grammar."""
    beside = Path(__file__).resolve().parent.parent / name
    if beside.is_dir():
        return beside
    try:
        return resources.files(f"worldgen.{name}")
    except ModuleNotFoundError:
        pass
    raise WorldgenError(f"worldgen's data folder '{name}' is missing (neither the package worldgen.{name} "
                        f"nor {beside} exists): reinstall worldgen")


def default_content(scaffold_path: str | Path, name: str) -> Path | None:
    """The example record shipped beside the scaffolds, if any: content_packs/<name>/example.json
    next to the scaffold's folder or inside it, else in the installed package."""
    here = Path(scaffold_path).resolve().parent
    for base in (here.parent / "content_packs", here / "content_packs"):
        candidate = base / name / "example.json"
        if candidate.is_file():
            return candidate
    packaged = data_folder("content_packs").joinpath(name, "example.json")
    return Path(str(packaged)) if packaged.is_file() else None
