"""How GNU tools quote what they name in a message, so the emulator's errors are bash's bytes.

Coreutils use two styles (gnulib's quotearg): a *file name* is shell-escaped, in ASCII quotes
only where the shell would need them (``cat: 'a b': No such file or directory``, ``cat: a.txt:
...``; ``quoteaf`` always quotes: ``ls: cannot access 'x'``); any other *value* (``head:
invalid number of lines: ‘x’``) is in the locale's quotation marks, which are ‘ ’ in a UTF-8
locale (the emulator's session claims ``LANG=C.UTF-8``, as does the real face's) and ' ' in C.
"""

from __future__ import annotations

from collections.abc import Mapping

_SAFE = frozenset("%+,-./0123456789:@ABCDEFGHIJKLMNOPQRSTUVWXYZ]_abcdefghijklmnopqrstuvwxyz{}~#")
_CONTROL = {"\a": "a", "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t", "\v": "v"}


def _needs(name: str, colon: bool) -> bool:
    if name in ("{", "}") or name[0] in "#~":
        return True
    return any(c not in _SAFE and c.isascii() or (colon and c == ":") or not c.isprintable() for c in name)


def shell_quote(name: str, always: bool = False, colon: bool = True) -> str:
    """A file name as GNU's diagnostics print it (``quotef``; ``always``: ``quoteaf``)."""
    if not name:
        return "''"
    if not always and not _needs(name, colon):
        return name
    if "'" in name and not any(c in name for c in '"$`\\!') and all(c.isprintable() for c in name):
        return f'"{name}"'
    out, quoted = [], False
    for c in name:
        if c in _CONTROL or not c.isprintable():
            if quoted:
                out.append("'")
                quoted = False
            out.append(f"$'\\{_CONTROL[c]}'" if c in _CONTROL else f"$'\\{ord(c):03o}'")
        elif c == "'":
            out.append("'\\''" if quoted else "\\'")
        else:
            if not quoted:
                out.append("'")
                quoted = True
            out.append(c)
    if quoted:
        out.append("'")
    return "".join(out)


def utf8(env: Mapping[str, str]) -> bool:
    """Whether the session's character set is UTF-8 (``LC_ALL``, else ``LC_CTYPE``, else ``LANG``)."""
    value = env.get("LC_ALL") or env.get("LC_CTYPE") or env.get("LANG") or ""
    return value.replace("-", "").lower().endswith(".utf8")


def quote(text: str, env: Mapping[str, str]) -> str:
    """A value in the locale's quotation marks (gnulib's ``quote``)."""
    return f"\u2018{text}\u2019" if utf8(env) else f"'{text}'"
