"""``touch [-c] FILE...``: create empty files or mark them modified at the file system's clock
(``-a``/``-m`` accepted; a world keeps one time per file)."""

from __future__ import annotations

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import Options, usage
from worldgen.shell.builtins.walk import locate
from worldgen.shell.fs import FsError

OPTIONS = Options("acm", {"no-create": "c"})


def touch(call: Call) -> int:
    parsed = OPTIONS.parse(call)
    if parsed is None:
        return 1
    opts, operands = parsed
    if not operands:
        usage(call, "missing file operand")
        return 1
    no_create = any(key == "c" for key, _ in opts)
    status = 0
    for typed in operands:
        path, node = locate(call, typed)
        if no_create and node is None:
            continue
        try:
            if not path:
                raise FsError("ENOENT", path)
            call.fs.touch(path)
        except FsError as err:
            call.fs_error(err, typed, "cannot touch")
            status = 1
    return status


COMMANDS = {"touch": touch}
