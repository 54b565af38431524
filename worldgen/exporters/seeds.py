"""Episode seeds of exported tasks that no one can derive without the export's secret.

A world's own seed is public (task metadata, and procedural content is reproducible from it), and
a stochastic episode's luck is decided by its seed, so a task's episode seed must not follow from
anything the agent can learn. Each candidate is an HMAC-SHA256 of the world (its canonical JSON's
hash) and a counter under a secret key: the same secret gives the same seeds (a byte-reproducible
export), a fresh random secret (the default) gives seeds nobody has.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator
from pathlib import Path

from worldgen.canonical import sha256
from worldgen.errors import WorldgenError

SECRET_BYTES = 32


def fresh_secret() -> bytes:
    return secrets.token_bytes(SECRET_BYTES)


def read_secret(path: Path) -> bytes:
    """The secret from a file: at least 16 bytes of anything (e.g. ``head -c 32 /dev/urandom``)."""
    try:
        secret = path.read_bytes()
    except OSError as err:
        raise WorldgenError(f"{path}: error: cannot read the seed secret: {err.strerror}") from None
    if len(secret) < 16:
        raise WorldgenError(f"{path}: error: a seed secret needs at least 16 bytes, this file has {len(secret)}; "
                            "make one with: head -c 32 /dev/urandom > FILE")
    return secret


def episode_seeds(secret: bytes, world_json: str) -> Iterator[int]:
    """Endless candidate episode seeds for one world, each a 63-bit number."""
    world = sha256(world_json)
    k = 0
    while True:
        digest = hmac.new(secret, f"{world}:{k}".encode(), hashlib.sha256).digest()
        yield int.from_bytes(digest[:8], "big") >> 1
        k += 1
