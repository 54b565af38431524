"""Terminal worlds: a tree where each path is one thing. Two files written at one path (the second
hid the first), a file whose path runs through another file's (`/etc/app.conf` and
`/etc/app.conf/inner`) or a file at a path declared a folder (`dir "/etc/a"`) are WG617.

Only paths written out whole are compared here; paths that content or params fill in are
compared when each world is built (terminal/layout.py), where the same mistakes reject the draw.
"""

from __future__ import annotations

from worldgen.errors import DiagnosticSink
from worldgen.shell.fs import parent
from worldgen.syntax.files_ast import Block, FilesDecl


def check_file_paths(block: FilesDecl, sink: DiagnosticSink) -> None:
    written: dict[str, Block] = {}
    for f in block.blocks:
        if f.kind != "file" or f.string is None or "{" in f.string.value:
            continue
        path = f.string.value
        first = written.setdefault(path, f)
        if first is not f:
            sink.error("WG617", f"file '{f.name}' has the path of file '{first.name}' (line {first.span.line}): {path}; "
                       "each file needs its own path", f.string.span)
    dirs = {s.value.value.rstrip("/") or "/" for s in block.settings if s.key in ("dir", "home", "cwd")}
    for path, f in written.items():
        if path in dirs:
            sink.error("WG617", f"file '{f.name}' is at {path}, which the block declares a folder; a path cannot be "
                       "a file and a folder", f.string.span)  # type: ignore[union-attr]
        d = parent(path)
        while d != "/":
            if d in written:
                sink.error("WG617", f"file '{f.name}' is under {d}, the path of file '{written[d].name}' "
                           f"(line {written[d].span.line}); a path cannot be a file and a folder", f.string.span)  # type: ignore[union-attr]
                break
            d = parent(d)
