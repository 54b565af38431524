"""Imported only by the process that local workers fork from (executors.py preloads it there): that
server ends without tearing its interpreter down.

The server imports worldgen, numpy and the code generator so that forked workers start ready;
when the command that started it ends, the server's teardown freed all of that for ~0.2 s, and it
holds the command's stdout and stderr, so a caller reading them (a script, `subprocess.run` with
`capture_output`) waited for it after the command was done. The server writes nothing, holds no
open file of its own and its workers leave through ``os._exit`` anyway, so it leaves that way too.
"""

from __future__ import annotations

import atexit
import os

atexit.register(os._exit, 0)
