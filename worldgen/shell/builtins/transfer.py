"""What ``mv`` and ``cp`` share: turning ``SRC... DEST`` into (source, destination) pairs the
way GNU does (into DEST when it is a directory, which it must be for several sources), and GNU's
rule that a directory and a non-directory never replace each other."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import usage
from worldgen.shell.builtins.walk import join, locate, why_missing
from worldgen.shell.fs import FsError, Node, basename


@dataclass(frozen=True, slots=True)
class Move:
    src: str  # as typed
    src_path: str
    dst: str  # as GNU prints it (``d/f`` for ``f`` into ``d``)
    dst_path: str  # "" for the empty operand, which names nothing


def moves(call: Call, operands: list[str]) -> list[Move] | None:
    """The pairs to copy or move; None after GNU's complaint about the operands."""
    if not operands:
        usage(call, "missing file operand")
        return None
    if len(operands) == 1:
        usage(call, f"missing destination file operand after '{operands[0]}'")
        return None
    *sources, target = operands
    target_path, node = locate(call, target)
    into = node is not None and node.is_dir
    if len(sources) > 1 and not into:
        err = why_missing(call.fs, target_path) if node is None else FsError("ENOTDIR", target_path)
        call.err(f"target '{target}': {err.reason}")
        return None
    found = []
    for src in sources:
        src_path = locate(call, src)[0]
        if into:
            name = basename(src_path)
            found.append(Move(src, src_path, join(target, name), call.path(join(target, name))))
        else:
            found.append(Move(src, src_path, target, target_path))
    return found


def inside(path: str, ancestor: str) -> bool:
    """Whether ``path`` is ``ancestor`` or lies under it."""
    return path == ancestor or path.startswith(ancestor.rstrip("/") + "/")


def each_move(call: Call, operands: list[str], act: Callable[[Move, Node], bool]) -> int:
    """The exit status of ``act(move, source node)`` over every pair (False: it reported a
    failure); a source that is not there is GNU's "cannot stat"."""
    pairs = moves(call, operands)
    if pairs is None:
        return 1
    status = 0
    for move in pairs:
        node = call.fs.stat(move.src_path) if move.src_path else None
        if node is None:
            call.fs_error(why_missing(call.fs, move.src_path), move.src, "cannot stat")
            status = 1
        elif not act(move, node):
            status = 1
    return status


def clash(src: str, node: Node, dst: str, target: Node | None) -> str:
    """GNU's complaint when ``target`` (at ``dst``) cannot be replaced by ``node``, or ""."""
    if target is not None and node.is_dir and not target.is_dir:
        return f"cannot overwrite non-directory '{dst}' with directory '{src}'"
    if target is not None and target.is_dir and not node.is_dir:
        return f"cannot overwrite directory '{dst}' with non-directory"
    return ""
