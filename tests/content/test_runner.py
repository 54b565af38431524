"""fill_pack: producing records with K requests in flight, and stopping with a count that holds."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from tests.content.conftest import example_ir
from worldgen.content import Validator
from worldgen.content.pack import Pack, PackIdentity
from worldgen.content.providers.base import Outcome
from worldgen.content.runner import fill_pack
from worldgen.errors import WorldgenError


class Refusing:
    """Every answer invalid, each after a short wait, so several are in flight at the stop."""

    def settings(self) -> dict[str, Any]:
        return {}

    async def produce(self, index: int) -> Outcome:
        await asyncio.sleep(0.01)
        return Outcome(index, f"h{index}", reject="invalid", reason="schema/required at /room")

    async def aclose(self) -> None:
        pass


def test_the_stop_message_counts_every_reject_the_run_recorded(tmp_path: Path) -> None:
    """Answers in flight when the limit was passed are recorded too: the message said 11 of 15."""
    identity = PackIdentity("vault", "scaffold-hash", "schema-hash", "procedural", "m", 0)
    pack = Pack.open(tmp_path / "p", identity, 50, Validator(example_ir("vault")))
    with pytest.raises(WorldgenError) as err:
        asyncio.run(fill_pack(pack, Refusing(), concurrency=8, max_rejects=10))
    pack.close()
    said = int(re.match(r"stopped: (\d+) records rejected in this run \(limit 10\)", str(err.value)).group(1))
    recorded = (tmp_path / "p" / "rejects.jsonl").read_text().count("\n")
    assert said == recorded > 10
