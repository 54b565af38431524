"""worldgen's Python warnings (``SeedsIgnored``) as the command line's one-line ``warning:``s.

Library code warns with the ``warnings`` module, so notebooks and trainers see the warning class;
a command shows the same message as a ``COMMAND: warning: ...`` line on stderr, without Python's
file and line.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

from worldgen.seeds_ignored import SeedsIgnored


@contextmanager
def warnings_as_lines(command: str) -> Iterator[None]:
    """Print each ``SeedsIgnored`` raised inside as ``COMMAND: warning: MESSAGE`` when the block ends."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", SeedsIgnored)
        try:
            yield
        finally:
            for warning in caught:
                if issubclass(warning.category, SeedsIgnored):
                    print(f"{command}: warning: {warning.message}", file=sys.stderr)
                else:
                    warnings.showwarning(warning.message, warning.category, warning.filename, warning.lineno)
