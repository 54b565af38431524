"""Estimated cost of tokens: list prices in USD per million tokens, matched by model-name prefix.

Prices change; these are OpenAI list prices of 2025 and only feed the manifest's estimate. Local
servers (vLLM, Ollama, llama.cpp) have no price: cost is unknown (null) unless ``--price-in`` and
``--price-out`` are given. The Batch API is billed at half price.
"""

from __future__ import annotations

from dataclasses import dataclass

# model prefix -> (input, output) USD per 1M tokens
LIST_PRICES: dict[str, tuple[float, float]] = {
    "gpt-3.5-turbo": (0.50, 1.50),
    "gpt-4o": (2.50, 10.00),
    "gpt-4o-mini": (0.15, 0.60),
    "gpt-4.1": (2.00, 8.00),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1-nano": (0.10, 0.40),
    "gpt-5": (1.25, 10.00),
    "gpt-5-mini": (0.25, 2.00),
    "gpt-5-nano": (0.05, 0.40),
    "o3": (2.00, 8.00),
    "o4-mini": (1.10, 4.40),
}
BATCH_DISCOUNT = 0.5


@dataclass(frozen=True)
class Price:
    input_per_m: float
    output_per_m: float

    def cost(self, prompt_tokens: int, completion_tokens: int) -> float:
        return (prompt_tokens * self.input_per_m + completion_tokens * self.output_per_m) / 1_000_000


def price_for(model: str, input_per_m: float | None = None, output_per_m: float | None = None, *, batch: bool = False) -> Price | None:
    """The price of a model (explicit prices win over the table), or None when unknown."""
    if input_per_m is not None and output_per_m is not None:
        return Price(input_per_m, output_per_m)
    matches = [p for p in LIST_PRICES if model == p or model.startswith(p + "-")]
    if not matches:
        return None
    inp, out = LIST_PRICES[max(matches, key=len)]
    factor = BATCH_DISCOUNT if batch else 1.0
    return Price(inp * factor, out * factor)
