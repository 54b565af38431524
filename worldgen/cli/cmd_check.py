"""`worldgen check FILE.wg ...`: parse and check scaffolds, gcc-style diagnostics, exit 0 or 1.

For a scaffold that checks, also prints an estimate of its largest worlds' states (the reachable
states of a few draws explored at the largest params, else the product of the domains of the state
variables its rules change) and warns when a draw comes within 10x of the model-checking bound
`compile` will use, and prints the checker's warnings (``WG5xx``: valid, but
likely not what was meant), which do not change the exit code.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from worldgen.cli.common import plural
from worldgen.errors import DiagnosticError, InstantiationError, WorldgenError
from worldgen.syntax.limits import MAX_SOURCE_CHARS
from worldgen.textfile import read_text

if TYPE_CHECKING:
    from worldgen.ir.models import Scaffold


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check", help="parse and check scaffolds", description=__doc__)
    p.add_argument("files", nargs="+", metavar="FILE.wg")
    p.add_argument("--json", action="store_true", help="print one JSON report on stdout")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from worldgen import loads

    report = []
    failed = False
    for path in args.files:
        try:
            source = read_text(path, MAX_SOURCE_CHARS)
        except (OSError, WorldgenError) as err:  # missing, unreadable, or not UTF-8
            failed = True
            message = f"{path}: error: cannot read: {err.strerror}" if isinstance(err, OSError) else str(err)
            report.append({"file": path, "ok": False, "diagnostics": [{"code": "WG001", "message": message}]})
            if not args.json:
                print(message, file=sys.stderr)
            continue
        try:
            scaffold = loads(source, path)
        except DiagnosticError as err:
            failed = True
            report.append({"file": path, "ok": False, "diagnostics": [
                {"code": d.code, "line": d.span.line, "col": d.span.col, "message": d.message} for d in err.diagnostics
            ]})
            if not args.json:
                print(str(err), file=sys.stderr)
            continue
        ir = scaffold.ir
        summary = {"actions": len(ir.actions), "params": len(ir.params), "state": len(ir.state),
                   "axes": {a.name: [alt.name for alt in a.alternatives] for a in ir.axes}}
        size, line, estimated = _estimate(ir)
        warnings = [{"code": d.code, "line": d.span.line, "col": d.span.col, "message": d.message} for d in scaffold.warnings]
        report.append({"file": path, "ok": True, "world": ir.name, **summary, "estimate": size, "warnings": warnings})
        if not args.json:
            axes = ", ".join(f"{a}({'|'.join(v)})" for a, v in summary["axes"].items()) or "no axes"
            print(f"{path}: ok: world '{ir.name}', {plural(summary['actions'], 'action')}, "
                  f"{plural(summary['state'], 'state variable')}, {axes}")
            print(f"  {line}", flush=True)  # before the warnings on stderr: under `2>&1` each stays on its own line
            for warning in estimated:
                print(f"{path}: {warning}", file=sys.stderr)
            for d in scaffold.warnings:
                print(d.format(), file=sys.stderr)
    if args.json:
        print(json.dumps(report, indent=2))
    return 1 if failed else 0


def _estimate(ir: Scaffold) -> tuple[dict[str, Any], str, list[str]]:
    """The state-space estimate as JSON, as the line under the ok line, and its warnings."""
    from worldgen.compiler.estimate import estimate

    try:
        e = estimate(ir)
    except InstantiationError as err:
        return {"error": str(err)}, f"estimate: unknown: {err}", []
    return e.as_dict(), e.text(), e.warnings()
