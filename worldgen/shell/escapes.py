"""Backslash escapes, as bash reads them in its four places: ``echo -e``, ``printf``'s format,
``printf %b`` and ``$'...'``. They share the letters (``\\n``, ``\\t``, ``\\xHH``, ...) and differ
in octal (``echo -e`` wants ``\\0NNN``, a format takes ``\\NNN``), in ``\\c`` (ends the output
of echo and %b, a control character in ``$'...'``, plain text in a format) and in quotes.

``decode`` works on bytes (the byte view of builtins/bytewise.py, in which echo and printf run):
``\\xHH`` and octal make one byte, ``\\u``/``\\U`` the UTF-8 bytes of their character, so
``\\xc3\\xa9`` is ``é`` and ``\\xff`` a raw byte, as in bash."""

from __future__ import annotations

from worldgen.shell.builtins.bytewise import byte_view, text_of

_LETTERS = {"a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\"}
_QUOTES = {'"': '"', "'": "'", "?": "?"}
_HEX = "0123456789abcdefABCDEF"
_OCT = "01234567"

ECHO, FORMAT, PERCENT_B, ANSI = "echo", "format", "%b", "ansi"


def decode(text: str, mode: str) -> tuple[str, bool]:
    """``text`` with its escapes replaced; True as well when a ``\\c`` ended it there."""
    if "\\" not in text:
        return text, False
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        j = text.find("\\", i)
        if j < 0 or j + 1 >= n:
            out.append(text[i:])
            break
        out.append(text[i:j])
        c = text[j + 1]
        i = j + 2
        if c in _LETTERS:
            out.append(_LETTERS[c])
        elif c in _QUOTES and mode in (FORMAT, ANSI):
            out.append(_QUOTES[c])
        elif c in _OCT and (mode != ECHO or c == "0"):
            start = i if (c == "0" and mode in (ECHO, PERCENT_B)) else i - 1
            k = start
            while k < n and k < start + 3 and text[k] in _OCT:
                k += 1
            out.append(chr(int(text[start:k] or "0", 8) & 0xFF))
            i = k
        elif c in "xuU":
            width = {"x": 2, "u": 4, "U": 8}[c]
            k = i
            while k < n and k < i + width and text[k] in _HEX:
                k += 1
            code = int(text[i:k], 16) if k > i else -1
            if code < 0 or code > 0x10FFFF or 0xD800 <= code < 0xE000:
                out.append(text[j:k])
            else:
                out.append(chr(code) if c == "x" else byte_view(chr(code)))
            i = k
        elif c == "c" and mode in (ECHO, PERCENT_B):
            return "".join(out), True
        elif c == "c" and mode == ANSI and i < n:
            out.append(chr(ord(text[i]) & 0x1F))
            i += 1
        else:
            out.append("\\" + c)
    return "".join(out), False


def ansi_c(s: str, i: int) -> tuple[int, str]:
    """A ``$'...'`` string whose text starts at ``i``: (index after its closing quote, its
    value), or (-1, "") when the quote never closes."""
    k = i
    n = len(s)
    while k < n:
        c = s[k]
        if c == "\\":
            k += 2
        elif c == "'":
            return k + 1, text_of(decode(byte_view(s[i:k]), ANSI)[0])
        else:
            k += 1
    return -1, ""
