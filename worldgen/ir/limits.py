"""Sizes a world may not exceed, shared by the checker (which refuses a scaffold that would) and
the runtime (which refuses a world, such as one from an edited artifact, that does).

Every command of a world is listed up front (for `admissible`, Tab completion and the model
checker's edges), so the argument domains of an action multiply into memory: ten million
bindings took 4.7 GB. The shipped scaffolds stay below 500 bindings per action.
"""

from __future__ import annotations

MAX_ENTITIES = 100_000  # values of one entity (each has a name, listed in every world)
MAX_ARG_VALUES = 100_000  # values of one int argument
MAX_BINDINGS = 100_000  # argument combinations of one action
MAX_PARAM = 1_000_000_000  # |bound| of an int param's range
MAX_REWARD = 1_000_000_000  # |amount| of one reward: any return stays a finite float, NaN never appears
MAX_STATES_LIMIT = 100_000_000  # what `check within` may ask of one world
MAX_PAY_ONCE = 1_024  # `reward when` conditions, one per element for `for each`: each is a bit of a state's paid mask
# steps of one episode: `verify` computes returns and success chances exactly, one pass over the
# state graph per step of the horizon (4 passes of states x horizon), so at 1,000,000 a counter
# world took 70 s to verify; 1,000 keeps that about a second (bench/bench_horizon.py)
MAX_HORIZON = 1_000
HORIZON_REASON = "verify computes returns exactly, one pass over the world's states per step of the horizon"
MAX_TEXT = 100_000  # characters of text a rule may build by padding or replacing (a larger width is a rule error)
MAX_DEF_TEXT = 10 * MAX_TEXT  # characters of text a def may return (more is a rule error)
