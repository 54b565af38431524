"""``worldgen.open_suite`` gives back the Suite that compile returned; a folder that holds no
finished compile is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

import worldgen
from tests.api.conftest import Twins
from worldgen.errors import WorldgenError


def test_an_opened_suite_has_the_summary_compile_returned(twins: Twins) -> None:
    opened = worldgen.open_suite(twins.cli)
    assert opened.summary == twins.api.summary
    assert opened.seconds is None
    assert [w.id for w in opened.worlds()] == [w.id for w in twins.api.worlds()]


def test_a_folder_without_a_summary_is_not_a_suite(tmp_path: Path) -> None:
    with pytest.raises(WorldgenError, match="not a compiled suite"):
        worldgen.open_suite(tmp_path)
