// Starts `worldgen lsp` (the command in the setting worldgen.server.command) for .wg files.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("worldgen").get("server.command");
  client = new LanguageClient(
    "worldgen",
    "worldgen",
    { command, args },
    { documentSelector: [{ scheme: "file", language: "worldgen" }] },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
