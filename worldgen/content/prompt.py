"""Prompts for LLM providers, built from the scaffold only: its title, instruction and slots.

Each record gets a diversity hint (theme, tone, era, setting) drawn from its own seeded stream, so a
batch of thousands does not collapse onto the same few names. The slot outline is rendered from the
strict schema's descriptions, which already state every constraint in words; when the server
cannot enforce a schema, the schema itself is appended to the instructions.
"""

from __future__ import annotations

import json
from typing import Any

from worldgen.canonical import sha256
from worldgen.content.banks import load_banks
from worldgen.content.names import command_words
from worldgen.content.rng import Stream
from worldgen.content.rules import Violation
from worldgen.content.schema import strict_schema, template_text
from worldgen.ir.models import Scaffold, canonical_json

SYSTEM = (
    "You write content for text-based game worlds that are used to train AI agents. "
    "Answer with one JSON object and nothing else: no prose, no code fences."
)
MAX_COMMAND_WORDS = 80
MAX_FEEDBACK = 20

Message = dict[str, str]


class PromptBuilder:
    """Messages for record ``index`` of a pack made with ``seed``."""

    def __init__(self, scaffold: Scaffold, seed: int):
        self.scaffold = scaffold
        self.seed = seed
        self.schema = strict_schema(scaffold)
        banks = load_banks()
        self._hints = {"theme": banks.theme_names, **banks.hints}
        words = sorted(command_words(scaffold))[:MAX_COMMAND_WORDS]
        self._task = "\n".join(
            [
                f"World: {scaffold.title or scaffold.name}",
                f"What the player must do: {template_text(scaffold.instruction)}",
                "",
                "Write the content of one world as a JSON object with these fields:",
                *_outline(self.schema, 0),
                "",
                "Rules:",
                "- Names are what players type in commands: lowercase letters and digits, words separated by single spaces; "
                "within a word only '.', '-', '_' or '/' between letters or digits (deploy.sh, my-branch), no other punctuation.",
                "- Every name differs from every other name in the object.",
                *([f"- Never use a command word as a name: {', '.join(words)}."] if words else []),
                "- No curly braces, no control characters, no markup.",
            ]
        )

    def hint(self, index: int) -> dict[str, str]:
        """The record's diversity hint: one seeded draw per hint kind."""
        stream = Stream(self.seed, "content/hint", index)
        return {kind: stream.choice(options) for kind, options in self._hints.items()}

    def messages(self, index: int, *, include_schema: bool) -> list[Message]:
        hint = self.hint(index)
        flavour = "; ".join(f"{k}: {v}" for k, v in hint.items())
        parts = [self._task, "", f"Make this world distinct. Inspiration ({flavour}). Be original; avoid the obvious names."]
        if include_schema:
            parts += ["", "The JSON object must match this JSON Schema:", json.dumps(self.schema, ensure_ascii=False)]
        return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "\n".join(parts)}]


def repair_messages(messages: list[Message], answer: str, violations: list[Violation]) -> list[Message]:
    """The conversation so far plus the rejected answer and what was wrong with it."""
    lines = [f"- {v.pointer or '/'}: {v.rule}" for v in violations[:MAX_FEEDBACK]]
    if len(violations) > MAX_FEEDBACK:
        lines.append(f"- ... and {len(violations) - MAX_FEEDBACK} more")
    feedback = "Your answer was rejected:\n" + "\n".join(lines) + "\nReply with the corrected JSON object only."
    return [*messages, {"role": "assistant", "content": answer}, {"role": "user", "content": feedback}]


def prompt_hash(messages: list[Message], model: str) -> str:
    return sha256(canonical_json([model, messages]))[:16]


def _outline(schema: dict[str, Any], depth: int) -> list[str]:
    """One line per property: name, type and the constraints the strict schema states in words."""
    lines = []
    pad = "  " * depth
    for name, sub in schema.get("properties", {}).items():
        lines.append(f"{pad}- {name}: {_kind(sub)}. {sub.get('description', '')}".rstrip())
        inner = sub.get("items", sub) if sub.get("type") == "array" else sub
        if inner.get("type") == "object":
            lines.extend(_outline(inner, depth + 1))
    return lines


def _kind(schema: dict[str, Any]) -> str:
    match schema.get("type"):
        case "array":
            return f"array of {_kind(schema.get('items', {}))}"
        case "string" if "enum" in schema:
            return "one of " + ", ".join(schema["enum"])
        case "integer":
            lo, hi = schema.get("minimum"), schema.get("maximum")
            return f"integer from {lo} to {hi}" if lo is not None and hi is not None else "integer"
        case "object":
            return "object"
        case other:
            return str(other)


def json_schema_format(scaffold_name: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The ``response_format`` asking for structured outputs (strict) under ``schema``."""
    cleaned = "".join(c if c.isascii() and (c.isalnum() or c in "_-") else "_" for c in scaffold_name)
    name = (cleaned or "content")[:64]  # [a-zA-Z0-9_-], at most 64 characters
    return {"type": "json_schema", "json_schema": {"name": name, "strict": True, "schema": schema}}
