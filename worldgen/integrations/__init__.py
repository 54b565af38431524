"""First-party adapters for the trainers LLM agents are trained with (TRL, verifiers, SkyRL).

Each module imports its framework only when used (install the extra of the same name), and wraps
``worldgen.agent.Episode``, so every trainer prompts, parses replies and scores as worldgen's own
rollouts do.
"""
