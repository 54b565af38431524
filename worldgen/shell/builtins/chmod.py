"""``chmod [-R] MODE FILE...``: octal (``640``, ``0640``) or symbolic (``u+x``, ``go-w``,
``a=r``, ``u=rw,g=r,o=``, ``+x``, ``g=u``, ``+X``) modes; a clause without ``ugoa`` honours the
shell's umask (022) as GNU does. A MODE that starts with ``-`` (``chmod -w f``) is a mode, not an
option, as in GNU."""

from __future__ import annotations

import re

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.modes import parse_mode
from worldgen.shell.builtins.options import Options, missing, usage
from worldgen.shell.builtins.walk import change_each
from worldgen.shell.fs import Node

OPTIONS = Options("Rcfv", {"recursive": "R", "changes": "c", "silent": "f", "quiet": "f", "verbose": "v"})
_DASH_MODE = re.compile(r"-[rwxXstugoa=+,-][rwxXstugoa=+,0-7-]*|-[0-7]+")


def chmod(call: Call) -> int:
    args = call.argv[1:]
    end = args.index("--") if "--" in args else len(args)
    dash_mode = next((i for i, a in enumerate(args[:end]) if _DASH_MODE.fullmatch(a)), None)
    if dash_mode is not None:
        args = args[:dash_mode] + args[dash_mode + 1 :]
    parsed = OPTIONS.parse(call, args)
    if parsed is None:
        return 1
    opts, operands = parsed
    if dash_mode is not None:
        operands.insert(0, call.argv[1 + dash_mode])
    recursive = any(key == "R" for key, _ in opts)
    quiet = any(key == "f" for key, _ in opts)
    if missing(call, operands, 2):
        return 1
    change = parse_mode(operands[0])
    if change is None:
        usage(call, f"invalid mode: {call.quote(operands[0])}")
        return 1

    def apply(path: str, node: Node) -> None:
        call.fs.chmod(path, change.apply(node.mode, node.is_dir))

    return change_each(call, operands[1:], apply, "changing permissions of", recursive=recursive, quiet=quiet, snapshot=True)


COMMANDS = {"chmod": chmod}
