"""`worldgen lsp`: a language server for scaffolds (pygls, the optional `lsp` extra).

The editor-facing work is split so that only ``server.py`` and ``protocol.py`` import pygls:
``documents`` (text and LSP positions), ``analysis`` (parse + check, the last good AST),
``symbols`` (definitions and references), ``completion`` and ``hover`` are plain Python.
"""
