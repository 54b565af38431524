"""The registry finds every module's COMMANDS by scanning the package."""

from __future__ import annotations

from worldgen.shell.builtins.registry import clashes, tools


def test_the_shells_own_tools_are_registered():
    assert {"echo", "printf", "test", "[", "cat", "pwd", "true", "false", ":"} <= set(tools())


def test_session_commands_are_not_tools():
    assert not {"cd", "export", "unset", "exit"} & set(tools())


def test_no_two_modules_define_the_same_command():
    assert clashes() == {}


def test_each_call_gives_a_fresh_table():
    table = tools()
    table["mine"] = lambda call: 0
    assert "mine" not in tools()
