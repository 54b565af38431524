"""``cp [-r|-R] [-p] [-a] [-f] [-n] [-i] [-v] SRC... DEST``: copy files (and trees with -r),
into DEST when it is a directory. New files take the source's mode less the umask, as GNU's do;
``-p``/``-a`` keep mode, owner and group. The protocol has no way to set an mtime, so copies
are stamped with the file system's clock even with ``-p`` (GNU would keep the source's)."""

from __future__ import annotations

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.modes import UMASK
from worldgen.shell.builtins.options import Options
from worldgen.shell.builtins.transfer import Move, clash, each_move, inside
from worldgen.shell.builtins.walk import children, join
from worldgen.shell.fs import FsError, Node

OPTIONS = Options(
    "rRapfinv",
    {"recursive": "r", "archive": "a", "force": "f", "interactive": "i", "no-clobber": "n", "verbose": "v"},
)


def cp(call: Call) -> int:
    parsed = OPTIONS.parse(call)
    if parsed is None:
        return 1
    opts, operands = parsed
    keys = {key for key, _ in opts}
    copier = _Copier(call, recursive=bool(keys & {"r", "R", "a"}), preserve=bool(keys & {"p", "a"}), no_clobber="n" in keys, verbose="v" in keys)
    return each_move(call, operands, copier.start)


class _Copier:
    def __init__(self, call: Call, *, recursive: bool, preserve: bool, no_clobber: bool, verbose: bool):
        self.call = call
        self.recursive = recursive
        self.preserve = preserve
        self.no_clobber = no_clobber
        self.verbose = verbose

    def start(self, move: Move, node: Node) -> bool:
        """One SRC DEST pair: GNU's refusals, then the copy; False after reporting a failure."""
        if node.is_dir and not self.recursive:
            self.call.err(f"-r not specified; omitting directory '{move.src}'")
        elif move.src_path == move.dst_path:
            self.call.err(f"'{move.src}' and '{move.dst}' are the same file")
        elif node.is_dir and inside(move.dst_path, move.src_path):
            self.call.err(f"cannot copy a directory, '{move.src}', into itself, '{move.dst}'")
        else:
            return self.copy(move.src, move.src_path, node, move.dst, move.dst_path)
        return False

    def copy(self, src: str, src_path: str, node: Node, dst: str, dst_path: str) -> bool:
        """Copy one node (a tree for a directory); False after reporting a failure."""
        fs = self.call.fs
        target = fs.stat(dst_path)
        if target is not None and self.no_clobber and not (node.is_dir and target.is_dir):
            return True
        problem = clash(src, node, dst, target)
        if problem:
            self.call.err(problem)
            return False
        try:
            if not dst_path:
                raise FsError("ENOENT", dst_path)
            if node.is_dir:
                if target is None:
                    fs.mkdir(dst_path)
            else:
                fs.write(dst_path, fs.read(src_path))
        except FsError as err:
            verb = "cannot create directory" if node.is_dir else "cannot create regular file"
            self.call.fs_error(err, dst, verb)
            return False
        if self.verbose:
            self.call.out(f"'{src}' -> '{dst}'\n")
        if self.preserve:
            fs.chmod(dst_path, node.mode)
            fs.chown(dst_path, node.owner, node.group)
        elif target is None:
            fs.chmod(dst_path, node.mode & ~UMASK)
        ok = True
        if node.is_dir:
            for name, child_path, child in children(fs, src_path):
                ok = self.copy(join(src, name), child_path, child, join(dst, name), f"{dst_path.rstrip('/')}/{name}") and ok
        return ok


COMMANDS = {"cp": cp}
