"""Error classes for generated tools when ``mcpforge.runtime`` does not re-export them.

``_template`` imports ``DataError`` / ``InvalidArgumentError`` from the runtime when it offers them (the
same classes the rest of mcpforge raises); otherwise it copies these stand-ins into the tool. Both are
``ValueError``s, so callers that catch the runtime classes by name still see a clear message.
"""

# ---- INLINE ----


class DataError(ValueError):
    """The data cannot be analyzed as asked (stand-in for mcpforge.exceptions.DataError)."""

    def __init__(self, message: str, *, path: str | None = None) -> None:
        super().__init__(message)
        self.path = path


class InvalidArgumentError(ValueError):
    """A tool argument is invalid (stand-in for mcpforge.exceptions.InvalidArgumentError)."""

    def __init__(self, message: str, *, argument: str | None = None) -> None:
        super().__init__(message)
        self.argument = argument
