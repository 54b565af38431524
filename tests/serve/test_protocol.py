"""The protocol without a transport: every op, every error, many sessions, schemas that match."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from tests.conftest import ROOT
from tests.serve.conftest import check_reply
from tests.worldfiles import example_worlds
from worldgen.serve.protocol import Protocol
from worldgen.serve.schemagen import FOLDER, message_schemas, render


@pytest.fixture
def protocol() -> Protocol:
    return Protocol([(w.id, w) for w in example_worlds()])


def ask(protocol: Protocol, request: dict[str, Any]) -> dict[str, Any]:
    reply = json.loads(protocol.handle(json.dumps(request)))
    check_reply(request, reply)
    return reply


def test_list_reset_step_close(protocol: Protocol) -> None:
    worlds = ask(protocol, {"id": 1, "op": "list"})["worlds"]
    assert [w["id"] for w in worlds] == [w.id for w in example_worlds()]
    world = example_worlds()[0]
    reset = ask(protocol, {"id": "r", "op": "reset", "world": world.id, "seed": 4})
    expected_obs, expected_info = world.env().reset(seed=4)
    assert (reset["id"], reset["world"], reset["observation"]) == ("r", world.id, expected_obs)
    assert reset["info"] == dict(expected_info)
    session = reset["session"]
    command = reset["info"]["admissible"][0]
    step = ask(protocol, {"id": 2, "op": "step", "session": session, "command": command})
    env = world.env()
    env.reset(seed=4)
    obs, reward, terminated, truncated, info = env.step(command)
    assert step == {"id": 2, "observation": obs, "reward": reward, "terminated": terminated,
                    "truncated": truncated, "info": dict(info)}
    assert ask(protocol, {"op": "close", "session": session}) == {"id": None, "session": session, "closed": True}
    assert ask(protocol, {"op": "step", "session": session, "command": "look"})["error"]["code"] == "unknown_session"


def test_interleaved_sessions_do_not_disturb_each_other(protocol: Protocol) -> None:
    """Six sessions on six worlds, stepped round-robin, match six episodes played one by one."""
    def episode(world_id: str, steps: int, interleave: list[str] | None = None) -> list[str]:
        session = ask(protocol, {"op": "reset", "world": world_id, "seed": 2})
        trace = [session["observation"]]
        for _ in range(steps):
            adm = session["info"]["admissible"]
            session = {**session, **ask(protocol, {"op": "step", "session": session["session"], "command": adm[-1] if adm else "x"})}
            trace.append(session["observation"])
        return trace

    alone = {w.id: episode(w.id, 10) for w in example_worlds()}
    sessions = {w.id: ask(protocol, {"op": "reset", "world": w.id, "seed": 2}) for w in example_worlds()}
    traces = {world_id: [s["observation"]] for world_id, s in sessions.items()}
    for _ in range(10):
        for world_id, s in sessions.items():
            adm = s["info"]["admissible"]
            reply = ask(protocol, {"op": "step", "session": s["session"], "command": adm[-1] if adm else "x"})
            sessions[world_id] = {**s, **reply}
            traces[world_id].append(reply["observation"])
    assert traces == alone
    assert len(protocol.sessions) == 12


def test_reset_restarts_a_session_and_can_switch_its_world(protocol: Protocol) -> None:
    a, b = example_worlds()[0], example_worlds()[3]
    first = ask(protocol, {"op": "reset", "world": a.id, "seed": 1})
    again = ask(protocol, {"op": "reset", "session": first["session"], "seed": 1})
    assert (again["session"], again["world"], again["observation"]) == (first["session"], a.id, first["observation"])
    switched = ask(protocol, {"op": "reset", "session": first["session"], "world": b.id, "seed": 1})
    assert switched["world"] == b.id and switched["observation"] == b.env().reset(seed=1)[0]
    assert len(protocol.sessions) == 1


def test_a_new_session_plays_the_same_whatever_runtime_it_reuses(protocol: Protocol) -> None:
    """Closed sessions' runtimes are reused; a chance-driven world still replays exactly."""
    world = next(w for w in example_worlds() if w.axes.get("flakiness") == "flaky")
    commands = world.env().commands[:6] * 5

    def episode(first: dict[str, Any]) -> list[str]:
        trace = [first["observation"]]
        trace += [ask(protocol, {"op": "step", "session": first["session"], "command": c})["observation"] for c in commands]
        return trace

    env = world.env()
    expected = [env.reset()[0]] + [env.step(c)[0] for c in commands]
    for _ in range(3):  # a new session, then the same runtime again after close
        session = ask(protocol, {"op": "reset", "world": world.id})
        assert episode(session) == expected
        ask(protocol, {"op": "close", "session": session["session"]})
    other = ask(protocol, {"op": "reset", "world": example_worlds()[0].id})  # switch a session onto the world
    assert episode(ask(protocol, {"op": "reset", "session": other["session"], "world": world.id})) == expected


BAD: list[tuple[bytes, Any, str, str]] = [
    (b"this is not json", None, "parse_error", "not JSON"),
    (b'{"id": 1, "op": "reset"', None, "parse_error", "not JSON"),
    (b"\xff\xfe{}", None, "parse_error", "not JSON"),
    (b"[1, 2]", None, "invalid_request", "JSON object"),
    (b'{"id": 3}', 3, "invalid_request", "needs \"op\""),
    (b'{"id": "u", "op": "fly"}', "u", "unknown_op", "unknown op 'fly'"),
    (b'{"id": 5, "op": "step", "session": "s1"}', 5, "invalid_request", "missing field \"command\""),
    (b'{"id": 6, "op": "step", "session": "s1", "command": 7}', 6, "invalid_request", "field \"command\""),
    (b'{"id": 7, "op": "reset", "seed": "3"}', 7, "invalid_request", "field \"seed\""),
    (b'{"id": 8, "op": "list", "verbose": true}', 8, "invalid_request", "unknown field \"verbose\""),
    (b'{"id": true, "op": "list"}', None, "invalid_request", "field \"id\": must be a string, an integer or null"),
    (b'{"id": 7.5, "op": "list"}', None, "invalid_request", "field \"id\": must be a string, an integer or null"),
    (b'{"id": 9, "op": "step", "session": "nope", "command": "look"}', 9, "unknown_session", "no open session 'nope'"),
    (b'{"id": 10, "op": "close", "session": "nope"}', 10, "unknown_session", "no open session"),
    (b'{"id": 11, "op": "reset", "world": "atlantis"}', 11, "unknown_world", "no world 'atlantis'"),
    (b'{"id": 12, "op": "reset"}', 12, "invalid_request", "needs \"world\""),
    (b'{"id": "\\ud800", "op": "list"}', None, "parse_error", "not JSON"),
    ('{"id": "été", "op": "lis"}'.encode(), "été", "unknown_op", "unknown op 'lis'"),
    (b'{"id": 13, "op": "reset", "world": "w", "seed": -1}', 13, "invalid_request", "field \"seed\""),
    (b'{"id": 14, "op": "reset", "world": "w", "seed": 9223372036854775808}', 14, "invalid_request", "field \"seed\""),
    (b'{"id": 15, "op": "step", "session": "s1", "session": "s2", "command": "look"}', 15, "parse_error",
     'the key "session" appears twice'),
    (b'{"id": 16, "op": "step", "session": "s1", "sess\\u0069on": "s2", "command": "look"}', 16, "parse_error",
     'the key "session" appears twice'),
]


@pytest.mark.parametrize(("line", "request_id", "code", "message"), BAD, ids=[b[0].decode("latin-1")[:30] for b in BAD])
def test_bad_requests_get_error_replies(protocol: Protocol, line: bytes, request_id: Any, code: str, message: str) -> None:
    reply = json.loads(protocol.handle(line))
    check_reply(None, reply)
    assert reply["id"] == request_id and reply["error"]["code"] == code
    assert message in reply["error"]["message"]


def test_session_limit_and_internal_errors_are_replies(protocol: Protocol, monkeypatch: pytest.MonkeyPatch) -> None:
    small = Protocol([(w.id, w) for w in example_worlds()[:1]], max_sessions=2)
    sessions = [ask(small, {"op": "reset"})["session"] for _ in range(2)]
    assert ask(small, {"id": "x", "op": "reset"})["error"]["code"] == "too_many_sessions"
    ask(small, {"op": "close", "session": sessions[0]})
    assert "session" in ask(small, {"op": "reset"})

    def broken(command: str) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(small.sessions[sessions[1]].env, "step", broken)
    reply = ask(small, {"id": 4, "op": "step", "session": sessions[1], "command": "look"})
    assert reply["id"] == 4 and reply["error"]["code"] == "internal_error" and "boom" in reply["error"]["message"]
    assert ask(small, {"op": "list"})["worlds"]


def test_too_long_reply() -> None:
    reply = json.loads(Protocol.too_long(5_000_000))
    check_reply(None, reply)
    assert reply["error"]["code"] == "line_too_long" and "5000000 bytes" in reply["error"]["message"]


def test_schema_files_and_docs_match_the_message_models() -> None:
    docs = (ROOT / "docs" / "protocol.md").read_text("utf-8")
    schemas = message_schemas()
    assert sorted(p.name for p in FOLDER.glob("*.json")) == sorted(schemas)
    for name, schema in schemas.items():
        jsonschema.Draft202012Validator.check_schema(schema)
        assert (FOLDER / name).read_text("utf-8") == render(schema), f"{name} is stale: python -m worldgen.serve.schemagen"
        assert render(schema) in docs, f"docs/protocol.md lacks the current schema of {name}"


def test_the_transcript_in_the_docs_is_valid() -> None:
    """docs/protocol.md shows requests (">> "), broken requests ("?> ") and replies ("<< "): requests
    and replies validate against their schemas, and every broken request gets an error reply."""
    docs = (ROOT / "docs" / "protocol.md").read_text("utf-8")
    lines = [(line[:3], line[3:]) for line in docs.splitlines() if line.startswith((">> ", "?> ", "<< "))]
    assert len(lines) >= 20
    for (mark, request), (reply_mark, reply) in zip(lines[::2], lines[1::2]):
        assert reply_mark == "<< " and mark in (">> ", "?> ")
        if mark == ">> ":
            message = json.loads(request)
            schema = json.loads((FOLDER / f"{message['op']}.request.json").read_text())
            jsonschema.Draft202012Validator(schema).validate(message)
            check_reply(message, json.loads(reply))
        else:
            assert "error" in json.loads(reply)
            check_reply(None, json.loads(reply))
