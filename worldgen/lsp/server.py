"""The language server: LSP requests in, the plain-Python modules' answers out.

Diagnostics are computed off the message loop, one run per document at a time: edits that arrive
while a run is under way are folded into one more run on the latest text, so typing never queues
a backlog of stale checks. Requests (hover, definition, references, completion) wait for a run under
way, or analyse the text themselves if the last run is behind it, so their positions always match
the client's document; the symbols index they use is built once per parsed version.
"""

from __future__ import annotations

import asyncio
import posixpath
import re
from collections.abc import Callable
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer

from worldgen import __version__
from worldgen.errors import Diagnostic, WorldgenError
from worldgen.lsp.analysis import Analysis, analyse
from worldgen.lsp.completion import candidates
from worldgen.lsp.documents import Document, EditOutOfRange
from worldgen.lsp.hover import hover_text
from worldgen.lsp.protocol import WorldgenProtocol
from worldgen.lsp.symbols import LOCAL, Index, Occurrence, build_index

_KINDS = {
    "keyword": types.CompletionItemKind.Keyword, "param": types.CompletionItemKind.Constant,
    "const": types.CompletionItemKind.Constant, "enum": types.CompletionItemKind.Enum,
    "member": types.CompletionItemKind.EnumMember, "entity": types.CompletionItemKind.Class,
    "state": types.CompletionItemKind.Variable, "def": types.CompletionItemKind.Function,
    "axis": types.CompletionItemKind.Module, LOCAL: types.CompletionItemKind.Variable,
}
REQUEST_FAILED = -32803  # LSP's RequestFailed: a valid request that cannot be answered


class WorldgenServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("worldgen", __version__, protocol_cls=WorldgenProtocol,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.documents: dict[str, Document] = {}
        self.analyses: dict[str, Analysis] = {}
        self._indexes: dict[str, tuple[Analysis, Index]] = {}
        self._running: set[str] = set()
        self._behind: set[str] = set()  # documents edited while their run was under way
        self._idle: dict[str, asyncio.Event] = {}  # set when a document's run ends

    def report_server_error(self, error: Exception, source: Any) -> None:
        if source is JsonRpcException:  # the message loop could not take a message
            self.protocol.answer_loop_error(error)  # type: ignore[attr-defined]

    # ------------------------------------------------------------------------- documents

    def document(self, uri: str) -> Document:
        doc = self.documents.get(uri)
        if doc is None:
            raise JsonRpcInvalidParams(f"{uri} is not open")
        return doc

    def offset(self, doc: Document, pos: types.Position) -> int:
        try:
            return doc.offset((pos.line, pos.character))
        except EditOutOfRange as err:
            raise JsonRpcInvalidParams(str(err)) from None

    async def analysis(self, doc: Document) -> Analysis:
        """The analysis of ``doc``'s text: the diagnostics run's, waited for if one is under way
        (two runs at once would only share the CPU), else made now."""
        while doc.uri in self._running:
            await self._idle[doc.uri].wait()
        last = self.analyses.get(doc.uri)
        if last is None or last.text != doc.text:
            last = await self._off_loop(analyse, doc.text, _filename(doc.uri), last)
            if self.documents.get(doc.uri) is doc:
                self.analyses[doc.uri] = last
        return last

    async def index(self, doc: Document) -> tuple[Analysis, Index | None]:
        analysis = await self.analysis(doc)
        if analysis.world is None:
            return analysis, None
        cached = self._indexes.get(doc.uri)
        if cached is None or cached[0].world is not analysis.world:
            cached = (analysis, await self._off_loop(build_index, analysis.world, analysis.world_text))
            self._indexes[doc.uri] = cached
        return analysis, cached[1]

    async def _off_loop(self, work: Any, *args: Any) -> Any:
        """Run CPU work in the thread pool, so the message loop keeps reading (and cancelling)."""
        return await asyncio.get_running_loop().run_in_executor(self.thread_pool, work, *args)

    async def refresh(self, uri: str) -> None:
        """Analyse a document and publish its diagnostics, folding edits made meanwhile."""
        if uri in self._running:
            self._behind.add(uri)
            return
        self._running.add(uri)
        idle = self._idle[uri] = asyncio.Event()
        try:
            while uri in self.documents:
                self._behind.discard(uri)
                doc = self.documents[uri]
                analysis = await self._off_loop(analyse, doc.text, _filename(uri), self.analyses.get(uri))
                if uri not in self.documents:
                    return
                self.analyses[uri] = analysis
                self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                    uri, [to_lsp(d, doc) for d in analysis.diagnostics], doc.version))  # doc: the analysed text
                if uri not in self._behind:
                    return
        finally:
            self._running.discard(uri)
            idle.set()

    def refuse(self, message: str) -> None:
        """Tell the user about a notification that could not be honoured (it has no response)."""
        self.window_show_message(types.ShowMessageParams(types.MessageType.Error, message))

    # -------------------------------------------------------------------------- answers

    async def occurrence(self, uri: str, pos: types.Position) -> tuple[Analysis, Index, Occurrence] | None:
        doc = self.document(uri)
        offset = self.offset(doc, pos)
        analysis, index = await self.index(doc)
        if index is None:
            return None
        if analysis.current:
            found = index.at(offset)
        else:  # the text does not parse: the name under the cursor, looked up in the last that did
            word = _word_at(analysis.text, offset)
            symbol = index.symbols.get(analysis.text[word[0]:word[1]]) if word else None
            found = Occurrence(symbol, word[0], word[1], False) if symbol and word else None
        return (analysis, index, found) if found else None

    async def symbol_locations(self, uri: str, pos: types.Position,
                               keep: Callable[[Occurrence], bool]) -> list[types.Location] | None:
        """Where the symbol under the cursor occurs, those occurrences ``keep`` accepts (definition
        keeps declarations, references the uses and maybe the declaration). When the index is of
        an earlier text, only those still spelling their name there (the lines above an edit)."""
        found = await self.occurrence(uri, pos)
        if found is None:
            return None
        analysis, index, occurrence = found
        text, doc = analysis.text, Document(uri, analysis.text)
        return [types.Location(uri, types.Range(_pos(doc, o.start), _pos(doc, o.end)))
                for o in index.of(occurrence.symbol) if keep(o) and text[o.start:o.end] == o.symbol.name]


def to_lsp(d: Diagnostic, doc: Document) -> types.Diagnostic:
    """A checker diagnostic as LSP's: its span, or the word it points at when it has no end."""
    start = doc.span_start(d.span)
    end = doc.span_end(d.span)
    if end is None or end <= start:
        word = _WORD.match(doc.text, start)
        end = word.end() if word and word.end() > start else min(start + 1, len(doc.text))
    severity = types.DiagnosticSeverity.Warning if d.severity == "warning" else types.DiagnosticSeverity.Error
    message = "\n".join((d.message, *(f"note: {n}" for n in d.notes)))
    return types.Diagnostic(types.Range(_pos(doc, start), _pos(doc, end)), message, severity, d.code,
                            source="worldgen")


def _pos(doc: Document, offset: int) -> types.Position:
    return types.Position(*doc.position(offset))


def _word_at(text: str, offset: int) -> tuple[int, int] | None:
    """The name at or just before ``offset``."""
    start = offset
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
        start -= 1
    word = _WORD.match(text, start)
    return (start, word.end()) if word and word.end() >= offset else None


def _filename(uri: str) -> str:
    return posixpath.basename(uri) or uri


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def build_server() -> WorldgenServer:
    server = WorldgenServer()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: WorldgenServer, params: types.DidOpenTextDocumentParams) -> None:
        item = params.text_document
        ls.documents[item.uri] = Document(item.uri, item.text, item.version)
        await ls.refresh(item.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: WorldgenServer, params: types.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        doc = ls.documents.get(uri)
        if doc is None:
            ls.refuse(f"worldgen: an edit to {uri}, which is not open, was ignored")
            return
        try:
            for change in params.content_changes:
                if isinstance(change, types.TextDocumentContentChangePartial):
                    r = change.range
                    doc = doc.edited((r.start.line, r.start.character), (r.end.line, r.end.character),
                                     change.text, params.text_document.version)
                else:
                    doc = Document(uri, change.text, params.text_document.version)
        except EditOutOfRange as err:
            ls.refuse(f"worldgen: an edit to {uri} was refused, the document is unchanged: {err}")
            return
        ls.documents[uri] = doc
        await ls.refresh(uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: WorldgenServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        for store in (ls.documents, ls.analyses, ls._indexes):
            store.pop(uri, None)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, []))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(ls: WorldgenServer, params: types.HoverParams) -> types.Hover | None:
        found = await ls.occurrence(params.text_document.uri, params.position)
        if found is None:
            return None
        analysis, _, occurrence = found
        doc = Document("", analysis.text)
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, hover_text(occurrence.symbol, analysis.ir)),
                           types.Range(_pos(doc, occurrence.start), _pos(doc, occurrence.end)))

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    async def definition(ls: WorldgenServer, params: types.DefinitionParams) -> list[types.Location] | None:
        return await ls.symbol_locations(params.text_document.uri, params.position, lambda o: o.declaration)

    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    async def references(ls: WorldgenServer, params: types.ReferenceParams) -> list[types.Location] | None:
        with_declaration = params.context.include_declaration
        return await ls.symbol_locations(params.text_document.uri, params.position,
                                         lambda o: with_declaration or not o.declaration)

    @server.feature(types.TEXT_DOCUMENT_COMPLETION)
    async def completion(ls: WorldgenServer, params: types.CompletionParams) -> types.CompletionList:
        doc = ls.document(params.text_document.uri)
        offset = ls.offset(doc, params.position)
        _, index = await ls.index(doc)
        items = [types.CompletionItem(c.label, kind=_KINDS.get(c.kind), detail=c.detail)
                 for c in candidates(index, doc.text, offset)]
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def formatting(ls: WorldgenServer, params: types.DocumentFormattingParams) -> list[types.TextEdit]:
        from worldgen.syntax.printer import format_source

        doc = ls.document(params.text_document.uri)
        try:
            formatted = format_source(doc.text, _filename(doc.uri))
        except WorldgenError as err:
            raise JsonRpcException(f"cannot format: {err}", REQUEST_FAILED) from None
        if formatted == doc.text:
            return []
        whole = types.Range(types.Position(0, 0), _pos(doc, len(doc.text)))
        return [types.TextEdit(whole, formatted)]

    return server
