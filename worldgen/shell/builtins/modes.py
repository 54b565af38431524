"""How GNU tools render what ``stat`` knows: ``-rw-r-----`` mode strings, ``4.0K`` sizes and
1K-block counts. Shared by ls, stat, du and find so they agree to the character."""

from __future__ import annotations

from worldgen.shell.fs import Node

_UNITS = "KMGTPEZY"
BLOCK = 4096  # the allocation unit of the file system GNU's block counts assume (ext4)


def mode_string(node: Node) -> str:
    """``drwxr-sr-t``: type letter, then rwx per class, with set-id/sticky as s/S and t/T."""
    mode = node.mode
    chars = ["d" if node.is_dir else "-"]
    for shift, special, mark in ((6, 0o4000, "s"), (3, 0o2000, "s"), (0, 0o1000, "t")):
        bits = mode >> shift
        chars.append("r" if bits & 4 else "-")
        chars.append("w" if bits & 2 else "-")
        x = bits & 1
        if mode & special:
            chars.append(mark if x else mark.upper())
        else:
            chars.append("x" if x else "-")
    return "".join(chars)


def human_size(n: int) -> str:
    """GNU's ``-h``: powers of 1024, always rounded up, one decimal below 10 (``4.0K``,
    ``1.2M``, ``13K``); under 1024 the plain number."""
    if n < 1024:
        return str(n)
    k = 1
    while n >= 1024 ** (k + 1) and k < len(_UNITS):
        k += 1
    base = 1024**k
    tenths = -(-n * 10 // base)
    if tenths < 100:
        return f"{tenths // 10}.{tenths % 10}{_UNITS[k - 1]}"
    whole = -(-n // base)
    if whole >= 1024 and k < len(_UNITS):
        return f"1.0{_UNITS[k]}"
    return f"{whole}{_UNITS[k - 1]}"


def blocks_k(node: Node) -> int:
    """1K blocks a node occupies on ext4: whole 4 KiB blocks; a directory holds one."""
    if node.is_dir:
        return BLOCK // 1024
    return -(-node.size // BLOCK) * (BLOCK // 1024)
