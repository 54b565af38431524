"""`worldgen lsp` spoken to over stdio by a real client: Content-Length framed JSON-RPC."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("pygls")

from tests.lsp.rpc import Client  # noqa: E402

WALK = (Path(__file__).parent / "data" / "walk.wg").read_text()
URI = "file:///work/walk.wg"


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    c = Client()
    c.start()
    yield c
    assert c.close() == 0


def at(text: str, context: str, word: str) -> dict[str, int]:
    """The LSP position of ``word`` inside the first ``context`` (ASCII text: columns are characters)."""
    offset = text.index(context) + context.index(word)
    line = text.count("\n", 0, offset)
    return {"line": line, "character": offset - (text.rfind("\n", 0, offset) + 1)}


def doc(uri: str = URI) -> dict[str, str]:
    return {"uri": uri}


def replace(client: Client, version: int, start: dict[str, int], end: dict[str, int], text: str, uri: str = URI) -> None:
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                             "contentChanges": [{"range": {"start": start, "end": end}, "text": text}]})


def test_the_server_announces_what_it_does():
    c = Client()
    capabilities = c.start()["capabilities"]
    assert c.close() == 0
    for provider in ("hoverProvider", "definitionProvider", "referencesProvider", "completionProvider",
                     "documentFormattingProvider"):
        assert capabilities.get(provider) is not None


def test_diagnostics_follow_the_edits_with_codes_and_ranges(client):
    client.open(URI, WALK, 1)
    assert client.diagnostics(URI, 1) == []
    # `steps += 1` -> `stepz += 1`: not a state variable (WG307), its range the name
    start = at(WALK, "steps += 1", "steps")
    replace(client, 2, start, {**start, "character": start["character"] + 5}, "stepz")
    [d] = client.diagnostics(URI, 2)
    assert d["code"] == "WG307" and d["severity"] == 1 and d["source"] == "worldgen"
    assert "stepz" in d["message"]
    assert d["range"] == {"start": start, "end": {**start, "character": start["character"] + 5}}
    replace(client, 3, start, {**start, "character": start["character"] + 5}, "steps")
    assert client.diagnostics(URI, 3) == []


def test_a_syntax_error_is_reported_at_its_place(client):
    uri = "file:///work/broken.wg"
    client.open(uri, WALK.replace("horizon 20", "horizon"), 1)
    [d] = client.diagnostics(uri, 1)
    assert d["code"] == "WG101"
    assert d["range"]["start"]["line"] == WALK[: WALK.index("horizon 20")].count("\n") + 1


def test_hover_definition_and_references(client):
    client.open(URI, WALK, 10)
    client.diagnostics(URI, 10)
    hover = client.request("textDocument/hover", {"textDocument": doc(), "position": at(WALK, "do at", "at")})["result"]
    assert "state at: room = room[0]" in hover["contents"]["value"]
    use = at(WALK, "far: {far(to)}", "far(")
    defs = client.request("textDocument/definition", {"textDocument": doc(), "position": use})["result"]
    assert [d["range"]["start"] for d in defs] == [at(WALK, "def far", "far"), at(WALK, "quick { def far", "far")]
    refs = client.request("textDocument/references", {"textDocument": doc(), "position": use,
                                                       "context": {"includeDeclaration": False}})["result"]
    assert len(refs) == 4 and all(r["uri"] == URI for r in refs)
    with_decls = client.request("textDocument/references", {"textDocument": doc(), "position": use,
                                                             "context": {"includeDeclaration": True}})["result"]
    assert sorted(map(str, with_decls)) == sorted(map(str, refs + defs))  # the uses and both declarations


def test_while_the_text_does_not_parse_its_last_good_version_answers(client):
    client.open(URI, WALK, 70)
    client.diagnostics(URI, 70)
    end = at(WALK, "horizon 20", "20")
    replace(client, 71, end, {**end, "character": end["character"] + 2}, "")  # `horizon` without steps
    [d] = client.diagnostics(URI, 71)
    assert d["code"] == "WG101"
    broken = WALK.replace("horizon 20", "horizon ")
    use = at(broken, "reward 1 when far(at)", "far")
    hover = client.request("textDocument/hover", {"textDocument": doc(), "position": use})["result"]
    assert "def far(r: room)" in hover["contents"]["value"]
    defs = client.request("textDocument/definition", {"textDocument": doc(), "position": use})["result"]
    assert [d["range"]["start"] for d in defs] == [at(broken, "def far", "far")]  # the axis's is below the edit


def test_completion_offers_names_in_scope_and_keywords(client):
    client.open(URI, WALK, 20)
    items = client.request("textDocument/completion", {"textDocument": doc(),
                                                        "position": at(WALK, "do at = at2", "do")})["result"]["items"]
    labels = {i["label"] for i in items}
    assert {"to", "at2", "at", "steps", "far", "room", "when", "do", "say"} <= labels


def test_formatting_is_fmt(client):
    from worldgen.syntax.printer import format_source

    messy = WALK.replace("  horizon 20", "  horizon     20")
    client.open(URI, messy, 30)
    [edit] = client.request("textDocument/formatting", {"textDocument": doc(),
                                                         "options": {"tabSize": 2, "insertSpaces": True}})["result"]
    assert edit["newText"] == format_source(messy) and edit["range"]["start"] == {"line": 0, "character": 0}


def test_formatting_a_document_that_does_not_parse_is_an_error_response(client):
    client.open(URI, "world {", 40)
    response = client.request("textDocument/formatting", {"textDocument": doc(), "options": {"tabSize": 2, "insertSpaces": True}})
    assert response["error"]["code"] == -32803 and "cannot format" in response["error"]["message"]


# ---------------------------------------------------------------------------------- bad input


def still_serving(client: Client) -> None:
    client.open(URI, WALK, 100)
    assert client.diagnostics(URI, 100) == []
    hover = client.request("textDocument/hover", {"textDocument": doc(), "position": at(WALK, "do at", "at")})
    assert "state at" in hover["result"]["contents"]["value"]


@pytest.mark.parametrize("body, code", [
    (b"{this is not json", -32700),
    (b"\xff\xfe not utf-8", -32700),
    (b"[1, 2, 3]", -32600),
    (b'{"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": {"position": "here"}}', -32602),
])
def test_a_malformed_message_gets_an_error_response_and_the_server_reads_on(client, body, code):
    client.send_raw(body)
    error = client.wait(lambda m: "error" in m)
    assert error["error"]["code"] == code
    if code == -32602:
        assert error["id"] == 7
    else:
        assert error["id"] is None
    still_serving(client)


def test_a_request_for_a_position_outside_the_document_is_an_error_response(client):
    client.open(URI, WALK, 50)
    response = client.request("textDocument/hover", {"textDocument": doc(), "position": {"line": 9999, "character": 0}})
    assert response["error"]["code"] == -32602 and "outside the document" in response["error"]["message"]
    still_serving(client)


def test_an_edit_outside_the_document_is_refused_with_a_message_and_the_text_kept(client):
    client.open(URI, WALK, 60)
    client.diagnostics(URI, 60)
    replace(client, 61, {"line": 500, "character": 0}, {"line": 501, "character": 0}, "junk")
    shown = client.wait(lambda m: m.get("method") == "window/showMessage")
    assert shown["params"]["type"] == 1 and "refused" in shown["params"]["message"]
    hover = client.request("textDocument/hover", {"textDocument": doc(), "position": at(WALK, "do at", "at")})
    assert "state at" in hover["result"]["contents"]["value"]  # the text is as it was
    still_serving(client)


def test_a_megabyte_document_is_diagnosed_and_the_server_reads_on(client):
    uri = "file:///work/huge.wg"
    huge = WALK + "# " + "x" * (1 << 20) + "\n"
    client.open(uri, huge, 1)
    [d] = client.diagnostics(uri, 1)
    assert d["code"] == "WG103"
    response = client.request("textDocument/hover", {"textDocument": doc(uri), "position": at(WALK, "do at", "at")})
    assert response["result"] is None  # nothing parsed: no names to show
    still_serving(client)


def test_an_unknown_method_is_an_error_response(client):
    assert client.request("worldgen/nothing", {})["error"]["code"] == -32601
    still_serving(client)
