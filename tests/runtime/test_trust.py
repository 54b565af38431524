"""Trust is explicit: every command that loads a suite or an artifact checks containment and
hashes, and refuses an edited file unless told --trust-edited; verify refuses indexes it cannot
vouch for (outside paths, empty, duplicated) instead of "verifying" them."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.suites import compiled

EDITED = "edited after compilation"


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> Path:
    return compiled(tmp_path_factory.mktemp("trust") / "suite", "vault", range(0, 3))


@pytest.fixture
def suite(pristine, tmp_path) -> Path:
    return Path(shutil.copytree(pristine, tmp_path / "suite"))


def _lines(suite: Path) -> list[dict]:
    return [json.loads(line) for line in (suite / "index.jsonl").read_text().splitlines()]


def _write_index(suite: Path, lines: list[dict], rehash: bool = True) -> None:
    """The index rewritten as a deliberate editor would: with the summary's hash of it to match
    (``rehash``), so what is tested is each rule a loader applies beyond that hash."""
    (suite / "index.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    if rehash:
        summary = json.loads((suite / "summary.json").read_text())
        summary["sha256"]["index.jsonl"] = hashlib.sha256((suite / "index.jsonl").read_bytes()).hexdigest()
        (suite / "summary.json").write_text(json.dumps(summary))


def _edit_first_world(suite: Path) -> Path:
    target = suite / _lines(suite)[0]["path"]
    data = json.loads(target.read_text())
    data["world"]["initial_state"]["locked"] = False
    target.write_text(json.dumps(data))
    return target


def _worldgen(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "worldgen.cli.main", *map(str, args)], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=300)


def _loaders(suite: Path, out: Path) -> list[list[str | Path]]:
    """Every command that loads a suite (and stops at once on stdin's EOF)."""
    return [["serve", suite], ["report", suite], ["export", "sft", suite, "-o", out / "sft.jsonl"],
            ["rollout", suite, "--policy", "random", "-o", out / "random.jsonl"]]


def test_every_loader_refuses_an_edited_artifact_in_one_line_and_trust_edited_lets_it_through(suite, tmp_path):
    edited = _edit_first_world(suite)
    for command in _loaders(suite, tmp_path):
        refused = _worldgen(*command)
        assert refused.returncode == 1, command
        assert refused.stderr == (f"{edited}: error: {EDITED}: its sha256 differs from the one index.jsonl:1 "
                                  "records; re-compile it, or pass --trust-edited to load it anyway\n"), command
        assert _worldgen(*command, "--trust-edited").returncode == 0, command


@pytest.mark.parametrize("command", [["play"], ["graph", "-o", "{tmp}/g.dot"]])
def test_an_edited_artifact_file_is_refused_on_its_own_too(suite, tmp_path, command):
    edited = _edit_first_world(suite)
    args = [part.replace("{tmp}", str(tmp_path)) for part in command]
    refused = _worldgen(args[0], edited, *args[1:])
    assert refused.returncode == 1 and "world hash mismatch" in refused.stderr and "--trust-edited" in refused.stderr
    assert _worldgen(args[0], edited, *args[1:], "--trust-edited").returncode == 0


def test_an_index_line_without_a_hash_is_refused(suite):
    lines = _lines(suite)
    del lines[1]["hashes"]
    _write_index(suite, lines)
    refused = _worldgen("serve", suite)
    assert refused.returncode == 1 and "index.jsonl:2 records no sha256 for it" in refused.stderr


@pytest.mark.parametrize(("damage", "message"), [
    (lambda lines, suite: [{**lines[0], "path": "/etc/hostname"}], "relative to the suite folder"),
    (lambda lines, suite: [{**lines[0], "path": "../../../../../../etc/hostname"}], "leads outside the suite folder"),
    (lambda lines, suite: [], "the suite index lists no worlds"),
    (lambda lines, suite: [lines[0], lines[0]], "appears twice in the index"),
    (lambda lines, suite: [lines[0], {**lines[0], "id": "other"}], "path '.*' appears twice in the index"),
])
def test_verify_refuses_an_index_it_cannot_vouch_for(suite, damage, message):
    _write_index(suite, damage(_lines(suite), suite))
    refused = _worldgen("verify", suite)
    assert refused.returncode == 1 and refused.stdout == ""
    assert refused.stderr.count("\n") == 1 and "index.jsonl" in refused.stderr
    assert re.search(message, refused.stderr)


def test_a_symlink_out_of_the_suite_is_outside_it(suite):
    (suite / "worlds" / "escape.json").symlink_to("/etc/hostname")
    _write_index(suite, [{**_lines(suite)[0], "path": "worlds/escape.json"}])
    for command in (["verify", suite], ["serve", suite]):
        refused = _worldgen(*command)
        assert refused.returncode == 1 and "leads outside the suite folder" in refused.stderr


def test_verify_reports_an_edited_artifact_as_a_failure(suite):
    _edit_first_world(suite)
    failed = _worldgen("verify", suite)
    assert failed.returncode == 1 and "artifact hash mismatch" in failed.stderr


def test_an_index_edited_since_its_summary_was_written_is_refused_unless_trusted(suite):
    """A world's id or path changed by hand (the artifacts untouched) leaves the index's bytes other
    than those compile recorded in summary.json: serve, verify and report refuse it."""
    lines = _lines(suite)
    lines[0]["id"] = "forged-world"
    _write_index(suite, lines, rehash=False)
    message = "index.jsonl: error: edited after compilation: its sha256 differs from the one"
    for command in (("verify", suite), ("report", suite)):
        done = _worldgen(*command)
        assert done.returncode == 1 and message in done.stderr, command
    assert _worldgen("report", suite, "--trust-edited").returncode == 0


def test_loaders_take_the_index_s_word_for_an_artifact_and_verify_still_audits_its_world(suite):
    """Loading a suite hashes each file's bytes against its index line, not the world inside
    again (the compiler hashed it): an edit whose author also re-hashed the index is deliberate,
    and loads; ``verify`` re-hashes the world against the artifact's provenance and reports it."""
    edited = _edit_first_world(suite)
    lines = _lines(suite)
    lines[0]["hashes"]["artifact"] = hashlib.sha256(edited.read_bytes()).hexdigest()
    _write_index(suite, lines)  # the summary's hash of the index too
    assert _worldgen("report", suite).returncode == 0
    failed = _worldgen("verify", suite)
    assert failed.returncode == 1 and "world hash mismatch" in failed.stderr
