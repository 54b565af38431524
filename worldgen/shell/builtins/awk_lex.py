"""awk's program text as tokens: numbers, decoded strings, regular expressions (a ``/`` that
follows no operand opens one), names, keywords, built-in names and operators, with newlines kept
only where they end a statement. Errors read as mawk's, raised as ``AwkSyntaxError``."""

from __future__ import annotations

import re
from dataclasses import dataclass


class AwkSyntaxError(Exception):
    """``str(err)`` is the message after ``awk: ``."""


BUILTINS = frozenset("length substr index split tolower toupper sprintf int sub gsub match "
                     "sqrt exp log sin cos atan2 rand srand close system".split())
KEYWORDS = frozenset("BEGIN END if else while for do break continue next exit delete in print printf "
                     "function getline return nextfile".split())
_TOKEN = re.compile(r"""
    (?P<space>[ \t\r]+|\\\r?\n|\#[^\n]*)
  | (?P<newline>\n)
  | (?P<number>(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<string>")
  | (?P<op>\+=|-=|\*=|/=|%=|\^=|\*\*=|\*\*|==|<=|>=|!=|!~|&&|\|\||\+\+|--|>>|[-+*/%^!<>=~?:,;{}()\[\]$|])
""", re.VERBOSE)
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "/": "/", "a": "\a", "b": "\b",
           "f": "\f", "v": "\v"}
_OCTAL = re.compile(r"[0-7]{1,3}")
# after these a newline is not a terminator
_CONTINUES = frozenset({",", "{", "&&", "||", "do", "else"})
# after these a "/" divides; elsewhere it opens a regular expression
_OPERAND_END = frozenset({"number", "string", "name", "builtin", "regex", ")", "]", "$", "++", "--"})


@dataclass(slots=True)
class Token:
    kind: str  # number string regex name builtin newline eof, a keyword, or the operator itself
    text: str
    line: int
    value: object = None


def _string(src: str, i: int, line: int) -> tuple[str, int]:
    """The decoded string constant whose opening quote is at ``i - 1``, and the index after it."""
    out: list[str] = []
    start = i
    while i < len(src):
        ch = src[i]
        if ch == '"':
            return "".join(out), i + 1
        if ch == "\n":
            break
        if ch == "\\" and i + 1 < len(src):
            nxt = src[i + 1]
            octal = _OCTAL.match(src, i + 1)
            if octal:
                out.append(chr(int(octal.group(), 8)))
                i = octal.end()
                continue
            if nxt == "\n":
                i += 2
                continue
            out.append(ESCAPES.get(nxt, "\\" + nxt))
            i += 2
            continue
        out.append(ch)
        i += 1
    raise AwkSyntaxError(f'line {line}: runaway string constant "{src[start:start + 10]} ...')


def _regex(src: str, i: int, line: int) -> tuple[str, int]:
    """The ERE whose opening slash is at ``i - 1``: ``\\/`` is a slash and the C escapes are
    their characters; other backslashes stay for the regex dialect. Brackets may hold ``/``."""
    out: list[str] = []
    start = i
    in_bracket = False
    while i < len(src):
        ch = src[i]
        if ch == "\n":
            break
        if ch == "/" and not in_bracket:
            return "".join(out), i + 1
        if ch == "\\" and i + 1 < len(src):
            nxt = src[i + 1]
            out.append(nxt if nxt == "/" else ESCAPES[nxt] if nxt in "ntrfv" else "\\" + nxt)
            i += 2
            continue
        if ch == "[" and not in_bracket:
            in_bracket = True
            j = i + 1 + (src.startswith("^", i + 1))
            if src.startswith("]", j):  # a leading ] is a member
                out.append(src[i:j + 1])
                i = j + 1
                continue
        elif ch == "]" and in_bracket:
            in_bracket = False
        out.append(ch)
        i += 1
    raise AwkSyntaxError(f"line {line}: runaway regular expression /{src[start:start + 10]} ...")


def tokenize(src: str) -> list[Token]:
    tokens: list[Token] = []
    i, line = 0, 1
    while i < len(src):
        m = _TOKEN.match(src, i)
        if m is None:
            raise AwkSyntaxError(f"line {line}: syntax error at or near {src[i]}")
        kind = m.lastgroup
        text = m.group()
        i = m.end()
        prev = tokens[-1].kind if tokens else ""
        if kind == "space":
            line += text.count("\n")
            continue
        if kind == "newline":
            if prev not in _CONTINUES and prev != "newline" and tokens:
                tokens.append(Token("newline", "\n", line))
            line += 1
            continue
        if kind == "number":
            tokens.append(Token("number", text, line, float(text)))
        elif kind == "name":
            kind = "keyword" if text in KEYWORDS else "builtin" if text in BUILTINS else "name"
            tokens.append(Token(text if kind == "keyword" else kind, text, line))
        elif kind == "string":
            value, i = _string(src, i, line)
            tokens.append(Token("string", text, line, value))
        elif text == "/" and prev not in _OPERAND_END:
            value, i = _regex(src, i, line)
            tokens.append(Token("regex", "/" + value + "/", line, value))
        elif text == "/=" and prev not in _OPERAND_END:
            value, i = _regex(src, i - 1, line)
            tokens.append(Token("regex", "/" + value + "/", line, value))
        else:
            tokens.append(Token(text, text, line))
    tokens.append(Token("eof", "end of file", line))
    return tokens
