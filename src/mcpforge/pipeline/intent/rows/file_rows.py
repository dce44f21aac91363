"""What the file's name says its rows are: "polls" over ``polls_us_election_2016.tsv``, "accidents" over
``accidents.csv``.

A plural noun that is the one plural word of the file's name (any case) and names no column and no value
is read as the rows: "How many polls had a sample size above 2000?" counts rows. The reading says so
("each row read as one poll (from the file name)"). A noun that is also a column or a value keeps that
reading: "diseases" over ``us_contagious_diseases.xlsx`` with a ``disease`` column is the column.

"of all the polls" / "of all countries" after a total ("total sample size of all the Ipsos polls",
"the total population of all countries in 1952") adds nothing a sum over the rows does not already say:
with no grouping and no other count in the request, those words are consumed and said back.
"""

from __future__ import annotations

from pathlib import Path

from mcpforge.pipeline.intent.words import ColumnResolver, find_values, singular

STATED = "as stated: "  # the reading says these notes back (reading.py)
_MIN_LETTERS = 4
_SUMS = frozenset({"total", "sum", "combined"})
_GROUPING = frozenset({"per", "each", "every", "by", "group", "grouped"})
_COUNTS = frozenset({"many", "number", "count", "counts"})


def file_nouns(resolver: ColumnResolver) -> frozenset[str]:
    """The plural noun of the file's name, singular: ``b2_polls_us_election_2016.tsv`` → poll (not
    "election": a singular word of the name qualifies it, "How many elections" is not its rows)."""
    stem = Path(resolver.schema.path).stem.lower().replace("-", "_").replace(" ", "_")
    plural = {
        singular(part)
        for part in stem.split("_")
        if part.isalpha() and len(part) >= _MIN_LETTERS and singular(part) != part
    }
    return frozenset(plural) if len(plural) == 1 else frozenset()


def names_file_rows(token: str, resolver: ColumnResolver) -> bool:
    """``polls`` over polls_us_election_2016.tsv: a word of the file's name that names no column; also
    the last word of a name written as one ("stops" over ``mplsstops.parquet``, "accidents" over
    ``trafficaccidents.csv``)."""
    return (
        token.isalpha()
        and _ends_a_file_noun(singular(token), file_nouns(resolver))
        and resolver.resolve(token, fuzzy=False) is None
        and not resolver.candidates(token)
    )


def _ends_a_file_noun(word: str, nouns: frozenset[str]) -> bool:
    return word in nouns or (len(word) >= _MIN_LETTERS and any(noun.endswith(word) for noun in nouns))


def file_row_words(tokens: list[str], resolver: ColumnResolver) -> tuple[list[str], list[str]]:
    """``tokens`` with each plural noun of the file's name (no column, no value) read as "rows"."""
    nouns = file_nouns(resolver)
    if not any(_ends_a_file_noun(singular(token), nouns) for token in tokens):
        return tokens, []
    valued = _values(tokens, resolver)
    out = list(tokens)
    named: list[str] = []
    for i, token in enumerate(tokens):
        if i in valued or singular(token) == token or not names_file_rows(token, resolver):
            continue
        if i > 0 and tokens[i - 1].replace(",", "").isdigit():
            continue  # "at least 100 polls": a count per group, read (and refused) in the person's words
        out[i] = "rows"
        if token not in named:
            named.append(token)
    notes = [f"{STATED}each row read as one {singular(word)} (from the file name)" for word in named]
    return out, notes


def all_of_the_rows(tokens: list[str], resolver: ColumnResolver) -> tuple[list[str], list[str]]:
    """``tokens`` without "of all [the] <rows>" after a total when nothing groups or counts them."""
    if not (_SUMS & set(tokens)) or (_GROUPING | _COUNTS) & set(tokens):
        return tokens, []
    for i in range(len(tokens) - 2):
        if tokens[i] not in {"of", "over", "across"} or tokens[i + 1] != "all":
            continue
        j = i + 2 + (tokens[i + 2] == "the" if i + 2 < len(tokens) else 0)
        k = j
        while k < len(tokens) and k in _values(tokens, resolver):  # "all the Ipsos polls": the value stays
            k += 1
        if k >= len(tokens) or not _the_rows(tokens[k], resolver):
            continue
        said = " ".join(tokens[i : k + 1])
        if j < k:  # "of all the Ipsos polls": the condition stays, "all" goes
            return [*tokens[: i + 1], "the", *tokens[j:k], "rows", *tokens[k + 1 :]], [
                f"{STATED}{said!r} read as the rows where {' '.join(tokens[j:k])!r} holds"
            ]
        rest = [*tokens[:i], *tokens[k + 1 :]]
        return rest, [f"{STATED}{said!r} read as all the rows (a total over them is the same)"]
    return tokens, []


def _values(tokens: list[str], resolver: ColumnResolver) -> set[int]:
    return {k for hit in find_values(tokens, resolver) for k in range(hit.start, hit.start + hit.width)}


def _the_rows(word: str, resolver: ColumnResolver) -> bool:
    """ "rows", "polls" of the file's name, or the plural of a column ("countries" beside ``country``)."""
    if word == "rows" or names_file_rows(word, resolver):
        return True
    return singular(word) != word and resolver.resolve(singular(word), fuzzy=False) is not None
