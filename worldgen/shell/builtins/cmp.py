"""cmp: compare two files byte by byte (GNU diffutils): the first difference, every one (``-l``)
or none (``-s``, the status only: 0 the same, 1 different, 2 trouble); ``-b`` shows the bytes.
A missing FILE2 is standard input, and SKIP1 and SKIP2 bytes of each are ignored. It reads bytes
(bytewise.py), as GNU's does."""

from __future__ import annotations

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.bytewise import bytewise
from worldgen.shell.builtins.options import NO, OptionError, Spec, ascii_digits, parse, trouble
from worldgen.shell.fs import FsError

SPEC = Spec("slb", {"silent": ("s", NO), "quiet": ("s", NO), "verbose": ("l", NO), "print-bytes": ("b", NO)})
CHUNK = 4096  # bytes compared a slice at a time until the first difference


def cmp(call: Call) -> int:
    try:
        opts, names = parse(call.argv[1:], SPEC)
    except OptionError as err:
        return trouble(call, str(err))
    if not names:
        return trouble(call, "missing operand after 'cmp'")
    if len(names) > 4:
        return trouble(call, f"extra operand '{names[4]}'")
    for skip in names[2:]:
        if not ascii_digits(skip):
            return trouble(call, f"invalid --ignore-initial value '{skip}'")
    flags = {k for k, _ in opts}
    texts = []
    for name, skip in zip((names + ["-"])[:2], [*names[2:4], "0", "0"]):
        try:
            text = call.stdin if name == "-" else call.fs.read(call.path(name))
        except FsError as err:
            call.err(f"{name}: {err.reason}")
            return 2
        texts.append(text[int(skip):])
    (a, b), (first, second) = texts, (names + ["-"])[:2]
    if "l" in flags:
        return _every(call, a, b, first, second, flags)
    at = _first_difference(a, b)
    if at is None:
        return 0
    if "s" not in flags:
        if at < min(len(a), len(b)):
            shown = f" is {ord(a[at]):3o} {_visible(a[at])} {ord(b[at]):3o} {_visible(b[at])}" if "b" in flags else ""
            call.out(f"{first} {second} differ: byte {at + 1}, line {a.count(chr(10), 0, at) + 1}{shown}\n")
        else:
            _eof(call, first if len(a) < len(b) else second, min(len(a), len(b)), a.count("\n", 0, at))
    return 1


def _every(call: Call, a: str, b: str, first: str, second: str, flags: set[str]) -> int:
    """``-l``: each differing byte's number and both bytes in octal (and shown, with ``-b``)."""
    width = len(str(min(len(a), len(b))))  # as wide as the last byte both have
    n, found = min(len(a), len(b)), False
    for k in range(n):
        if a[k] != b[k]:
            found = True
            if "s" not in flags:
                if "b" in flags:
                    call.out(f"{k + 1:>{width}} {ord(a[k]):3o} {_visible(a[k]):<4} {ord(b[k]):3o} {_visible(b[k])}\n")
                else:
                    call.out(f"{k + 1:>{width}} {ord(a[k]):3o} {ord(b[k]):3o}\n")
    if len(a) != len(b):
        if "s" not in flags:
            _eof(call, first if len(a) < len(b) else second, n, None)
        return 1
    return int(found)


def _first_difference(a: str, b: str) -> int | None:
    """Where ``a`` and ``b`` first differ (one ending first counts), or None when they are the same."""
    n = min(len(a), len(b))
    at = 0
    while at < n and a[at:at + CHUNK] == b[at:at + CHUNK]:
        at += CHUNK
    while at < n and a[at] == b[at]:
        at += 1
    return None if at >= n and len(a) == len(b) else at


def _eof(call: Call, name: str, after: int, lines: int | None) -> None:
    if after == 0:
        call.err(f"EOF on {name} which is empty")
    else:
        call.err(f"EOF on {name} after byte {after}" + (f", line {lines}" if lines is not None else ""))


def _visible(c: str) -> str:
    """A byte as ``cat -v`` shows it: ``^I``, ``M-a``, ``^?``."""
    code = ord(c)
    prefix = "M-" if code >= 128 else ""
    code &= 0x7F
    return prefix + ("^?" if code == 127 else f"^{chr(code + 64)}" if code < 32 else chr(code))


COMMANDS = {"cmp": bytewise(cmp)}
