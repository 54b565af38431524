"""A chat tokenizer and a tiny causal LM made on the spot, so TRL runs offline with no download.

The tokenizer is byte-level with no merges (every byte one token, decoding gives the text back
exactly) plus the special tokens of TRL's own Qwen3 chat template, which TRL recognises: it knows
how to render tools in that template and how to parse the model's ``<tool_call>`` blocks back.
"""

from __future__ import annotations

from pathlib import Path

import trl
from tokenizers import Tokenizer, decoders, models, pre_tokenizers
from transformers import PreTrainedTokenizerFast, Qwen3Config, Qwen3ForCausalLM

SPECIALS = ["<|im_start|>", "<|im_end|>", "<|endoftext|>", "<tool_call>", "</tool_call>", "<think>", "</think>",
            "<tool_response>", "</tool_response>"]


def qwen3_tokenizer() -> PreTrainedTokenizerFast:
    alphabet = sorted(pre_tokenizers.ByteLevel.alphabet())
    tok = Tokenizer(models.BPE(vocab={c: i for i, c in enumerate(alphabet)}, merges=[]))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)
    tok.decoder = decoders.ByteLevel()
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=tok, eos_token="<|im_end|>", pad_token="<|endoftext|>",
                                        additional_special_tokens=SPECIALS)
    tokenizer.chat_template = (Path(trl.__file__).parent / "chat_templates" / "qwen3.jinja").read_text("utf-8")
    return tokenizer


def tiny_model(tokenizer: PreTrainedTokenizerFast) -> Qwen3ForCausalLM:
    """Random weights, one layer of width 16: enough for a training step, far too small to play."""
    config = Qwen3Config(vocab_size=len(tokenizer), hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                         num_attention_heads=2, num_key_value_heads=1, head_dim=8, max_position_embeddings=32768,
                         pad_token_id=tokenizer.pad_token_id, eos_token_id=tokenizer.eos_token_id)
    return Qwen3ForCausalLM(config)
