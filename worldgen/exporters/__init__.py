"""Exporters: worlds as Harbor terminal tasks (``harbor``) and oracle walkthroughs as chat SFT data (``sft``).

The modules that run inside an exported task (``episode``, ``journal``, ``service``, ``grade``, and
``client``, which is copied into the agent's container as a plain script) import only worldgen's
runtime, pydantic and numpy: the authoring side (parser, content providers, rollouts) is not
installed there. So this package's ``__init__`` imports nothing.
"""
