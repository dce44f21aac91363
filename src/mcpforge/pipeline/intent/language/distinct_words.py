""" "Años distintos", "années différentes", "clients distincts": "distinct" after a noun the translation put
in English.

French and Spanish put "différents" / "distintos" after the noun they qualify. ``postposed.move_postposed``
moves it before a noun written as in the file (a column's name, a concept such as "comtés"); a noun the
translation itself put in English ("años" → "years", "clientes" → "customers") is no name, so "distinct"
stayed behind it ("how many years distinct"), and the count asked rows or distinct values although the
request said which. Here it moves before that noun too: "how many distinct years". Only before a plural
noun (what a distinct count counts), never across anything else.
"""

from __future__ import annotations

_DISTINCT = "distinct"


def distinct_before_its_noun(out: dict[int, str]) -> None:
    """Move each "distinct" right after a translated plural noun to before it (in ``out``)."""
    for i in sorted(out):
        if out[i] != _DISTINCT:
            continue
        before = max((k for k in out if k < i and out[k]), default=None)
        if before is None or any(k not in out for k in range(before + 1, i)):
            continue  # a word as written stands between them
        noun = out[before]
        if " " in noun or not noun.isalpha() or not noun.endswith("s"):
            continue
        out[before] = f"{_DISTINCT} {noun}"
        out[i] = ""
