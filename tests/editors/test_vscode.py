"""The VS Code extension folder wires the TextMate grammar and `worldgen lsp` to .wg files."""

from __future__ import annotations

import json
import re
from pathlib import Path

from worldgen.cli.main import COMMANDS
from worldgen.syntax.parser import grammar_text

FOLDER = Path(__file__).resolve().parents[2] / "editors" / "vscode"
PACKAGE = json.loads((FOLDER / "package.json").read_text())


def test_the_language_uses_the_grammar_and_the_language_configuration():
    [language] = PACKAGE["contributes"]["languages"]
    [grammar] = PACKAGE["contributes"]["grammars"]
    assert language["extensions"] == [".wg"] and grammar["language"] == language["id"]
    tm = json.loads((FOLDER / grammar["path"]).read_text())
    assert tm["scopeName"] == grammar["scopeName"]
    config = json.loads((FOLDER / language["configuration"]).read_text())
    assert re.search(r'COMMENT: /' + re.escape(config["comments"]["lineComment"]), grammar_text())


def test_the_extension_starts_the_worldgen_language_server():
    setting = PACKAGE["contributes"]["configuration"]["properties"]["worldgen.server.command"]
    assert setting["default"] == ["worldgen", "lsp"] and "lsp" in COMMANDS
    main = (FOLDER / PACKAGE["main"]).read_text()
    assert 'get("server.command")' in main and "vscode-languageclient/node" in main
    assert "vscode-languageclient" in PACKAGE["dependencies"]
    assert PACKAGE["activationEvents"] == ["onLanguage:worldgen"]
