"""Options that reach an OpenAI-compatible endpoint: a value no request could use is exit 2 at
once (a port 'abc' was an internal error, a URL without http:// minutes of retries)."""

from __future__ import annotations

import argparse

import pytest

from worldgen.cli.llm_options import endpoint, price, seconds, temperature
from worldgen.cli.main import main


@pytest.mark.parametrize("url", ["http://localhost:8000/v1", "https://api.example.com/v1", "http://127.0.0.1:9/v1"])
def test_an_http_url_with_a_host_is_an_endpoint(url: str) -> None:
    assert endpoint(url) == url


@pytest.mark.parametrize("url", ["127.0.0.1:18102/v1", "notaurl", "http://127.0.0.1:abc/v1", "http://:80/v1",
                                 "ftp://host/v1", "http://host:99999/v1"])
def test_anything_else_is_refused_naming_the_form(url: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="expected an http.s. URL such as http://localhost:8000/v1"):
        endpoint(url)


@pytest.mark.parametrize(("parse", "good", "bad"), [
    (seconds, ["0.5", "120"], ["0", "-1", "nan", "inf", "x"]),
    (price, ["0", "2.5"], ["-3", "nan", "inf"]),
    (temperature, ["0", "0.7", "2"], ["-3", "2.1", "nan"]),
])
def test_numbers_are_checked_against_what_a_request_can_use(parse, good: list[str], bad: list[str]) -> None:
    assert [parse(text) for text in good] == [float(text) for text in good]
    for text in bad:
        with pytest.raises(argparse.ArgumentTypeError):
            parse(text)


@pytest.mark.parametrize(("options", "said"), [
    (["--provider", "openai"], "--model is required with --provider openai"),
    (["--provider", "openai", "--model", "m", "--price-in", "3"], "--price-in and --price-out go together"),
    (["--import-results", "r.jsonl"], "--import-results needs --provider openai-batch"),
])
def test_content_options_that_cannot_work_together_are_usage_errors(tmp_path, capsys, options: list[str], said: str) -> None:
    assert main(["content", "scaffolds/vault.wg", "-n", "2", "-o", str(tmp_path / "p"), *options]) == 2
    assert said in capsys.readouterr().err and not (tmp_path / "p").exists()
