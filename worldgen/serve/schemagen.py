"""JSON Schemas (Draft 2020-12) of every protocol message, generated from ``messages``.

The files in ``worldgen/serve/schemas/`` ship with the package for clients in other languages;
a test checks they match the models and that real replies validate against them. Regenerate after
changing a message:  python -m worldgen.serve.schemagen
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from worldgen.serve.messages import (
    CloseReply, CloseRequest, ErrorReply, ListReply, ListRequest, ResetReply, ResetRequest, StepReply, StepRequest,
)

DIALECT = "https://json-schema.org/draft/2020-12/schema"
FOLDER = Path(__file__).resolve().parent / "schemas"
MESSAGES: dict[str, type[BaseModel]] = {
    "reset.request": ResetRequest, "reset.reply": ResetReply,
    "step.request": StepRequest, "step.reply": StepReply,
    "close.request": CloseRequest, "close.reply": CloseReply,
    "list.request": ListRequest, "list.reply": ListReply,
    "error.reply": ErrorReply,
}


def message_schemas() -> dict[str, dict[str, Any]]:
    """File name -> schema, for every message."""
    return {f"{name}.json": {"$schema": DIALECT, **model.model_json_schema()} for name, model in MESSAGES.items()}


def render(schema: dict[str, Any]) -> str:
    """The one text form of a schema, used for the files and the copies in docs/protocol.md."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    for name, schema in message_schemas().items():
        (FOLDER / name).write_text(render(schema), "utf-8")
        print(FOLDER / name)


if __name__ == "__main__":
    main()
