"""How risky a parsed pattern is for a backtracking engine: user patterns run on world text, and
nested or ambiguous repetition (``(a+)+$``) can take exponential time. Such shapes are refused;
for the rest the degree (how many unbounded repeats can fight over the same characters) bounds
the polynomial cost that ``Regex.too_costly`` weighs against the text."""

from __future__ import annotations

from collections.abc import Iterator

from worldgen.shell.builtins.regex_tree import ANY, Alt, Group, Lit, Node, RegexError, Repeat, Seq, Set, Zero

Chars = frozenset[str] | None  # None: any character (or unknown)


def _edge(node: Node, icase: bool, last: bool) -> Chars:
    """The characters a non-empty match of ``node`` can start (``last``: end) with."""
    match node:
        case Lit(char):
            return frozenset((char.lower(), char.upper())) if icase else frozenset(char)
        case Set(_, chars):
            return chars if chars is None or not icase else frozenset(c for x in chars for c in (x.lower(), x.upper()))
        case Group(body):
            return _edge(body, icase, last)
        case Seq(items):
            solid = [i for i in items if not isinstance(i, Zero)]
            if not solid:
                return ANY
            end = solid[-1] if last else solid[0]
            return _edge(end, icase, last) if not _nullable(end) else ANY
        case Alt(branches):
            return _union([_edge(b, icase, last) for b in branches])
        case Repeat(body):
            return _edge(body, icase, last)
    return ANY


def _union(sets: list[Chars]) -> Chars:
    if any(s is None for s in sets):
        return ANY
    return frozenset().union(*sets)  # type: ignore[arg-type]


def _nullable(node: Node) -> bool:
    match node:
        case Zero():
            return True
        case Repeat(body, low):
            return low == 0 or _nullable(body)
        case Group(body):
            return _nullable(body)
        case Seq(items):
            return all(_nullable(i) for i in items)
        case Alt(branches):
            return any(_nullable(b) for b in branches)
    return False


def _overlap(a: Chars, b: Chars) -> bool:
    return a is None or b is None or bool(a & b)


def _children(node: Node) -> list[Node]:
    match node:
        case Group(body) | Repeat(body):
            return [body]
        case Seq(items):
            return items
        case Alt(branches):
            return branches
    return []


def _walk(node: Node) -> Iterator[Node]:
    yield node
    for child in _children(node):
        yield from _walk(child)


def _fighting(node: Node, icase: bool, varying: bool, skip: Repeat | None = None) -> int:
    """How many repeats inside ``node`` (but ``skip``) can compete for the same characters:
    unbounded ones (``varying=False``) or any of varying count (``varying=True``)."""
    sets = [_edge(sub.body, icase, False) for sub in _walk(node)
            if isinstance(sub, Repeat) and sub is not skip and (sub.high is None or (varying and sub.low != sub.high))]
    return max((sum(1 for other in sets if _overlap(mine, other)) for mine in sets), default=0)


def _exponential(repeat: Repeat, icase: bool) -> bool:
    """Whether repeating ``repeat.body`` can split one run of text in exponentially many ways:
    alternatives that start alike, repeats inside it that fight, or a varying body whose end
    can also start the next round (``(a+)+``, ``(\\w+\\s?)+``)."""
    body = repeat.body
    for sub in _walk(body):
        if isinstance(sub, Alt):
            edges = [_edge(b, icase, False) for b in sub.branches]
            if any(_overlap(x, y) for n, x in enumerate(edges) for y in edges[n + 1:]):
                return True
    if _fighting(body, icase, varying=True) >= 2:
        return True
    core = body
    while isinstance(core, Group):
        core = core.body
    if isinstance(core, Repeat) and core.low != core.high:
        return True  # ((ab)*)*: one run of the inner repeat splits across outer rounds
    varies = any(isinstance(sub, Repeat) and sub.low != sub.high for sub in _walk(body))
    return varies and _overlap(_edge(body, icase, True), _edge(body, icase, False))


MAX_SPLITS = 1 << 14  # ways bounded repeats may split one run of text between them (a?a?a?...: 2 each)


def _splits(tree: Node, icase: bool) -> int:
    """The most ways the bounded repeats of varying count that can take the same characters may
    share a run of text (each repeat ``{lo,hi}`` can end in hi - lo + 1 places): ``a?`` thirty
    times before thirty ``a`` tries 2^30 splits on a backtracking engine, though no repeat is
    nested or unbounded."""
    bounded = [(_edge(sub.body, icase, False), sub.high - sub.low + 1) for sub in _walk(tree)
               if isinstance(sub, Repeat) and sub.high is not None and sub.low != sub.high]
    most = 1
    for mine, _ in bounded:
        ways = 1
        for other, count in bounded:
            if _overlap(mine, other):
                ways *= count
                if ways > MAX_SPLITS:
                    return ways
        most = max(most, ways)
    return most


def check_risk(tree: Node, icase: bool) -> int:
    """Refuse exponential shapes; return the polynomial degree (how many unbounded repeats can
    fight over the same characters, less what the pattern's ends rule out: see ``_ends``)."""
    for sub in _walk(tree):
        if isinstance(sub, Repeat) and (sub.high is None or sub.high > 8) and _exponential(sub, icase):
            raise RegexError("pattern refused: nested repetition such as (a+)+ can take exponential time")
    if _splits(tree, icase) > MAX_SPLITS:
        raise RegexError("pattern refused: so many optional or bounded repeats over the same characters (a?a?a?...) "
                         "can take exponential time")
    anchored, trailing = _ends(tree)
    return max(_fighting(tree, icase, varying=False, skip=trailing) - anchored, 0)


def _ends(tree: Node) -> tuple[int, Repeat | None]:
    """What the ends of a pattern spare a backtracking search: a leading ``^`` tries only line
    starts, not every position (one factor of the line's length fewer: ``Regex.too_costly``
    counts the starts as the degree's ``+ 1``); the repeat a pattern ends with, if it is ``.*``
    (before ``$`` or nothing), always matches, so it runs once, on success, and never backtracks
    (``.*\\[\\(.*\\)\\].*``, the classic extraction, is degree 2, not 3)."""
    items = tree.items if isinstance(tree, Seq) else [tree]
    anchored = int(bool(items) and items[0] == Zero("^"))
    last: Node | None = tree
    while isinstance(last, (Group, Seq)):
        if isinstance(last, Group):
            last = last.body
            continue
        solid = [i for i in last.items if not isinstance(i, Zero)]
        last = solid[-1] if solid else None
    trailing = last if (isinstance(last, Repeat) and last.high is None and isinstance(last.body, Set)
                        and last.body.source == ".") else None
    return anchored, trailing


def breadth(tree: Node) -> int:
    """How many alternatives a backtracking engine may try at each position of the text: each
    ``|`` adds one (the engine has no DFA to try them at once, as GNU grep does)."""
    return 1 + sum(len(sub.branches) - 1 for sub in _walk(tree) if isinstance(sub, Alt))
