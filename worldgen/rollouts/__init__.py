"""Rollouts: play a policy (random, oracle, or an LLM over an OpenAI-compatible endpoint) over a
suite and record every episode as a JSON line, for the suite report and the flywheel.

    >>> import asyncio
    >>> from worldgen.rollouts.policies import make_policy
    >>> from worldgen.rollouts.runner import run
    >>> from worldgen.rollouts.sources import open_entries
    >>> asyncio.run(run(open_entries("suite/"), make_policy("oracle"), Path("oracle.jsonl"), episodes=2))

Nothing is imported here: the CLI builds its parser from these modules on every command, and the
``openai`` client alone takes a third of a second to import.
"""
