"""Language front end, stage one: source text -> AST (grammar, parser, AST nodes)."""
