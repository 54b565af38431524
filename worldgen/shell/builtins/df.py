"""``df [-h] [FILE...]``: a fixed, plausible table (a world has one disk and no real sizes);
with FILEs, the line of the file system holding each."""

from __future__ import annotations

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.modes import human_size
from worldgen.shell.builtins.options import Options
from worldgen.shell.builtins.walk import QUOTED_EMPTY, locate, why_missing

OPTIONS = Options("hkT", {"human-readable": "h"})
# (file system, 1K blocks, used, available, mount point)
MOUNTS = (
    ("overlay", 61255492, 12582912, 45530380, "/"),
    ("tmpfs", 65536, 0, 65536, "/dev"),
    ("shm", 65536, 0, 65536, "/dev/shm"),
)


def df(call: Call) -> int:
    parsed = OPTIONS.parse(call)
    if parsed is None:
        return 1
    opts, operands = parsed
    human = any(key == "h" for key, _ in opts)
    status = 0
    chosen = []
    for typed in operands:
        path, node = locate(call, typed)
        if node is None:
            call.err(f"{typed or QUOTED_EMPTY}: {why_missing(call.fs, path).reason}")
            status = 1
            continue
        chosen.append(max((m for m in MOUNTS if path == m[4] or path.startswith(m[4].rstrip("/") + "/")), key=lambda m: len(m[4])))
    if operands and not chosen:
        return status
    rows = [("Filesystem", "Size" if human else "1K-blocks", "Used", "Avail" if human else "Available", "Use%", "Mounted on")]
    for name, size, used, avail, mount in chosen or MOUNTS:
        shown = [human_size(n * 1024) if human else str(n) for n in (size, used, avail)]
        if human and used == 0:
            shown[1] = "0"
        rows.append((name, *shown, f"{-(-used * 100 // (used + avail)) if used + avail else 0}%", mount))
    minimum = (14, 5, 5, 5, 4) if human else (14, 9, 5, 9, 4)  # GNU's narrowest columns
    widths = [max(minimum[i], *(len(row[i]) for row in rows)) for i in range(5)]
    for row in rows:
        cells = [row[0].ljust(widths[0])] + [cell.rjust(widths[i]) for i, cell in enumerate(row[1:5], 1)]
        call.out(" ".join(cells) + " " + row[5] + "\n")
    return status


COMMANDS = {"df": df}
