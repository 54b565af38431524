"""xargs: items as GNU reads them (blanks, quotes, backslashes, -0, -d, -I lines), how they are
batched (-n, -L), -r, -t, and GNU's statuses; each line also through real bash and xargs."""

from __future__ import annotations

import pytest

from tests.shell.builtins.gnu import lines

FILES = {"a.log": "error: x\nok\n", "b.log": "fine\n", "c.log": "error: y\n", "x.bak": "", "sub/y.bak": "", "s p.txt": "sp\n"}

CASES = [
    "printf 'a\\nb\\n' | xargs -n1 echo x",
    "grep -l error *.log | xargs wc -l",
    "find . -name '*.bak' | xargs rm -f; ls -R",
    "ls sub | xargs -I{} echo sub/{}",
    "printf 'a b  c\\n\\nd' | xargs",
    "echo \"'a b' \\\"c d\\\" e\\\\ f\" | xargs -n1",
    "echo \"'a b\" | xargs; echo $?",
    "echo \"x y z 'a\" | xargs -n2; echo $?",
    "echo 'a\"b' | xargs; echo $?",
    "printf '' | xargs echo x",
    "printf '' | xargs -r echo x; echo $?",
    "printf 'a\\nb c\\n' | xargs -I{} echo [{}] {}",
    "printf '  a  \\n\\n b\\n' | xargs -I {} echo [{}]",
    "printf \"'a b' c\\n\" | xargs -Ix echo x-x",
    "printf 'a\\0b c\\0' | xargs -0 -n1 echo",
    "printf 'a,b,c\\n' | xargs -d, -n1 echo",
    "printf 'a b\\n' | xargs -d '\\n' echo",
    "printf 'a b\\n' | xargs -d ab echo; echo $?",
    "printf 'c d\\0' | xargs -0 -t echo 'a b' \"it's\" 2>&1",
    "printf 'a b c\\n' | xargs -n2 -t echo 2>&1",
    "printf '' | xargs -t 2>&1",
    "printf 'a b c\\nd\\ne f\\n' | xargs -L2 echo",
    "printf 'x\\n' | xargs -P 4 --max-args=1 echo",
    "printf 'a b\\n' | xargs -n 0; echo $?",
    "printf 'a b\\n' | xargs -n x; echo $?",
    "printf 'a b\\n' | xargs -q; echo $?",
    "printf 'a b\\n' | xargs --bogus; echo $?",
    "echo a | xargs cd; echo $?",
    "echo a | xargs sub; echo $?",
    "echo a | xargs nope; echo $?",
    "printf 'x\\ny\\n' | xargs -n1 nope; echo $?",
    "echo a | xargs false; echo $?",
    "printf 'a.log\\nnope\\n' | xargs cat; echo $?",
    "printf 'a.log\\nb.log\\n' | xargs -n1 grep -l error; echo $?",
    "echo a | xargs env echo; echo $?",
    "echo b.log | xargs -n1 xargs echo",
    "find . -name '*.txt' -print0 | xargs -0 cat",
    # input with no quote or backslash is read whole lines at a time: every blank, line numbers for -L
    "printf 'a\\tb\\vc d\\fe\\n\\n  \\t\\nf' | xargs -n1 echo",
    "printf ' \\t a b \\n\\t\\nc d\\ne' | xargs -L1 echo",
    "printf '\\t a\\tb \\n\\v\\n' | xargs -I{} echo [{}]",
    "printf \"'a' \\n\\nb\\\\\\\\ \\nc 'd '\\n\\t\\ne\\v\\nf\" | xargs -L1 echo",
]


@pytest.mark.parametrize("line", CASES)
def test_same_as_gnu_xargs(line: str):
    ours, gnus = lines(line, FILES)
    assert ours == gnus


def test_each_command_reads_nothing_from_stdin():
    ours, gnus = lines("echo a.log | xargs cat -", FILES)
    assert ours == gnus == ("error: x\nok\n", "", 0)  # `-` read nothing, not "a.log"
