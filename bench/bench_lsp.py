"""Language server benchmark: diagnostics latency after an edit on the largest shipped scaffold.

Run by hand:  .venv/bin/python bench/bench_lsp.py [--edits N] [--baseline CHECKOUT]

Goal (issue 27): diagnostics <= 100 ms after an edit. Prints, each over the same N edits (one
character changed in a number, alternating, so every version checks):

* in process: where the time goes, parse vs check (worldgen.lsp.analysis.analyse, as the server
  runs it: an edit inside one declaration re-parses only it), beside the whole-file parse every
  edit cost before (analyse without the previous version), and the symbols index that hover /
  definition / references build on first use;
* over stdio: a real client (tests/lsp/rpc.py) sends didChange and waits for that version's
  publishDiagnostics from `worldgen lsp`; then one hover right after each edit (which analyses
  the text itself if the diagnostics run is behind). With ``--baseline CHECKOUT`` (e.g. the main
  branch's worktree), that checkout's server is measured the same way first, in the same run.

Medians, with the 90th percentile beside them. A shared machine's load shows in the spread and in
the baseline printed first: parse + check of scaffolds/vault.wg in the same run (README's "How
fast" table has it at 7-12 ms on a quiet machine), so figures from runs under different loads
compare through their ratio to it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.lsp.rpc import Client  # noqa: E402
from worldgen.lsp.analysis import analyse  # noqa: E402
from worldgen.lsp.symbols import build_index  # noqa: E402


def largest() -> Path:
    return max((ROOT / "scaffolds").glob("*.wg"), key=lambda p: p.stat().st_size)


def edited(text: str, i: int) -> tuple[str, int, int]:
    """The text with the digit of `horizon N` changed (alternating), and the digit's line and column."""
    at = text.index("horizon ") + len("horizon ")
    digit = "4" if i % 2 else "5"
    line = text.count("\n", 0, at)
    return text[:at] + digit + text[at + 1:], line, at - (text.rfind("\n", 0, at) + 1)


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"median {statistics.median(values) * 1000:6.1f} ms   p90 {p90 * 1000:6.1f} ms"


def in_process(text: str, edits: int) -> None:
    whole, parse, check, index = [], [], [], []
    previous = analyse(text, "bench.wg")
    for i in range(edits):
        current, _, _ = edited(text, i)
        whole.append(analyse(current, "bench.wg").parse_seconds)  # no earlier version: the whole file
        previous = analyse(current, "bench.wg", previous)
        assert not [d for d in previous.diagnostics if d.severity == "error"], previous.diagnostics
        parse.append(previous.parse_seconds)
        check.append(previous.check_seconds)
        started = time.perf_counter()
        build_index(previous.world, current)
        index.append(time.perf_counter() - started)
    total = [p + c for p, c in zip(parse, check)]
    before = [w + c for w, c in zip(whole, check)]
    print(f"  parse, whole file     {ms(whole)}   (every edit, before)")
    print(f"  parse, after an edit  {ms(parse)}   ({statistics.median(whole) / statistics.median(parse):.1f}x faster)")
    print(f"  check                 {ms(check)}")
    print(f"  parse + check         {ms(total)}   (goal <= 100 ms; before: {ms(before)})")
    print(f"  symbols index         {ms(index)}   (built on the first hover/definition after an edit)")


def over_stdio(text: str, edits: int, root: Path = ROOT) -> None:
    client = Client(root)
    client.start()
    uri = "file:///bench/largest.wg"
    client.open(uri, text, 0)
    client.diagnostics(uri, 0, timeout=120)
    diagnostics, hovers = [], []
    for i in range(edits):
        _, line, col = edited(text, i)
        started = time.perf_counter()
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": i + 1},
            "contentChanges": [{"range": {"start": {"line": line, "character": col},
                                          "end": {"line": line, "character": col + 1}},
                                "text": "4" if i % 2 else "5"}]})
        found = client.diagnostics(uri, i + 1, timeout=120)
        diagnostics.append(time.perf_counter() - started)
        assert not [d for d in found if d["severity"] == 1], found
    for i in range(edits):
        _, line, col = edited(text, i + edits)
        started = time.perf_counter()
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": edits + i + 1},
            "contentChanges": [{"range": {"start": {"line": line, "character": col},
                                          "end": {"line": line, "character": col + 1}},
                                "text": "4" if (i + edits) % 2 else "5"}]})
        hover = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                      "position": {"line": line, "character": 2}}, timeout=120)
        hovers.append(time.perf_counter() - started)
        assert "error" not in hover, hover
    client.close()
    print(f"  edit -> diagnostics   {ms(diagnostics)}   (goal <= 100 ms)")
    print(f"  edit -> hover answer  {ms(hovers)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--baseline", type=Path, help="another checkout whose server to measure too (before)")
    args = parser.parse_args()
    path = largest()
    text = path.read_text()
    print(f"{path.relative_to(ROOT)}: {len(text):,} characters, {text.count(chr(10)):,} lines; {args.edits} edits")
    vault = (ROOT / "scaffolds" / "vault.wg").read_text()
    baseline = [analyse(vault, "vault.wg") for _ in range(args.edits)]
    print(f"baseline: parse + check vault.wg {ms([a.parse_seconds + a.check_seconds for a in baseline])}")
    print("in process (analyse, as the server runs it):")
    in_process(text, args.edits)
    if args.baseline:
        print(f"over stdio, the server of {args.baseline} (before):")
        over_stdio(text, args.edits, args.baseline.resolve())
    print("over stdio (worldgen lsp, a real client):")
    over_stdio(text, args.edits)


if __name__ == "__main__":
    main()
