"""Terminal worlds: a tree where each path is one thing. Two files written at one path (the second
hid the first), a file whose path runs through another file's (`/etc/app.conf` and
`/etc/app.conf/inner`) or a file at a path declared a folder (`dir "/etc/a"`) are WG617.

Only paths written out whole are compared here; paths that content or params fill in are
compared when each world is built (terminal/layout.py), where the same mistakes reject the draw.
"""

from __future__ import annotations

from worldgen.errors import DiagnosticSink
from worldgen.shell.fs import clashes
from worldgen.syntax.files_ast import FilesDecl


def check_file_paths(block: FilesDecl, sink: DiagnosticSink) -> None:
    written = [(f.string.value, f) for f in block.blocks if f.kind == "file" and f.string is not None and "{" not in f.string.value]
    dirs = {s.value.value.rstrip("/") or "/" for s in block.settings if s.key in ("dir", "home", "cwd")}
    for kind, path, f, other in clashes(written, dirs):
        where = f.string.span  # type: ignore[union-attr]
        if kind == "same":  # f is the first, other the second at the path: the error stands at the second
            sink.error("WG617", f"file '{other.name}' has the path of file '{f.name}' (line {f.span.line}): {path}; "  # type: ignore[union-attr]
                       "each file needs its own path", other.string.span)  # type: ignore[union-attr]
        elif kind == "under":
            sink.error("WG617", f"file '{f.name}' is under {path}, the path of file '{other.name}' "  # type: ignore[union-attr]
                       f"(line {other.span.line}); a path cannot be a file and a folder", where)  # type: ignore[union-attr]
        else:
            sink.error("WG617", f"file '{f.name}' is at {path}, which the block declares a folder; a path cannot be "
                       "a file and a folder", where)
