"""Normal forms of content strings: what lengths are measured on and duplicates are judged by.

Normalisation only removes differences a reader cannot see (Unicode composition, runs of spaces,
surrounding blanks); it never changes case or words, so a record's meaning is what was generated.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Callable
from typing import Any

from worldgen.canonical import sha256
from worldgen.ir.models import Slot

_HSPACE = re.compile(r"[^\S\n]+")
# punctuation (ASCII and the usual typographic marks) counts as a space when judging duplicates
_PUNCTUATION = str.maketrans(dict.fromkeys(string.punctuation + "\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u00a0", " "))


def normalise_text(value: str) -> str:
    """NFC, single spaces inside lines, no blanks at line ends, no blank lines at the ends."""
    if _is_clean(value):
        return value
    lines = (_HSPACE.sub(" ", line).strip() for line in unicodedata.normalize("NFC", value).split("\n"))
    return "\n".join(lines).strip("\n")


def normalise_word(value: str) -> str:
    """NFC and single spaces: names and words are one line."""
    if _is_clean(value):
        return value
    return " ".join(unicodedata.normalize("NFC", value).split())


def _is_clean(value: str) -> bool:
    """True when normalising cannot change ``value`` (the common case, decided at C speed):
    printable (so no tabs, newlines or odd spaces), single spaces, nothing to strip, NFC."""
    return (
        value.isprintable()
        and "  " not in value
        and value[:1] != " "
        and value[-1:] != " "
        and unicodedata.is_normalized("NFC", value)
    )


Normaliser = Callable[[Any], Any]


def compile_normaliser(slots: tuple[Slot, ...]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A function normalising a record's known fields (compiled once per scaffold: records are
    many). Values of the wrong type and unknown keys are left as they are, for the schema to reject."""
    return _fields(slots)


def _slot(slot: Slot) -> Normaliser:
    if slot.kind in ("text", "word"):
        norm = normalise_text if slot.kind == "text" else normalise_word
        return lambda v: norm(v) if isinstance(v, str) else v
    if slot.kind == "list" and slot.item is not None:
        item = _slot(slot.item)
        return lambda v: [item(x) for x in v] if isinstance(v, list) else v
    if slot.kind == "record":
        return _fields(slot.fields)
    return lambda v: v


def _fields(slots: tuple[Slot, ...]) -> Normaliser:
    by_name = {s.name: _slot(s) for s in slots}
    keep = lambda v: v  # noqa: E731 - unknown keys pass through unchanged
    return lambda v: {k: by_name.get(k, keep)(x) for k, x in v.items()} if isinstance(v, dict) else v


def fingerprint(record: Any) -> str | None:
    """A digest of a record's text with case, punctuation and spacing removed: equal digests mean
    near-duplicate records. None for a record without any text (a content-free scaffold's ``{}``,
    or only numbers and enums): it has no wording a generator could repeat, so it is never a
    near-duplicate and such a scaffold gets a pack of any size."""
    texts: list[str] = []
    collect_text(record, texts)
    if not texts:
        return None
    # " \x00 " keeps texts apart; its spaces keep the \x00 a token of its own, so punctuation at
    # the end of one text (a space once folded) cannot glue it to the next
    folded = " \x00 ".join(texts).casefold().translate(_PUNCTUATION)
    return sha256(" ".join(folded.split()))[:32]


def collect_text(value: Any, out: list[str]) -> None:
    """Every string in a JSON value, in a fixed order (object keys sorted)."""
    kind = value.__class__  # exact JSON types: cheaper than isinstance on a hot path
    if kind is str:
        out.append(value)
    elif kind is list:
        for v in value:
            collect_text(v, out)
    elif kind is dict:
        for k in sorted(value):
            collect_text(value[k], out)
