"""``rm [-r|-R] [-f] [-d] [-i] FILE...`` with GNU's refusals: ``.``/``..``, and ``/`` when
recursive (``--no-preserve-root`` overrides). ``-i`` is accepted and ignored: a shell built-in
has no one to ask."""

from __future__ import annotations

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import Options, missing
from worldgen.shell.builtins.walk import locate, post_order, why_missing
from worldgen.shell.fs import FsError

OPTIONS = Options(
    "rRfdiv",
    {"recursive": "r", "force": "f", "dir": "d", "verbose": "v", "no-preserve-root": "no-preserve-root", "preserve-root": "preserve-root"},
)


def rm(call: Call) -> int:
    parsed = OPTIONS.parse(call)
    if parsed is None:
        return 1
    opts, operands = parsed
    keys = {key for key, _ in opts}
    recursive = bool(keys & {"r", "R"})
    force = "f" in keys
    if not operands and force:
        return 0
    if missing(call, operands):
        return 1
    status = 0
    for typed in operands:
        path, node = locate(call, typed)
        if node is None:
            if not force:
                call.fs_error(why_missing(call.fs, path), typed, "cannot remove")
                status = 1
            continue
        if node.is_dir and not recursive and "d" not in keys:
            call.fs_error(FsError("EISDIR", path), typed, "cannot remove")
            status = 1
        elif node.is_dir and recursive and typed.rstrip("/").rsplit("/", 1)[-1] in (".", ".."):
            call.err(f"refusing to remove '.' or '..' directory: skipping '{typed}'")
            status = 1
        elif path == "/" and recursive and "no-preserve-root" not in keys:
            call.err("it is dangerous to operate recursively on '/'")
            call.err("use --no-preserve-root to override this failsafe")
            status = 1
        else:
            doomed = post_order(call.fs, path, typed, node) if recursive else [(path, typed, node, 0)]
            for where, shown, gone, _ in doomed:
                try:
                    call.fs.remove(where)
                except FsError as err:
                    call.fs_error(err, shown, "cannot remove")
                    status = 1
                    break
                if "v" in keys:
                    call.out(f"removed directory '{shown}'\n" if gone.is_dir else f"removed '{shown}'\n")
    return status


COMMANDS = {"rm": rm}
