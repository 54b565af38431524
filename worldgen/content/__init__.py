"""Content: the JSON Schema a scaffold implies, the rules records must follow, providers that
fill it (offline procedural, OpenAI-compatible chat, OpenAI Batch files) and resumable packs.

Typical use::

    from worldgen.content import ContentOptions, content_schema, generate_pack
    schema = content_schema(scaffold_ir)
    manifest = generate_pack(scaffold_ir, "packs/vault", 1000, ContentOptions(seed=7))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldgen.lazy import exports

if TYPE_CHECKING:
    from worldgen.content.generate import (
        PROVIDERS,
        ContentOptions,
        generate_pack,
        import_batch_results,
        write_batch_requests,
    )
    from worldgen.content.rules import Violation
    from worldgen.content.schema import content_schema, schema_hash, strict_schema
    from worldgen.content.validate import Validator, validate_record

# imported on first use: a command that reads a pack (``compile``) does not load the providers
_GENERATE = ("PROVIDERS", "ContentOptions", "generate_pack", "import_batch_results", "write_batch_requests")
_HOMES = {**dict.fromkeys(_GENERATE, "worldgen.content.generate"),
          "Violation": "worldgen.content.rules",
          **dict.fromkeys(("content_schema", "schema_hash", "strict_schema"), "worldgen.content.schema"),
          **dict.fromkeys(("Validator", "validate_record"), "worldgen.content.validate")}
__getattr__ = exports("worldgen.content", _HOMES, globals())

__all__ = sorted(_HOMES)
