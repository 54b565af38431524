"""The file a suite keeps a policy's episodes in, named after the policy.

A policy's spec can name a file (``learner:/runs/round-00/learner.npz``, and the loop's trained
solver always does), and its slashes made folders: the gate's episodes landed in
``SUITE/learner-/runs/round-00/learner.npz.jsonl``, and a spec with ``..`` climbed out of the
suite. A spec of plain name characters keeps its name (``random``, ``noisy-oracle-0.3``,
``openai-gpt-4o``); any other becomes the policy's kind, its file's name and a hash of the whole
spec: one file right in the suite, the same for the same spec, another for another.
"""

from __future__ import annotations

import re
from pathlib import Path

from worldgen.canonical import sha256

_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._=+-]*")


def episode_file(suite: Path, policy: str, seed: int = 0) -> Path:
    """``SUITE/POLICY.jsonl``, or ``SUITE/POLICY@SEED.jsonl`` for episode seeds from ``seed``."""
    stem = policy.replace(":", "-")
    if not _PLAIN.fullmatch(stem):
        kind, _, rest = policy.partition(":")
        name = re.sub(r"[^A-Za-z0-9._=+-]+", "_", rest.rsplit("/", 1)[-1]).strip("._") or "spec"
        stem = f"{re.sub(r'[^A-Za-z0-9_-]+', '_', kind)}-{name}-{sha256(policy)[:12]}"
    return suite / (stem + (f"@{seed}" if seed else "") + ".jsonl")
