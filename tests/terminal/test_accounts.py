"""The accounts a container adds so that a terminal world's owners are real there."""

from __future__ import annotations

import worldgen
from tests.conftest import ROOT
from worldgen.catalogue import example_record, read_catalogue


def _remote(name: str):
    entry = next(e for e in read_catalogue(ROOT / "scaffolds", ROOT / "content_packs") if e.name == name)
    env = worldgen.load(entry.path).instantiate(example_record(entry), seed=3).env(shell="remote")
    env.reset(seed=0)
    return env._terminal  # noqa: SLF001 - the face under test


def test_every_owner_and_group_name_gets_a_fixed_id_in_name_order() -> None:
    face = _remote("permissions")
    owners = {i["path"]: (i["uid"], i["gid"]) for i in face.tree()}
    users, groups = face.accounts["users"], face.accounts["groups"]
    assert list(users) == sorted(users) and list(users.values()) == list(range(2000, 2000 + len(users)))
    assert list(groups.values()) == list(range(2000, 2000 + len(groups)))
    assert "root" not in users and owners["/root/audit.txt"] == (0, 0)
    assert all(uid is not None and gid is not None for uid, gid in owners.values())
    assert _remote("permissions").accounts == face.accounts  # the service and a restart agree


def test_a_world_that_declares_its_own_account_tables_numbers_its_own() -> None:
    face = _remote("users")
    assert face.accounts == {"users": {}, "groups": {}}
    assert {i["path"]: i["uid"] for i in face.tree()}["/etc/passwd"] == 0
