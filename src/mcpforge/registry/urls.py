"""A registry setting that is a URL: which ones name PostgreSQL, and how one is shown.

Below every other registry module (it imports none), so both the opener (``open.py``) and a backend
(``postgres/``) can use it without an import circle. A URL is never shown with its password: every
message and log line that names one goes through :func:`mask_url`.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
_MASK = "***"
_SECRET_PARAMETERS = frozenset({"password", "passwd", "sslpassword"})


def is_postgres_url(value: str) -> bool:
    """Whether ``value`` names a PostgreSQL database rather than a folder."""
    return value.strip().lower().startswith(POSTGRES_SCHEMES)


def mask_url(url: str) -> str:
    """``url`` with its password (in the user part or a ``password=`` parameter) shown as ``***``.

    Anything that is not a URL (a folder) is returned as it is.
    """
    scheme, sep, rest = url.partition("://")
    if not sep:
        return url
    head, question, query = rest.partition("?")
    userinfo, at, after = head.rpartition("@")  # the password may itself hold an "@" or a "/"
    if at and ":" in userinfo:
        head = f"{userinfo.split(':', 1)[0]}:{_MASK}@{after}"
    if question:
        pairs = parse_qsl(query, keep_blank_values=True)
        if any(key.lower() in _SECRET_PARAMETERS for key, _ in pairs):
            masked = [(key, _MASK if key.lower() in _SECRET_PARAMETERS else value) for key, value in pairs]
            query = urlencode(masked, safe="*")
    return f"{scheme}{sep}{head}{question}{query}"


def without_password(url: str) -> str:
    """``url`` with no password at all: what may be written to a file (``mcpforge init``).

    The password then comes from ``PGPASSWORD`` or ``~/.pgpass``, which psycopg reads as libpq does.
    """
    scheme, sep, rest = url.partition("://")
    if not sep:
        return url
    head, question, query = rest.partition("?")
    userinfo, at, after = head.rpartition("@")
    if at and ":" in userinfo:
        head = f"{userinfo.split(':', 1)[0]}@{after}"
    if question:
        pairs = [
            (k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k.lower() not in _SECRET_PARAMETERS
        ]
        query = urlencode(pairs)
        question = "?" if query else ""
    return f"{scheme}{sep}{head}{question}{query}"
