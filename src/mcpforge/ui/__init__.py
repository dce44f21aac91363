"""The review page: a local web page with the staging inbox, each candidate's reading, result, code,
spec, validation and history, and Approve / Reject — the person's decision, like ``mcpforge review``.

``serve_ui`` binds 127.0.0.1 only and prints a URL with a one-time secret token; see ``_security`` for
what guards the page and ``app`` for what it does.
"""

from mcpforge.ui.serve import UIServer, serve_ui

__all__ = ["UIServer", "serve_ui"]
