"""tee: copy standard input to standard output and to files (-a appends), through the file
system, so an agent can write a file from a pipeline."""

from __future__ import annotations

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import NO, OptionError, Spec, parse, usage_error
from worldgen.shell.fs import FsError

SPEC = Spec("ai", {"append": ("a", NO), "ignore-interrupts": ("i", NO)})


def tee(call: Call) -> int:
    try:
        opts, files = parse(call.argv[1:], SPEC)
    except OptionError as err:
        return usage_error(call, str(err))
    append = any(key == "a" for key, _ in opts)
    call.out(call.stdin)
    status = 0
    for name in files:
        try:
            call.fs.write(call.path(name), call.stdin, append=append)
        except FsError as err:
            call.fs_error(err, name)
            status = 1
    return status


COMMANDS = {"tee": tee}
