"""Every example in README.md and docs/*.md runs as written.

Each page is a session (tests/docs/conftest.py): its ``sh`` and ``console`` lines that start with
``worldgen `` run in page order in a mirror of the repository root, then each ``python`` block runs
there too. ``wg`` blocks check (and compile when they are whole worlds), ``json`` blocks parse, and
protocol messages and schemas among them validate, ``toml`` blocks parse (the training pages'
configs: tests/docs/test_training_pages.py checks them against their framework). docs/language.md's blocks are checked exactly by
test_language_doc.py, and docs/protocol.md's Node.js client runs in test_protocol_doc.py. A block
that cannot run here says why in the page (see tests/docs/markdown.py), and its test skips with
that reason.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import jsonschema
import pytest

import worldgen
from tests.docs.conftest import Session
from tests.docs.markdown import ROOT, Block, localise, page_blocks, shell_lines, tool_path
from worldgen.compiler.seeds import compile_seed
from worldgen.compiler.suite import Spec
from worldgen.content import ContentOptions, generate_pack
from worldgen.serve.schemagen import FOLDER as SCHEMAS
from worldgen.verify import Bounds

PAGES = ["README.md", *(f"docs/{p.name}" for p in sorted((ROOT / "docs").glob("*.md")) if p.name != "language.md")]
BLOCKS = [block for page in PAGES for block in page_blocks(page)]
SHOWN = ("", "text")  # diagrams, synopses, output: read, not run
KINDS = (*SHOWN, "python", "sh", "console", "wg", "json", "js", "toml")


def of_kind(*kinds: str) -> list[Block]:
    return [b for b in BLOCKS if b.kind in kinds]


def skip_if_marked(block: Block) -> None:
    if block.not_run:
        pytest.skip(f"{block.where}: not run: {block.not_run}")


def test_every_block_is_of_a_kind_these_tests_know() -> None:
    assert [b.where for b in BLOCKS if b.kind not in KINDS] == []
    assert [b.where for b in of_kind("js") if b.doc != "docs/protocol.md"] == [], "only test_protocol_doc.py runs js"
    assert [b.where for b in of_kind(*SHOWN) if b.not_run] == [], "a not-run marker on a block that never runs"


@pytest.mark.parametrize("block", of_kind("sh", "console"), ids=lambda b: b.where)
def test_shell_example_runs(block: Block, page_session: Callable[[str], Session]) -> None:
    skip_if_marked(block)
    lines = shell_lines(block)
    assert lines, f"{block.where}: no `worldgen` line to run: make it runnable or mark it not-run with the reason"
    session = page_session(block.doc)
    if session.failed_at is not None and session.failed_at <= block.line:
        pytest.fail(session.failure if session.failed_at == block.line else f"an earlier block failed: {session.failure}")
    assert all(line in session.ran for line in lines)


@pytest.mark.parametrize("block", of_kind("python"), ids=lambda b: b.where)
def test_python_example_runs(block: Block, page_session: Callable[[str], Session], monkeypatch: pytest.MonkeyPatch) -> None:
    skip_if_marked(block)
    for package in block.requires:
        pytest.importorskip(package, reason=f"{block.where} requires {package} (an optional extra)")
    session = page_session(block.doc)
    monkeypatch.chdir(session.workdir)
    monkeypatch.setenv("PATH", tool_path())
    code = localise(block.text, session.workdir)
    with mock.patch.dict(os.environ):  # an example that sets a variable (the suite root) sets it for itself only
        exec(compile(code, block.where, "exec"), {"__name__": "__doc_example__"})  # noqa: S102 - our own documentation


def _record(scaffold: worldgen.Scaffold, workdir: Path) -> dict:
    """Content for a world: none if it has no slots, else one offline procedural record."""
    if not scaffold.ir.content:
        return {}
    generate_pack(scaffold.ir, workdir / "pack", 1, ContentOptions(seed=0))
    return json.loads((workdir / "pack" / "records.jsonl").read_text("utf-8").splitlines()[0])["content"]


@pytest.mark.parametrize("block", of_kind("wg"), ids=lambda b: b.where)
def test_scaffold_example_checks_and_compiles(block: Block, tmp_path: Path) -> None:
    skip_if_marked(block)
    scaffold = worldgen.loads(block.text, f"{block.where}.wg")
    if "done when" not in block.text:
        return  # a fragment: checking it is all there is to do
    spec = Spec(scaffold.ir, (("example", _record(scaffold, tmp_path)),), {}, Bounds(), 5)
    results = [compile_seed(spec, seed) for seed in range(6)]
    assert any(r.artifact is not None for r in results), results[0].line


@pytest.mark.parametrize("block", of_kind("json"), ids=lambda b: b.where)
def test_json_example_is_valid(block: Block) -> None:
    skip_if_marked(block)
    value = json.loads(block.text)
    if isinstance(value, dict) and "$schema" in value:
        jsonschema.Draft202012Validator.check_schema(value)
    if isinstance(value, dict) and "op" in value:
        schema = json.loads((SCHEMAS / f"{value['op']}.request.json").read_text("utf-8"))
        jsonschema.Draft202012Validator(schema).validate(value)


@pytest.mark.parametrize("block", of_kind("toml"), ids=lambda b: b.where)
def test_toml_example_parses(block: Block) -> None:
    skip_if_marked(block)
    assert tomllib.loads(block.text)
