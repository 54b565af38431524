"""The compact language reference an LLM proposer reads, generated from docs/language.md.

docs/language.md is the truth but far too long for a prompt. The compact form keeps what a model
needs to write correct scaffolds: the tutorial's complete examples (Part 1, every ```wg block,
each built on the one before) and the table of Language 2 constructs. It is generated into
``language_reference.md`` beside this module (shipped with the package, where docs/ is not);
a test fails when the two drift apart:

    python -m worldgen.flywheel.reference docs/language.md   # rewrites language_reference.md
"""

from __future__ import annotations

import re
import sys
from importlib import resources
from pathlib import Path

PACKAGED = "language_reference.md"
_BLOCK = re.compile(r"```wg[^\n]*\n(.*?)```", re.S)
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


def compact_reference(markdown: str) -> str:
    """Part 1's scaffold examples and the Language 2 table, with links reduced to their text."""
    part1 = markdown.split("# Part 1", 1)[1].split("# Part 2", 1)[0]
    glance = markdown.split("### Language 2 at a glance", 1)[1].split("\n## ", 1)[0]
    table = "\n".join(line for line in glance.splitlines() if line.startswith("|"))
    examples = "\n".join(f"```wg\n{block}```\n" for block in _BLOCK.findall(part1))
    return ("# worldgen scaffold language: compact reference\n\n"
            "## Worked examples (the tutorial, each a complete scaffold)\n\n" + examples +
            "\n## More constructs\n\n" + _LINK.sub(r"\1", table) + "\n")


def packaged_reference() -> str:
    return resources.files("worldgen.flywheel").joinpath(PACKAGED).read_text("utf-8")


if __name__ == "__main__":
    text = compact_reference(Path(sys.argv[1]).read_text("utf-8"))
    (Path(__file__).parent / PACKAGED).write_text(text, encoding="utf-8")
    print(f"wrote {PACKAGED} ({len(text):,} characters)")
