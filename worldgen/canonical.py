"""The one JSON encoding for hashing and artifacts, in a module of its own so that code which
only writes rows (the dataset exporters, read by ``worldgen --help``) need not load the IR."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(data: Any) -> str:
    """The one JSON encoding used for hashing and artifacts: sorted keys, no spaces, UTF-8."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def sha256(data: str | bytes) -> str:
    """The hex digest every hash of a suite uses (a text as its UTF-8 bytes)."""
    return hashlib.sha256(data.encode("utf-8") if isinstance(data, str) else data).hexdigest()
