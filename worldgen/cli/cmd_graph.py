"""`worldgen graph ARTIFACT -o FILE.dot`: draw a world in Graphviz DOT, oracle path highlighted.

--view state draws the reachable state graph; --view map the entity map of a spatial world (its
first relation between entities of one kind); auto (default) draws the state graph when it has at
most --max-nodes states, else the map. An SVG is rendered beside the DOT file when `dot` is
installed.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from worldgen.cli.common import trust_argument, whole_number


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("graph", help="draw a world's state graph or map (Graphviz DOT)", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("artifact", metavar="ARTIFACT", help="a world artifact .json")
    p.add_argument("-o", "--out", required=True, metavar="FILE.dot", help="where to write the DOT file")
    p.add_argument("--view", choices=("auto", "state", "map"), default="auto", help="what to draw (default auto)")
    p.add_argument("--max-nodes", type=whole_number(1), default=300, metavar="N", help="largest state graph to draw (default 300)")
    trust_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from worldgen.compiler import artifact, graph
    from worldgen.compiler.bounds import scaffold_bounds
    from worldgen.verify import verify_world

    from worldgen.runtime.sources import load_checked

    loaded = load_checked(Path(args.artifact), args.trust_edited)
    if isinstance(loaded, artifact.Artifact):
        world, report = loaded.world, loaded.report
    else:
        world, report = loaded, verify_world(loaded, scaffold_bounds(loaded.scaffold))
    oracle = report.oracle.steps if report.oracle is not None else None
    view = args.view
    if view == "auto":
        view = "state" if report.measures.reachable_states <= args.max_nodes else "map"
    text = graph.state_dot(world, oracle, report.bounds, args.max_nodes) if view == "state" \
        else graph.map_dot(world, oracle)
    out = Path(args.out)
    out.write_text(text, encoding="utf-8")  # a folder or unwritable path: worldgen.cli.path_errors words it
    svg = graph.render_svg(out)
    print(f"wrote {out}" + (f" and {svg}" if svg else " (install Graphviz `dot` to render SVG)"))
    return 0
