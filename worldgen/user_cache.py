"""Where worldgen keeps what it may reuse between runs for this user: ``$XDG_CACHE_HOME/worldgen``
(``~/.cache/worldgen`` without it). The content cache and the parser's tables live there."""

from __future__ import annotations

import os
from pathlib import Path


def user_cache_folder() -> Path:
    """The folder (not created here); RuntimeError when neither XDG_CACHE_HOME nor a home is known."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "worldgen"
