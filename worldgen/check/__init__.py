"""Language front end, stage two: AST -> checked IR (names, types, bounds, patterns, axes)."""
