"""The Ray executor writes the same bytes as the local one and passes its tasks' notes on (needs the `ray` extra)."""

from __future__ import annotations

import pytest

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'worldgen[ray]')")


def test_ray_matches_local(tmp_path, spec):
    from worldgen.compiler.executors import LocalExecutor, RayExecutor
    from worldgen.compiler.suite import compile_suite

    local, remote = tmp_path / "local", tmp_path / "ray"
    compile_suite(spec("services"), range(0, 24), local, LocalExecutor(1))
    try:
        compile_suite(spec("services"), range(0, 24), remote, RayExecutor(None))
    finally:
        ray.shutdown()
    files = sorted(p.relative_to(local) for p in local.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(remote) for p in remote.rglob("*") if p.is_file())
    assert all((local / f).read_bytes() == (remote / f).read_bytes() for f in files)


def test_ray_tasks_send_their_notes_to_the_caller():
    from tests.compiler.test_executors import _setup, _work
    from worldgen.compiler.executors import RayExecutor

    heard: list[tuple[str, int]] = []
    try:
        results = list(RayExecutor(None).map(_setup, 100, _work, [[n, n + 1] for n in range(0, 20, 2)], heard.append))
    finally:
        ray.shutdown()
    assert results == [[n + 100, n + 101] for n in range(0, 20, 2)]
    assert sorted(heard) == [("done", n) for n in range(20)]
