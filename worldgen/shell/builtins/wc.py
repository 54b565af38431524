"""wc: newline, word, character and byte counts, with GNU's column widths.

GNU right-aligns every number to one width: the digits of the inputs' total size (the size of
each regular file), at least 7 when an input is not a regular file (standard input, a
directory), and no padding at all for one count of one input.
"""

from __future__ import annotations

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import NO, OptionError, Spec, parse, usage_error
from worldgen.shell.fs import FsError, encoded

SPEC = Spec("lwcm", {"lines": ("l", NO), "words": ("w", NO), "chars": ("m", NO), "bytes": ("c", NO)})
ORDER = "lwmc"  # GNU's column order


def _counts(text: str, which: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    data = encoded(text) if "c" in which or "w" in which else b""
    for key in which:
        if key == "l":
            counts[key] = text.count("\n")
        elif key == "w":
            counts[key] = len(data.split())  # ASCII white space only, as in the C locale
        elif key == "m":
            counts[key] = len(text)
        else:
            counts[key] = len(data)
    return counts


def wc(call: Call) -> int:
    try:
        opts, files = parse(call.argv[1:], SPEC)
    except OptionError as err:
        return usage_error(call, str(err))
    chosen = {key for key, _ in opts}
    which = [k for k in ORDER if k in chosen] or ["l", "w", "c"]
    rows: list[tuple[dict[str, int], str | None]] = []
    status, size, irregular = 0, 0, False
    for name in files or ["-"]:
        if name == "-":
            text, irregular = call.stdin, True
        else:
            try:
                text = call.fs.read(call.path(name))
                size += len(encoded(text))
            except FsError as err:
                call.fs_error(err, name)
                status = 1
                if err.errno != "EISDIR":
                    continue
                text, irregular = "", True
        rows.append((_counts(text, "".join(which)), name if files else None))
    if len(files) > 1:
        rows.append(({k: sum(r[0][k] for r in rows) for k in which}, "total"))
    width = 1 if len(which) == 1 and len(rows) == 1 else max(len(str(size)), 7 if irregular else 1)
    for counts, name in rows:
        numbers = " ".join(str(counts[k]).rjust(width) for k in which)
        call.out(f"{numbers} {name}\n" if name is not None else f"{numbers}\n")
    return status


COMMANDS = {"wc": wc}
