"""What compile's summary adds about `require`s that read params.

A re-draw keeps a seed's params (redraw.py), so a seed whose params a `require` refuses is
rejected however often it is drawn; `--redraw-params` draws new params for it, which accepts it,
but then the suite's params no longer follow their declared ranges: values the `require` refuses
more often are rarer than declared (or absent). The summary suggests the flag where it would help
and, where it was used, shows how far each such param's values moved.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from worldgen.compiler.redraw import expr_nodes
from worldgen.ir.models import Param, Scaffold


def params_read(ir: Scaffold) -> dict[str, tuple[str, ...]]:
    """``"require (line N)"`` -> the params it reads, for every `require` that reads some."""
    found = {f"require (line {r.line})": tuple(sorted({e.name for e in expr_nodes(r.cond) if e.op == "param" and e.name}))
             for r in ir.requires}
    return {name: params for name, params in found.items() if params}


def redraw_hint(ir: Scaffold, failed_in_rejected: dict[str, int]) -> list[str]:
    """A hint per param-reading `require` that rejected seeds (compiled without --redraw-params)."""
    reads = params_read(ir)
    return [f"hint: `{name}` reads params ({', '.join(reads[name])}) and a re-draw keeps a seed's params: "
            f"--redraw-params draws new ones too, which accepts more seeds but skews the params away from "
            f"the values `{name}` refuses" for name in failed_in_rejected if name in reads]


def skew_warning(ir: Scaffold, failed_in_redraws: dict[str, int], redrawn: int, out: Path) -> str | None:
    """With --redraw-params: how the params a re-drawn `require` reads are spread over the accepted
    worlds (``out``'s index), when ``redrawn`` of them were re-drawn for such a `require`."""
    reads = params_read(ir)
    moved = sorted({p for name in failed_in_redraws if name in reads for p in reads[name]})
    if not redrawn or not moved:
        return None
    worlds = [json.loads(line)["params"] for line in (out / "index.jsonl").read_text("utf-8").splitlines()]
    declared = {p.name: p for p in ir.params}
    spread = "; ".join(f"{name}: {_spread(declared[name], worlds)}" for name in moved)
    return (f"--redraw-params drew new params for {redrawn} of {len(worlds)} accepted worlds, so their params no "
            f"longer follow the declared ranges ({spread})")


def _spread(param: Param, worlds: list[dict[str, Any]]) -> str:
    """``v x count`` for every declared value of ``param`` (0 included), at most 12 values shown."""
    counts = Counter(w.get(param.name) for w in worlds)
    values = _values(param)
    shown = ", ".join(f"{json.dumps(v)} x{counts[v]}" for v in values[:12])
    return shown + (f", ... ({len(values)} values)" if len(values) > 12 else "")


def _values(param: Param) -> list[Any]:
    if param.kind == "int":
        return list(range(param.lo, param.hi + 1))  # type: ignore[arg-type, operator]
    return [False, True] if param.kind == "bool" else list(param.choices)  # type: ignore[arg-type]
