"""The parser: a line's structure, its words as typed and as quoted, and bash's syntax errors."""

from __future__ import annotations

import time

import pytest

from worldgen.shell.ast import Lit, Param, Tilde
from worldgen.shell.errors import ParseError, ShellSyntaxError, Unsupported
from worldgen.shell.parser import parse, parse_uncached


def words(line: str) -> list[str | None]:
    """The literal value of each word of the line's only command (None: needs expansion)."""
    (item,) = parse(line).items
    return [w.literal for w in item.first.commands[0].words]


def error(line: str) -> ParseError:
    with pytest.raises(ParseError) as got:
        parse_uncached(line)
    return got.value


# ----------------------------------------------------------------------------- quoting
def test_blanks_separate_words_and_quotes_join_them():
    assert words("echo  a   b") == ["echo", "a", "b"]
    assert words("echo 'a  b' \"c d\" e\\ f") == ["echo", "a  b", "c d", "e f"]
    assert words("echo a'b'\"c\"") == ["echo", "abc"]


def test_single_quotes_keep_everything_literal():
    assert words(r"""echo '$HOME \n "x"'""") == ["echo", r'$HOME \n "x"']


def test_double_quotes_escape_only_dollar_backquote_quote_and_backslash():
    assert words(r'echo "a\$b \"q\" \\ \n"') == ["echo", r'a$b "q" \ \n']


def test_empty_quotes_are_an_empty_word():
    assert words("echo '' \"\"") == ["echo", "", ""]


def test_backslash_newline_joins_lines():
    assert words("echo a\\\nb") == ["echo", "ab"]


def test_ansi_c_quotes_decode_escapes():
    assert words(r"echo $'a\tb\n' $'it\'s'") == ["echo", "a\tb\n", "it's"]


def test_expansions_are_parts_that_remember_their_quoting():
    (item,) = parse('echo $A "$B" ${C:-x y} ~/d').items
    a, b, c, d = item.first.commands[0].words[1:]
    assert a.parts == (Param("A"),)
    assert b.parts == (Param("B", quoted=True),)
    assert c.parts == (Param("C", ":-", (Lit("x y"),)),)
    assert d.parts == (Tilde(""), Lit("/d"))


def test_a_dollar_without_a_name_is_literal():
    assert words("echo $ a$ '$'") == ["echo", "$", "a$", "$"]


def test_globs_are_noticed_only_unquoted():
    (item,) = parse("ls *.log '*.txt' \\*").items
    assert [w.globs for w in item.first.commands[0].words] == [False, True, False, False]


def test_comments_run_to_the_end_of_the_line():
    assert words("echo a # b c") == ["echo", "a"]
    assert words("echo a#b") == ["echo", "a#b"]


# ----------------------------------------------------------------------------- structure
def test_lists_and_or_chains_and_pipelines():
    script = parse("a | b && c || d; e\nf")
    assert len(script.items) == 3
    first = script.items[0]
    assert len(first.first.commands) == 2
    assert [op for op, _ in first.rest] == ["&&", "||"]


def test_newlines_may_follow_operators():
    assert len(parse("a &&\n b |\n c").items) == 1


def test_assignments_prefix_a_command_or_stand_alone():
    (item,) = parse("A=1 B='x y' env").items
    cmd = item.first.commands[0]
    assert [(n, v.literal) for n, v in cmd.assigns] == [("A", "1"), ("B", "x y")]
    assert [w.literal for w in cmd.words] == ["env"]
    (item,) = parse("echo A=1").items
    assert item.first.commands[0].assigns == ()


def test_redirections_in_order_with_their_descriptors():
    (item,) = parse("cmd >out 2>&1 <in 2>>err &>all >&2").items
    got = [(r.fd, r.op, r.target.literal if r.target else None, r.dup) for r in item.first.commands[0].redirects]
    assert got == [(1, ">", "out", -1), (2, ">&", None, 1), (0, "<", "in", -1), (2, ">>", "err", -1),
                   (1, "&>", "all", -1), (1, ">&", None, 2)]


def test_negated_pipeline():
    assert parse("! false").items[0].first.negated


# ----------------------------------------------------------------------------- here-documents
def test_heredoc_body_is_the_lines_after_the_command():
    script = parse("cat <<EOF | sort\nb $X\na\nEOF\necho next")
    assert len(script.items) == 2
    heredoc = script.items[0].first.commands[0].redirects[0].heredoc
    assert heredoc.expand and heredoc.body.text == "b $X\na\n"


def test_quoted_delimiter_means_no_expansion():
    heredoc = parse("cat <<'EOF'\n$X `y`\nEOF").items[0].first.commands[0].redirects[0].heredoc
    assert not heredoc.expand and heredoc.body.literal == "$X `y`\n"


def test_dash_strips_leading_tabs():
    heredoc = parse("cat <<-EOF\n\t\tx\n\tEOF").items[0].first.commands[0].redirects[0].heredoc
    assert heredoc.body.literal == "x\n"


def test_unterminated_heredoc_warns_as_bash_and_keeps_the_body():
    script = parse("cat <<END\nline")
    assert script.warnings == ("bash: warning: here-document at line 1 delimited by end-of-file (wanted `END')",)
    assert script.items[0].first.commands[0].redirects[0].heredoc.body.literal == "line\n"


# ----------------------------------------------------------------------------- errors
@pytest.mark.parametrize("line, message", [
    ("| a", "bash: syntax error near unexpected token `|'"),
    ("a && || b", "bash: syntax error near unexpected token `||'"),
    ("; a", "bash: syntax error near unexpected token `;'"),
    ("a ;; b", "bash: syntax error near unexpected token `;;'"),
    ("echo >", "bash: syntax error near unexpected token `newline'"),
    ("echo > | x", "bash: syntax error near unexpected token `|'"),
    ("a |", "bash: syntax error: unexpected end of file"),
    ("echo )", "bash: syntax error near unexpected token `)'"),
    ('echo "abc', "bash: unexpected EOF while looking for matching `\"'"),
    ("echo 'abc", "bash: unexpected EOF while looking for matching `''"),
    ("echo ${X", "bash: unexpected EOF while looking for matching `}'"),
    # groups (shell/groups.py)
    ("{ echo a }", "bash: syntax error: unexpected end of file"),  # `}` there is echo's argument
    ("}", "bash: syntax error near unexpected token `}'"),
    ("()", "bash: syntax error near unexpected token `)'"),
    ("(echo a) echo b", "bash: syntax error near unexpected token `echo'"),
    (">f (echo)", "bash: syntax error near unexpected token `('"),
    # functions (shell/functions.py)
    ("f() echo bad", "bash: syntax error near unexpected token `echo'"),
    ("function", "bash: syntax error near unexpected token `newline'"),
    ("f() { echo", "bash: syntax error: unexpected end of file"),
    # (( )) and for (( )) (shell/arith_command.py)
    ("echo ((a))", "bash: syntax error near unexpected token `('"),
    ("for ((i=0;i<3;i++))", "bash: syntax error: unexpected end of file"),
    ("for ((i=0;i<2)); do echo; done", "bash: syntax error: arithmetic expression required\nbash: syntax error: `((i=0;i<2))'"),
    ("for ((a;b;c;d)); do echo; done", "bash: syntax error: `;' unexpected\nbash: syntax error: `((a;b;c;d))'"),
    # [[ ]] (shell/conditional.py)
    ("[[ a == ]]", "bash: unexpected argument `]]' to conditional binary operator"),
    ("[[ -f ]]", "bash: unexpected argument `]]' to conditional unary operator"),
    ("[[ a b ]]", "bash: conditional binary operator expected"),
    ("[[ a", "bash: unexpected EOF while looking for `]]'"),
])
def test_syntax_errors_in_bash_words(line, message):
    err = error(line)
    assert isinstance(err, ShellSyntaxError)
    assert (err.message, err.status) == (message, 2)


@pytest.mark.parametrize("line, construct", [
    ("echo $[1+2]", "arithmetic expansion $[...]"),
    ("select f in *; do echo $f; done", "the 'select' loop"),
    ("case x in x) echo a;& esac", "a case item ended by ;& or ;;& (end it with ;;)"),
    ("case x in x) echo a;;& esac", "a case item ended by ;& or ;;& (end it with ;;)"),
    ("a=(1 2)", "an array assignment NAME=(...)"),
    ("sleep 1 &", "running in the background with &"),
    ("echo ${X@Q}", "the parameter expansion ${NAME@...}"),
    ("diff <(ls) x", "process substitution <(...) / >(...)"),
])
def test_constructs_outside_the_subset_are_named_in_one_line(line, construct):
    err = error(line)
    assert isinstance(err, Unsupported)
    assert (err.message, err.status) == (f"worldgen shell: {construct} is not supported in this world", 2)


def test_keywords_are_only_keywords_in_command_position():
    assert words("echo if then {") == ["echo", "if", "then", "{"]


def test_parses_are_cached_and_errors_too():
    line = "echo cached | cat"
    assert parse(line) is parse(line)
    with pytest.raises(ParseError):
        parse("a |")
    with pytest.raises(ParseError):
        parse("a |")


def test_binary_and_control_bytes_are_characters():
    assert words("echo \x00\x01\x7f\udcff") == ["echo", "\x00\x01\x7f\udcff"]


@pytest.mark.parametrize("line", ["echo " + "x" * 1_000_000, "a|" * 10_000 + "a", "echo '" + "x" * 60_000,
                                  "cat <<EOF\n" + "line\n" * 10_000, "a;" * 2_000, "\"" * 65_000,
                                  "echo " + "{" * 30_000 + "}" * 30_000, "echo " + "{a,b}" * 13 + "x" * 60_000,
                                  "echo " + "{a," * 10_000 + "}" * 10_000, "[[ " + "! " * 30_000 + "a ]]",
                                  "[[ " + "( " * 20_000 + "a ]]", "[[ " + "a && " * 10_000 + "a ]]",
                                  "echo " + "$(case " * 6 + "a)" * 40, "echo " + "$(case a in a) " * 8 + ")" * 30])
def test_hostile_lines_end_in_one_error_fast(line):
    """A guard against runaway (quadratic or worse) parsing, not a speed target: each line
    parses in well under 0.1 s on a quiet machine, so 5 s only trips on a blow-up (a loaded CI
    machine took 0.6 s); bench/fuzz_shell.py measures the worst time per line."""
    start = time.perf_counter()
    try:
        parse_uncached(line)
    except ParseError as err:
        assert "\n" not in err.message
    assert time.perf_counter() - start < 5.0


def test_a_line_nested_past_the_interpreters_depth_is_one_error_not_the_sessions_end():
    with pytest.raises(ParseError, match="^worldgen shell: the line nests too deeply"):
        parse_uncached("echo " + "${X:-" * 3_000 + "x" + "}" * 3_000)
