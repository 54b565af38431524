"""Where a real shell cannot run, the reason says what to change."""

from __future__ import annotations

import subprocess

import pytest

from worldgen.terminal import jail


def test_no_unshare_names_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jail.shutil, "which", lambda name: None)
    assert "needs `unshare`" in jail.available.__wrapped__()  # type: ignore[attr-defined]


def test_refused_namespaces_say_how_to_allow_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jail.shutil, "which", lambda name: "/usr/bin/unshare")
    refused = subprocess.CompletedProcess([], 1, "", "unshare: unshare failed: Operation not permitted")
    monkeypatch.setattr(jail.subprocess, "run", lambda *a, **k: refused)
    reason = jail.available.__wrapped__()  # type: ignore[attr-defined]
    assert "does not permit private mount namespaces" in reason and "Operation not permitted" in reason
    assert "kernel.unprivileged_userns_clone=1" in reason


def test_a_real_shell_where_none_can_run_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setattr(jail, "available", lambda: "a real shell needs Linux namespaces; this is darwin")
    with pytest.raises(jail.RealShellError, match="error: a real shell needs Linux namespaces"):
        jail.RealShell(tmp_path, tmp_path, tmp_path)
