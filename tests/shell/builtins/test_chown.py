"""chown and chgrp: USER[:GROUP] specs, the world's known users and groups, -R."""

from __future__ import annotations

from tests.shell.builtins.helpers import run
from worldgen.shell.builtins.chown import chgrp, chown
from worldgen.shell.memfs import MemoryFs

WORLD = {"WORLDGEN_USERS": "root alice", "WORLDGEN_GROUPS": "root staff alice"}


def tree() -> MemoryFs:
    return MemoryFs({"/f": "", "/d/g": ""})


def owners(fs: MemoryFs, *paths: str) -> list[tuple[str, str]]:
    return [(fs.nodes[p].owner, fs.nodes[p].group) for p in paths]


def test_user_group_forms():
    fs = tree()
    assert run(chown, fs, "alice", "f", env=WORLD) == ("", "", 0)
    assert owners(fs, "/f") == [("alice", "root")]
    run(chown, fs, ":staff", "f", env=WORLD)
    assert owners(fs, "/f") == [("alice", "staff")]
    run(chown, fs, "root:root", "f", env=WORLD)
    assert owners(fs, "/f") == [("root", "root")]
    run(chown, fs, "alice:", "f", env=WORLD)
    assert owners(fs, "/f") == [("alice", "alice")]


def test_recursive():
    fs = tree()
    assert run(chown, fs, "-R", "alice:staff", "d", env=WORLD) == ("", "", 0)
    assert owners(fs, "/d", "/d/g", "/f") == [("alice", "staff"), ("alice", "staff"), ("root", "root")]


def test_unknown_names_are_refused_when_the_world_lists_them():
    assert run(chown, tree(), "bob", "f", env=WORLD) == ("", "chown: invalid user: 'bob'\n", 1)
    assert run(chown, tree(), "bob:root", "f", env=WORLD) == ("", "chown: invalid user: 'bob:root'\n", 1)
    assert run(chown, tree(), "root:wheel", "f", env=WORLD) == ("", "chown: invalid group: 'root:wheel'\n", 1)
    assert run(chgrp, tree(), "wheel", "f", env=WORLD) == ("", "chgrp: invalid group: 'wheel'\n", 1)


def test_any_name_without_a_list_and_numeric_ids_always():
    fs = tree()
    assert run(chown, fs, "bob:wheel", "f") == ("", "", 0)
    assert run(chown, fs, "1000", "d", env=WORLD) == ("", "", 0)
    assert owners(fs, "/f", "/d") == [("bob", "wheel"), ("1000", "root")]


def test_chgrp_and_complaints():
    fs = tree()
    assert run(chgrp, fs, "-R", "staff", "d", env=WORLD) == ("", "", 0)
    assert owners(fs, "/d/g") == [("root", "staff")]
    assert run(chown, tree(), "root", "nope", env=WORLD) == ("", "chown: cannot access 'nope': No such file or directory\n", 1)
    assert run(chown, tree(), "root") == ("", "chown: missing operand after 'root'\nTry 'chown --help' for more information.\n", 1)
    assert run(chgrp, tree()) == ("", "chgrp: missing operand\nTry 'chgrp --help' for more information.\n", 1)
