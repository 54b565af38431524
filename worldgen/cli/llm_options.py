"""argparse types of the options that reach an OpenAI-compatible endpoint (``--base-url``,
``--timeout``, ``--temperature``, prices): a value no request could use is a usage error (exit 2)
at once, not an internal error or minutes of retries against an address that cannot exist."""

from __future__ import annotations

import argparse
import math
from urllib.parse import urlsplit


def endpoint(text: str) -> str:
    """An http(s) URL with a host (and a port, if any, that is a number)."""
    try:
        parts = urlsplit(text)
        port_ok = parts.port is None or 0 < parts.port  # .port raises ValueError for 'abc' or 99999
    except ValueError:
        port_ok = False
    if parts.scheme not in ("http", "https") or not parts.hostname or not port_ok:
        raise argparse.ArgumentTypeError(f"expected an http(s) URL such as http://localhost:8000/v1, not {text!r}")
    return text


def _number(text: str, least: float, most: float, inclusive: bool, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    low_ok = value >= least if inclusive else value > least
    if not (low_ok and value <= most):
        raise argparse.ArgumentTypeError(f"expected {what}, not {text!r}")
    return value


def seconds(text: str) -> float:
    """A timeout: a number of seconds above 0 (0 would time every request out, then retry it)."""
    return _number(text, 0.0, 86_400.0, False, "a number of seconds above 0 (at most a day)")


def price(text: str) -> float:
    """US dollars per million tokens, 0 or more."""
    return _number(text, 0.0, 1e6, True, "a price in USD per million tokens, 0 or more")


def temperature(text: str) -> float:
    """A sampling temperature in 0..2, the range OpenAI-compatible servers accept."""
    return _number(text, 0.0, 2.0, True, "a temperature from 0 to 2")
