"""chown and chgrp: USER[:GROUP] specs looked up in the tree's /etc/passwd and /etc/group, ids,
-R; and the same specs through GNU chown over the same account files."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shell.builtins.helpers import as_root, give_owners, gnu, host_accounts, materialise, run, with_accounts
from worldgen.shell.builtins.chown import chgrp, chown
from worldgen.shell.builtins.stat import stat
from worldgen.shell.memfs import MemoryFs


def tree() -> MemoryFs:
    return with_accounts(MemoryFs({"/f": "", "/d/g": ""}))


def owners(fs: MemoryFs, *paths: str) -> list[tuple[str, str]]:
    return [(fs.nodes[p].owner, fs.nodes[p].group) for p in paths]


def test_user_group_forms():
    fs = tree()
    assert run(chown, fs, "alice", "f") == ("", "", 0)
    assert owners(fs, "/f") == [("alice", "root")]
    run(chown, fs, ":staff", "f")
    assert owners(fs, "/f") == [("alice", "staff")]
    run(chown, fs, "root:root", "f")
    assert owners(fs, "/f") == [("root", "root")]
    run(chown, fs, "bob:", "f")  # USER: is the user's login group (bob's gid 50 is staff)
    assert owners(fs, "/f") == [("bob", "staff")]


def test_ids_are_recorded_as_the_names_of_the_accounts_that_have_them():
    fs = tree()
    assert run(chown, fs, "33:50", "f") == ("", "", 0)
    assert run(chown, fs, "4242:4343", "d") == ("", "", 0)
    assert owners(fs, "/f", "/d") == [("www-data", "staff"), ("4242", "4343")]


def test_recursive():
    fs = tree()
    assert run(chown, fs, "-R", "alice:staff", "d") == ("", "", 0)
    assert owners(fs, "/d", "/d/g", "/f") == [("alice", "staff"), ("alice", "staff"), ("root", "root")]


def test_names_no_account_has_are_refused():
    assert run(chown, tree(), "carol", "f") == ("", "chown: invalid user: 'carol'\n", 1)
    assert run(chown, tree(), "carol:root", "f") == ("", "chown: invalid user: 'carol:root'\n", 1)
    assert run(chown, tree(), "root:wheel", "f") == ("", "chown: invalid group: 'root:wheel'\n", 1)
    assert run(chown, tree(), "4242:", "f") == ("", "chown: invalid spec: '4242:'\n", 1)
    assert run(chgrp, tree(), "wheel", "f") == ("", "chgrp: invalid group: 'wheel'\n", 1)


def test_the_account_files_are_read_as_they_are_now():
    fs = tree()
    fs.write("/etc/passwd", "carol:x:1002:1000::/home/carol:/bin/bash\n", append=True)
    assert run(chown, fs, "carol:", "f") == ("", "", 0)
    assert owners(fs, "/f") == [("carol", "alice")]
    bare = MemoryFs({"/f": ""})  # a tree without account files knows root alone
    assert run(chown, bare, "alice", "f") == ("", "chown: invalid user: 'alice'\n", 1)
    assert run(chown, bare, "root:root", "f") == ("", "", 0)


def test_chgrp_and_complaints():
    fs = tree()
    assert run(chgrp, fs, "-R", "staff", "d") == ("", "", 0)
    assert owners(fs, "/d/g") == [("root", "staff")]
    assert run(chown, tree(), "root", "nope") == ("", "chown: cannot access 'nope': No such file or directory\n", 1)
    assert run(chown, tree(), "root") == ("", "chown: missing operand after 'root'\nTry 'chown --help' for more information.\n", 1)
    assert run(chgrp, tree()) == ("", "chgrp: missing operand\nTry 'chgrp --help' for more information.\n", 1)


@pytest.mark.parametrize("argv", [
    ["chown", "daemon", "f"], ["chown", "daemon:", "f"], ["chown", "33:adm", "f"], ["chown", ":nogroup", "f"],
    ["chown", "nosuch", "f"], ["chown", "root:nosuch", "f"], ["chown", "4242:4343", "f"], ["chown", "4242:", "f"],
    ["chown", "-R", "www-data:www-data", "d"], ["chgrp", "staff", "f"], ["chgrp", "7", "f"], ["chgrp", "nosuch", "f"],
], ids=" ".join)
def test_same_as_gnu_chown_over_the_same_accounts(argv: list[str], tmp_path: Path):
    as_root()
    fs = with_accounts(MemoryFs({"/f": "", "/d/g": ""}), host_accounts())
    materialise(fs, tmp_path)
    give_owners(fs, tmp_path)
    assert run(chown if argv[0] == "chown" else chgrp, fs, *argv[1:], name=argv[0]) == gnu(tmp_path, *argv)
    shown = ["stat", "-c", "%n %u %g %U %G", "f", "d", "d/g"]
    assert run(stat, fs, *shown[1:]) == gnu(tmp_path, *shown)
