"""``python -m worldgen``: the ``worldgen`` command, for environments where its script is not on PATH."""

import sys

from worldgen.cli.main import main

sys.exit(main())
