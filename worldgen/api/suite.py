"""A compiled suite as an object: what ``worldgen.compile`` returns and ``worldgen.open_suite``
opens, with the later stages as methods, so a notebook chains them
(``worldgen.compile(...).rollout(...)``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from worldgen.errors import WorldgenError

if TYPE_CHECKING:
    from worldgen.api.reports import Report
    from worldgen.api.rollouts import Rollouts
    from worldgen.api.verifying import Verification
    from worldgen.rollouts.sources import Entry

SUMMARY = "summary.json"  # worldgen.compiler.suite.SUMMARY, named here so opening a suite imports no compiler
BOOKKEEPING = ("sha256", "inputs")  # summary keys that check the suite, not figures of it


@dataclass(frozen=True)
class Suite:
    """A suite folder and its compile summary (``summary.json`` without its log hashes);
    ``seconds`` is how long the compile took when this object came from ``worldgen.compile``."""

    path: Path
    summary: dict[str, Any]
    seconds: float | None = None

    @property
    def accepted(self) -> int:
        """Worlds that passed every check (0: ``worldgen explain PATH`` says why)."""
        return int(self.summary["accepted"])

    def worlds(self, trust_edited: bool = False) -> list[Entry]:
        """The suite's worlds, as ``worldgen.load_suite`` gives them."""
        from worldgen.rollouts.sources import open_entries

        return open_entries(self.path, trust_edited)

    def verify(self, **options: Any) -> Verification:
        """``worldgen.verify(self.path, **options)``."""
        from worldgen.api.verifying import verify

        return verify(self.path, **options)

    def rollout(self, policy: str, out: str | Path, **options: Any) -> Rollouts:
        """``worldgen.rollout(self.path, policy, out, **options)``."""
        from worldgen.api.rollouts import rollout

        return rollout(self.path, policy, out, **options)

    def report(self, rollouts: Sequence[str | Path | Rollouts] = (), **options: Any) -> Report:
        """``worldgen.report(self.path, rollouts, **options)``."""
        from worldgen.api.reports import report

        return report(self.path, rollouts, **options)


def open_suite(path: str | Path) -> Suite:
    """The compiled suite in folder ``path``; a folder without a finished compile's summary is refused."""
    root = Path(path)
    try:
        data = json.loads((root / SUMMARY).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise WorldgenError(f"{root}: error: not a compiled suite (no readable {SUMMARY}; `worldgen compile -o {root}` "
                            "makes one)") from None
    return Suite(root, {k: v for k, v in data.items() if k not in BOOKKEEPING})
