"""The flywheel: proposals of new scaffolds steered by a solver's rollouts, and the loop that
turns it. Nothing a proposer writes enters a library unless it checks, compiles, is proven
solvable and is new (``accept``)."""
