"""The gate's budget flags, shared by `propose` and `loop`: the user sets what judging a proposal
may cost, never the draft (``flywheel.budget``)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from worldgen.cli.common import whole_number
from worldgen.ir.limits import MAX_HORIZON

if TYPE_CHECKING:
    from worldgen.flywheel.budget import GateBudget


def add_gate_flags(p: argparse.ArgumentParser) -> None:
    from worldgen.flywheel.budget import GATE_HORIZON, GATE_MAX_STATES, GATE_MEMORY_MB, GATE_SECONDS

    g = p.add_argument_group("the gate's budget per proposal (a draft declaring more is rejected, one using more is cut off)")
    g.add_argument("--gate-states", "--max-states", dest="gate_states", type=whole_number(1, 100_000_000),
                   default=GATE_MAX_STATES, metavar="N",
                   help=f"the model checker's states per world, whatever its `check within` says (default {GATE_MAX_STATES:,})")
    g.add_argument("--gate-seconds", type=whole_number(1), default=int(GATE_SECONDS), metavar="S",
                   help=f"wall-clock seconds to judge one proposal, compile and rollouts included (default {GATE_SECONDS:g})")
    g.add_argument("--gate-memory", type=whole_number(64), default=GATE_MEMORY_MB, metavar="MB",
                   help=f"memory to judge one proposal, beyond what worldgen holds already (default {GATE_MEMORY_MB:,})")
    g.add_argument("--gate-horizon", type=whole_number(1, MAX_HORIZON), default=GATE_HORIZON, metavar="STEPS",
                   help=f"the longest horizon a proposal's worlds may have (default {GATE_HORIZON:,})")


def gate_budget(args: argparse.Namespace) -> GateBudget:
    from worldgen.flywheel.budget import GateBudget

    return GateBudget(args.gate_states, float(args.gate_seconds), args.gate_memory, args.gate_horizon)
