"""paste: join the lines of files side by side (GNU coreutils): line N of each file on output
line N, separated by the delimiters of ``-d LIST`` used in turn (a tab by default; ``\\n \\t \\\\
\\0`` and ``\\b \\f \\r \\v`` escapes, ``\\0`` being no delimiter), or each file's lines on one line
(``-s``). Each ``-`` reads the next line of standard input in turn; ``-z`` reads and writes
NUL-ended lines. Delimiters are bytes (bytewise.py), as GNU's are."""

from __future__ import annotations

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.bytewise import bytewise
from worldgen.shell.builtins.options import NO, REQUIRED, OptionError, Spec, parse, usage_error
from worldgen.shell.fs import FsError

SPEC = Spec("d:sz", {"delimiters": ("d", REQUIRED), "serial": ("s", NO), "zero-terminated": ("z", NO)})
ESCAPES = {"0": "", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\"}


def paste(call: Call) -> int:
    try:
        opts, names = parse(call.argv[1:], SPEC)
    except OptionError as err:
        return usage_error(call, str(err))
    flags = {k for k, _ in opts}
    given = [v for k, v in opts if k == "d"]
    delimiters = _delimiters(given[-1]) if given else ["\t"]
    if delimiters is None:
        call.err(f"delimiter list ends with an unescaped backslash: {given[-1]}")
        return 1
    end = "\0" if "z" in flags else "\n"
    names = names or ["-"]
    if "s" in flags:
        return _serial(call, names, delimiters, end)
    stdin = iter(_lines(call.stdin, end))  # one for every "-": each takes the next line
    files = []
    for name in names:
        try:
            files.append(stdin if name == "-" else iter(_lines(_read(call, name), end)))
        except FsError as err:
            call.fs_error(err, name)
            return 1
    while True:
        row = [next(f, None) for f in files]
        if all(line is None for line in row):
            return 0
        call.out(_joined([line or "" for line in row], delimiters) + end)


def _serial(call: Call, names: list[str], delimiters: list[str], end: str) -> int:
    """``-s``: one output line per file (standard input's remaining lines for ``-`` each time)."""
    status, stdin_used = 0, False
    for name in names:
        try:
            if name == "-":
                text, stdin_used = ("" if stdin_used else call.stdin), True
            else:
                text = _read(call, name)
        except FsError as err:
            call.fs_error(err, name)
            status = 1
            continue
        call.out(_joined(_lines(text, end), delimiters) + end)
    return status


def _read(call: Call, name: str) -> str:
    if not name:  # names nothing (resolved, it would be the working directory)
        raise FsError("ENOENT", name)
    return call.fs.read(call.path(name))


def _joined(fields: list[str], delimiters: list[str]) -> str:
    """``fields`` with the delimiters between them, taken in turn from the first."""
    out = [fields[0]] if fields else []
    for k, field in enumerate(fields[1:]):
        out += [delimiters[k % len(delimiters)], field]
    return "".join(out)


def _delimiters(spec: str) -> list[str] | None:
    """``-d``'s list, one delimiter per character or escape; None when a lone ``\\`` ends it."""
    out, i = [], 0
    while i < len(spec):
        if spec[i] != "\\":
            out.append(spec[i])
            i += 1
        elif i + 1 == len(spec):
            return None
        else:
            out.append(ESCAPES.get(spec[i + 1], spec[i + 1]))
            i += 2
    return out or [""]


def _lines(text: str, end: str) -> list[str]:
    """``text``'s lines without their ends (a last one without an end counts)."""
    parts = text.split(end)
    return parts[:-1] if parts[-1] == "" else parts


COMMANDS = {"paste": bytewise(paste)}
