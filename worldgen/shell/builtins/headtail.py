"""head and tail: the first or last lines (or characters) of each input, GNU style.

Both share the command line (``-n N``, ``-c N``, the obsolete ``-NUM``, ``-q``/``-v`` and the
``==> name <==`` headers between several files); they differ only in which slice they keep.
"""

from __future__ import annotations

from collections.abc import Callable

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.bytewise import bytewise
from worldgen.shell.builtins.options import NO, REQUIRED, OptionError, Spec, UINTMAX, ascii_digits, integer, parse, usage_error
from worldgen.shell.fs import FsError

SPEC = Spec("n:c:qvfF", {
    "lines": ("n", REQUIRED), "bytes": ("c", REQUIRED), "quiet": ("q", NO), "silent": ("q", NO),
    "verbose": ("v", NO), "follow": ("f", NO),
})


def head(call: Call) -> int:
    return _run(call, _head)


def tail(call: Call) -> int:
    return _run(call, _tail)


def _head(text: str, count: str, lines: bool) -> str:
    """``count`` as typed (``5``, ``-5``: all but the last 5)."""
    n = integer(count.lstrip("-"))
    if count.startswith("-"):
        return text[:_from_end(text, n) if lines else max(len(text) - n, 0)]
    return text[:_from_start(text, n) if lines else n]


def _tail(text: str, count: str, lines: bool) -> str:
    """``count`` as typed (``5``, ``+5``: from the 5th on)."""
    n = integer(count.lstrip("+"))
    if count.startswith("+"):
        return text[_from_start(text, n - 1) if lines else max(n - 1, 0):]
    return text[_from_end(text, n) if lines else max(len(text) - n, 0):]


def _from_start(text: str, n: int) -> int:
    """Where the line after the first ``n`` starts (a scan of n newlines, not a split)."""
    pos = 0
    for _ in range(n):
        found = text.find("\n", pos)
        if found < 0:
            return len(text)
        pos = found + 1
    return pos


def _from_end(text: str, n: int) -> int:
    """Where the last ``n`` lines start; a last line without its newline still counts."""
    if n == 0:
        return len(text)
    pos = len(text) - 1 if text.endswith("\n") else len(text)
    for _ in range(n):
        pos = text.rfind("\n", 0, pos)
        if pos < 0:
            return 0
    return pos + 1


def _run(call: Call, cut: Callable[[str, str, bool], str]) -> int:
    args = call.argv[1:]
    count, lines = "10", True
    if args and len(args[0]) > 1 and args[0][0] == "-" and ascii_digits(args[0][1:]):
        count, args = args[0][1:], args[1:]  # the obsolete -NUM
    try:
        opts, files = parse(args, SPEC)
    except OptionError as err:
        return usage_error(call, str(err))
    headers: bool | None = None
    for key, value in opts:
        if key in "nc":
            count, lines = value or "", key == "n"
        elif key == "q":
            headers = False
        elif key == "v":
            headers = True
    digits = count[1:] if count[:1] in "+-" else count
    if not ascii_digits(digits) or integer(digits) > UINTMAX:
        too_large = ": Value too large for defined data type" if ascii_digits(digits) else ""
        call.err(f"invalid number of {'lines' if lines else 'bytes'}: {call.quote(count)}{too_large}")
        return 1
    if call.name == "tail" and count[0] != "+":
        count = count.lstrip("-")
    elif call.name == "head":
        count = count.lstrip("+")
    files = files or ["-"]
    if headers is None:
        headers = len(files) > 1
    status, first = 0, True
    for name in files:
        if name == "-":
            text = call.stdin
        else:
            try:
                text = call.fs.read(call.path(name))
            except FsError as err:
                if err.errno == "EISDIR":
                    if headers:
                        call.out(f"{'' if first else chr(10)}==> {name} <==\n")
                        first = False
                    call.err(f"error reading '{name}': {err.reason}")
                else:
                    call.err(f"cannot open '{name}' for reading: {err.reason}")
                status = 1
                continue
        if headers:
            shown = "standard input" if name == "-" else name
            call.out(f"{'' if first else chr(10)}==> {shown} <==\n")
        first = False
        call.out(cut(text, count, lines))
    return status


COMMANDS = {"head": bytewise(head), "tail": bytewise(tail)}  # -c counts bytes
