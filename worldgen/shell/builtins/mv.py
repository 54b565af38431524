"""``mv [-f] [-n] [-i] [-v] SRC... DEST``: rename, or move into DEST when it is a directory;
an empty directory in the way is replaced, a non-empty one is an error, as in GNU."""

from __future__ import annotations

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import Options
from worldgen.shell.builtins.transfer import Move, clash, each_move, inside
from worldgen.shell.fs import FsError, Node

OPTIONS = Options("finv", {"force": "f", "interactive": "i", "no-clobber": "n", "verbose": "v"})


def mv(call: Call) -> int:
    parsed = OPTIONS.parse(call)
    if parsed is None:
        return 1
    opts, operands = parsed
    keys = {key for key, _ in opts}
    return each_move(call, operands, lambda move, node: _move(call, move, node, no_clobber="n" in keys, verbose="v" in keys))


def _move(call: Call, move: Move, node: Node, *, no_clobber: bool, verbose: bool) -> bool:
    """One SRC DEST pair: GNU's refusals, then the rename; False after reporting a failure."""
    fs = call.fs
    target = fs.stat(move.dst_path) if move.dst_path else None
    if move.src_path == move.dst_path:
        problem = f"'{move.src}' and '{move.dst}' are the same file"
    elif node.is_dir and inside(move.dst_path, move.src_path):
        problem = f"cannot move '{move.src}' to a subdirectory of itself, '{move.dst}'"
    elif target is not None and no_clobber:
        return True
    else:
        problem = clash(move.src, node, move.dst, target)
        if not problem and target is not None and target.is_dir and fs.listdir(move.dst_path):
            problem = f"cannot move '{move.src}' to '{move.dst}': Directory not empty"
    if problem:
        call.err(problem)
        return False
    try:
        if not move.dst_path:
            raise FsError("ENOENT", move.dst_path)
        if target is not None and target.is_dir:
            fs.remove(move.dst_path)
        fs.rename(move.src_path, move.dst_path)
    except FsError as err:
        call.err(f"cannot move '{move.src}' to '{move.dst}': {err.reason}")
        return False
    if verbose:
        call.out(f"renamed '{move.src}' -> '{move.dst}'\n")
    return True


COMMANDS = {"mv": mv}
