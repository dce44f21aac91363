"""Words that say again what the reading already computes: "the country where price *varied* the most"
(beside its standard deviation), "the number of *reported* breaches", "gross state product (*GSP*)".

Each of these words, left over, used to refuse the request as a stranger ("it names no column, value or
analysis term"). A stranger is refused because it may carry a condition the file cannot express ("Nordic
countries", "married men", "suspicious-person stops"). The words here cannot: each class passes only on
positive evidence that the reading already does what the word says, so it is a word of discourse
(discourse.py) and the reading names it as not used. ("Separately" under a grouping is the same kind of
word; restated_scope.py reads it.)

1. **A verb of variation** ("varied", "varies", "schwankt", "varie", "varía") when the reading measures
   a dispersion (a standard deviation or a variance) of a column: how much it varied is that measure.
   Beside any other measure (a mean, a total) the verb asks for a change and stays content
   (ranking_verbs.py keeps "vary" among the verbs of change).
2. **A participle of recording** ("reported", "recorded", "logged", "documented") right before
   the noun of what the reading counts, when the reading counts rows: every row of the file is a recorded
   one. "registered", "listed", "confirmed", "verified" and the like are not here: they can pick rows
   (registered users, not guests; listed companies, not unlisted ones).
3. **An acronym of words of the request** ("GSP" after "gross state product", "(AP)" after "average
   price"): the initials, letter for letter, of consecutive words written in the same request. It says
   nothing those words do not say, and they are accounted for one by one.

A word that resembles a column name or a category value of the data is content before any of this
(discourse.py checks that first).
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.models import Intent
from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.quantities.ratios import row_noun
from mcpforge.pipeline.intent.words import ENTITY_WORDS, ColumnResolver, singular, tokenize

_VARY = frozenset({"vary", "varies", "varied", "varying", "fluctuate", "fluctuates", "fluctuated",
                   "fluctuating", "variiert", "variierte", "variierten", "variieren", "schwankt",
                   "schwankte", "schwankten", "schwanken", "varie", "varient", "variait", "variaient",
                   "fluctue", "fluctuent", "fluctuait", "varia", "varian", "variaba", "variaban", "vario",
                   "variaron", "fluctua", "fluctuan"})  # fmt: skip
_DISPERSION = frozenset({"std", "pstd", "var", "pvar"})
_RECORDED = frozenset({"reported", "recorded", "logged", "documented"})
_COUNTING_OPS = frozenset({"group_count", "value_distribution", "crosstab"})
_MIN_ACRONYM, _MAX_ACRONYM = 2, 6


def restates_the_reading(tokens: list[str], i: int, intent: Intent, resolver: ColumnResolver) -> bool:
    """Whether ``tokens[i]`` says again what ``intent`` already computes (see the module's classes)."""
    return (
        _varied(tokens[i], intent)
        or _recorded(tokens, i, intent, resolver)
        or _acronym(tokens, i, intent.request)
    )


def _varied(word: str, intent: Intent) -> bool:
    verb = word.split("-", maxsplit=1)[0]  # "varie-t-il": the French inverted question
    return verb in _VARY and any(m.func in _DISPERSION and m.column for m in intent.metrics)


def _recorded(tokens: list[str], i: int, intent: Intent, resolver: ColumnResolver) -> bool:
    if tokens[i] not in _RECORDED or i + 1 >= len(tokens):
        return False
    rows = any(m.func == "count" and not m.column for m in intent.metrics)
    counts = intent.operation in _COUNTING_OPS or rows
    nxt = singular(tokens[i + 1])
    return counts and (nxt in ENTITY_WORDS or nxt == row_noun(resolver))


def _acronym(tokens: list[str], i: int, request: str) -> bool:
    """Written in capitals ("GSP", not "gsp" or "Gsp") and spelled out letter for letter in the request.

    The spelled-out words are looked for in the request as written: the reading may already have put a
    column's placeholder in their place.
    """
    word = tokens[i]
    if not (_MIN_ACRONYM <= len(word) <= _MAX_ACRONYM and word.isalpha()) or word in FUNCTION_WORDS:
        return False
    if not re.search(rf"(?<![A-Za-z]){word.upper()}(?![A-Za-z])", request):
        return False
    written = [t for t in tokenize(request) if t != word]
    width = len(word)
    for start in range(len(written) - width + 1):
        run = written[start : start + width]
        if all(t.isalpha() and len(t) > 1 for t in run) and "".join(t[0] for t in run) == word:
            return True
    return False
