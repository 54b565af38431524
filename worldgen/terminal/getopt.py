"""Reading a program's argv the way GNU getopt_long does, into one canonical form.

``journalctl -g error -u nginx``, ``journalctl --unit=nginx -gerror`` and ``journalctl -u nginx -g
error`` all read as ``journalctl -u nginx -g error``: options in the order the program declares
them (each under its first spelling, a value right after its option), then the operands in the
order typed. The world's command table is keyed by this form, so an agent may order, combine and
spell options as any GNU tool allows.
"""

from __future__ import annotations

from dataclasses import dataclass

from worldgen.ir.terminal import ProgramSpec


class UsageError(Exception):
    """An option the program does not know, or one missing its value: GNU's words for it."""


@dataclass(frozen=True)
class Options:
    """A program's options: spelling -> (canonical spelling, takes a value, declaration rank)."""

    names: dict[str, tuple[str, bool, int]]
    canonical: dict[str, bool]  # each option's canonical spelling -> whether it takes a value

    @classmethod
    def of(cls, spec: ProgramSpec | None) -> Options:
        names: dict[str, tuple[str, bool, int]] = {}
        if spec is not None:
            groups = [(g, False) for g in spec.flags] + [(g, True) for g in spec.values]
            for rank, (group, value) in enumerate(groups):
                for spelling in group:
                    names[spelling] = (group[0], value, rank)
        return cls(names, {canon: takes for canon, takes, _ in names.values()})


def canonical(argv: list[str], options: Options) -> tuple[str, ...]:
    """``argv`` (name first) in canonical form; raises ``UsageError`` as getopt would complain.

    A program that declares no options reads its argv as typed (nothing is known to be a flag)."""
    if not options.names:
        return tuple(argv)
    name, found, operands = argv[0], [], []
    i, n = 1, len(argv)
    while i < n:
        arg = argv[i]
        i += 1
        if arg == "--":
            operands.extend(argv[i:])
            break
        if arg.startswith("--") and len(arg) > 2:
            key, eq, value = arg.partition("=")
            known = options.names.get(key)
            if known is None:
                raise UsageError(f"{name}: unrecognized option '{key}'")
            canon, takes, rank = known
            if takes and not eq:
                if i >= n:
                    raise UsageError(f"{name}: option '{key}' requires an argument")
                value, i = argv[i], i + 1
            elif eq and not takes:
                raise UsageError(f"{name}: option '{key}' doesn't allow an argument")
            found.append((rank, len(found), canon, value if takes else None))
        elif arg.startswith("-") and len(arg) > 1:
            j = 1
            while j < len(arg):
                known = options.names.get("-" + arg[j])
                if known is None:
                    raise UsageError(f"{name}: invalid option -- '{arg[j]}'")
                canon, takes, rank = known
                if takes:
                    value = arg[j + 1:]
                    if not value:
                        if i >= n:
                            raise UsageError(f"{name}: option requires an argument -- '{arg[j]}'")
                        value, i = argv[i], i + 1
                    found.append((rank, len(found), canon, value))
                    break
                found.append((rank, len(found), canon, None))
                j += 1
        else:
            operands.append(arg)
    words = [name]
    for _, _, canon, value in sorted(found):
        words.append(canon)
        if value is not None:
            words.append(value)
    return (*words, *operands)
