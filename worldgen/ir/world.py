"""A world: one scaffold instantiated with content, params, axis choices and a seed.

Plain data (the artifact format): everything needed to run the world without the scaffold file
or the parser. Loading it never executes anything taken from it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from worldgen.canonical import sha256
from worldgen.ir.models import Scaffold, canonical_json
from worldgen.plugs import plugged

WORLD_FORMAT = "worldgen.world/1"


class World(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    format: str = WORLD_FORMAT
    scaffold: Scaffold
    seed: int
    attempt: int = 0  # re-draws of build-time randomness (a world failing its checks is re-drawn)
    params: dict[str, int | bool | str]
    axes: dict[str, str]
    content: dict[str, Any]  # the part of the content record this world uses
    content_choice: dict[str, list[int]]  # which items of each param-sized list it took
    entities: dict[str, list[str]]  # entity -> display names, by index
    consts: dict[str, Any]  # JSON-encoded values
    initial_state: dict[str, Any]  # JSON-encoded values (worldgen.ir.values)
    provenance: dict[str, str] = {}

    def to_json(self) -> str:
        return canonical_json(self.model_dump(mode="json"))

    @classmethod
    def from_json(cls, text: str | bytes) -> World:
        return cls.model_validate_json(text)

    @property
    def id(self) -> str:
        """A short content hash: equal worlds have equal ids."""
        return f"{self.scaffold.name}-{self.seed}-{sha256(self.to_json())[:10]}"

    def env(self, **options: Any) -> Any:
        """A ``worldgen.Env`` playing this world (the same as ``Env(world, **options)``)."""
        return plugged("env")(self, **options)

    def system_prompt(self, instruction: str | None = None) -> str:
        """The system message an LLM agent gets for this world: the rules of play, the goal and the
        command syntax of its interface (axes applied), as ``worldgen rollout --policy openai:``
        sends it. The goal is the world's opening instruction unless ``instruction`` is given."""
        return plugged("system_prompt")(self, instruction)
