"""Path-name tools: ``basename [-a] [-s SUFFIX] NAME [SUFFIX]``, ``dirname NAME...`` (pure
string work, as in GNU) and ``realpath [-e|-m] [-q] FILE...`` (against the file system; a world
has no symlinks, so resolving is normalising)."""

from __future__ import annotations

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import Options, missing, usage
from worldgen.shell.builtins.walk import QUOTED_EMPTY, locate, why_missing

BASENAME = Options("as:z", {"multiple": "a", "suffix=": "s", "zero": "z"})
DIRNAME = Options("z", {"zero": "z"})
REALPATH = Options("emqsEL", {"canonicalize-existing": "e", "canonicalize-missing": "m", "quiet": "q", "strip": "s", "no-symlinks": "s"})


def basename(call: Call) -> int:
    parsed = BASENAME.parse(call)
    if parsed is None:
        return 1
    opts, operands = parsed
    suffix = next((value or "" for key, value in reversed(opts) if key == "s"), None)
    multiple = suffix is not None or any(key == "a" for key, _ in opts)
    end = "\0" if any(key == "z" for key, _ in opts) else "\n"
    if missing(call, operands):
        return 1
    if not multiple:
        if len(operands) > 2:
            usage(call, f"extra operand {call.quote(operands[2])}")
            return 1
        suffix = operands[1] if len(operands) == 2 else ""
        operands = operands[:1]
    for name in operands:
        call.out(_base(name, suffix or "") + end)
    return 0


def _base(name: str, suffix: str) -> str:
    stripped = name.rstrip("/")
    if not stripped:
        return "/" if name else ""
    base = stripped.rsplit("/", 1)[-1]
    if suffix and base != suffix and base.endswith(suffix):
        base = base[: -len(suffix)]
    return base


def dirname(call: Call) -> int:
    parsed = DIRNAME.parse(call)
    if parsed is None:
        return 1
    opts, operands = parsed
    if missing(call, operands):
        return 1
    end = "\0" if opts else "\n"
    for name in operands:
        call.out(_dir(name) + end)
    return 0


def _dir(name: str) -> str:
    stripped = name.rstrip("/")
    if not stripped:
        return "/" if name else "."
    if "/" not in stripped:
        return "."
    return stripped.rsplit("/", 1)[0].rstrip("/") or "/"


def realpath(call: Call) -> int:
    parsed = REALPATH.parse(call)
    if parsed is None:
        return 1
    opts, operands = parsed
    keys = {key for key, _ in opts}
    if missing(call, operands):
        return 1
    status = 0
    for typed in operands:
        path, node = locate(call, typed)
        if not typed or "m" not in keys:
            up = call.fs.stat(path.rsplit("/", 1)[0] or "/")
            if node is None and (not typed or "e" in keys or up is None or not up.is_dir):
                if "q" not in keys:
                    call.err(f"{typed or QUOTED_EMPTY}: {why_missing(call.fs, path).reason}")
                status = 1
                continue
        call.out(path + "\n")
    return status


COMMANDS = {"basename": basename, "dirname": dirname, "realpath": realpath}
