"""Whether a parsed line is plain: simple commands only, whose words run nothing (no ``$(...)``,
``$((...))``, loop or ``if``). What exporters write into a script that runs unattended
(solve.sh) is held to this, as it was before the shell took those constructs."""

from __future__ import annotations

from worldgen.shell.ast import Arith, Command, Param, Part, Script, Subst, Word


def plain(script: Script) -> bool:
    for item in script.items:
        for pipeline in (item.first, *(p for _, p in item.rest)):
            for cmd in pipeline.commands:
                if type(cmd) is not Command:
                    return False
                words = [*cmd.words, *(w for _, w in cmd.assigns),
                         *(r.target for r in cmd.redirects if r.target is not None),
                         *(r.heredoc.body for r in cmd.redirects if r.heredoc is not None)]
                if not all(_word(w) for w in words):
                    return False
    return True


def _word(word: Word) -> bool:
    return all(_part(p) for p in word.parts)


def _part(part: Part) -> bool:
    if type(part) is Subst or type(part) is Arith:
        return False
    return type(part) is not Param or all(_part(p) for p in part.arg)  # type: ignore[union-attr]
