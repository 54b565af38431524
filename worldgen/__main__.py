"""``python -m worldgen``: the ``worldgen`` command, for environments where its script is not on PATH."""

import sys

from worldgen.cli.main import main

if __name__ == "__main__":  # importing the module (pkgutil.walk_packages does) runs nothing
    sys.exit(main())
