"""Every file or folder the README and docs/*.md point at exists: relative links (and the heading
an ``#anchor`` names), and paths into the repository written in the text or in code
(``scaffolds/x.wg``, ``content_packs/...``, ``bench/...``, ``docs/...``, ``tests/...``; a bare
folder in backticks such as ``papers/`` too)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.docs.markdown import ROOT, UNTRACKED

PAGES = ["README.md", "scaffolds/README.md", *(f"docs/{p.name}" for p in sorted((ROOT / "docs").glob("*.md")))]
TOP = sorted(p.name for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith(".") and p.name not in UNTRACKED)
LINK = re.compile(r"\]\(([^)\s]+)\)")
REPO_PATH = re.compile(rf"(?<![\w./~-])(?:\./)?((?:{'|'.join(TOP)})/[\w./*-]*)")
BARE_FOLDER = re.compile(r"`([a-z][\w-]*/)`")

# Things written like repository paths that are not: each with the reason.
NOT_REPO_PATHS: dict[tuple[str, str], str] = {
    ("README.md", "out/"): "where scripts/demo writes its outputs",
    **{(doc, gym_id): "a Gymnasium environment id"
       for doc in ("README.md", "docs/protocol.md") for gym_id in ("worldgen/World-v0", "worldgen/Suite-v0")},
    ("docs/tables.md", "worldgen/Suite-v0"): "a Gymnasium environment id",
    **{("docs/harbor.md", path): "a path inside an exported Harbor task folder"
       for path in ("tests/", "tests/world.json", "tests/wheels/", "environment/", "solution/", "service/", "wheels/")},
    **{("docs/flywheel.md", path): "a folder inside a loop round (RUN/round-NN/) or a proposer task"
       for path in ("library/", "proposals/", "solution/")},
}


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lowercase, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of a page: its headings' slugs and its ``<a id="...">`` tags."""
    text = page.read_text("utf-8")
    return {slug(h) for h in re.findall(r"^#+ (.+)$", text, re.M)} | set(re.findall(r'<a id="([^"]+)">', text))


def broken_links(doc: str) -> list[str]:
    page = ROOT / doc
    broken = []
    for target in LINK.findall(page.read_text("utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # a web address: not checked offline
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{target}: no heading #{anchor} in {file.relative_to(ROOT)}")
    return broken


def path_references(text: str) -> set[str]:
    """Repository paths the text names, wherever they are written, and bare folders in backticks."""
    found = {m.group(1).rstrip(".") for m in REPO_PATH.finditer(text)} | set(BARE_FOLDER.findall(text))
    return {r for r in found if not any(part.split(".")[0].isupper() for part in r.split("/"))}  # NAME, KIND.txt: placeholders


def exists(reference: str) -> bool:
    if "*" in reference:
        return any(ROOT.glob(reference))
    return (ROOT / reference).is_dir() if reference.endswith("/") else (ROOT / reference).exists()


@pytest.mark.parametrize("doc", PAGES)
def test_relative_links_resolve(doc: str) -> None:
    assert broken_links(doc) == []


@pytest.mark.parametrize("doc", PAGES)
def test_named_repository_paths_exist(doc: str) -> None:
    references = path_references((ROOT / doc).read_text("utf-8"))
    missing = sorted(r for r in references if not exists(r) and (doc, r) not in NOT_REPO_PATHS)
    assert missing == []


def test_a_missing_folder_is_caught() -> None:
    text = "from the position paper in `papers/`; see `bench/nothing.py` and scaffolds/nope.wg."
    assert sorted(r for r in path_references(text) if not exists(r)) == ["bench/nothing.py", "papers/", "scaffolds/nope.wg"]
    assert path_references("one record per scaffold in `content_packs/NAME/example.json`") == set()
    assert path_references("write `content_packs/banks/common/KIND.txt`") == set()
    assert slug("What loading a suite trusts") == "what-loading-a-suite-trusts"
    assert slug("`worldgen rollout`") == "worldgen-rollout"


def test_every_exception_is_still_needed() -> None:
    for (doc, reference), reason in NOT_REPO_PATHS.items():
        assert reference in path_references((ROOT / doc).read_text("utf-8")), f"{doc}: {reference} ({reason}) is no longer named"
