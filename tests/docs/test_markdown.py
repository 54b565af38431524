"""How the docs tests read a page: fences, the not-run and requires markers, the lines they run."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs.markdown import localise, parse_blocks, shell_lines

PAGE = """# A page

<!-- not-run: needs an API key -->

```sh
worldgen content x.wg -n 5 \\
    --provider openai
```

```python
# requires: trl
import trl
```

```console
$ worldgen check x.wg
x.wg: ok
$ printf 'look\\n' | worldgen play x.wg
```
"""


def test_blocks_carry_their_kind_line_and_markers() -> None:
    sh, python, console = parse_blocks(PAGE, "page.md")
    assert (sh.kind, sh.line, sh.not_run, sh.where) == ("sh", 5, "needs an API key", "page.md:5")
    assert (python.kind, python.not_run, python.requires) == ("python", None, ["trl"])
    assert sh.requires == [] and console.not_run is None


def test_an_unclosed_fence_is_an_error() -> None:
    with pytest.raises(AssertionError, match="page.md:1: unclosed code block"):
        parse_blocks("```sh\nworldgen check x.wg\n", "page.md")


def test_shell_lines_join_continuations_and_strip_prompts() -> None:
    sh, _, console = parse_blocks(PAGE, "page.md")
    assert shell_lines(sh) == ["worldgen content x.wg -n 5 --provider openai"]
    assert shell_lines(console) == ["worldgen check x.wg", "printf 'look\\n' | worldgen play x.wg"]


def test_outputs_under_tmp_move_into_the_work_folder(tmp_path: Path) -> None:
    line = "worldgen compile x.wg -o /tmp/worldgen-readme/suite && ls /tmp/other"
    assert localise(line, tmp_path) == f"worldgen compile x.wg -o {tmp_path}/worldgen-readme/suite && ls /tmp/other"
