"""rev: reverse the characters of each line (util-linux)."""

from __future__ import annotations

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import OptionError, Spec, parse, usage_error
from worldgen.shell.fs import FsError

SPEC = Spec("")


def rev(call: Call) -> int:
    try:
        _, files = parse(call.argv[1:], SPEC)
    except OptionError as err:
        return usage_error(call, str(err))
    status = 0
    for name in files or ["-"]:
        try:
            text = call.stdin if name == "-" else call.fs.read(call.path(name))
        except FsError as err:
            call.err(f"cannot open {name}: {err.reason}")
            status = 1
            continue
        lines = text.split("\n")  # the last part has no newline (or is empty): kept so
        call.out("\n".join(line[::-1] for line in lines))
    return status


COMMANDS = {"rev": rev}
