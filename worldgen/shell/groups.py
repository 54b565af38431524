"""Grouping commands, parsed here and run by the interpreter (``Shell._group``): a subshell
``( LIST )``, whose changes to variables and the working directory stay inside it, and a group
``{ LIST; }``, run in the shell itself; each with redirections of the whole group
(``{ echo a; echo b; } > f``, ``(cd src && ls) | wc -l``).

``{`` and ``}`` are reserved words, so they count only where a command starts: ``{ echo a }``
waits for its ``}`` as bash does (``}`` there is echo's argument), and ``(`` is an operator,
so ``(echo a)`` needs no blank. ``((...))`` is arithmetic, not a subshell in a subshell.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldgen.shell.ast import Group
from worldgen.shell.compound import compound_list, trailing_redirects

if TYPE_CHECKING:
    from worldgen.shell.parser import _Parser


def parse_subshell(p: _Parser) -> Group:
    p.take()  # `(`
    body = compound_list(p, (")",))
    p.take()  # `)`
    return Group(body, True, trailing_redirects(p))


def parse_group(p: _Parser) -> Group:
    p.take()  # `{`
    body = compound_list(p, ("}",))
    p.take()  # `}`
    return Group(body, False, trailing_redirects(p))
