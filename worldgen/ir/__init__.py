"""The scaffold IR: pydantic models that every stage after the checker reads."""

from worldgen.ir.models import Scaffold, canonical_json

__all__ = ["Scaffold", "canonical_json"]
