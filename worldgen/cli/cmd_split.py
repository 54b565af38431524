"""`worldgen split SUITE [SUITE ...] --test SPEC [--test SPEC ...] -o OUT`: held-out worlds.

Writes OUT/train and OUT/test, two suites that differ at the level of the world, and OUT itself
(both sides as one suite, for one rollout and one report over both). A world is held out (test)
when it matches ANY --test spec:

  scaffold=NAME          worlds of that scaffold
  AXIS=VALUE             worlds whose axis AXIS drew VALUE
  param:NAME=LO:HI       worlds whose int param NAME lies in LO..HI (inclusive)
  content=FRACTION       worlds whose content record is held out: a hash of --seed and the
                         record id falls below FRACTION (the same records in every suite)
  world=FRACTION         worlds held out one by one: the same hash of each world's id (worlds
                         that share their content, as a suite compiled from one record does)

The split is recorded in each side's split.json; `worldgen report OUT --rollouts ...` then gives
in-distribution vs held-out success, returns and the gap, per --test spec. A split that leaves a
side empty writes nothing (exit 2).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from worldgen.cli.common import folder, plural, trust_argument, whole_number


def _test(text: str) -> object:
    from worldgen.flywheel.split import parse_test

    try:
        return parse_test(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("split", help="split suites into train and held-out test worlds", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("suites", nargs="+", metavar="SUITE", help="compiled suite folder(s)")
    p.add_argument("--test", type=_test, action="append", required=True, metavar="SPEC",
                   help="held-out worlds: scaffold=NAME, AXIS=VALUE, param:NAME=LO:HI, content=FRACTION or world=FRACTION (repeatable)")
    p.add_argument("-o", "--out", type=folder, required=True, metavar="OUT", help="new folder for train/, test/ and both")
    p.add_argument("--seed", type=whole_number(0), default=0, metavar="N", help="seed of content= and world=FRACTION's hash (default 0)")
    trust_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from worldgen.flywheel.split import split

    record = split([Path(s) for s in args.suites], args.test, Path(args.out), args.seed, args.trust_edited)
    train, test = (len(record["worlds"][s]) for s in ("train", "test"))
    print(f"{args.out}: {plural(train, 'world')} in train/, {plural(test, 'world')} held out in test/")
    return 0
