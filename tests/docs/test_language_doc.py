"""Every example in docs/language.md is checked here, exactly.

Fenced blocks are read by their language tag (see the page's appendix):

- ``wg``        a complete world; must check without diagnostics.
- ``wg-error``  a complete world; must fail, and the next ``text`` block is exactly what
                ``worldgen check`` prints (file ``example.wg`` unless ``file=NAME`` is given).
- ``json``      a content record; must be valid JSON.
- ``console``   ``$ worldgen ...`` then the exact output; ``> `` lines are piped to ``play``.
- ``python``    run as a script in a folder holding the named files; its asserts must hold.
- ``wg-shape``  the outline of a construct: outside strings and comments, every lowercase word
                is a keyword of the grammar and the rest are UPPERCASE placeholders.

``file=NAME`` after a tag saves the block for later ``console`` blocks. Beyond the blocks, the
page must exercise every grammar keyword, generator, built-in (the grid, sequence and text ones
included) and quantifier, and show every diagnostic code the language can emit, both in an
example and in the Part 3 table.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import worldgen
from tests.docs.markdown import parse_blocks as markdown_blocks
from worldgen.check.exprs import BUILTINS, GENERATORS, QUANTIFIERS
from worldgen.check.compass import COMPASS_BUILTINS, LAYOUTS
from worldgen.check.grids import GRID_BUILTINS
from worldgen.check.sequences import SEQUENCE_BUILTINS
from worldgen.check.textfuncs import TEXT_BUILTINS
from worldgen.cli.main import main as cli_main
from worldgen.compiler.seeds import compile_seed
from worldgen.compiler.suite import Spec
from worldgen.verify import Bounds

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "language.md"
GRAMMAR = ROOT / "grammars" / "worldgen.lark"
KINDS = ("wg", "wg-error", "text", "json", "console", "wg-shape", "python")


@dataclass
class Block:
    kind: str
    text: str
    line: int  # line of the opening fence, 1-based
    file: str | None = None
    expected: Block | None = None  # wg-error: the text block after it

    @property
    def id(self) -> str:
        return f"line{self.line}-{self.kind}"


def parse_blocks(markdown: str) -> list[Block]:
    blocks: list[Block] = []
    for fenced in markdown_blocks(markdown, "docs/language.md"):
        file = None
        for opt in fenced.info.split():
            key, _, value = opt.partition("=")
            assert key == "file" and value, f"docs/language.md:{fenced.line}: unknown block option {opt!r}"
            file = value
        blocks.append(Block(fenced.kind, fenced.text, fenced.line, file))
    return blocks


BLOCKS = parse_blocks(DOC.read_text("utf-8"))


def _structure_errors(blocks: list[Block]) -> list[str]:
    errors = []
    for k, b in enumerate(blocks):
        if b.kind not in KINDS:
            errors.append(f"line {b.line}: untested block kind {b.kind!r} (use one of {', '.join(KINDS)})")
        if b.kind == "wg-error":
            nxt = blocks[k + 1] if k + 1 < len(blocks) else None
            if nxt is None or nxt.kind != "text":
                errors.append(f"line {b.line}: a wg-error block must be followed by a text block")
            else:
                b.expected = nxt
        if b.kind == "text" and (k == 0 or blocks[k - 1].kind != "wg-error"):
            errors.append(f"line {b.line}: a text block must follow a wg-error block")
    return errors


STRUCTURE = _structure_errors(BLOCKS)


def test_blocks_are_well_formed() -> None:
    assert STRUCTURE == []
    assert len([b for b in BLOCKS if b.kind == "wg"]) >= 20
    assert len([b for b in BLOCKS if b.kind == "wg-error"]) >= 20


def _filename(b: Block) -> str:
    return b.file or "example.wg"


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.kind == "wg"], ids=lambda b: b.id)
def test_example_checks(block: Block) -> None:
    try:
        worldgen.loads(block.text, _filename(block))
    except worldgen.DiagnosticError as err:
        pytest.fail(f"docs/language.md:{block.line}: example should check but does not:\n{err}")


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.kind == "wg-error"], ids=lambda b: b.id)
def test_error_example_reports_exactly(block: Block) -> None:
    assert block.expected is not None
    with pytest.raises(worldgen.DiagnosticError) as info:
        worldgen.loads(block.text, _filename(block))
    assert str(info.value) + "\n" == block.expected.text, f"docs/language.md:{block.expected.line}"


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.kind == "json"], ids=lambda b: b.id)
def test_json_is_valid(block: Block) -> None:
    json.loads(block.text)


GRAMMAR_KEYWORDS = set(re.findall(r'"([a-z_]+)"', GRAMMAR.read_text("utf-8")))


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.kind == "wg-shape"], ids=lambda b: b.id)
def test_shape_uses_only_keywords(block: Block) -> None:
    code = re.sub(r'"[^"]*"|#[^\n]*', "", block.text)
    words = set(re.findall(r"\b[a-z_][a-z_0-9]*\b", code))
    assert sorted(words - GRAMMAR_KEYWORDS) == [], f"docs/language.md:{block.line}"


def files_before(block: Block) -> dict[str, str]:
    """The files named by blocks above ``block`` (the latest definition of each name wins)."""
    files: dict[str, str] = {}
    for b in BLOCKS:
        if b is block:
            break
        if b.file:
            files[b.file] = b.text
    return files


def run_console(block: Block, workdir: Path) -> tuple[str, str]:
    """-> (command line, actual output) for a console block, run in-process in ``workdir``."""
    first, *rest = block.text.splitlines()
    assert first.startswith("$ worldgen "), f"docs/language.md:{block.line}: console blocks run `$ worldgen ...`"
    argv = shlex.split(first[len("$ worldgen "):])
    for name, text in files_before(block).items():
        (workdir / name).write_text(text, "utf-8")
    commands = "".join(line[2:] + "\n" for line in rest if line.startswith("> "))
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(commands)
    try:
        with contextlib.chdir(workdir), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                cli_main(argv)
            except SystemExit:  # usage errors; the output still tells
                pass
    finally:
        sys.stdin = old_stdin
    return first, out.getvalue() + err.getvalue()


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.kind == "console"], ids=lambda b: b.id)
def test_console_session(block: Block, tmp_path: Path) -> None:
    first, actual = run_console(block, tmp_path)
    assert first + "\n" + actual == block.text, f"docs/language.md:{block.line}"


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.kind == "python"], ids=lambda b: b.id)
def test_python_example_runs(block: Block, tmp_path: Path) -> None:
    for name, text in files_before(block).items():
        (tmp_path / name).write_text(text, "utf-8")
    code = compile(block.text, f"docs/language.md:{block.line}", "exec")
    with contextlib.chdir(tmp_path):
        exec(code, {"__name__": "__doc_example__"})  # noqa: S102 - the page's own example


# ------------------------------------------------------------------------------- coverage


def _example_text(kinds: tuple[str, ...] = ("wg", "wg-error")) -> str:
    return "\n".join(b.text for b in BLOCKS if b.kind in kinds)


def test_every_grammar_keyword_has_an_example() -> None:
    keywords = GRAMMAR_KEYWORDS
    assert len(keywords) > 30
    text = _example_text()
    missing = sorted(k for k in keywords if not re.search(rf"\b{k}\b", text))
    assert missing == []


def test_every_function_has_a_working_example() -> None:
    text = _example_text(("wg",))
    names = set(GENERATORS) | set(BUILTINS) | set(GRID_BUILTINS) | set(SEQUENCE_BUILTINS) | set(TEXT_BUILTINS)
    names |= set(COMPASS_BUILTINS) | set(LAYOUTS)
    missing = sorted(f for f in names if not re.search(rf"\b{f}\(", text))
    missing += sorted(q for q in (*QUANTIFIERS, "map", "until") if not re.search(rf"\b{q}\(\w+:", text))
    missing += [] if re.search(r"\bfilter\(\w+: \w+, \w+:", text) else ["filter over pairs"]
    missing += [] if re.search(r"\bclosure\(\w+, \w+ -> \w+:", text) else ["closure(x, d -> e: cond)"]
    assert missing == []


def _emitted_codes() -> set[str]:
    codes: set[str] = set()
    for path in (ROOT / "worldgen").rglob("*.py"):
        codes |= set(re.findall(r'"(WG\d{3})"', path.read_text("utf-8")))
    return codes


def test_every_diagnostic_code_is_shown_and_tabled() -> None:
    codes = _emitted_codes()
    assert len(codes) > 30
    shown = set(re.findall(r"\[(WG\d{3})\]", _example_text(("text",))))
    shown |= set(re.findall(r"\bWG\d{3}\b", _example_text(("console",))))
    shown |= {"WG001"} if any("cannot read" in b.text for b in BLOCKS if b.kind == "console") else set()
    tabled = set(re.findall(r"^\| (WG\d{3}) \|", DOC.read_text("utf-8"), re.M))
    internal = {"WG000"}  # a checker crash, shown only by the editor server: no scaffold can show it
    assert sorted(codes - shown - internal) == [], "codes without an example"
    assert sorted(codes ^ tabled) == [], "Part 3 table out of date"


ON_PURPOSE = {"grid_walk"}  # shows a rule error the checker rejects (the page says so)


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.kind == "wg" and "done when" in b.text and "content {" not in b.text],
                         ids=lambda b: b.id)
def test_example_worlds_compile(block: Block) -> None:
    """Every complete example world with a goal (and no content slots) compiles for some seed: no
    hidden check the page does not mention rejects the worlds it teaches with."""
    scaffold = worldgen.loads(block.text, _filename(block))
    if scaffold.ir.name in ON_PURPOSE:
        pytest.skip("rejected on purpose")
    spec = Spec(scaffold.ir, (("empty", {}),), {}, Bounds(), 5)
    results = [compile_seed(spec, seed) for seed in range(6)]
    assert any(r.artifact is not None for r in results), results[0].line
