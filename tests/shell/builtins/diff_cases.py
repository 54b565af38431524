"""Random pairs of files for comparing ``diff`` with GNU's: small files over a few distinct lines
(where equally short edit scripts abound), and realistic edits of 20-200 line files (blocks
inserted, deleted, replaced, duplicated and moved, lines recased and respaced; blank and
repeated lines), and long stretches rewritten. Used by
tests/shell/builtins/test_diff.py (a few hundred) and bench/fuzz_diff.py (tens of thousands)."""

from __future__ import annotations

import os
import random
import subprocess
from collections.abc import Iterator
from pathlib import Path

from tests.shell.builtins.gnu import run
from worldgen.shell.builtins.diff import COMMANDS
from worldgen.shell.fs import EPOCH

DIFF = COMMANDS["diff"]  # as the shell runs it: on bytes (bytewise.py)

GNU_DIFF = "/usr/bin/diff"
CODE = ["\n", "\n", "}\n", "{\n", "  return x;\n", "  i++;\n", "# comment\n", "end\n", "    pass\n"]
ODD = ["\tindented\twith tabs\n", "a long line, " * 7 + "and more\n", "dos\r\n", "back\bspace\n", "form\ffeed\n",
       "caf\u00e9 na\u00efve\n", "x\ty\t\tz\n"]  # what -y's columns must cut and count
WORDS = [f"line {k}\n" for k in range(40)] + CODE + ODD


def cases(seed: int) -> Iterator[tuple[str, str]]:
    """An endless stream of (file A, file B) texts, the same for the same seed."""
    rng = random.Random(seed)
    while True:
        kind = rng.random()
        a, b = _small(rng) if kind < 0.45 else _edited(rng) if kind < 0.9 else _rewritten(rng)
        yield _maybe_unterminated(rng, a), _maybe_unterminated(rng, b)


def _small(rng: random.Random) -> tuple[list[str], list[str]]:
    alphabet = "abcde"[:rng.randint(1, 5)]
    return ([rng.choice(alphabet) + "\n" for _ in range(rng.randint(0, 14))],
            [rng.choice(alphabet) + "\n" for _ in range(rng.randint(0, 14))])


def _edited(rng: random.Random) -> tuple[list[str], list[str]]:
    words = WORDS[:rng.randint(8, len(WORDS))]
    a = [rng.choice(words) for _ in range(rng.randint(20, 200))]
    b = list(a)
    for _ in range(rng.randint(1, 6)):
        at, size = rng.randint(0, len(b)), rng.randint(1, 8)
        block = [rng.choice(words) for _ in range(size)]
        kind = rng.randrange(6)
        if kind == 5 and at < len(b):  # the same words, other case or spacing: -i, -b, -w see through it
            b[at] = rng.choice([str.upper, lambda t: t.replace(" ", "  "), lambda t: " " + t,
                                lambda t: t[:-1] + " \n", lambda t: t.replace(" ", "\t")])(b[at])
        elif kind == 0:
            b[at:at] = block
        elif kind == 1:
            del b[at:at + size]
        elif kind == 2:
            b[at:at + size] = block
        elif kind == 3:
            b[at:at] = b[max(0, at - size):at]  # a duplicated block
        else:
            moved = b[at:at + size]
            del b[at:at + size]
            to = rng.randint(0, len(b))
            b[to:to] = moved
    return a, b


def _rewritten(rng: random.Random) -> tuple[list[str], list[str]]:
    """Long stretches rewritten: lines found in one file only, with blank and brace lines (found
    everywhere) among them, as GNU's search leaves out of its way."""
    def stretch() -> list[str]:
        return [rng.choice(CODE[:3]) if rng.random() < rng.choice([0.1, 0.3, 0.5]) else f"unique {rng.randrange(10**9)}\n"
                for _ in range(rng.randint(1, 60))]
    a = [line for _ in range(rng.randint(1, 6)) for line in stretch() + rng.sample(WORDS, 3)]
    b = list(a)
    for _ in range(rng.randint(1, 4)):
        at, size = rng.randint(0, len(b)), rng.randint(5, 60)
        b[at:at + size] = stretch()
    return a, b


def _maybe_unterminated(rng: random.Random, lines: list[str]) -> str:
    text = "".join(lines)
    return text[:-1] if text and rng.random() < 0.1 else text


def gnu_and_ours(a: str, b: str, options: list[str], tmp: Path) -> tuple[tuple[str, str, int], tuple[str, str, int]]:
    """(GNU's, ours) (stdout, stderr, status) of ``diff OPTIONS A B``, files stamped alike."""
    for name, text in (("A", a), ("B", b)):
        (tmp / name).write_text(text)
        os.utime(tmp / name, ns=(EPOCH * 10**9, EPOCH * 10**9))
    done = subprocess.run([GNU_DIFF, *options, "A", "B"], cwd=tmp, capture_output=True,
                          env={"LC_ALL": "C", "TZ": "UTC"}, timeout=10)
    gnu = (done.stdout.decode("utf-8", "surrogateescape"), done.stderr.decode("utf-8", "surrogateescape"), done.returncode)
    return gnu, run(DIFF, ["diff", *options, "A", "B"], {"A": a, "B": b})  # (bytes: a "\r" stays one)
