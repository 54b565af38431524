"""Solver policies for rollouts: ``random``, ``oracle``, ``fair-oracle``, ``noisy-oracle:P``,
``learner:POLICY.npz`` (worldgen.learner) and ``openai:MODEL``.

Each lives in its own module; ``make_policy`` imports only the one asked for (``openai`` is slow
to import and only the LLM policy needs it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldgen.errors import WorldgenError

if TYPE_CHECKING:
    from worldgen.rollouts.policies.base import Policy

SPECS = ("random | oracle | fair-oracle | noisy-oracle:P (random move with probability P) | "
         "learner:POLICY.npz (trained by `worldgen learn`) | openai:MODEL")


def check_spec(spec: str) -> str:
    """``spec`` if it names a policy; raises ValueError (argparse turns it into a usage error)."""
    kind, _, model = spec.partition(":")
    if spec in ("random", "oracle", "fair-oracle") or (kind in ("openai", "learner") and model):
        return spec
    if kind == "noisy-oracle":
        noise = _probability(model)
        if noise is not None:
            return f"noisy-oracle:{noise:g}"
        raise ValueError(f"policy {spec!r}: noisy-oracle:P takes a probability P in 0..1, not {model!r}")
    raise ValueError(f"unknown policy {spec!r}; expected {SPECS}")


def _probability(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if 0.0 <= value <= 1.0 else None


def make_policy(spec: str, base_url: str | None = None, temperature: float = 0.0, api_key_env: str = "OPENAI_API_KEY") -> Policy:
    """The policy a ``--policy`` value names (the openai options apply to ``openai:MODEL`` only)."""
    try:
        spec = check_spec(spec)
    except ValueError as err:
        raise WorldgenError(f"error: {err}") from None
    if spec == "random":
        from worldgen.rollouts.policies.random import RandomPolicy

        return RandomPolicy()
    if spec == "oracle":
        from worldgen.rollouts.policies.oracle import OraclePolicy

        return OraclePolicy()
    if spec == "fair-oracle":
        from worldgen.rollouts.policies.fair_oracle import FairOraclePolicy

        return FairOraclePolicy()
    if spec.startswith("noisy-oracle:"):
        from worldgen.rollouts.policies.noisy_oracle import NoisyOraclePolicy

        return NoisyOraclePolicy(float(spec.partition(":")[2]))
    if spec.startswith("learner:"):
        from worldgen.learner.policy import LearnerPolicy

        return LearnerPolicy(spec.partition(":")[2])
    from worldgen.rollouts.policies.openai_agent import OpenAIPolicy, OpenAISettings

    return OpenAIPolicy(OpenAISettings(model=spec.partition(":")[2], base_url=base_url, temperature=temperature,
                                       api_key_env=api_key_env))
