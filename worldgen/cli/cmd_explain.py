"""`worldgen explain SUITE_OR_ARTIFACT [--seed N] [--json]`: why draws failed, readably.

For a suite folder: every failed draw (of rejected seeds, and of accepted seeds that needed a
re-draw), grouped by seed, with its params and axes, each failed check with its detail, and each
counterexample as numbered commands with what changed after each. For an artifact: its checks,
its oracle walkthrough and any failing trace, the same way (a bare world file is checked first,
within verify's bounds: --max-states, else its `check within` up to the default). --json prints
the same as JSON. A partial suite shows the draws its compile recorded before it stopped. An
edited file is refused (an artifact that no longer matches its hashes, a draws.jsonl that differs
from the sha256 its summary.json records) unless --trust-edited. Exit 0 whenever the input could
be read (failures are what it explains), 1 when it cannot.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from worldgen.cli.common import plural, trust_argument, whole_number


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("explain", help="show why draws or checks failed, with counterexamples",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("path", metavar="SUITE_OR_ARTIFACT", help="a suite folder (compile -o) or an artifact .json")
    p.add_argument("--seed", type=whole_number(0), metavar="N", help="only the draws of seed N (suites)")
    p.add_argument("--json", action="store_true", help="print the explanation as JSON")
    p.add_argument("--max-states", type=whole_number(1), metavar="N",
                   help="model-checking bound for a bare world file (default: its `check within N states` up to "
                        "verify's default, never above it unless given here)")
    trust_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from worldgen.compiler.explain import explain

    data = explain(Path(args.path), args.seed, args.trust_edited, args.max_states)
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print("\n".join(suite_text(data) if "suite" in data else world_text(data)))
    return 0


def suite_text(data: dict[str, Any]) -> list[str]:
    seeds = data["seeds"]
    stop = data.get("interrupted_before")
    partial = [] if stop is None else [f"{data['suite']}: a partial suite: its compile stopped before seed {stop}; "
                                       "the draws of the seeds before it:"]
    if not seeds:
        which = f"seed {data['seed']} has no failed draws" if data["seed"] is not None else "no seed has failed draws"
        return [*partial, f"{data['suite']}: {which}"]
    rejected = sum(not s["accepted"] for s in seeds)
    out = [*partial, f"{data['suite']}: {plural(len(seeds), 'seed')} with failed draws: {rejected} rejected, "
           f"{len(seeds) - rejected} accepted after a re-draw"]
    for s in seeds:
        fate = "rejected" if not s["accepted"] else "accepted at the next draw"
        first = s["draws"][0]
        out += ["", f"seed {s['seed']}: {plural(len(s['draws']), 'failed draw')}, {fate} (record {s['record_id']})",
                f"  params {_names(first['params'])}; axes {_names(first['axes'])}"]
        for d in s["draws"]:
            about = [f"params {_names(d['params'])}"] if d["params"] != first["params"] else []  # --redraw-params
            about += [f"consts {_values(d['consts'])}"] if d.get("consts") else []
            out.append(f"  draw {d['attempt']}" + (f": {'; '.join(about)}" if about else ""))
            for c in d["checks"]:
                out += _check(c, d.get("start"), "    ")
    return out


def world_text(data: dict[str, Any]) -> list[str]:
    failed = [c for c in data["checks"] if c["status"] == "fail"]
    verdict = "every check passed" if data["ok"] else f"{plural(len(failed), 'check')} FAILED"
    out = [f"{data['artifact']}: world {data['world']}, seed {data['seed']}, draw {data['attempt']}: {verdict}",
           f"  params {_names(data['params'])}; axes {_names(data['axes'])}"]
    if data["consts"]:
        out.append(f"  consts {_values(data['consts'])}")
    out.append("checks:")
    for c in data["checks"]:
        out += _check(c, data["start"], "  ")
    for name, oracle in data["oracles"].items():
        out.append(f"{name}: {plural(len(oracle['steps']), 'step')}, probability {oracle['probability']:.4g}, "
                   f"return {oracle['return']:.4g}")
        out += _trace(oracle["steps"], data["start"], "  ")
    return out


def _check(c: dict[str, Any], start: dict[str, Any] | None, indent: str) -> list[str]:
    status = c.get("status", "fail")
    out = [f"{indent}{'FAIL' if status == 'fail' else status}  {c['name']}: {c['detail']}"]
    if "trace" in c and start is not None:
        out += _trace(c["trace"], start, indent + "      ")
    return out


def _trace(steps: list[dict[str, Any]], start: dict[str, Any], indent: str) -> list[str]:
    """The start state in full, then each command with only the variables it changed."""
    from worldgen.verify import Step

    out = [f"{indent}start: {_values(start)}"]
    before = start
    for i, step in enumerate(steps, 1):
        after = step["state_after"]
        changed = {k: v for k, v in after.items() if before.get(k) != v}
        shown = Step(command=step["command"], chance=tuple(step["chance"]))
        out.append(f"{indent}{i}. {shown}  ->  {_values(changed) if changed else 'no change'}")
        before = after
    return out


def _names(values: dict[str, Any]) -> str:
    """Params and axes as written on the command line: ``rooms=5, layout=tree``; ``none`` when empty."""
    return ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in values.items()) or "none"


def _values(values: dict[str, Any]) -> str:
    """``name=value, ...`` with values as compact JSON; ``none`` when empty."""
    if not values:
        return "none"
    return ", ".join(f"{k}={json.dumps(v, separators=(',', ':'), ensure_ascii=False)}" for k, v in values.items())
