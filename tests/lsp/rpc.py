"""A minimal LSP client over a child's stdio: Content-Length framing, requests matched to their
responses, notifications kept in arrival order. Used by the tests and bench/bench_lsp.py."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


class Client:
    def __init__(self, root: Path = ROOT) -> None:
        """``root``: the checkout whose server runs (bench/bench_lsp.py compares another one's)."""
        env = {**os.environ, "PYTHONPATH": str(root)}
        self.proc = subprocess.Popen([sys.executable, "-m", "worldgen.cli.main", "lsp"], cwd=root, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            if length is not None:
                self._inbox.put(json.loads(out.read(length)))

    def send_raw(self, body: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def send(self, message: dict[str, Any]) -> None:
        self.send_raw(json.dumps({"jsonrpc": "2.0", **message}).encode())

    def notify(self, method: str, params: Any) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params: Any, timeout: float = 30) -> dict[str, Any]:
        """Send a request; return its whole response (``result`` or ``error``)."""
        self._next_id += 1
        self.send({"id": self._next_id, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == self._next_id and "method" not in m, timeout)

    def wait(self, match: Any, timeout: float = 30) -> dict[str, Any]:
        """The next message ``match`` accepts (others that arrive first are dropped)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self._inbox.get(timeout=max(0.0, deadline - time.monotonic()))
            if match(message):
                return message

    def diagnostics(self, uri: str, version: int | None = None, timeout: float = 30) -> list[dict[str, Any]]:
        """The next diagnostics published for ``uri`` (for ``version``, if given)."""
        message = self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                            and m["params"]["uri"] == uri
                            and (version is None or m["params"].get("version") == version), timeout)
        return message["params"]["diagnostics"]

    def start(self) -> dict[str, Any]:
        result = self.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
        self.notify("initialized", {})
        return result["result"]

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "worldgen",
                                                               "version": version, "text": text}})

    def close(self) -> int:
        """Shut the server down politely; its exit code."""
        self.request("shutdown", None)
        self.notify("exit", None)
        return self.proc.wait(timeout=30)
