"""Two scaffolds are one family when only names and prose differ; any rule change makes a new one."""

from __future__ import annotations

import pytest

import worldgen
from tests.conftest import ROOT
from worldgen.flywheel.identity import action_signature, structural_hash

VAULT = (ROOT / "scaffolds/vault.wg").read_text()


def key(source: str) -> str:
    return structural_hash(worldgen.loads(source, "x.wg").ir)


def test_every_shipped_scaffold_is_its_own_family() -> None:
    hashes = {structural_hash(worldgen.load(path).ir) for path in sorted((ROOT / "scaffolds").glob("*.wg"))}
    assert len(hashes) == len(list((ROOT / "scaffolds").glob("*.wg")))


@pytest.mark.parametrize(("old", "new"), [
    ("key", "trinket"),  # every name and every message
    ('"Nothing happens."', '"You flail about uselessly."'),
    ("world vault", "world treasury"),
    ("# each world draws", "# every world draws"),
])
def test_names_prose_and_comments_do_not_make_a_new_family(old: str, new: str) -> None:
    assert old in VAULT
    assert key(VAULT.replace(old, new)) == key(VAULT)


@pytest.mark.parametrize(("old", "new"), [
    ("param rooms: int in 4..7", "param rooms: int in 4..8"),  # a range
    ("when locked and link(at, room[-1])", "when link(at, room[-1])"),  # a guard
    ("count(carrying) == keys", "count(carrying) >= keys"),  # an operator
])
def test_a_rule_change_makes_a_new_family(old: str, new: str) -> None:
    assert old in VAULT
    assert key(VAULT.replace(old, new)) != key(VAULT)


def test_the_action_signature_lists_argument_kinds_per_action() -> None:
    signature = action_signature(worldgen.loads(VAULT, "vault.wg").ir)
    assert ("entity",) in signature and () in signature
