"""``worldgen.compile``: scaffold + content pack + seeds -> a verified suite folder, as
``worldgen compile`` makes it (that command calls this function; the bytes are the same)."""

from __future__ import annotations

import inspect
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from worldgen.api.seeds import as_seed_range
from worldgen.api.suite import Suite
from worldgen.cli.progress import progress as show_progress
from worldgen.errors import UsageError, WorldgenError

if TYPE_CHECKING:
    from worldgen.compiler.suite import Drawn
    from worldgen.ir.models import Scaffold as ScaffoldIR

P = ParamSpec("P")
R = TypeVar("R")


def draw_text(d: Drawn) -> str:
    """A draw as progress shows it: ``seed 7 draw 1 rejected (bounds)``, ``seed 7 draw 2 accepted``."""
    return f"seed {d.seed} draw {d.attempt} " + (f"rejected ({', '.join(d.failed)})" if d.failed else "accepted")


def compile_with_ir(scaffold: str | Path, out: str | Path, seeds: range | Sequence[int], *,
                    pack: str | Path | None = None, axes: Mapping[str, str] | None = None,
                    params: Mapping[str, Any] | None = None, attempts: int = 5, redraw_params: bool = False,
                    max_states: int | None = None, max_depth: int | None = None, jobs: int = 1,
                    executor: str = "local", ray_address: str | None = None, tables: bool = False,
                    progress: bool = True) -> tuple[Suite, ScaffoldIR]:
    """``worldgen.compile``'s work, and the scaffold's IR (``worldgen compile`` advises from it
    after the summary)."""
    from worldgen.compiler.executors import LocalExecutor, RayExecutor

    seeds = as_seed_range(seeds)
    if executor not in ("local", "ray"):
        raise UsageError(f"worldgen: error: executor must be 'local' or 'ray', not {executor!r}")
    local = LocalExecutor(jobs) if executor == "local" else None  # first: its workers' server starts meanwhile
    from worldgen import load
    from worldgen.cli.common import ParamFlags, axis_values, param_values
    from worldgen.ir.params import check_params
    from worldgen.compiler.bounds import scaffold_bounds
    from worldgen.compiler.packs import NO_CONTENT, check_made_for, read_pack, validate_pack
    from worldgen.compiler.suite import Result, Spec, compile_suite
    from worldgen.datafiles import default_content

    file = str(scaffold)
    try:
        loaded = load(file)
    except FileNotFoundError:
        raise WorldgenError(f"{file}: error: no such scaffold") from None
    if isinstance(params, ParamFlags):
        fixed = param_values(loaded.ir, [f"{name}={text}" for name, text in params.items()])
    else:
        fixed = dict(params or {})
        check_params(loaded.ir, fixed)
    axes = axis_values(loaded.ir, axes or {})
    content = pack if pack is not None else default_content(file, loaded.name)
    if content is None and loaded.ir.content:
        raise WorldgenError(f"{file}: error: no content; pass --pack PACK")
    if content is None:
        records = [NO_CONTENT]  # a scaffold without content slots needs no pack, wherever it is
    else:
        check_made_for(loaded.ir, content, file)
        records = read_pack(content)
        validate_pack(loaded.ir, records, content)
    spec = Spec(loaded.ir, tuple(records), dict(axes or {}), scaffold_bounds(loaded.ir, max_states, max_depth), attempts,
                redraw_params, fixed, tables)
    workers = local if local is not None else RayExecutor(ray_address)
    out = Path(out)
    if not tables and _interrupted_with_tables(out):
        raise WorldgenError(f"{out}: error: holds an interrupted `compile --tables`; re-run it with --tables to finish it "
                            "(without, only the worlds compiled before the interruption would have tables)")
    started = time.perf_counter()
    without: dict[str, str] = {}  # index path -> why a world of this run has no tables
    with show_progress("compile", len(seeds), "seeds", "accepted", "rejected", ("draw", "draws"), show=progress) as advance:
        def seed_done(result: Result) -> None:
            if result.no_tables is not None:
                without[result.line["path"]] = result.no_tables
            advance(result.artifact is None)

        summary = compile_suite(spec, seeds, out, workers, seed_done,
                                lambda text: print(f"compile: {text}", file=sys.stderr),
                                lambda d: advance.step(draw_text(d)))
    seconds = time.perf_counter() - started
    data = summary.as_dict()
    if tables:
        from worldgen.compiler.step_tables import write_tables

        written, skipped = write_tables(out, without)
        data["tables"] = {"written": written, "without": dict(skipped)}
    return Suite(out, data, seconds), loaded.ir



def _interrupted_with_tables(out: Path) -> bool:
    """Whether ``out`` holds a compile that was interrupted after writing step tables."""
    from worldgen.compiler.journal import MARKER
    from worldgen.compiler.suite import WORLDS
    from worldgen.tables.paths import SUFFIX

    return (out / MARKER).exists() and any((out / WORLDS).glob(f"*{SUFFIX}"))


def _parameters_of(source: Callable[P, object]) -> Callable[[Callable[..., R]], Callable[P, R]]:
    """Give a forwarding function ``source``'s parameters (for type checkers through ``P``, for
    ``help`` and ``inspect`` through ``__signature__``), so they are written once."""

    def borrow(forward: Callable[..., R]) -> Callable[P, R]:
        returns = inspect.signature(forward).return_annotation
        forward.__signature__ = inspect.signature(source).replace(return_annotation=returns)  # type: ignore[attr-defined]
        return forward

    return borrow


@_parameters_of(compile_with_ir)
def compile(*args: Any, **options: Any) -> Suite:  # noqa: A001 - worldgen.compile
    """Compile ``seeds`` of the scaffold at ``scaffold`` into the folder ``out`` and return the
    suite (an interrupted compile into ``out`` is resumed). ``pack`` defaults to the example record
    shipped beside the scaffold (a scaffold without content slots needs none); ``axes``/``params``
    fix axis alternatives and params; ``tables`` also writes each fitting world's step tables
    (docs/tables.md; counted in ``suite.summary["tables"]``); ``progress`` shows a bar on stderr (or
    in Jupyter). A suite where no world passed its checks is returned too (``suite.accepted == 0``;
    ``worldgen explain OUT`` says why)."""
    return compile_with_ir(*args, **options)[0]
