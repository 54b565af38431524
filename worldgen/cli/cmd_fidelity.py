"""`worldgen fidelity SUITE [-n LINES] [--seed N] [--json] [--fail-under SHARE]`: emulator vs real bash.

Each terminal world of SUITE (a suite folder, a world artifact or a world file) replays its
oracle walkthrough and LINES command lines drawn from its own files and programs (reads, pipes,
globs, quoting, cd, variables, redirects, its programs, mistakes) in the emulated shell and in
real bash over its files (namespaces, as `play --real`). Prints the share of lines whose stdout,
stderr and exit status agree byte for byte, whether final states agree, and every difference.
--json prints the same as one JSON document ("agreement" and "states" from 0 to 1, per world and
overall, "differences"). Exit 1 when agreement is below --fail-under; 2 for a suite that is not
of terminal worlds or a machine without namespaces. docs/terminal.md, "Fidelity".
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from worldgen.cli.common import plural, trust_argument, whole_number
from worldgen.errors import UsageError

SHOWN = 20  # differences printed in full (all of them are in --json)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("fidelity", help="measure the emulated shell against real bash on a suite's terminal worlds",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("path", metavar="SUITE", help="a suite folder, a world artifact or a world file (terminal worlds)")
    p.add_argument("-n", "--lines", type=whole_number(0), default=200, metavar="LINES",
                   help="corpus lines per world, besides the walkthrough (default 200)")
    p.add_argument("--seed", type=whole_number(0), default=0, metavar="N", help="corpus and episode seed (default 0)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--fail-under", type=_share, metavar="SHARE", help="exit 1 when line agreement is below SHARE (0..1)")
    trust_argument(p)
    p.set_defaults(func=run)


def _share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a share from 0 to 1, got {text!r}")
    return value


def run(args: argparse.Namespace) -> int:
    from worldgen.cli.progress import progress
    from worldgen.rollouts.sources import open_entries
    from worldgen.terminal.fidelity import measure, report
    from worldgen.terminal.jail import available

    entries = open_entries(args.path, args.trust_edited)
    plain = [e.id for e in entries if e.world.scaffold.terminal is None]
    if plain or not entries:
        example = f" (e.g. {plain[0]})" if plain else ""
        raise UsageError(f"worldgen fidelity: error: {args.path} holds {plural(len(plain), 'world')} without files and a "
                         f"shell{example}; fidelity compares terminal worlds (scaffolds with a files block) in both faces")
    reason = available()
    if reason is not None:
        raise UsageError(f"worldgen fidelity: error: the real shell cannot run here: {reason}")
    results = []
    with progress("fidelity", len(entries), "worlds", "done", "with differences") as advance:
        for entry in entries:
            result = measure(entry, args.lines, args.seed)
            results.append(result)
            advance(bool(result.differences))
    figures = report(results)
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        _print(figures)
    if args.fail_under is not None and figures["agreement"] < args.fail_under:
        print(f"error: line agreement {figures['agreement']:.2%} is below --fail-under {args.fail_under:.2%}", file=sys.stderr)
        return 1
    return 0


def _print(figures: dict[str, Any]) -> None:
    from rich.markup import escape
    from rich.table import Table

    from worldgen.report.console import StdoutConsole

    console = StdoutConsole()
    table = Table(title="Emulated shell vs real bash", title_justify="left", title_style="bold")
    for i, c in enumerate(("world", "lines", "agree", "by design", "agreement", "final states")):
        table.add_column(c, justify="left" if i == 0 else "right")
    for w in figures["worlds"]:
        table.add_row(escape(w["world"]), str(w["lines"]), str(w["agreed"]), str(w["by_design"]), f"{w['agreement']:.1%}",
                      "agree" if w["states"] else "[red]differ[/red]")
    console.print(table)
    console.print(f"overall: {figures['agreed']}/{figures['lines'] - figures['by_design']} lines agree "
                  f"({figures['agreement']:.2%}); final states agree in {figures['states']:.0%} of worlds; "
                  f"{plural(figures['by_design'], 'refused change')} differ by design")
    for d in figures["differences"][:SHOWN]:
        where = "final state" if d["index"] < 0 else f"{d['part']} line {d['index'] + 1}"
        console.print(f"[bold]{escape(d['world'])}[/bold] {where} ({d['kind']}): {escape(d['line'])}", highlight=False)
        console.print(f"  emulated: {escape(json.dumps(d['emulated'], ensure_ascii=False))}", highlight=False)
        console.print(f"  real:     {escape(json.dumps(d['real'], ensure_ascii=False))}", highlight=False)
    if len(figures["differences"]) > SHOWN:
        console.print(f"... and {len(figures['differences']) - SHOWN} more (--json lists them all)")
