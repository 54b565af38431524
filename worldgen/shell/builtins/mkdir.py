"""``mkdir [-p] [-m MODE] DIR...``. With ``-m``, an octal mode is exact; a symbolic one applies
to ``a=rwx`` (and the umask when a clause names no ``ugoa``), close to GNU; parents made by
``-p`` get the default 755."""

from __future__ import annotations

from collections.abc import Iterator

from worldgen.shell.budget import READ_COST, charge
from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.modes import UMASK, ModeChange, parse_mode
from worldgen.shell.builtins.options import Options, missing
from worldgen.shell.builtins.walk import locate
from worldgen.shell.fs import FsError

OPTIONS = Options("pm:v", {"parents": "p", "mode=": "m", "verbose": "v"})


def mkdir(call: Call) -> int:
    parsed = OPTIONS.parse(call)
    if parsed is None:
        return 1
    opts, operands = parsed
    parents = any(key == "p" for key, _ in opts)
    verbose = any(key == "v" for key, _ in opts)
    mode_text = next((value for key, value in reversed(opts) if key == "m"), None)
    mode: int | None = None
    if mode_text is not None:
        change = parse_mode(mode_text)
        if change is None:
            call.err(f"invalid mode {call.quote(mode_text)}")
            return 1
        mode = _initial_mode(change)
    if missing(call, operands):
        return 1
    status = 0
    for typed in operands:
        steps = _prefixes(typed) if parents else [(typed, True)]
        for step, last in steps:
            charge(READ_COST * len(step))  # each step resolves its whole path: `mkdir -p a/a/a/...` is quadratic
            path, node = locate(call, step)
            if parents and node is not None:
                if node.is_dir:
                    continue
                errno = "EEXIST" if last else "ENOTDIR"
                call.err(f"cannot create directory {call.quote(step)}: {FsError(errno, path).reason}")
                status = 1
                break
            try:
                if not path:
                    raise FsError("ENOENT", path)
                call.fs.mkdir(path)
            except FsError as err:
                call.err(f"cannot create directory {call.quote(step)}: {err.reason}")
                status = 1
                break
            if mode is not None and last:
                call.fs.chmod(path, mode)
            if verbose:
                call.out(f"mkdir: created directory '{step}'\n")
    return status


def _initial_mode(change: ModeChange) -> int:
    if change.octal is not None:
        return change.octal
    mode = change.apply(0o777, True)
    return mode & ~UMASK if any(who == 0 for who, _, _ in change.actions) else mode


def _prefixes(typed: str) -> Iterator[tuple[str, bool]]:
    """``a/b/c`` -> ``a``, ``a/b``, ``a/b/c``: each directory ``-p`` may have to make, and whether
    it is the last. Made one at a time: a path 30,000 levels deep has a gigabyte of prefixes."""
    parts = typed.split("/")
    ends = [i for i, part in enumerate(parts) if part not in ("", ".")]
    if not ends:
        yield typed, True
        return
    for i in ends:
        yield "/".join(parts[: i + 1]), i == ends[-1]


COMMANDS = {"mkdir": mkdir}
