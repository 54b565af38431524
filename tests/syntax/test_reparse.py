"""Re-parsing after an edit (worldgen/syntax/reparse.py) gives exactly what parsing the whole new
text gives, the AST or the diagnostics, and re-parses only the edited declaration when it can."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from worldgen.errors import DiagnosticError
from worldgen.frontend import check_parsed
from worldgen.syntax.parser import parse
from worldgen.syntax.reparse import NO_BOUNDS, Parsed, parse_text

SCAFFOLDS = sorted((Path(__file__).resolve().parents[2] / "scaffolds").glob("*.wg"))
GIT = next(p for p in SCAFFOLDS if p.name == "git.wg")


def edits(text: str, start: int, end: int) -> list[tuple[str, str]]:
    """Edits inside ``text[start:end]``, of the kinds typing makes: most keep it valid."""
    mid = (start + end) // 2
    blank = next((i for i in range(start + 1, end) if text[i].isspace()), mid)  # between two tokens
    digit = next((i for i in range(start + 1, end) if text[i].isdigit()), mid)
    return [
        ("insert a blank", text[:blank] + " " + text[blank:]),
        ("insert a name", text[:blank] + " zz" + text[blank:]),
        ("insert a line break", text[:blank] + "\n" + text[blank:]),
        ("change a digit", text[:digit] + ("8" if text[digit] == "7" else "7") + text[digit + 1:]),
        ("delete a character", text[:mid] + text[mid + 1:]),
        ("insert a brace", text[:mid] + "{" + text[mid:]),
    ]


def whole(text: str, name: str) -> object:
    try:
        return parse(text, name)
    except DiagnosticError as err:
        return err.diagnostics


def incremental(text: str, name: str, base: Parsed) -> object:
    try:
        return parse_text(text, name, base).world
    except DiagnosticError as err:
        return err.diagnostics


def sample() -> list[tuple[Path, int, str]]:
    """A fixed sample of (scaffold, declaration, edit kind) over every shipped scaffold."""
    rng = random.Random(27)
    kinds = [kind for kind, _ in edits("xx", 0, 2)]
    return [(path, rng.randrange(1_000), kind) for path in SCAFFOLDS for kind in rng.sample(kinds, 2)]


@pytest.mark.parametrize(("path", "pick", "kind"), sample(), ids=lambda v: getattr(v, "name", str(v)))
def test_an_edited_declaration_parses_as_the_whole_new_text_does(path: Path, pick: int, kind: str) -> None:
    text = path.read_text("utf-8")
    base = parse_text(text, path.name)
    bounds = [b for b in base.bounds if b != NO_BOUNDS]
    start, end = bounds[pick % len(bounds)]
    new = dict(edits(text, start, end))[kind]
    assert incremental(new, path.name, base) == whole(new, path.name)


def test_an_edit_inside_one_declaration_keeps_the_others_as_they_were() -> None:
    text = GIT.read_text("utf-8")
    base = parse_text(text, GIT.name)
    at = text.index("horizon ") + len("horizon ")
    edited = parse_text(text[:at] + "9" + text[at + 1:], GIT.name, base)
    changed = [i for i, (a, b) in enumerate(zip(base.asts, edited.asts)) if a is not b]
    assert len(changed) == 1 and edited.world == parse(edited.text, GIT.name)


def test_an_edit_that_moves_later_declarations_parses_the_whole_file() -> None:
    text = GIT.read_text("utf-8")
    base = parse_text(text, GIT.name)
    at = text.index("horizon ")
    edited = parse_text(text[:at] + "\n" + text[at:], GIT.name, base)  # every later line moves down
    assert not any(a is b for a, b in zip(base.asts, edited.asts) if a is not None)
    assert edited.world == parse(edited.text, GIT.name)


def test_a_syntax_error_in_a_declaration_is_reported_as_the_whole_parse_reports_it() -> None:
    text = GIT.read_text("utf-8")
    base = parse_text(text, GIT.name)
    at = text.index("horizon ") + len("horizon ")
    broken = text[:at] + "=" + text[at:]
    with pytest.raises(DiagnosticError) as err:
        parse_text(broken, GIT.name, base)
    assert err.value.diagnostics == whole(broken, GIT.name)


def test_the_checker_only_reads_the_ast_so_versions_may_share_declarations_and_holes() -> None:
    for path in (GIT, *SCAFFOLDS[:3]):
        text = path.read_text("utf-8")
        world = parse(text, path.name)
        before = copy.deepcopy(world)
        first = check_parsed(world, text, path.name)
        assert world == before, path.name
        again = check_parsed(world, text, path.name)  # its template holes' ASTs come from the cache now
        assert again[0].model_dump_json() == first[0].model_dump_json() and again[1] == first[1], path.name
