"""shell.fs.clashes: where a tree's files make one path two things (check's WG617 and the world
layout's refusal both read it)."""

from __future__ import annotations

from worldgen.shell.fs import clashes


def test_each_kind_of_clash_in_order() -> None:
    files = [("/etc/a", "A"), ("/etc/a", "B"), ("/etc/a/x/b", "C"), ("/srv/d", "D")]
    assert list(clashes(files, {"/srv/d"})) == [
        ("same", "/etc/a", "A", "B"), ("under", "/etc/a", "C", "A"), ("folder", "/srv/d", "D", None)]


def test_a_tree_of_distinct_paths_has_none() -> None:
    assert list(clashes([("/etc/a", 1), ("/etc/b/c", 2)], {"/etc", "/etc/b"})) == []
