"""A terminal world's ``/etc/passwd`` and ``/etc/group``: Debian's base accounts and every account
the world names, so both faces know the same names and ids.

The emulated tools look accounts up in these files (``worldgen.shell.nss``) and real bash's C
library reads them from the tree on disk, so ``ls -l``, ``stat -c %u`` and ``chown www-data f``
answer alike. The accounts a world names are root, the ``files`` block's ``user``, each file's
owner and group in the first state, and the names its ``when chown`` hooks take. Debian's system
accounts keep Debian's ids (base-passwd's ``passwd.master``/``group.master``); the others are
numbered from 1000 in name order, users first (each with a group of its own name, as
``adduser`` makes one), then the remaining groups. A world that declares either file as a world
file keeps its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from worldgen.codegen.names import RULE_ERRORS
from worldgen.ir.terminal import hook_action
from worldgen.shell.nss import GROUP, PASSWD

if TYPE_CHECKING:
    from worldgen.terminal.layout import Layout

DEBIAN_USERS = (  # name, uid, gid, gecos, home, shell: Debian 12's base-passwd
    ("root", 0, 0, "root", "/root", "/bin/bash"),
    ("daemon", 1, 1, "daemon", "/usr/sbin", "/usr/sbin/nologin"),
    ("bin", 2, 2, "bin", "/bin", "/usr/sbin/nologin"),
    ("sys", 3, 3, "sys", "/dev", "/usr/sbin/nologin"),
    ("sync", 4, 65534, "sync", "/bin", "/bin/sync"),
    ("games", 5, 60, "games", "/usr/games", "/usr/sbin/nologin"),
    ("man", 6, 12, "man", "/var/cache/man", "/usr/sbin/nologin"),
    ("lp", 7, 7, "lp", "/var/spool/lpd", "/usr/sbin/nologin"),
    ("mail", 8, 8, "mail", "/var/mail", "/usr/sbin/nologin"),
    ("news", 9, 9, "news", "/var/spool/news", "/usr/sbin/nologin"),
    ("uucp", 10, 10, "uucp", "/var/spool/uucp", "/usr/sbin/nologin"),
    ("proxy", 13, 13, "proxy", "/bin", "/usr/sbin/nologin"),
    ("www-data", 33, 33, "www-data", "/var/www", "/usr/sbin/nologin"),
    ("backup", 34, 34, "backup", "/var/backups", "/usr/sbin/nologin"),
    ("list", 38, 38, "Mailing List Manager", "/var/list", "/usr/sbin/nologin"),
    ("irc", 39, 39, "ircd", "/run/ircd", "/usr/sbin/nologin"),
    ("nobody", 65534, 65534, "nobody", "/nonexistent", "/usr/sbin/nologin"),
)
DEBIAN_GROUPS = (
    ("root", 0), ("daemon", 1), ("bin", 2), ("sys", 3), ("adm", 4), ("tty", 5), ("disk", 6), ("lp", 7), ("mail", 8),
    ("news", 9), ("uucp", 10), ("man", 12), ("proxy", 13), ("kmem", 15), ("dialout", 20), ("fax", 21), ("voice", 22),
    ("cdrom", 24), ("floppy", 25), ("tape", 26), ("sudo", 27), ("audio", 29), ("dip", 30), ("www-data", 33),
    ("backup", 34), ("operator", 37), ("list", 38), ("irc", 39), ("src", 40), ("shadow", 42), ("utmp", 43),
    ("video", 44), ("sasl", 45), ("plugdev", 46), ("staff", 50), ("games", 60), ("users", 100), ("nogroup", 65534),
)
FIRST_ID = 1000  # Debian's first id for accounts a person adds
SHELL = "/bin/bash"


def account_files(layout: Layout, initial: list[Any]) -> dict[str, str]:
    """The account files the world does not declare itself: path -> text."""
    users, groups = named(layout, initial)
    passwd, group = render(users, groups, layout.terminal.user, layout.terminal.home)
    return {path: text for path, text in ((PASSWD, passwd), (GROUP, group)) if path not in layout.files}


def named(layout: Layout, initial: list[Any]) -> tuple[set[str], set[str]]:
    """The user and group names the world gives its files, in the first state or by ``chown``."""
    users = {"root", layout.terminal.user}
    groups = {"root"}
    for f in layout.files.values():
        owner = _value(f.owner, initial, f.args) if f.owner is not None else layout.terminal.user
        users.add(owner)
        groups.add(_value(f.group, initial, f.args) if f.group is not None else owner)
    rules = layout.rules
    names = [a.name for a in rules.actions]
    chowns = {names.index(hook_action(f.name, "chown")) for f in layout.terminal.files if "chown" in f.hooks}
    for key, b in rules.table.items():
        if rules.bindings[b].action in chowns:
            user, _, group = key.split(" ")[1].partition(":")
            users.add(user)
            groups.add(group)
    return {n for n in users if _account(n)}, {n for n in groups if _account(n)}


def render(users: set[str], groups: set[str], login: str, home: str) -> tuple[str, str]:
    """``/etc/passwd`` and ``/etc/group`` in Debian's format: Debian's accounts, then the
    world's own from ``FIRST_ID`` (``login``, the world's user, has the world's ``home``)."""
    debian_users = {u[0] for u in DEBIAN_USERS}
    debian_groups = dict(DEBIAN_GROUPS)
    passwd = [":".join((name, "x", str(uid), str(gid), gecos, path, shell)) for name, uid, gid, gecos, path, shell in DEBIAN_USERS]
    group = [f"{name}:x:{gid}:" for name, gid in DEBIAN_GROUPS]
    next_id = FIRST_ID
    own: dict[str, int] = {}
    for name in sorted(users - debian_users):
        gid = debian_groups.get(name)
        if gid is None:
            gid = own[name] = next_id
        passwd.append(f"{name}:x:{next_id}:{gid}::{home if name == login else '/home/' + name}:{SHELL}")
        next_id += 1
    for name in sorted(groups - debian_groups.keys() - own.keys()):
        own[name] = next_id
        next_id += 1
    group.extend(f"{name}:x:{gid}:" for name, gid in sorted(own.items(), key=lambda item: item[1]))
    return "".join(line + "\n" for line in passwd), "".join(line + "\n" for line in group)


def _value(fn: Any, state: list[Any], args: tuple[Any, ...]) -> str:
    try:
        return str(fn(state, *args))
    except RULE_ERRORS:
        return ""  # a property the rules cannot render names no account


def _account(name: str) -> bool:
    """Whether a name can be an account in these files (a number is an id, not a name)."""
    return bool(name) and not name.isdigit() and not any(c in name for c in ":\n\r")
