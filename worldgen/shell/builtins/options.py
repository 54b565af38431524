"""getopt_long as GNU tools parse their command lines, shared by every built-in tool.

Combined short flags (``-in``), attached or separate arguments (``-n5``, ``-n 5``), optional
arguments (``-i.bak``: attached only), long options with ``=`` or a separate argument and
unambiguous prefixes (``--ignore``), ``--`` ending the options, and GNU's permutation (options
may follow operands). A ``Spec`` is built once per tool at import; ``parse`` is cheap.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from worldgen.shell.builtins.base import Call

NO, REQUIRED, OPTIONAL = 0, 1, 2


class OptionError(Exception):
    """A bad command line; ``str(err)`` is GNU's diagnostic without the tool's name."""


@dataclass(frozen=True)
class Spec:
    """``short``: getopt's string (``"in:i::"``: ``:`` takes an argument, ``::`` an optional
    one). ``long``: name -> (key, NO|REQUIRED|OPTIONAL); the key is what ``parse`` reports, so
    ``--ignore-case`` and ``-i`` can both report ``"i"``."""

    short: str
    long: dict[str, tuple[str, int]] = field(default_factory=dict)
    shorts: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        shorts: dict[str, int] = {}
        i = 0
        while i < len(self.short):
            ch, i = self.short[i], i + 1
            arity = NO
            if self.short.startswith("::", i):
                arity, i = OPTIONAL, i + 2
            elif self.short.startswith(":", i):
                arity, i = REQUIRED, i + 1
            shorts[ch] = arity
        object.__setattr__(self, "shorts", shorts)


def parse(args: list[str], spec: Spec, *, permute: bool = True) -> tuple[list[tuple[str, str | None]], list[str]]:
    """(options in order as (key, argument), operands). Raises ``OptionError``. Without
    ``permute`` the options end at the first operand, as for a tool whose operands are a
    command line of their own (``xargs -n1 grep -l x``: ``-l`` is grep's)."""
    opts: list[tuple[str, str | None]] = []
    operands: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "--":
            operands.extend(args[i:])
            break
        if arg.startswith("--"):
            i = _long(arg[2:], args, i, spec, opts)
        elif arg.startswith("-") and arg != "-":
            i = _short(arg, args, i, spec, opts)
        elif permute:
            operands.append(arg)
        else:
            operands.extend(args[i - 1:])
            break
    return opts, operands


def _short(arg: str, args: list[str], i: int, spec: Spec, opts: list[tuple[str, str | None]]) -> int:
    j = 1
    while j < len(arg):
        ch = arg[j]
        arity = spec.shorts.get(ch)
        if arity is None:
            raise OptionError(f"invalid option -- '{ch}'")
        rest = arg[j + 1:]
        if arity == NO:
            opts.append((ch, None))
            j += 1
            continue
        if rest or arity == OPTIONAL:
            opts.append((ch, rest or None))
        elif i < len(args):
            opts.append((ch, args[i]))
            i += 1
        else:
            raise OptionError(f"option requires an argument -- '{ch}'")
        break
    return i


def _long(body: str, args: list[str], i: int, spec: Spec, opts: list[tuple[str, str | None]]) -> int:
    name, eq, value = body.partition("=")
    if name in spec.long:
        full = name
    else:
        matches = [n for n in spec.long if n.startswith(name)]
        if len({spec.long[n] for n in matches}) > 1:
            listed = " ".join(f"'--{n}'" for n in matches)
            raise OptionError(f"option '--{name}' is ambiguous; possibilities: {listed}")
        if not matches:
            raise OptionError(f"unrecognized option '--{body}'")
        full = matches[0]
    key, arity = spec.long[full]
    if arity == NO and eq:
        raise OptionError(f"option '--{full}' doesn't allow an argument")
    if arity == REQUIRED and not eq:
        if i >= len(args):
            raise OptionError(f"option '--{full}' requires an argument")
        value, i = args[i], i + 1
    opts.append((key, value if (eq or arity == REQUIRED) else None))
    return i


def usage_error(call: Call, message: str, status: int = 1, usage: str = "") -> int:
    """GNU's answer to a bad command line: the message, an optional usage line, and the
    pointer to ``--help``."""
    if message:
        call.err(message)
    if usage:
        call.stderr.append(usage + "\n")
    call.stderr.append(f"Try '{call.name} --help' for more information.\n")
    return status


def trouble(call: Call, message: str) -> int:
    """diffutils' answer to a bad command line (``cmp``, ``diff``): exit 2, and its Try line
    carries the tool's name too."""
    call.err(message)
    call.err(f"Try '{call.name} --help' for more information.")
    return 2


def ascii_digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits: ``str.isdigit`` also takes '²' and other
    scripts' digits, which GNU tools do not read as numbers (and ``int`` rejects or misreads)."""
    return text.isascii() and text.isdigit()


HUGE = 10**20  # past every C integer type GNU reads a number into (uintmax_t ends near 1.8e19)
INT32_MAX = (1 << 31) - 1
INTMAX = (1 << 63) - 1
UINTMAX = (1 << 64) - 1


def integer(text: str) -> int:
    """``int(text)`` of a decimal the caller has checked (sign, digits, blanks), of any length:
    one of more than 20 digits is ``HUGE`` (or ``-HUGE``), as far past any C integer as GNU
    cares, without Python's refusal of numbers over 4,300 digits (and its quadratic cost)."""
    body = text.strip()
    digits = body.lstrip("+-").lstrip("0") or "0"
    value = HUGE if len(digits) > 20 else int(digits)
    return -value if body.startswith("-") else value


def number(text: str, what: str) -> int:
    """A non-negative decimal count (``-n 10``), or OptionError with GNU's wording."""
    if not ascii_digits(text):
        raise OptionError(f"invalid {what}: '{text}'")
    return integer(text)


class Options:
    """A tool's options in getopt's notation, for tools that print GNU's complaint and stop:
    ``short`` letters (a letter followed by ``:`` takes an argument, ``"n:v"``); ``long``: name ->
    key reported for it, a name ending in ``=`` taking an argument (``{"lines=": "n"}``)."""

    def __init__(self, short: str, long: dict[str, str] | None = None):
        self.spec = Spec(short, {name.rstrip("="): (key, REQUIRED if name.endswith("=") else NO)
                                 for name, key in (long or {}).items()})

    def parse(self, call: Call, args: list[str] | None = None) -> tuple[list[tuple[str, str | None]], list[str]] | None:
        """(options in order as (key, argument or None), operands) of ``args`` (by default
        ``call.argv[1:]``); None after printing GNU's complaint and its ``Try`` line."""
        try:
            return parse(call.argv[1:] if args is None else args, self.spec)
        except OptionError as err:
            usage(call, str(err))
            return None


def usage(call: Call, problem: str) -> None:
    """GNU's two lines for a command line it cannot use."""
    usage_error(call, problem)


def missing(call: Call, operands: list[str], least: int = 1) -> bool:
    """Whether there are fewer than ``least`` operands, after GNU's complaint: "missing operand",
    or "missing operand after 'X'" once some are there."""
    if len(operands) >= least:
        return False
    usage(call, f"missing operand after {call.quote(operands[-1])}" if operands else "missing operand")
    return True


def decimal(text: str) -> int | None:
    """An option's unsigned decimal argument (ASCII digits only, as GNU reads them), or None.
    A number too long to matter comes back as ``HUGE``, so a tool can say it is out of range
    without converting a megabyte of digits."""
    return integer(text) if ascii_digits(text) else None
