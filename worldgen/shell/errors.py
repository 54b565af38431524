"""Lines the shell will not run: syntax errors as bash words them, and valid bash outside the subset."""

from __future__ import annotations


class ParseError(Exception):
    """A line the shell will not run: ``message`` is the one line printed, ``status`` the exit
    status (2, as bash gives for syntax errors)."""

    def __init__(self, message: str, status: int = 2):
        super().__init__(message)
        self.message = message
        self.status = status

    def status_after(self, before: int) -> int:
        """The line's exit status, given the status of the line before (``$?``)."""
        return self.status


class ShellSyntaxError(ParseError):
    def __init__(self, detail: str, status: int = 2):
        super().__init__(f"bash: {detail}", status)


class UnterminatedQuote(ShellSyntaxError):
    """A quote left open. Interactive bash (the real face's ``bash -i -c``) gives up at the end
    of the line without setting ``$?`` unless it was 0: the line before's failure stays."""

    def status_after(self, before: int) -> int:
        return before or self.status


class Unsupported(ParseError):
    """Valid bash this world's shell does not run: one line naming the construct."""

    def __init__(self, construct: str):
        super().__init__(f"worldgen shell: {construct} is not supported in this world")


def unexpected(token: str) -> ShellSyntaxError:
    return ShellSyntaxError(f"syntax error near unexpected token `{token}'")


def eof_matching(char: str) -> UnterminatedQuote:
    return UnterminatedQuote(f"unexpected EOF while looking for matching `{char}'")
