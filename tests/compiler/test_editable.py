"""`worldgen check` warns of a writable file no in-place edit can save (compiler/editable.py)."""

from __future__ import annotations

import worldgen
from worldgen.compiler.estimate import estimate

CONF = """world conf {{
  state {{ port: int in 1..3 = 1 }}
  files {{
    file conf "/etc/app.ini" {{
      text "{header}port = {{port}}\\n"
      when write "port = {{p}}" (p: int in 1..3) {{ do port = p }}
    }}
  }}
  action check "systemctl status app" {{ }}
  done when port == 2
}}
"""


def warnings(header: str) -> list[str]:
    return estimate(worldgen.loads(CONF.format(header=header), "conf.wg").ir).warnings()


def test_a_file_whose_goal_text_its_writes_do_not_take_is_named():
    """A ';' comment the write texts leave out: every sed -i of the file was refused."""
    assert warnings("; app configuration\\n") == [
        "warning: the world of seed 0: /etc/app.ini: its text in a goal state is not one its `when write` takes, so an "
        "edit in place (sed -i, an editor, cp of a correct copy) is refused; let the written texts cover every line of "
        "the file's text (comments count, unless they start with '#')"]


def test_a_file_whose_goal_text_is_a_write_it_takes_is_not():
    assert warnings("") == [] and warnings("# app configuration\\n") == []  # '#' comments are ignored by matching
