"""What earlier rounds rejected, so a later round does not compile the same candidate again.

A candidate is known by the canonical hash of its edit: the structural hash of the scaffold it
makes (names and prose aside, so a renumbered proposal name is the same candidate), or, for a
draft that does not check, the sha256 of its text. A rejection for the band is remembered only
for the solver it was measured with: a trained solver may find the same candidate in its band.
"""

from __future__ import annotations

import json
from pathlib import Path

from worldgen.canonical import sha256
from worldgen.errors import DiagnosticError
from worldgen.flywheel.identity import structural_hash
from worldgen.frontend_cache import checked


def edit_key(source: str) -> str:
    """The canonical hash of a candidate (see above)."""
    try:
        return structural_hash(checked(source, "candidate.wg")[0])
    except DiagnosticError:
        return "text:" + sha256(source)


def remembered(outputs: list[Path], solver: str) -> dict[str, str]:
    """Edit key -> why it is not tried again, over the rejections of earlier ``propose`` outputs."""
    out: dict[str, str] = {}
    for folder in outputs:
        for path in sorted((folder / "rejected").glob("*/reason.json")):
            data = json.loads(path.read_text("utf-8"))
            key, reason = data.get("edit_hash"), data["reason"]
            if key is None or (reason.startswith("band:") and data.get("solver") != solver):
                continue
            out.setdefault(key, f"rejected before as {data['name']} ({reason.partition(':')[0]})")
    return out
