"""The public face of a checked scaffold: its IR plus where it came from, and instantiate()."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from worldgen import canonical
from worldgen.errors import Diagnostic, InstantiationError
from worldgen.ir.models import Scaffold as ScaffoldIR
from worldgen.ir.world import World


@dataclass(frozen=True)
class Scaffold:
    ir: ScaffoldIR
    path: str = "<string>"
    warnings: tuple[Diagnostic, ...] = ()  # `worldgen check` prints them; loading goes on

    @property
    def name(self) -> str:
        return self.ir.name

    @property
    def sha256(self) -> str:
        return canonical.sha256(self.ir.to_json())

    def instantiate(
        self,
        content: dict[str, Any] | None = None,
        seed: int = 0,
        axes: dict[str, str] | None = None,
        params: dict[str, Any] | None = None,
    ) -> World:
        """Build one world. Unfixed axes and params are drawn from (seed, purpose) streams.
        ``content`` may be left out (None) for a scaffold without content slots."""
        if content is None:
            if self.ir.content:
                raise InstantiationError(
                    f"{self.path}: error: scaffold '{self.name}' has content slots ({', '.join(s.name for s in self.ir.content)}): "
                    f"pass content=RECORD (content_packs/{self.name}/example.json, a record of a `worldgen content` pack, "
                    "or worldgen.content.generate.procedural_record(scaffold.ir, 0))")
            content = {}
        from worldgen.compiler.instantiate import instantiate  # loaded by the first world built, not by loading a scaffold

        return instantiate(self.ir, content, seed, axes=axes, params=params)
