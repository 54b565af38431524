"""Reading the text files a person hands worldgen (scaffolds, records, packs) as UTF-8.

A file that is not UTF-8 is a mistake someone can fix (a wrong file, a Latin-1 editor), so it is
a one-line WorldgenError naming the file and where the first bad byte is, not a traceback.
"""

from __future__ import annotations

from pathlib import Path

from worldgen.errors import WorldgenError


def decode(data: bytes, path: str | Path) -> str:
    """``data`` as UTF-8 text; an undecodable byte is a WorldgenError with its line and column."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        head = data[: err.start]
        line = head.count(b"\n") + 1
        col = len(head) - (head.rfind(b"\n") + 1) + 1
        raise WorldgenError(f"{path}:{line}:{col}: error: not UTF-8 text: byte 0x{data[err.start]:02x} "
                            "cannot start or continue a character; save the file as UTF-8") from None


def read_text(path: str | Path, max_chars: int | None = None) -> str:
    """The file at ``path`` as UTF-8 text (OSError propagates: callers word a missing file).

    With ``max_chars``, at most its first ``max_chars + 1`` characters: enough for the caller to
    see that the file is too long and say where, without reading a huge file (or /dev/zero) whole."""
    if max_chars is None:
        return decode(Path(path).read_bytes(), path)
    with Path(path).open("rb") as f:
        data = f.read(4 * (max_chars + 1))  # a UTF-8 character is at most 4 bytes
        whole = not f.read(1)
    if not whole:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as err:
            if err.reason == "unexpected end of data":  # the read split the last character
                data = data[: err.start]
    return decode(data, path)[: max_chars + 1]
