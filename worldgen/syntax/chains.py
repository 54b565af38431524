"""Long ``or``/``and`` chains regrouped as balanced trees, so that a flat chain is not deep.

The grammar reads ``a or b or c`` left-associatively, as ``(a or b) or c``: a chain of 400 terms
would be a tree 400 deep, and every later stage (the AST transformer, the checker, the IR's
serialisation, the code generator) walks trees recursively. ``or`` and ``and`` are associative,
value and short-circuit order included (``(a or b) or c`` and ``a or (b or c)`` try a, b, c in
turn and give the first true one), so any grouping means the same. Each cluster of one operator
(parenthesised parts included) is made canonical: up to ``LEFT_CHAIN`` terms as the grammar reads
them, longer ones as a balanced tree whose depth grows with log2 of the terms. The printer prints
a cluster flat, so formatting keeps the tree. Arithmetic is not regrouped: ``"n=" + 1 + 2`` (text)
and sums of reals depend on the order of their operations.
"""

from __future__ import annotations

from lark import Token, Tree
from lark.tree import Meta

LEFT_CHAIN = 16  # a chain of at most this many terms keeps the grammar's left-leaning shape
CHAINS = frozenset({"or_", "and_"})  # the parse-tree rules of the associative operators

Node = Tree | Token


def balance_chains(tree: Tree) -> Tree:
    """``tree`` with every ``or``/``and`` cluster in canonical shape (see the module docstring).
    Iterative: a deeply nested input cannot exhaust the stack here."""
    holder = Tree("hole", [tree])  # a template hole may be one chain
    todo: list[Tree] = [holder]
    while todo:
        node = todo.pop()
        for i, child in enumerate(node.children):
            if not isinstance(child, Tree):
                continue
            if child.data in CHAINS:  # regroup the cluster, then look inside its terms (not again at it)
                terms = _terms(child)
                node.children[i] = _canonical(child.data, terms)
                todo.extend(t for t in terms if isinstance(t, Tree))
            else:
                todo.append(child)
    return holder.children[0]


def _terms(cluster: Tree) -> list[Node]:
    """The operands of a cluster of one operator, left to right."""
    terms: list[Node] = []
    todo: list[Node] = [cluster]
    while todo:
        node = todo.pop()
        if isinstance(node, Tree) and node.data == cluster.data:
            todo.extend(reversed(node.children))
        else:
            terms.append(node)
    return terms


def _canonical(rule: str, terms: list[Node]) -> Tree:
    """The terms joined left-leaning (few) or as a balanced tree (many); iterative."""
    if len(terms) <= LEFT_CHAIN:
        joined = terms[0]
        for term in terms[1:]:
            joined = _join(rule, joined, term)
        return joined  # type: ignore[return-value] - a cluster has at least two terms
    level = terms
    while len(level) > 1:
        pairs = [_join(rule, level[i], level[i + 1]) for i in range(0, len(level) - 1, 2)]
        level = pairs + level[len(pairs) * 2:]
    return level[0]  # type: ignore[return-value]


def _join(rule: str, left: Node, right: Node) -> Tree:
    meta = Meta()
    first, last = _meta(left), _meta(right)
    meta.empty = False
    meta.line, meta.column, meta.start_pos = first.line, first.column, first.start_pos
    meta.end_line, meta.end_column, meta.end_pos = last.end_line, last.end_column, last.end_pos
    return Tree(rule, [left, right], meta)


def _meta(node: Node) -> Token | Meta:
    return node if isinstance(node, Token) else node.meta
