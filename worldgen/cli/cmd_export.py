"""`worldgen export harbor|sft|dataset PATH -o OUT`: worlds for other tools.

  harbor  one Harbor task folder per world in OUT (docs/harbor.md): the world runs as a separate
          service, the agent plays it with the `world` command (its image holds nothing else), and
          a separate verifier grades the service's journal. Task folders hold worldgen's runtime
          wheel and hash-pinned requirements (under 1 MB each); the world and verifier images fetch
          pydantic and numpy at build time, or, with --bundle-wheels, build offline from wheels
          copied into every task (about 40 MB per task). Episode seeds come from a fresh secret
          unless --secret-file names one (then the export is byte-reproducible).
  sft     OUT.jsonl with one {"messages": [...]} chat per world: the oracle's walkthrough, with the
          same system prompt the openai:MODEL rollout policy gets.
  dataset one row per (world, episode seed) for RL trainers (TRL, verifiers, SkyRL): the suite,
          world id and seed that rebuild the episode, scaffold, params, axes, the system prompt, the
          first observation and a chat `prompt` of both, plus the keys SkyRL and verifiers read.
          --format jsonl (default), parquet, or hf (a `datasets.save_to_disk` folder); parquet
          and hf need `pip install 'worldgen[datasets]'` and hold params and axes as JSON text.

  files   a terminal world's file tree as plain files in OUT (OUT/var/log/api.log for
          /var/log/api.log) with its modes and times, owners when run as root, and
          OUT/.worldgen-files.json listing every path's mode, owner, group and SHA-256. PATH is a
          scaffold .wg (with --seed, --content, --axis, --param as for `worldgen play`) or an artifact.

PATH is a suite folder, a world artifact or a world file (harbor, sft, dataset).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from worldgen.cli.common import folder, plural, policy_spec, seed_range, success_band, trust_argument
from worldgen.cli.play_setup import world_arguments
from worldgen.exporters.dataset_files import FORMATS, missing_dependency
from worldgen.errors import WorldgenError

PROPOSER_DOC = """`worldgen export harbor-proposer --library DIR -o TASK`: the proposer as a Harbor task.

The agent writes one scaffold to /root/proposal.wg meeting the brief: a family unlike the library's
whose worlds the solver wins within the band. A separate verifier grades it with the gate of
`worldgen propose` (check, new rules, content, 90 % compiled, oracle, random baseline, new
behaviour) and the band test (docs/flywheel.md). The agent's image holds worldgen, the library and
the language reference; nothing in it is secret.
"""
DEFAULT_BRIEF = ("Design a family of text worlds unlike any in the library, where the solver wins some worlds "
                 "but not all: its success must fall inside the band.")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="export worlds as Harbor tasks, SFT chat data or RL training datasets", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    kinds = p.add_subparsers(dest="kind", metavar="KIND")
    kinds.required = True
    h = kinds.add_parser("harbor", help="one Harbor task folder per world", description=__doc__,
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    h.add_argument("path", metavar="PATH", help="a suite folder, a world artifact or a world file")
    h.add_argument("-o", "--out", required=True, metavar="DIR", type=folder, help="folder to write the task folders into")
    h.add_argument("--python", default="3.11", metavar="X.Y", help="Python of the task images (default 3.11)")
    h.add_argument("--platform", default="linux/amd64", choices=("linux/amd64", "linux/arm64"),
                   help="platform of the task images (default linux/amd64)")
    h.add_argument("--base-image", metavar="IMAGE",
                   help="base image of the task images, e.g. pinned by digest (default python:X.Y-slim-bookworm; "
                        "its Python must be --python, a glibc Linux)")
    h.add_argument("--org", default="worldgen", help="organisation part of the task names ORG/WORLD_ID (default worldgen)")
    h.add_argument("--wheelhouse", metavar="DIR", type=Path,
                   help="take pydantic and numpy wheels from DIR instead of the package index (offline export)")
    h.add_argument("--bundle-wheels", action="store_true",
                   help="copy pydantic and numpy wheels into every task, so its images build offline (about 40 MB per task)")
    h.add_argument("--secret-file", metavar="FILE", type=Path,
                   help="draw episode seeds from the secret in FILE (16+ bytes; keep it private) instead of a fresh "
                        "one, so the same export gives the same bytes")
    trust_argument(h)
    h.set_defaults(func=run_harbor)
    hp = kinds.add_parser("harbor-proposer", help="the proposer as a Harbor task: write a scaffold meeting a brief",
                          description=PROPOSER_DOC, formatter_class=argparse.RawDescriptionHelpFormatter)
    hp.add_argument("--library", required=True, metavar="DIR", type=Path, help="the scaffolds a proposal must differ from")
    hp.add_argument("-o", "--out", required=True, metavar="TASK", type=Path, help="the task folder to write (must not exist)")
    hp.add_argument("--brief", default=DEFAULT_BRIEF, metavar="TEXT", help="what to write, in words (default: a family "
                    "unlike the library's that the solver wins within the band)")
    hp.add_argument("--band", type=success_band, default=(0.2, 0.8), metavar="LO:HI", help="the solver's success band (default 0.2:0.8)")
    hp.add_argument("--solver", default="noisy-oracle:0.3", type=policy_spec, metavar="POLICY",
                    help="the policy the band test rolls out (default noisy-oracle:0.3)")
    hp.add_argument("--seeds", type=seed_range, default=range(20), metavar="A:B|N", help="seeds compiled for grading (default 0:20)")
    hp.add_argument("--solution", type=Path, metavar="FILE.wg", help="a reference solution (checked to pass the grader now)")
    hp.add_argument("--language-doc", type=Path, metavar="FILE.md", help="the language reference given to the agent "
                    "(default: worldgen's docs/language.md, shipped with the package)")
    hp.add_argument("--python", default="3.11", metavar="X.Y", help="Python of the task images (default 3.11)")
    hp.add_argument("--base-image", metavar="IMAGE", help="base image of the task images (default python:X.Y-slim-bookworm)")
    hp.add_argument("--org", default="worldgen", help="organisation part of the task name (default worldgen)")
    hp.set_defaults(func=run_harbor_proposer)
    s = kinds.add_parser("sft", help="oracle walkthroughs as chat-format JSONL", description=__doc__,
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("path", metavar="PATH", help="a suite folder, a world artifact or a world file")
    s.add_argument("-o", "--out", required=True, metavar="FILE.jsonl", help="the file to write")
    trust_argument(s)
    s.set_defaults(func=run_sft)
    d = kinds.add_parser("dataset", help="one row per (world, seed) for RL trainers: JSONL, Parquet or HF",
                         description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    d.add_argument("path", metavar="SUITE", help="a suite folder, a world artifact or a world file")
    d.add_argument("--format", default="jsonl", choices=FORMATS, help="file layout (default jsonl)")
    d.add_argument("-o", "--out", required=True, metavar="OUT", type=Path,
                   help="the file to write (a folder for --format hf)")
    d.add_argument("--seeds", type=seed_range, default=range(0, 1), metavar="A:B|N",
                   help="episode seeds A..B-1 (or N: 0..N-1) of every world, one row each (default 0:1)")
    d.add_argument("--root", metavar="DIR", help="the suite root rows' suite paths are relative to "
                   "(default: $WORLDGEN_SUITE_ROOT, else the current directory)")
    trust_argument(d)
    d.set_defaults(func=run_dataset)
    f = kinds.add_parser("files", help="a terminal world's files as plain files under a folder", description=__doc__,
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    world_arguments(f)
    f.add_argument("-o", "--out", required=True, metavar="DIR", type=folder, help="the folder to write (new or empty)")
    f.set_defaults(func=run_files)


def run_harbor(args: argparse.Namespace) -> int:
    from worldgen.exporters.harbor import Target, export_task
    from worldgen.exporters.seeds import fresh_secret, read_secret
    from worldgen.exporters.wheelhouse import build_wheelhouse
    from worldgen.rollouts.sources import open_entries

    target = Target(python=args.python, platform=args.platform, org=args.org, image=args.base_image)
    secret = read_secret(args.secret_file) if args.secret_file is not None else fresh_secret()
    entries = open_entries(args.path, args.trust_edited)
    out = Path(args.out)
    failures = []
    written: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="worldgen-wheels-") as work:
        wheels = build_wheelhouse(Path(work), target.python, target.platform, args.wheelhouse, args.bundle_wheels)
        for entry in entries:
            try:
                written.append(export_task(entry, out, wheels, target, secret))
            except WorldgenError as err:
                failures.append(str(err))
    for failure in failures:
        print(failure, file=sys.stderr)
    if written:
        size = max(sum(f.stat().st_size for f in task.rglob("*") if f.is_file()) for task in written)
        builds = "offline, from the bundled wheels" if args.bundle_wheels else "fetching hash-pinned pydantic and numpy"
        print(f"wrote {plural(len(written), 'Harbor task')} to {out} (at most {size / 1e6:.2f} MB each; images for "
              f"Python {target.python} on {target.platform} build {builds})")
    if failures:
        print(f"{plural(len(failures), 'world')} not exported (reasons above)", file=sys.stderr)
        return 1
    return 0


def run_harbor_proposer(args: argparse.Namespace) -> int:
    from worldgen.datafiles import data_folder
    from worldgen.exporters.harbor import Target
    from worldgen.exporters.proposer_task import export_proposer_task
    from worldgen.flywheel.grade import Brief
    from worldgen.flywheel.mutate import Band

    doc = args.language_doc or Path(str(data_folder("docs").joinpath("language.md")))
    if not doc.is_file():
        raise WorldgenError(f"{doc}: error: no language reference here; pass --language-doc FILE.md")
    brief = Brief(args.brief, Band(*args.band), args.solver, args.seeds)
    target = Target(python=args.python, org=args.org, image=args.base_image)
    out = export_proposer_task(args.library, args.out, brief, target, doc, args.solution)
    solution = "with a reference solution" if args.solution else "without a reference solution (pass --solution FILE.wg)"
    print(f"wrote the proposer task {out} ({solution})")
    return 0


def run_sft(args: argparse.Namespace) -> int:
    from worldgen.exporters.sft import write_sft
    from worldgen.rollouts.sources import open_entries

    count = write_sft(open_entries(args.path, args.trust_edited), Path(args.out))
    print(f"wrote {plural(count, 'chat')} to {args.out}")
    return 0


def run_files(args: argparse.Namespace) -> int:
    from worldgen.cli.play_setup import open_world
    from worldgen.exporters.files import MANIFEST, export_files

    count, owners = export_files(open_world(args), args.out, args.episode_seed)
    note = "with their owners" if owners else f"owners in {MANIFEST} (not root: chown was not possible)"
    print(f"wrote {plural(count, 'file')} to {args.out} ({note})")
    return 0


def run_dataset(args: argparse.Namespace) -> int:
    from worldgen.exporters.dataset import dataset_rows
    from worldgen.exporters.dataset_files import write_dataset

    missing = missing_dependency(args.format)
    if missing is not None:
        print(f"worldgen export dataset: error: {missing}", file=sys.stderr)
        return 2
    from worldgen.cli.warned import warnings_as_lines

    with warnings_as_lines("worldgen export dataset"):
        count = write_dataset(dataset_rows(args.path, args.seeds, args.trust_edited, root=args.root), args.out, args.format)
    print(f"wrote {plural(count, 'row')} ({args.format}) to {args.out}")
    return 0
