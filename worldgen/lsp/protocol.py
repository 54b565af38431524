"""JSON-RPC that survives its client: every bad message gets an error response, and the server
reads on.

pygls logs a message it cannot decode and answers nothing, so a client that sent broken JSON
waits forever. Here the message loop's failures become JSON-RPC errors: -32700 for text that is
not JSON, -32600 for JSON that is no JSON-RPC message, -32602 (with the request's id) for a request
whose params do not fit its method. The document notifications are taken over from pygls's
workspace (which would apply an out-of-range edit as best it could) and go to the server's own
document store (documents.py), which refuses them.
"""

from __future__ import annotations

import json
from collections.abc import Generator
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidRequest, JsonRpcParseError
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method


class WorldgenProtocol(LanguageServerProtocol):
    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as err:
            err.request_id = data.get("id")  # type: ignore[attr-defined]  # so the error answers it
            raise

    def handle_message(self, message: Any) -> None:
        if not hasattr(message, "jsonrpc"):  # a JSON value that is no JSON-RPC message
            raise JsonRpcInvalidRequest("not a JSON-RPC 2.0 message (an object with \"jsonrpc\": \"2.0\")")
        super().handle_message(message)

    def answer_loop_error(self, error: Exception) -> None:
        """Answer a message the loop could not take (pygls's error handler calls this)."""
        if isinstance(error, (json.JSONDecodeError, UnicodeDecodeError)):
            rpc: JsonRpcException = JsonRpcParseError(f"not JSON: {error}")
        elif isinstance(error, JsonRpcException):
            rpc = error
        else:
            rpc = JsonRpcInvalidRequest(f"cannot read this message: {type(error).__name__}: {error}")
        request_id = getattr(error, "request_id", None)
        if request_id is None and rpc.code == -32602:
            return  # a notification with bad params: JSON-RPC answers no notification
        # written out by hand: pygls's message classes leave out an id of None, which JSON-RPC
        # requires as null in the answer to a message whose id could not be read
        self._send_data({"jsonrpc": "2.0", "id": request_id, "error": {"code": rpc.code, "message": rpc.message}})

    # the document notifications, for the server's store alone

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams) -> Generator[Any, Any, None]:
        yield from self._user(types.TEXT_DOCUMENT_DID_OPEN, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams) -> Generator[Any, Any, None]:
        yield from self._user(types.TEXT_DOCUMENT_DID_CHANGE, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams) -> Generator[Any, Any, None]:
        yield from self._user(types.TEXT_DOCUMENT_DID_CLOSE, params)

    def _user(self, method: str, params: Any) -> Generator[Any, Any, None]:
        handler = self.fm.features.get(method)
        if handler is not None:
            yield handler, (params,), None
