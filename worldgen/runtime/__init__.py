"""Run worlds: load an artifact's data, compile its rules once, step episodes.

The runtime never imports the parser, the checker or the content providers."""
