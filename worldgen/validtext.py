"""Text that can be written as UTF-8, whatever a model or a client sent.

JSON's ``\\u`` escapes can carry a lone surrogate (``"\\ud800"``), and a Python string read from
such JSON holds it; every UTF-8 write of that string then fails. Untrusted text (content answers,
policy replies, proposer answers) is checked or cleaned here, once, before anything stores it.
"""

from __future__ import annotations

import re

LONE_SURROGATE = re.compile("[\ud800-\udfff]")  # a str decoded from JSON holds only lone ones (pairs are joined)
REPLACEMENT = "\ufffd"


def surrogate_problem(text: str) -> str | None:
    """Why ``text`` cannot be stored as UTF-8 (its first lone surrogate, by code point), or None."""
    found = LONE_SURROGATE.search(text)
    return None if found is None else f"not valid Unicode text: a lone surrogate (U+{ord(found.group()):04X})"


def replace_surrogates(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD, as a UTF-8 decoder does for bad bytes."""
    return LONE_SURROGATE.sub(REPLACEMENT, text)
