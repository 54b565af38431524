"""df: a fixed table in GNU's layout, and the line holding each FILE."""

from __future__ import annotations

from tests.shell.builtins.helpers import run
from worldgen.shell.builtins.df import df
from worldgen.shell.memfs import MemoryFs


def test_human_table():
    assert run(df, MemoryFs(), "-h") == (
        "Filesystem      Size  Used Avail Use% Mounted on\n"
        "overlay          59G   12G   44G  22% /\n"
        "tmpfs            64M     0   64M   0% /dev\n"
        "shm              64M     0   64M   0% /dev/shm\n",
        "",
        0,
    )


def test_one_k_blocks_and_files():
    fs = MemoryFs({"/etc/hosts": ""})
    assert run(df, fs, "/etc/hosts", "nope") == (
        "Filesystem     1K-blocks     Used Available Use% Mounted on\n"
        "overlay         61255492 12582912  45530380  22% /\n",
        "df: nope: No such file or directory\n",
        1,
    )
