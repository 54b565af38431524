"""Reading a command out of a model's reply."""

from __future__ import annotations

import pytest

from worldgen.agent.commands import parse_command

KNOWN = {"go hall", "go north hall", "take brass key", "unlock vault"}


@pytest.mark.parametrize(("reply", "command"), [
    ("go hall", "go hall"),
    ("Take  Brass Key ", "Take  Brass Key"),  # a bare command (a tool call's argument) is sent as written
    ("  Go   Hall \n", "Go   Hall"),
    ("```\ntake brass key\n```", "take brass key"),
    ("> unlock vault", "unlock vault"),
    ('"go hall".', "go hall"),
    ("Command: `take brass key`", "take brass key"),
    ("- go north hall", "go north hall"),
    ("<think>maybe go hall?</think>unlock vault", "unlock vault"),
    ("I think the best move is to go north hall now.", "go north hall"),
    ("Let me look around first.\nunlock vault", "unlock vault"),
    ("Let me try `take brass key`, then go hall.", "take brass key"),
    ("Sure: (unlock vault)!", "unlock vault"),
    ("dance wildly", "dance wildly"),  # unknown: sent as is, the world says it does not understand
    ("", ""),
])
def test_replies_become_commands(reply: str, command: str) -> None:
    assert parse_command(reply, KNOWN) == command
