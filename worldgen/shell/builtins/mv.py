"""``mv [-f] [-n] [-i] [-v] SRC... DEST``: rename, or move into DEST when it is a directory;
an empty directory in the way is replaced, a non-empty one is an error, as in GNU."""

from __future__ import annotations

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import Options
from worldgen.shell.builtins.transfer import inside, moves
from worldgen.shell.builtins.walk import why_missing
from worldgen.shell.fs import FsError

OPTIONS = Options("finv", {"force": "f", "interactive": "i", "no-clobber": "n", "verbose": "v"})


def mv(call: Call) -> int:
    parsed = OPTIONS.parse(call)
    if parsed is None:
        return 1
    opts, operands = parsed
    keys = {key for key, _ in opts}
    pairs = moves(call, operands)
    if pairs is None:
        return 1
    status = 0
    fs = call.fs
    for move in pairs:
        node = fs.stat(move.src_path) if move.src_path else None
        target = fs.stat(move.dst_path) if move.dst_path else None
        problem = ""
        if node is None:
            call.fs_error(why_missing(fs, move.src_path), move.src, "cannot stat")
            status = 1
            continue
        if move.src_path == move.dst_path:
            problem = f"'{move.src}' and '{move.dst}' are the same file"
        elif node.is_dir and inside(move.dst_path, move.src_path):
            problem = f"cannot move '{move.src}' to a subdirectory of itself, '{move.dst}'"
        elif target is not None and "n" in keys:
            continue
        elif target is not None and node.is_dir and not target.is_dir:
            problem = f"cannot overwrite non-directory '{move.dst}' with directory '{move.src}'"
        elif target is not None and target.is_dir and not node.is_dir:
            problem = f"cannot overwrite directory '{move.dst}' with non-directory"
        elif target is not None and target.is_dir and fs.listdir(move.dst_path):
            problem = f"cannot move '{move.src}' to '{move.dst}': Directory not empty"
        if problem:
            call.err(problem)
            status = 1
            continue
        try:
            if not move.dst_path:
                raise FsError("ENOENT", move.dst_path)
            if target is not None and target.is_dir:
                fs.remove(move.dst_path)
            fs.rename(move.src_path, move.dst_path)
        except FsError as err:
            call.err(f"cannot move '{move.src}' to '{move.dst}': {err.reason}")
            status = 1
            continue
        if "v" in keys:
            call.out(f"renamed '{move.src}' -> '{move.dst}'\n")
    return status


COMMANDS = {"mv": mv}
