"""A small CPU learner: a softmax policy over the admissible commands on hashed features of
(observation, command), trained by REINFORCE with a baseline (numpy only). A baseline solver for
the flywheel, not a research project: ``worldgen learn`` trains it, ``learner:POLICY.npz`` plays it."""
