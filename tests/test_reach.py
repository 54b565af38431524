"""A refused connection fails at once, naming the URL, for every OpenAI-compatible client."""

from __future__ import annotations

import socket
import time

import pytest

from worldgen.errors import WorldgenError
from worldgen.reach import check_reachable


@pytest.fixture
def closed_url() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def test_a_closed_port_is_an_error_naming_the_url_in_well_under_two_seconds(closed_url: str) -> None:
    started = time.perf_counter()
    with pytest.raises(WorldgenError, match=f"^{closed_url}: error: connection refused: nothing listens on 127.0.0.1:"):
        check_reachable(closed_url)
    assert time.perf_counter() - started < 2


def test_a_listening_port_and_the_public_api_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        check_reachable(f"http://127.0.0.1:{server.getsockname()[1]}/v1")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    check_reachable(None)  # api.openai.com: not probed


def test_a_proxied_url_is_left_to_the_client(closed_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("http_proxy", "http://proxy.invalid:3128")
    monkeypatch.setenv("no_proxy", "")
    check_reachable(closed_url)


def test_content_policy_and_proposer_clients_refuse_a_closed_port(closed_url: str) -> None:
    import worldgen
    from tests.conftest import ROOT
    from worldgen.content.cache import ContentCache
    from worldgen.content.providers.openai_chat import ChatSettings, OpenAIChatProvider
    from worldgen.content.validate import Validator
    from worldgen.flywheel.llm_proposer import LLMProposer, LLMSettings
    from worldgen.rollouts.policies.openai_agent import OpenAIPolicy, OpenAISettings

    ir = worldgen.load(ROOT / "scaffolds" / "vault.wg").ir
    for make in (lambda: OpenAIChatProvider(ir, Validator(ir), 0, ChatSettings(model="m", base_url=closed_url), ContentCache(None)),
                 lambda: OpenAIPolicy(OpenAISettings(model="m", base_url=closed_url)),
                 lambda: LLMProposer(LLMSettings(model="m", base_url=closed_url))):
        with pytest.raises(WorldgenError, match=f"^{closed_url}: error: connection refused"):
            make()
