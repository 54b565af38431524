"""Every scaffold the repository holds, for properties that must hold on all of them: the shipped
scaffolds, the test fixtures (``.wg`` files and the sources embedded in test modules) and the
``wg`` blocks of docs/language.md and README.md (``wg-error`` blocks too, when they parse)."""

from __future__ import annotations

import ast as python_ast
import re
from functools import cache
from pathlib import Path

from worldgen.errors import DiagnosticError
from worldgen.syntax.parser import parse

ROOT = Path(__file__).resolve().parents[2]
_FENCE = re.compile(r"^```(wg|wg-error)\b[^\n]*\n(.*?)^```", re.S | re.M)


def _parses(source: str) -> bool:
    try:
        parse(source)
    except DiagnosticError:
        return False
    return True


@cache
def scaffolds() -> dict[str, str]:
    """name -> source of every scaffold that parses."""
    found: dict[str, str] = {}
    for path in sorted([*ROOT.glob("scaffolds/*.wg"), *ROOT.glob("tests/**/*.wg")]):
        found[str(path.relative_to(ROOT))] = path.read_text("utf-8")
    for doc in ("docs/language.md", "README.md"):
        text = (ROOT / doc).read_text("utf-8")
        for m in _FENCE.finditer(text):
            found[f"{doc}:{text.count(chr(10), 0, m.start()) + 1}"] = m.group(2)
    for path in sorted(ROOT.glob("tests/**/*.py")):
        for node in python_ast.walk(python_ast.parse(path.read_text("utf-8"))):
            if isinstance(node, python_ast.Constant) and isinstance(node.value, str) \
                    and node.value.lstrip().startswith("world "):
                found[f"{path.relative_to(ROOT)}:{node.lineno}"] = node.value
    return {name: source for name, source in found.items() if _parses(source)}
