"""``du [-s] [-h] [-a] [-c] [-b] [-d N] [FILE...]``: disk usage in GNU's 1K blocks of an ext4 disk
(whole 4 KiB blocks per non-empty file, one per directory), each directory after its contents
in byte order; ``-b`` (``--bytes``) counts apparent sizes in bytes instead (a file's length, 4096
for a directory, as on ext4)."""

from __future__ import annotations

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.modes import blocks_k, human_size
from worldgen.shell.builtins.options import Options, decimal, usage
from worldgen.shell.builtins.walk import locate, post_order, why_missing
from worldgen.shell.fs import Node, parent

OPTIONS = Options("abhcsd:", {"all": "a", "bytes": "b", "human-readable": "h", "total": "c", "summarize": "s",
                              "max-depth=": "d"})
DIRECTORY_BYTES = 4096  # the apparent size ext4 gives a directory of a few entries (ls -l shows it too)


def _bytes(node: Node) -> int:
    return DIRECTORY_BYTES if node.is_dir else node.size


def du(call: Call) -> int:
    parsed = OPTIONS.parse(call)
    if parsed is None:
        return 1
    opts, operands = parsed
    keys = {key for key, _ in opts}
    depth_text = next((value for key, value in reversed(opts) if key == "d"), None)
    max_depth = 0 if "s" in keys else None
    if depth_text is not None:
        depth = decimal(depth_text)
        if depth is None or depth >= 2**63:
            usage(call, f"invalid maximum depth {call.quote(depth_text)}")
            return 1
        if "s" in keys and not depth:
            call.err("warning: summarizing is the same as using --max-depth=0")
        elif "s" in keys:
            call.err(f"warning: summarizing conflicts with --max-depth={depth}")
            call.stderr.append(f"Try '{call.name} --help' for more information.\n")
            return 1
        max_depth = depth
    size, unit = (_bytes, 1) if "b" in keys else (blocks_k, 1024)
    show = human_size if "h" in keys else None
    status = 0
    grand = 0
    lines: list[str] = []
    for typed in operands or ["."]:
        if not typed:
            call.err("invalid zero-length file name")
            status = 1
            continue
        path, node = locate(call, typed)
        if node is None:
            call.fs_error(why_missing(call.fs, path), typed, "cannot access")
            status = 1
            continue
        totals: dict[str, int] = {}
        for where, shown, found, depth in post_order(call.fs, path, typed, node):
            total = totals.pop(where, 0) + size(found)
            if depth:
                totals[parent(where)] = totals.get(parent(where), 0) + total
            else:
                grand += total
            listed = found.is_dir or "a" in keys or depth == 0
            if listed and (max_depth is None or depth <= max_depth):
                lines.append(f"{show(total * unit) if show else total}\t{shown}")
    if "c" in keys:
        lines.append(f"{show(grand * unit) if show else grand}\ttotal")
    if lines:
        call.out("\n".join(lines) + "\n")
    return status


COMMANDS = {"du": du}
