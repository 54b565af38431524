"""The JSON-lines protocol, independent of transport: one request line in, one reply line out.

``Protocol.handle`` never raises and always answers: malformed JSON, a wrong field, an unknown
op, world or session, or a bug in a world all become ``{"id", "error": {"code", "message"}}``
replies, so a client can match every request to a reply. The transports (``stdio``, ``http``)
only frame lines; they call ``handle`` for each line and ``too_long`` for a line over the limit.
Not thread-safe: a transport serving several connections calls it under one lock.
"""

from __future__ import annotations

import itertools
import json
import sys
import traceback
from collections.abc import Sequence

from pydantic import ValidationError

from worldgen.errors import WorldgenError
from worldgen.ir.world import World
from worldgen.runtime.env import Env
from worldgen.serve.keys import repeated_key
from worldgen.serve.limits import MAX_LINE, MAX_SESSIONS
from worldgen.serve.messages import (
    OPS, REQUEST, CloseReply, CloseRequest, ErrorBody, ErrorReply, ListReply, ListRequest, Reply,
    ResetReply, ResetRequest, StepReply, StepRequest, WorldEntry, dump,
)

IDLE_ENVS = 16  # per world: runtimes kept from closed sessions for reuse


class ProtocolError(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


class _Session:
    __slots__ = ("world", "env")

    def __init__(self, world: str, env: Env):
        self.world = world
        self.env = env


class Protocol:
    """The worlds a server offers and its open sessions (each session runs one runtime Env;
    runtimes of closed sessions are reused, since a reset restores everything about them).

    Every world's runtime is built once here, so a world that cannot run (a reward amount that is
    not a finite number within ±MAX_REWARD in an edited artifact, say) stops the server at load
    with the reason, instead of answering every ``reset`` with an internal error."""

    def __init__(self, worlds: Sequence[tuple[str, World]], max_sessions: int = MAX_SESSIONS):
        self.worlds = dict(worlds)
        self.max_sessions = max_sessions
        self.sessions: dict[str, _Session] = {}
        self._idle: dict[str, list[Env]] = {name: [_runtime(name, world)] for name, world in self.worlds.items()}
        self._ids = (f"s{n}" for n in itertools.count(1))
        self._listing = ListReply(id=None, worlds=[
            WorldEntry(id=i, scaffold=w.scaffold.name, title=w.scaffold.title, axes=w.axes, params=w.params)
            for i, w in self.worlds.items()
        ])

    # ------------------------------------------------------------------------------- lines
    def handle(self, line: bytes | str) -> str:
        """The reply (one JSON text, no newline) to one request line."""
        request_id = None
        try:
            try:
                request = REQUEST.validate_json(line)
            except ValidationError as err:
                return dump(ErrorReply(id=_request_id(line), error=_invalid(err)))
            request_id = request.id
            repeated = repeated_key(line, request.model_fields_set | {"op"})
            if repeated is not None:
                raise ProtocolError("parse_error", f"not JSON this server takes: the key {json.dumps(repeated)} appears twice")
            if isinstance(request, StepRequest):  # the hot path first
                reply: Reply = self.step(request)
            elif isinstance(request, ResetRequest):
                reply = self.reset(request)
            elif isinstance(request, CloseRequest):
                reply = self.close(request)
            else:
                reply = self.list_worlds(request)
            return dump(reply)
        except ProtocolError as err:
            return dump(ErrorReply(id=request_id, error=ErrorBody(code=err.code, message=str(err))))
        except Exception as err:  # noqa: BLE001 - a bug must cost one reply, not the server
            traceback.print_exc(file=sys.stderr)
            message = f"internal error ({err!r}); the server logged a traceback"  # repr: always encodable
            return dump(ErrorReply(id=request_id, error=ErrorBody(code="internal_error", message=message)))

    @staticmethod
    def too_long(size: int) -> str:
        """The reply to a request line that was not read because it is over ``MAX_LINE`` bytes."""
        message = f"request line of {size} bytes is over the limit of {MAX_LINE} bytes; it was skipped"
        return dump(ErrorReply(id=None, error=ErrorBody(code="line_too_long", message=message)))

    # ------------------------------------------------------------------------------- ops
    def step(self, request: StepRequest) -> StepReply:
        session = self._session(request.session)
        obs, reward, terminated, truncated, info = session.env.step(request.command)
        return StepReply(id=request.id, observation=obs, reward=reward, terminated=terminated,
                         truncated=truncated, info=info.copy())  # a dict: validated into Info

    def reset(self, request: ResetRequest) -> ResetReply:
        """Open or restart a session. A session that starts on a world without a seed plays the
        world's own seed, so its episodes never depend on which runtime it was given."""
        if request.session is None:
            if len(self.sessions) >= self.max_sessions:
                raise ProtocolError("too_many_sessions", f"{len(self.sessions)} sessions are open (the limit); "
                                                         "close some, or restart one with reset + \"session\"")
            world = self._world(request.world)
            name = next(self._ids)
            session = self.sessions[name] = _Session(world, self._take(world))
            starts = True
        else:
            name = request.session
            session = self._session(name)
            starts = request.world is not None and request.world != session.world
            if starts:
                world = self._world(request.world)
                self._give(session)
                session.world, session.env = world, self._take(world)
        seed = self.worlds[session.world].seed if starts and request.seed is None else request.seed
        obs, info = session.env.reset(seed=seed)
        return ResetReply(id=request.id, session=name, world=session.world, observation=obs, info=info.copy())

    def close(self, request: CloseRequest) -> CloseReply:
        self._give(self._session(request.session))
        del self.sessions[request.session]
        return CloseReply(id=request.id, session=request.session, closed=True)

    def list_worlds(self, request: ListRequest) -> ListReply:
        return self._listing.model_copy(update={"id": request.id})

    # ------------------------------------------------------------------------------- runtimes
    def _take(self, world: str) -> Env:
        """A runtime for ``world``: an idle one if there is one (compiling rules costs ~1 ms)."""
        idle = self._idle.get(world)
        return idle.pop() if idle else self.worlds[world].env()

    def _give(self, session: _Session) -> None:
        """Keep a session's runtime for the next session on its world (up to IDLE_ENVS each)."""
        idle = self._idle.setdefault(session.world, [])
        if len(idle) < IDLE_ENVS:
            idle.append(session.env)

    # ------------------------------------------------------------------------------- lookups
    def _session(self, name: str) -> _Session:
        session = self.sessions.get(name)
        if session is None:
            raise ProtocolError("unknown_session", f"no open session {name!r}; reset opens one (it may have been closed)")
        return session

    def _world(self, world: str | None) -> str:
        if world is None:
            if len(self.worlds) == 1:
                return next(iter(self.worlds))
            raise ProtocolError("invalid_request", f"reset needs \"world\": this server has {len(self.worlds)} worlds "
                                                   "(op \"list\" names them)")
        if world not in self.worlds:
            raise ProtocolError("unknown_world", f"no world {world!r} here; op \"list\" names the {len(self.worlds)} available")
        return world


def _runtime(name: str, world: World) -> Env:
    try:
        return world.env()
    except WorldgenError as err:
        raise WorldgenError(f"world {name}: cannot run: {err}") from None


def _invalid(err: ValidationError) -> ErrorBody:
    """A validation failure as the error a client can act on."""
    first = err.errors()[0]
    kind, loc = first["type"], first["loc"]
    if kind in ("json_invalid", "string_unicode"):
        return ErrorBody(code="parse_error", message=f"not JSON: {first['msg'].removeprefix('Invalid JSON: ')}")
    if kind == "union_tag_invalid":
        op = first.get("ctx", {}).get("tag")
        return ErrorBody(code="unknown_op", message=f"unknown op {op!r}; ops are {', '.join(OPS)}")
    if kind == "union_tag_not_found":
        return ErrorBody(code="invalid_request", message=f"a request needs \"op\": one of {', '.join(OPS)}")
    if not loc:
        return ErrorBody(code="invalid_request", message="a request must be a JSON object with an \"op\"")
    op, field = loc[0], ".".join(str(p) for p in loc[1:2])
    if kind == "missing":
        message = f"{op} request: missing field \"{field}\""
    elif kind == "extra_forbidden":
        message = f"{op} request: unknown field \"{field}\""
    elif field == "id":  # a union: pydantic's first error names only its first member
        message = f"{op} request: field \"id\": must be a string, an integer or null"
    else:
        message = f"{op} request: field \"{field}\": {first['msg']}"
    return ErrorBody(code="invalid_request", message=message)


def _request_id(line: bytes | str) -> str | int | None:
    """The id of a request that failed validation, if one can be read (to match the reply)."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return None
    value = data.get("id") if isinstance(data, dict) else None
    if isinstance(value, str):
        try:
            value.encode("utf-8")  # json.loads admits lone surrogates ("\\ud800"); a reply cannot carry them
        except UnicodeEncodeError:
            return None
        return value
    return value if isinstance(value, int) and not isinstance(value, bool) else None
