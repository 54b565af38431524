"""`worldgen content` resuming a hostile pack: one of its files (records.jsonl, rejects.jsonl,
manifest.json) edited byte by byte or line by line. Whatever the edit, the resumed run exits 0 or 1
with one actionable error, never a traceback, and loses nothing already written: the logs it did
not find broken only grow, and a kept record leaves records.jsonl only as a "dropped on resume"
line in rejects.jsonl."""

from __future__ import annotations

import itertools
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz.inputs import ROOT, mutated_lines
from tests.fuzz.test_cli_fuzz import QUICK, assert_reported_cleanly, run

SCAFFOLD = str(ROOT / "scaffolds" / "vault.wg")
FILES = ("records.jsonl", "rejects.jsonl", "manifest.json")
_fresh = itertools.count()


def content(pack: Path, n: int) -> tuple[int, str]:
    return run(["content", SCAFFOLD, "-n", str(n), "-o", str(pack), "--seed", "3"])


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished 4-record pack whose rejects.jsonl holds a record dropped on resume."""
    pack = tmp_path_factory.mktemp("pack") / "pack"
    assert content(pack, 3)[0] == 0
    records = (pack / "records.jsonl").read_text("utf-8").splitlines(keepends=True)
    broken = json.loads(records[1])
    broken["content"] = {"company": 7}
    (pack / "records.jsonl").write_text(records[0] + json.dumps(broken) + "\n" + records[2], "utf-8")
    assert content(pack, 4)[0] == 0 and "dropped on resume" in (pack / "rejects.jsonl").read_text("utf-8")
    return pack


def complete_lines(data: bytes) -> list[bytes]:
    """The lines of a log a resume keeps (a torn last line is cut by design)."""
    return data[:data.rfind(b"\n") + 1].splitlines(keepends=True)


def assert_nothing_lost(before: dict[str, bytes], pack: Path, edited: str) -> None:
    after = {name: (pack / name).read_bytes() if (pack / name).exists() else b"" for name in FILES}
    for log in ("records.jsonl", "rejects.jsonl"):
        if log != edited:
            assert after[log].startswith(before[log]), f"{log} lost bytes"
    if edited != "manifest.json":
        old = [line for line in complete_lines(before[edited]) if line.strip()]
        gone = [line for line in old if line not in after[edited]]
        if edited == "records.jsonl":
            dropped = after["rejects.jsonl"][len(before["rejects.jsonl"]):].count(b"dropped on resume")
            assert len(gone) <= dropped, f"records vanished without a reject line: {gone}"
        else:
            assert gone == [], f"rejects.jsonl lost lines: {gone}"


def resume_is_clean(clean: Path, data: st.DataObject) -> None:
    pack = clean.parent / f"hostile{next(_fresh)}"
    shutil.copytree(clean, pack)
    edited = data.draw(st.sampled_from(FILES), label="file")
    (pack / edited).write_bytes(data.draw(mutated_lines((pack / edited).read_bytes()), label="edit"))
    before = {name: (pack / name).read_bytes() for name in FILES}
    assert_reported_cleanly(*content(pack, data.draw(st.integers(0, 6), label="n")))
    assert_nothing_lost(before, pack, edited)


@settings(QUICK, max_examples=30)
@given(data=st.data())
def test_content_resumes_a_hostile_pack_cleanly(clean: Path, data: st.DataObject) -> None:
    resume_is_clean(clean, data)


@pytest.mark.long
@settings(QUICK, max_examples=300, derandomize=False)
@given(data=st.data())
def test_content_resumes_hundreds_of_hostile_packs_cleanly(clean: Path, data: st.DataObject) -> None:
    resume_is_clean(clean, data)
