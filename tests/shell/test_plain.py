"""What an exporter writes into a script that runs unattended is held to plain lines."""

from __future__ import annotations

import pytest

from worldgen.shell.parser import parse
from worldgen.shell.plain import plain


@pytest.mark.parametrize("line", ["systemctl restart web", "cat /etc/x | grep -c y > /tmp/n", "printf '%s\\n' 'a b' > f",
                                  "X=1 echo ${X:-y}", "cd /srv && ls"])
def test_simple_commands_are_plain(line: str) -> None:
    assert plain(parse(line))


@pytest.mark.parametrize("line", ["echo $(id)", "echo $((1+2))", "for f in *; do rm $f; done", "if true; then :; fi",
                                  "while true; do :; done", "echo ${X:-$(id)}", "cat <<EOF\n$(id)\nEOF", "ls > $(id)"])
def test_lines_that_run_more_than_they_show_are_not(line: str) -> None:
    assert not plain(parse(line))
