"""What an agent did to the files on disk, taken by the world through its own rules."""

from __future__ import annotations

import worldgen
from tests.terminal.test_episode import SOURCE
from worldgen.terminal.mirror import Mirror
from worldgen.terminal.tree import accounts_of, walk


def _mirror():
    env = worldgen.loads(SOURCE, "ops.wg").instantiate({}, seed=0).env()
    env.reset(seed=0)
    fs = env._terminal.fs  # noqa: SLF001
    return env, Mirror(fs, accounts_of(walk(fs)), owners=True)


def _disk(mirror: Mirror) -> dict:
    """The files as the world last wrote them, with nothing read."""
    return {p: (None if w is None else {**w, "read": False}) for p in mirror.paths for w in [mirror.want(p)]}


def test_nothing_changed_is_nothing_to_take_or_rewrite() -> None:
    env, mirror = _mirror()
    seen = _disk(mirror)
    assert mirror.take(seen) == [] and mirror.rewrites(seen) == {}


def test_a_read_runs_the_read_hook_and_resets_the_access_time() -> None:
    env, mirror = _mirror()
    seen = _disk(mirror)
    seen["/var/log/svc2.log"]["read"] = True
    assert mirror.take(seen) == []
    assert env.state()["seen"] == [1]
    assert list(mirror.rewrites(seen)) == ["/var/log/svc2.log"]


def test_a_text_change_is_a_write_and_the_file_is_rerendered() -> None:
    env, mirror = _mirror()
    seen = _disk(mirror)
    seen["/etc/app.conf"]["text"] = "# tuned\nport = 03\nlevel=HIGH\n"
    assert mirror.take(seen) == []
    assert (env.state()["port"], env.state()["lvl"]) == (3, 1)
    assert mirror.rewrites(seen)["/etc/app.conf"]["text"] == "port=3\nlevel=high\n"


def test_refused_changes_are_said_and_put_back() -> None:
    env, mirror = _mirror()
    seen = _disk(mirror)
    seen["/etc/app.conf"]["text"] = "port=2\nlevel=low\n"
    seen["/var/log/svc1.log"] = None  # no rm hook
    seen["/home/ops/.ssh/id_ed25519"]["mode"] = 0o777  # the chmod hook refuses it
    refused = mirror.take(seen)
    assert refused == ["worldgen: /etc/app.conf: app: port 2 is reserved (the world kept its version of the file)",
                       "worldgen: /home/ops/.ssh/id_ed25519: mode refused by policy (the world kept its version of the file)",
                       "worldgen: /var/log/svc1.log: Permission denied (the world kept its version of the file)"]
    back = mirror.rewrites(seen)
    assert set(back) == {"/etc/app.conf", "/var/log/svc1.log", "/home/ops/.ssh/id_ed25519"}
    assert back["/home/ops/.ssh/id_ed25519"]["mode"] == 0o644


def test_an_owner_change_is_a_chown_by_name() -> None:
    env, mirror = _mirror()
    seen = _disk(mirror)
    seen["/var/log/svc1.log"]["uid"] = 0
    refused = mirror.take(seen)
    assert refused == ["worldgen: /var/log/svc1.log: Operation not permitted (the world kept its version of the file)"]
