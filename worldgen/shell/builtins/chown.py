"""``chown [-R] USER[:GROUP] FILE...`` (also ``:GROUP`` and ``USER:``) and ``chgrp [-R] GROUP
FILE...``.

A world names its users and groups in ``call.env``: ``WORLDGEN_USERS`` and ``WORLDGEN_GROUPS``
(space-separated). A name outside them is GNU's ``chown: invalid user: 'x'`` (or ``invalid
group``); without the variable any name is accepted, and a number always is (GNU accepts ids).
``USER:`` sets the group to USER when the world has that group (its stand-in for the user's
login group).
"""

from __future__ import annotations

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import Options, decimal, missing
from worldgen.shell.builtins.walk import change_each

OPTIONS = Options("Rcfvh", {"recursive": "R", "changes": "c", "silent": "f", "quiet": "f", "verbose": "v", "no-dereference": "h"})


def chown(call: Call) -> int:
    return _change(call, group_only=False)


def chgrp(call: Call) -> int:
    return _change(call, group_only=True)


def _change(call: Call, *, group_only: bool) -> int:
    parsed = OPTIONS.parse(call)
    if parsed is None:
        return 1
    opts, operands = parsed
    keys = {key for key, _ in opts}
    if missing(call, operands, 2):
        return 1
    spec = operands[0]
    if group_only:
        owner, group = None, spec
    else:
        user, colon, grp = spec.partition(":")
        owner = user or None
        group = grp or None
        if colon and user and not grp and _known(call, "WORLDGEN_GROUPS", user):
            group = user
    if owner is not None and not _known(call, "WORLDGEN_USERS", owner):
        call.err(f"invalid user: '{spec}'")
        return 1
    if group is not None and not _known(call, "WORLDGEN_GROUPS", group):
        call.err(f"invalid group: '{spec}'")
        return 1
    return change_each(call, operands[1:], lambda path, _: call.fs.chown(path, owner, group), "changing ownership of", recursive="R" in keys, quiet="f" in keys)


def _known(call: Call, variable: str, name: str) -> bool:
    names = call.env.get(variable)
    return names is None or decimal(name) is not None or name in names.split()


COMMANDS = {"chown": chown, "chgrp": chgrp}
