"""WG617: each path of a terminal world's tree is one thing (check/file_paths.py)."""

from __future__ import annotations

import pytest

import worldgen

WORLD = """world w {{
  state {{ x: bool = false }}
  files {{
    {items}
  }}
  action a "touch /tmp/x" {{ do x = true }}
  done when x
}}
"""


def errors(*items: str) -> list[str]:
    try:
        worldgen.loads(WORLD.format(items="\n    ".join(items)), "w.wg")
    except worldgen.DiagnosticError as err:
        return [d.format().splitlines()[0] for d in err.diagnostics]
    return []


@pytest.mark.parametrize("items, message", [
    (('file a "/etc/app.conf" { text "a" }', 'file b "/etc/app.conf" { text "b" }'),
     "file 'b' has the path of file 'a' (line 4): /etc/app.conf; each file needs its own path"),
    (('file a "/etc/app.conf" { text "a" }', 'file b "/etc/app.conf/x/inner" { text "b" }'),
     "file 'b' is under /etc/app.conf, the path of file 'a' (line 4); a path cannot be a file and a folder"),
    (('dir "/srv/data/"', 'file a "/srv/data" { text "a" }'),
     "file 'a' is at /srv/data, which the block declares a folder; a path cannot be a file and a folder"),
])
def test_a_path_that_is_two_things_is_refused_where_the_second_is_written(items: tuple[str, ...], message: str) -> None:
    assert [e.split(": error: ", 1)[1] for e in errors(*items)] == [f"{message} [WG617]"]


def test_paths_filled_in_per_world_are_left_to_the_build() -> None:
    assert errors('file a(n: int in 1..2) "/srv/{n}.txt" { text "a" }', 'file b "/srv/1.txt" { text "b" }') == []


def test_a_bare_octal_looking_mode_is_the_decimal_number_it_spells() -> None:
    assert errors('file a "/etc/key" { text "k"  mode 640 }') == [
        "w.wg:4:40: error: '640' is the decimal number 640 (mode 0o1200); write octal modes as 0o640 [WG608]"]
    assert errors('file a "/etc/key" { text "k"  mode 0o640 }') == []
