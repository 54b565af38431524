"""The mutate proposer's rule catalogue on the shipped library: per entry, on how many scaffolds it
applies and how many of its proposals pass the gate against their parent alone, and the seconds
one gate evaluation takes (a noisy entry's coin makes worlds dearer to verify).

Each entry of ``flywheel.mutate.RULES`` is applied to every scaffold in scaffolds/; each proposal
goes through a fresh gate whose library is its parent (so entries do not compete with one another,
as they do in one `propose` run) over the seeds given.
Run by hand: `python bench/bench_mutate_rules.py [--seeds 0:6]`.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

from worldgen.flywheel.accept import Gate, member
from worldgen.flywheel.edits import apply
from worldgen.flywheel.mutate import RULES, Band, renamed
from worldgen.frontend import compile_source
from worldgen.syntax.parser import parse

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="0:6")
    args = ap.parse_args()
    a, b = (int(x) for x in args.seeds.split(":"))
    scaffolds = sorted((ROOT / "scaffolds").glob("*.wg"))
    with tempfile.TemporaryDirectory() as tmp:
        for entry in RULES:
            applied, accepted, seconds, reasons = 0, 0, [], Counter()
            for path in scaffolds:
                source = path.read_text("utf-8")
                found = entry(source, parse(source, path.name))
                if not found:
                    continue
                applied += 1
                tag, edits, _ = found[0]
                name = f"{path.stem}_{tag}"
                pack = ROOT / "content_packs" / path.stem / "example.json"
                record = json.loads(pack.read_text("utf-8")) if pack.is_file() else None
                gate = Gate([member(compile_source(source, path.name)[0], None)], Band(), range(a, b))
                started = time.perf_counter()
                verdict = gate.evaluate(renamed(apply(source, edits), f"{name}.wg", name), f"{name}.wg", Path(tmp) / name, record)
                seconds.append(time.perf_counter() - started)
                accepted += verdict.accepted
                if not verdict.accepted:
                    reasons[verdict.reason.split(":")[0]] += 1
            median = f"{statistics.median(seconds):.1f}" if seconds else "-"
            print(f"{entry.__name__:<11} applies to {applied:>2} of {len(scaffolds)} scaffolds, {accepted:>2} accepted "
                  f"(seeds {args.seeds}); gate {median} s median, {max(seconds, default=0):.1f} s max; "
                  f"rejected: {json.dumps(dict(reasons)) if reasons else 'none'}", flush=True)


if __name__ == "__main__":
    main()
