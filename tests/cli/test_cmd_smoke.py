"""`worldgen smoke`'s help, as a user without TRL reads it."""

from __future__ import annotations

import re

from tests.conftest import ROOT
from worldgen.cli import cmd_smoke


def test_the_help_names_docs_that_exist() -> None:
    named = re.findall(r"docs/[\w./-]+\.md", cmd_smoke.__doc__ or "")
    assert named and all((ROOT / path).is_file() for path in named), named
