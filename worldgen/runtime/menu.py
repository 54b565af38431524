"""A state's admissible commands as a read-only list, handed out without a copy.

Both runtimes keep each state's admissible list once made (it depends on the state alone), and
``info["admissible"]`` is read on every step by most agents. Handing out a fresh copy of it each
step cost a tenth of a table step in a world of 64 commands a state (mastermind): every copy
touches each command string. A ``Menu`` is a ``list`` (equal to one, JSON- and pickle-able,
indexable, iterable) that refuses to change, so the kept one can be handed out as it is; a caller
that wants to edit it takes ``list(menu)``.
"""

from __future__ import annotations

from typing import Any, NoReturn

_WHY = "info['admissible'] is shared by every step in this state and read-only; edit a copy: list(info['admissible'])"


class Menu(list[str]):
    """The admissible commands of one state (read-only: see the module's docstring)."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(_WHY)

    append = extend = insert = remove = pop = clear = sort = reverse = _refuse  # type: ignore[assignment]
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[Menu], tuple[list[str]]]:
        return Menu, (list(self),)


EMPTY = Menu()  # what an ended episode admits
