"""What ``mv`` and ``cp`` share: turning ``SRC... DEST`` into (source, destination) pairs the
way GNU does (into DEST when it is a directory, which it must be for several sources)."""

from __future__ import annotations

from dataclasses import dataclass

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import usage
from worldgen.shell.builtins.walk import join, locate, why_missing
from worldgen.shell.fs import FsError, basename


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
