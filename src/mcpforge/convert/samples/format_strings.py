"""Well-formed strings for a string parameter whose meaning is a format (an ISO date, a time, a
duration, a week date, an e-mail address, a URL, a number written as text).

The hint is in the parameter's name, even run together (``datestring``, ``timestring``,
``datetimestring``), or in the words of its or its function's documentation ("ISO 8601 duration").
The strings of the first matching kind are tried in order, each as one sample, until the library
accepts one; a string the library's own doctests pass for the parameter comes before all of them
(keyword_pool.py).
"""

from __future__ import annotations

import re

# Most specific kind first: ``datetime`` before ``date`` and ``time``, ``week`` before ``date``.
_FORMATS: list[tuple[str, list[str]]] = [
    (
        r"datetime|timestamp",
        ["2020-01-15T10:30:00", "2020-01-15T10:30:00+00:00", "2020-01-15 10:30:00", "20200115T103000"],
    ),
    (r"duration|period|interval|timedelta", ["P1DT2H30M", "PT1H30M", "P1Y2M10D", "01:30:00"]),
    (r"week", ["2020-W03-3", "2020W033", "2020-W03"]),
    (r"date", ["2020-01-15", "20200115", "2020-W03-3", "2020-015"]),
    (r"time", ["10:30:00", "10:30:00Z", "T10:30:00", "103000"]),
    (r"e_?mail", ["user@example.com"]),
    (r"url|uri|href|link", ["https://example.com/path?q=1", "http://example.com"]),
    (r"numstr|number_?string|numeral|digits", ["42", "3.14"]),
]
# Words of a description that name a format the parameter's name does not.
_DOC_FORMATS: list[tuple[str, str]] = [
    (r"iso ?8601 (date ?time|datetime)|date and time|datetime string", "datetime"),
    (r"(iso ?8601 )?duration", "duration"),
    (r"week ?date|iso week", "week"),
    (r"iso ?8601 date|date string|calendar date", "date"),
    (r"time string|time of day|iso ?8601 time", "time"),
    (r"e-?mail address", "email"),
    (r"\burl\b|\buri\b|web address", "url"),
]


def format_strings(name: str, doc: str = "") -> list[str]:
    """The well-formed strings to try for parameter ``name`` (its description ``doc``); none when
    neither says the string is a format."""
    parts = [part for part in re.split(r"[_\d]+", name.lower()) if part]
    for pattern, values in _FORMATS:
        # A whole part of the name, alone or run together with "string" (not ``update``, ``timeout``).
        if any(re.fullmatch(rf"(iso)?({pattern})(str|string|text|s)?", part) for part in parts):
            return list(values)
    for pattern, kind in _DOC_FORMATS:
        if re.search(pattern, doc, re.IGNORECASE):
            return next(values for p, values in _FORMATS if re.search(p, kind))
    return []
