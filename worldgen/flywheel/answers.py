"""A model's answer made safe to parse and to store: bounded, valid UTF-8, its scaffold found in linear time.

An answer is untrusted input of any size and content: a server that ignores ``max_tokens`` sent
megabytes per turn (one run stored 115 MB of transcripts), a lone surrogate (JSON allows
``"\\ud800"``) made every UTF-8 write fail before the transcript was saved, so each rerun asked
again and lost the tokens, and the regex that found the ```wg block backtracked quadratically
on an answer full of unclosed fences (a 1 MB answer: ~30 minutes).
"""

from __future__ import annotations

from worldgen.llm import clip
from worldgen.validtext import replace_surrogates

MAX_ANSWER_CHARS = 100_000  # ~25,000 tokens: three times the default max_tokens; the longest shipped scaffold is ~10,000
FENCE = "```"


def cleaned(answer: str) -> str:
    """``answer`` clipped to MAX_ANSWER_CHARS (with a marker saying how much was cut), every lone
    surrogate replaced by U+FFFD so the text encodes as UTF-8."""
    return replace_surrogates(clip(answer, MAX_ANSWER_CHARS))


def clipped_note(answer: str) -> str:
    """What the repair turn tells the model about an answer that was cut ("" when it was not)."""
    if len(answer) <= MAX_ANSWER_CHARS:
        return ""
    return (f"Your answer was {len(answer):,} characters; answers are cut at {MAX_ANSWER_CHARS:,}. "
            "Answer with the scaffold only.")


def scaffold(answer: str) -> str:
    """The longest fenced block of ``answer`` (```wg or any fence), else the whole answer when it
    looks like a scaffold, else "". One left-to-right pass over the fences: an opening fence's
    block runs from the end of its line to the next fence."""
    blocks = []
    at = 0
    while (start := answer.find(FENCE, at)) >= 0:
        line_end = answer.find("\n", start + len(FENCE))
        if line_end < 0:
            break
        close = answer.find(FENCE, line_end + 1)
        if close < 0:
            break
        blocks.append(answer[line_end + 1:close])
        at = close + len(FENCE)
    return max(blocks, key=len) if blocks else (answer if "world " in answer else "")
