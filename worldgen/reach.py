"""Fail at once, naming the URL, when an OpenAI-compatible endpoint refuses connections.

A refused connection is retried by the clients like any transient failure, with backoff, so a
mistyped ``--base-url`` or a server not started yet cost 29-35 s before the first error said
anything. Every client that talks to an endpoint (content providers, LLM policies, the LLM
proposer) first connects once to the endpoint's host and port: a refusal or an unknown host is a
one-line error naming the URL. Anything else (a slow network, a proxy in between) is left to the
client, whose retries may still get through.
"""

from __future__ import annotations

import os
import socket
import urllib.request
from urllib.parse import urlsplit

from worldgen.errors import WorldgenError

PROBE_TIMEOUT_S = 1.5


def check_reachable(base_url: str | None) -> None:
    """Raise a WorldgenError naming ``base_url`` when nothing listens there (or its host is
    unknown); the public API (no base URL) and proxied URLs are not probed."""
    url = base_url or os.environ.get("OPENAI_BASE_URL")
    if not url:
        return
    parts = urlsplit(url)
    try:
        host, port = parts.hostname, parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:  # a port that is not a number: the client says so
        return
    if host is None or _proxied(parts.scheme, host):
        return
    try:
        with socket.create_connection((host, port), timeout=PROBE_TIMEOUT_S):
            pass
    except ConnectionRefusedError:
        raise WorldgenError(f"{url}: error: connection refused: nothing listens on {host}:{port} "
                            "(start the server, or fix --base-url)") from None
    except socket.gaierror as err:
        raise WorldgenError(f"{url}: error: unknown host {host!r}: {err.strerror} (fix --base-url)") from None
    except OSError:
        return


def _proxied(scheme: str, host: str) -> bool:
    """Does the clients' HTTP library reach ``host`` through a proxy (``$HTTPS_PROXY``, ...)?"""
    return scheme in urllib.request.getproxies() and not urllib.request.proxy_bypass(host)
