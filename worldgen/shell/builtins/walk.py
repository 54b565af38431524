"""Looking paths up and walking trees the way the file tools all need to.

The ``Filesystem`` protocol's ``stat`` answers None for anything missing; GNU tools tell "No such
file or directory" from "Not a directory" (``ls f/x`` where ``f`` is a file), so ``why_missing``
finds which. ``walk`` is the one pre-order traversal (children in C-locale byte order) behind
find, du and every ``-R``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from worldgen.shell.builtins.base import Call
from worldgen.shell.fs import Filesystem, FsError, Node, parent

QUOTED_EMPTY = "''"  # how GNU shows an empty name where it would otherwise print it bare


def locate(call: Call, typed: str) -> tuple[str, Node | None]:
    """An operand's absolute path and node. The empty operand names nothing (GNU tools say
    "No such file or directory"), never the working directory: its path is ``""``."""
    if not typed:
        return "", None
    path = call.path(typed)
    return path, call.fs.stat(path)


def why_missing(fs: Filesystem, path: str) -> FsError:
    """The error a system call gives for a ``path`` that ``stat`` did not find."""
    up = parent(path)
    while up != "/":
        node = fs.stat(up)
        if node is not None:
            return FsError("ENOENT" if node.is_dir else "ENOTDIR", path)
        up = parent(up)
    return FsError("ENOENT", path)


def join(typed: str, name: str) -> str:
    """A child's path as GNU prints it: ``a/`` + ``b`` is ``a/b``, not ``a//b``."""
    return typed + name if typed.endswith("/") else f"{typed}/{name}"


def children(fs: Filesystem, path: str) -> Iterator[tuple[str, str, Node]]:
    """(name, absolute path, node) of each entry of the directory ``path``, in byte order; an
    entry that vanished between listing and stat is skipped."""
    base = path.rstrip("/")
    for name in fs.listdir(path):
        child = f"{base}/{name}"
        node = fs.stat(child)
        if node is not None:
            yield name, child, node


Visit = tuple[str, str, Node, int]  # (absolute path, path as printed, node, depth)


def walk(fs: Filesystem, path: str, typed: str, node: Node, max_depth: int | None = None, *, backwards: bool = False) -> Iterator[Visit]:
    """Each ``Visit`` of ``path`` and everything under it down to ``max_depth``, pre-order, each
    directory's entries in byte order (reverse byte order when ``backwards``)."""
    stack = [(path, typed, node, 0)]
    while stack:
        item = stack.pop()
        yield item
        here, shown, node, depth = item
        if node.is_dir and (max_depth is None or depth < max_depth):
            found = [(child, join(shown, name), sub, depth + 1) for name, child, sub in children(fs, here)]
            stack.extend(found if backwards else reversed(found))


def post_order(fs: Filesystem, path: str, typed: str, node: Node, max_depth: int | None = None) -> list[Visit]:
    """Everything under ``path`` and then ``path``, each directory after its entries, entries in
    byte order: the order du prints, rm removes and ``find -depth`` visits."""
    return list(walk(fs, path, typed, node, max_depth, backwards=True))[::-1]


def change_each(call: Call, operands: list[str], change: Callable[[str, Node], None], verb: str, *, recursive: bool, quiet: bool, snapshot: bool = False) -> int:
    """chmod's and chown's loop: ``change(path, node)`` on each operand (and, when
    ``recursive``, everything under it), reporting a missing operand as "cannot access" and a
    refused change as ``verb`` (neither when ``quiet``, though both fail the status). With
    ``snapshot`` the whole tree is listed before anything changes (chmod); otherwise it is
    listed as the walk reaches it, after the changes so far (chown)."""
    status = 0
    for typed in operands:
        path, node = locate(call, typed)
        if node is None:
            if not quiet:
                call.fs_error(why_missing(call.fs, path), typed, "cannot access")
            status = 1
            continue
        targets: Iterable[Visit] = walk(call.fs, path, typed, node) if recursive else [(path, typed, node, 0)]
        for where, shown, target, _ in list(targets) if snapshot else targets:
            try:
                change(where, target)
            except FsError as err:  # a file the world keeps as it is, or a change its rules refuse
                if not quiet:
                    call.fs_error(err, shown, verb)
                status = 1
    return status
