"""``chown [-R] USER[:GROUP] FILE...`` (also ``:GROUP`` and ``USER:``) and ``chgrp [-R] GROUP
FILE...``.

Names are looked up in the tree's ``/etc/passwd`` and ``/etc/group`` (``worldgen.shell.nss``),
as GNU's are: a name no account has is ``chown: invalid user: 'x'`` (or ``invalid group``), a
number is an id (GNU accepts ids), recorded as the name of the account that has it. ``USER:``
sets the group to USER's login group.
"""

from __future__ import annotations

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import Options, missing
from worldgen.shell.builtins.walk import change_each
from worldgen.shell.nss import accounts

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
    db = accounts(call.fs)
    if group_only:
        user, colon, grp = "", ":", spec
    else:
        user, colon, grp = spec.partition(":")
    if user and db.users.id(user) is None:
        call.err(f"invalid user: '{spec}'")
        return 1
    if grp and db.groups.id(grp) is None:
        call.err(f"invalid group: '{spec}'")
        return 1
    if user and colon and not grp:
        grp = db.login_group(user) or ""
        if not grp:
            call.err(f"invalid spec: '{spec}'")
            return 1
    owner = db.users.canonical(user) if user else None
    group = db.groups.canonical(grp) if grp else None
    return change_each(call, operands[1:], lambda path, _: call.fs.chown(path, owner, group), "changing ownership of", recursive="R" in keys, quiet="f" in keys)


COMMANDS = {"chown": chown, "chgrp": chgrp}
