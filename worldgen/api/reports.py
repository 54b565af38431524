"""``worldgen.report``: the suite report as an object, rendered as ``worldgen report`` renders it
(that command calls this function; its JSON and HTML bytes are the same)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

    from worldgen.api.rollouts import Rollouts


@dataclass(frozen=True)
class Report:
    """The five criteria and per-policy success of a suite (``data``: docs/report.md explains every member)."""

    data: dict[str, Any]

    def json(self) -> str:
        """Canonical JSON: the same bytes for the same inputs, except the ``measured`` member."""
        from worldgen.report import to_json

        return to_json(self.data)

    def html(self) -> str:
        """A self-contained HTML page with plots."""
        from worldgen.report import render_html

        return render_html(self.data)

    def print(self, console: Console | None = None) -> None:
        """The text report, on stdout unless ``console`` says otherwise."""
        from worldgen.report import render_text

        render_text(self.data, console)


def report(path: str | Path, rollouts: Sequence[str | Path | Rollouts] = (), *, packs: Sequence[str | Path] = (),
           trust_edited: bool = False) -> Report:
    """The report of the suite (or artifact) at ``path``, with success per world and axis from
    ``rollouts`` (episode files or ``worldgen.rollout`` results) and content tokens and cost
    from the ``packs`` it was compiled from."""
    from worldgen.report import build_report

    files = [str(r) if isinstance(r, (str, Path)) else str(r.path) for r in rollouts]
    return Report(build_report(str(path), files, [str(p) for p in packs], trust_edited))
