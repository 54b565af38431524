"""The accounts a container needs so that the world's owners are real ones there.

A world names its files' owners and groups (``syslog``, ``postgres:staff``) and may let the agent
``chown`` to others; the emulator needs no account for a name, a real ``chown`` and ``ls -l`` do.
A world that declares ``/etc/passwd`` or ``/etc/group`` itself numbers its own accounts (and its
table is a world file, which nothing else may touch). For the others every name its files carry
at the start or its ``chown`` lines give gets a fixed id from ``FIRST_ID`` on, in name order, so
the world service and the container agree on the numbers without asking each other.
"""

from __future__ import annotations

import re

from worldgen.terminal.layout import Layout
from worldgen.terminal.tree import Ids, Item

FIRST_ID = 2000
_ACCOUNT = re.compile(r"[a-z_][a-z0-9_.-]{0,31}\Z")  # what /etc/passwd and useradd take


def world_ids(layout: Layout, items: list[Item]) -> tuple[Ids, dict[str, dict[str, int]]]:
    """The world's ids, and the accounts a container must add for them:
    ``{"users": {name: uid}, "groups": {name: gid}}``."""
    ids = Ids.of(items)
    users = {i.owner for i in items} | {who.partition(":")[0] for who in _chowns(layout)}
    groups = {i.group for i in items} | {who.partition(":")[2] for who in _chowns(layout)}
    added_users = _fresh(users, ids.users) if "/etc/passwd" not in layout.files else {}
    added_groups = _fresh(groups, ids.groups) if "/etc/group" not in layout.files else {}
    merged = Ids({**ids.users, **added_users}, {**ids.groups, **added_groups})
    return merged, {"users": added_users, "groups": added_groups}


def _chowns(layout: Layout) -> list[str]:
    """The owner words of the world's ``chown`` lines (``chown postgres:staff /srv/x``)."""
    return [key.split(" ")[1] for key in layout.rules.table if key.startswith("chown ") and key.count(" ") >= 2]


def _fresh(names: set[str], known: dict[str, int]) -> dict[str, int]:
    wanted = sorted(n for n in names if n and n != "root" and n not in known and not n.isdigit() and _ACCOUNT.match(n))
    return {name: FIRST_ID + i for i, name in enumerate(wanted)}

