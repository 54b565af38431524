"""Word banks and sentence grammars shipped as data in ``worldgen.content_packs/banks``.

Layout: ``banks/themes/<theme>/<category>.txt`` (one lowercase word per line), shared categories
in ``banks/common/<category>.txt``, prompt hints in ``banks/hints/<kind>.txt`` (one phrase per
line), sentence templates in ``banks/grammar.json`` and the rules choosing a bank and grammar for
a slot in ``banks/slots.json`` (see ``worldgen.content.slotkinds``). Loaded once per process, in sorted order,
so draws by index are the same everywhere.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib.resources.abc import Traversable
from typing import Any

from worldgen.datafiles import data_folder
from worldgen.errors import WorldgenError

THEME_CATEGORIES = ("place", "thing", "being", "adjective", "material", "verb")


@dataclass(frozen=True)
class Banks:
    themes: dict[str, dict[str, tuple[str, ...]]]  # theme -> category -> words
    common: dict[str, tuple[str, ...]]  # category -> words
    hints: dict[str, tuple[str, ...]]  # hint kind (tone, era, ...) -> phrases
    grammar: dict[str, tuple[str, ...]]  # sentence kind -> templates with <category> markers
    slot_rules: dict[str, Any]  # slots.json as read, parsed by worldgen.content.slotkinds

    @property
    def theme_names(self) -> tuple[str, ...]:
        return tuple(self.themes)


@cache
def load_banks() -> Banks:
    root = data_folder("content_packs").joinpath("banks")
    if not root.is_dir():
        raise WorldgenError("the word banks are missing from worldgen.content_packs/banks: reinstall worldgen")
    themes = {
        theme.name: {c: _lines(theme.joinpath(f"{c}.txt")) for c in THEME_CATEGORIES}
        for theme in sorted(root.joinpath("themes").iterdir(), key=lambda t: t.name)
        if theme.is_dir()
    }
    grammar = json.loads(root.joinpath("grammar.json").read_text(encoding="utf-8"))
    return Banks(
        themes=themes,
        common=_folder(root.joinpath("common")),
        hints=_folder(root.joinpath("hints")),
        grammar={k: tuple(v) for k, v in sorted(grammar.items())},
        slot_rules=json.loads(root.joinpath("slots.json").read_text(encoding="utf-8")),
    )


def _folder(folder: Traversable) -> dict[str, tuple[str, ...]]:
    entries = sorted((f for f in folder.iterdir() if f.name.endswith(".txt")), key=lambda f: f.name)
    return {f.name.removesuffix(".txt"): _lines(f) for f in entries}


def _lines(path: Traversable) -> tuple[str, ...]:
    """Non-blank lines, without comments (``#``), first occurrence kept."""
    seen: dict[str, None] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            seen.setdefault(line, None)
    return tuple(seen)
