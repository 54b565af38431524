"""The wire messages of ``worldgen serve``: one pydantic model per request and reply.

These models are the protocol's single source of truth: requests are validated with them, replies
are serialised through them, and the JSON Schemas in ``schemas/`` (and ``docs/protocol.md``) are
generated from them (``python -m worldgen.serve.schemas``). Requests are strict (no type
coercion, no unknown fields), so a typo is an error the client sees rather than a silent default.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

MAX_SEED = 2**63 - 1  # the seeds numpy's and Python's generators take alike, as a signed 64-bit int
RequestId = Annotated[str | int | None, Field(description="Any string or integer; echoed in the reply.")]


class Request(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    id: RequestId = None


class ResetRequest(Request):
    """Start an episode. Without ``session``, opens a new session; with one, restarts it."""

    op: Literal["reset"]
    world: str | None = Field(None, description="A world id from `list`. Optional when the server has one "
                                                 "world, or when restarting a session on the same world.")
    seed: int | None = Field(None, ge=0, le=MAX_SEED,
                             description="Episode seed (run-time chance), 0 to 2^63-1. Omitted: a session starting on a "
                                         "world plays the world's seed; a restart continues its stream.")
    session: str | None = Field(None, description="Restart this session instead of opening a new one.")


class StepRequest(Request):
    """Send one command to a session."""

    op: Literal["step"]
    session: str
    command: str


class CloseRequest(Request):
    """End a session and free it."""

    op: Literal["close"]
    session: str


class ListRequest(Request):
    """The worlds this server can run."""

    op: Literal["list"]


AnyRequest = Annotated[ResetRequest | StepRequest | CloseRequest | ListRequest, Field(discriminator="op")]
REQUEST = TypeAdapter(AnyRequest)
OPS = ("reset", "step", "close", "list")


class Reply(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: RequestId


class Info(BaseModel):
    """The runtime's ``info``: ``admissible`` lists the commands valid now (empty once the episode terminated; one truncated at its horizon keeps its state's list)."""

    model_config = ConfigDict(extra="allow")

    valid: bool = Field(description="The command parsed and its preconditions held (false on reset).")
    action: str | None = Field(description="The action that ran, or null.")
    step: int = Field(description="Steps taken in this episode.")
    success: bool = Field(description="The goal holds.")
    admissible: list[str]
    instruction: str | None = Field(None, description="The task, on reset only.")
    error: str | None = Field(None, description="Why a valid command's effect was refused (rare), if it was.")
    exit_status: int = Field(0, description="The line's exit status, as a shell's $? (0: it worked, 1: refused, "
                             "2: a usage or syntax error, 127: command not found); absent on reset.")


class ResetReply(Reply):
    session: str
    world: str
    observation: str
    info: Info


class StepReply(Reply):
    observation: str
    reward: float
    terminated: bool
    truncated: bool
    info: Info


class CloseReply(Reply):
    session: str
    closed: Literal[True]


class WorldEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    scaffold: str
    title: str
    axes: dict[str, str]
    params: dict[str, int | bool | str]


class ListReply(Reply):
    worlds: list[WorldEntry]


ErrorCode = Literal[
    "parse_error", "invalid_request", "unknown_op", "line_too_long", "unknown_world", "unknown_session",
    "too_many_sessions", "internal_error",
    # HTTP transport only, with the matching status
    "not_found", "method_not_allowed", "length_required", "body_too_large", "bad_http", "too_many_connections",
]


class ErrorBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: ErrorCode
    message: str


class ErrorReply(Reply):
    error: ErrorBody


def dump(reply: Reply) -> str:
    """One reply as one JSON line (no newline). Every reply field is required, so excluding unset
    fields only drops the optional ``info`` keys a step did not produce."""
    return reply.model_dump_json(exclude_unset=True)
