"""The `worldgen` command line: one module per subcommand, strung together in main.py."""
