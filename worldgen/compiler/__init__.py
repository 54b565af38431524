"""Scaffold + content + seed -> World: axis choices, params, content selection, build-time
randomness."""
