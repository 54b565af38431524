"""Where worldgen keeps what it may reuse between runs for this user: ``$XDG_CACHE_HOME/worldgen``
(``~/.cache/worldgen`` without it). The content cache, the parser's tables and checked scaffolds
live there."""

from __future__ import annotations

import os
from pathlib import Path


def user_cache_folder() -> Path:
    """The folder (not created here); RuntimeError when neither XDG_CACHE_HOME nor a home is known."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "worldgen"


def parse_cache_folder() -> Path | None:
    """Where the grammar's parser tables and checked scaffolds are kept: ``$WORLDGEN_PARSER_CACHE``,
    else the user's cache folder; None when the variable is set empty or there is no home."""
    chosen = os.environ.get("WORLDGEN_PARSER_CACHE")
    if chosen is not None:
        return Path(chosen) if chosen else None
    try:
        return user_cache_folder()
    except RuntimeError:  # no home folder to be found
        return None
