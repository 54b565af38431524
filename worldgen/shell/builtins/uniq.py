"""uniq: collapse runs of equal adjacent lines (-c counts, -d repeated only, -u unique only,
-i ignoring case, -f/-s skipping fields/characters), GNU style."""

from __future__ import annotations

from itertools import groupby

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import NO, REQUIRED, OptionError, Spec, ascii_digits, integer, parse, usage_error
from worldgen.shell.builtins.textio import lines
from worldgen.shell.fs import FsError

SPEC = Spec("cduif:s:w:", {
    "count": ("c", NO), "repeated": ("d", NO), "unique": ("u", NO), "ignore-case": ("i", NO),
    "skip-fields": ("f", REQUIRED), "skip-chars": ("s", REQUIRED), "check-chars": ("w", REQUIRED),
})


def uniq(call: Call) -> int:
    try:
        opts, operands = parse(call.argv[1:], SPEC)
    except OptionError as err:
        return usage_error(call, str(err))
    flags = {k: v or "" for k, v in opts}
    counts: dict[str, int] = {}
    for key, what in (("f", "number of fields to skip"), ("s", "number of bytes to skip"), ("w", "number of bytes to compare")):
        if key in flags:
            if not ascii_digits(flags[key]):
                call.err(f"{flags[key]}: invalid {what}")
                return 1
            counts[key] = integer(flags[key])
    fields, chars, width = counts.get("f", 0), counts.get("s", 0), counts.get("w")
    if len(operands) > 2:
        return usage_error(call, f"extra operand {call.quote(operands[2])}")
    fold = "i" in flags

    def ident(line: str) -> str:
        for _ in range(fields):
            line = line.lstrip(" \t")
            if not line:
                break  # skipping more fields than the line has leaves nothing (-f 99999999999)
            cut = min((i for i in (line.find(" "), line.find("\t")) if i >= 0), default=len(line))
            line = line[cut:]
        line = line[chars:]
        if width is not None:
            line = line[:width]
        return line.lower() if fold else line

    name = operands[0] if operands else "-"
    try:
        text = call.stdin if name == "-" else call.fs.read(call.path(name))
    except FsError as err:
        call.err(f"error reading '{name}'" if err.errno == "EISDIR" else f"{name}: {err.reason}")
        return 1
    out: list[str] = []
    for _, run in groupby(lines(text), key=ident):
        group = list(run)
        if ("d" in flags and len(group) < 2) or ("u" in flags and len(group) > 1):
            continue
        out.append(f"{len(group):7d} {group[0]}\n" if "c" in flags else f"{group[0]}\n")
    if len(operands) == 2:
        try:
            call.fs.write(call.path(operands[1]), "".join(out))
        except FsError as err:
            call.fs_error(err, operands[1])
            return 1
    else:
        call.stdout.extend(out)
    return 0


COMMANDS = {"uniq": uniq}
