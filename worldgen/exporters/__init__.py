"""Exporters: worlds as Harbor terminal tasks (``harbor``) and oracle walkthroughs as chat SFT data (``sft``).

The modules that run in an exported task's world service and verifier (``episode``, ``journal``,
``service``, ``grade``, ``progress``) import only worldgen's runtime and model checker, pydantic and
numpy: the authoring side's dependencies (parser, content providers) are not installed there. The
agent's container gets only ``client``, a standard-library script. So this package's ``__init__``
imports nothing.
"""
