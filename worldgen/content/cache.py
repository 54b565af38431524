"""A content cache: model answers keyed by (request messages, model, parameters), in SQLite.

Re-running a command (after a crash, or with a deleted pack) replays cached answers instead of
paying for them again. Keys are sha256 digests of the canonical JSON of the request, so any change
to the prompt, model or parameters misses the cache. SQLite makes the file safe to share between
processes and crash-safe without a server.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any

from worldgen.canonical import sha256
from worldgen.ir.models import canonical_json
from worldgen.user_cache import user_cache_folder


def default_cache_path() -> Path:
    """``$WORLDGEN_CACHE`` if set, else ``$XDG_CACHE_HOME/worldgen/content.sqlite`` (or ~/.cache)."""
    if os.environ.get("WORLDGEN_CACHE"):
        return Path(os.environ["WORLDGEN_CACHE"])
    return user_cache_folder() / "content.sqlite"


def cache_key(request: dict[str, Any]) -> str:
    return sha256(canonical_json(request))


class ContentCache:
    """get/put of JSON values by request; a cache opened with ``path=None`` stores nothing."""

    def __init__(self, path: Path | None):
        self.path = path
        self._db: sqlite3.Connection | None = None
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, timeout=30, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, value TEXT NOT NULL)")

    def get(self, request: dict[str, Any]) -> Any | None:
        if self._db is None:
            return None
        row = self._db.execute("SELECT value FROM answers WHERE key = ?", (cache_key(request),)).fetchone()
        return None if row is None else json.loads(row[0])

    def put(self, request: dict[str, Any], value: Any) -> None:
        if self._db is not None:
            self._db.execute(
                "INSERT OR REPLACE INTO answers (key, value) VALUES (?, ?)", (cache_key(request), canonical_json(value))
            )

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
