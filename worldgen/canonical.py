"""The one JSON encoding for hashing and artifacts, in a module of its own so that code which
only writes rows (the dataset exporters, read by ``worldgen --help``) need not load the IR."""

from __future__ import annotations

import json
from typing import Any


def canonical_json(data: Any) -> str:
    """The one JSON encoding used for hashing and artifacts: sorted keys, no spaces, UTF-8."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
