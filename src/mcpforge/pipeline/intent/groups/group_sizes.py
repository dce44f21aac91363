"""A condition on the number of rows of each group, applied before the groups are aggregated or ranked.

    "Among islands with more than 60 penguins, which has the highest mean bill length?"
    "Median price per Neighborhood, only neighborhoods with at least 20 rows."
    "Mean delay per airline, only airlines with at least 100 flights" (flights.csv)
    "moyenne par région, seulement les régions avec au moins 50 lignes"
    "Durchschnitt pro Land, nur Gruppen mit mindestens 20 Einträgen"

``<comparison> <number> <noun>`` after "with" / "having" / "that have" is a group size (pandas'
``groupby(key).filter(lambda g: len(g) >= n)``, catalogue/operations/group_size.py) only when the noun
counts the file's rows: a word for rows ("rows", "entries", "records", "observations", "Einträge",
"lignes", "filas"), the plural of the file's name ("penguins" over penguins.csv) or a noun the row-noun
reader (rows/nouns.py) reads as the rows with no question. A noun that names a column ("with at least 2
doors", "with more than 5 seats") is a value condition and is left to the other readers; any other noun
is refused as before, saying how to write it.

The condition applies to the groups of the reading (group_count, group_aggregate, "which … has the
highest …" as the top group); it is attached by :func:`apply_group_size` once the operation is chosen. Its
words are marked read only then: a reading that cannot carry it (a single number, a row listing) leaves
them unread, and the accounting refuses naming them, never dropping the condition. A removal word near it
("excluding neighborhoods with fewer than 5 rows") turns the condition round: not read.
"""

from __future__ import annotations

from dataclasses import dataclass

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent.clarify import Answers
from mcpforge.pipeline.intent.rows.file_rows import names_file_rows
from mcpforge.pipeline.intent.words import ColumnResolver, singular, tokenize

_ROW_WORDS = frozenset({  # as tokens are written: lower case, accents and umlauts folded
    "row", "record", "entry", "entries", "observation", "line", "zeile", "zeilen", "eintrag", "eintrage",
    "eintragen", "datensatz", "datensatze", "datensatzen", "beobachtung", "beobachtungen", "ligne", "entree",
    "enregistrement", "fila", "registro", "entrada", "observacion", "observaciones",
})  # fmt: skip
_GROUP_WORDS = frozenset({"group", "groups", "gruppen", "gruppe", "groupes", "groupe", "grupos", "grupo",
                          "categories", "category", "ones", "values"})  # fmt: skip
_JOINERS = (("that", "have"), ("which", "have"), ("that", "has"), ("which", "has"), ("that", "had"),
            ("who", "have"), ("with",), ("having",), ("has",), ("have",), ("had",))  # fmt: skip
_QUALIFIERS = frozenset({"only", "among", "considering", "just", "keeping", "of", "for", "the", "those",
                         "solo", "nur", "seulement", "uniquement", "parmi", "entre", "unter"})  # fmt: skip
_TRAILING = (("in", "the", "list"), ("in", "the", "data"), ("in", "the", "dataset"), ("in", "the", "file"),
             ("in", "the", "table"), ("in", "the", "sample"), ("each",))  # fmt: skip
_REMOVALS = frozenset({
    "exclude", "excluding", "excluded", "except", "without", "ignore", "ignoring", "ignored", "drop",
    "dropping", "dropped", "remove", "removing", "removed", "omit", "omitting", "omitted", "skip",
    "skipping", "skipped", "discard", "discarding", "discarded", "disregard", "disregarding", "not", "no",
    "out", "leave", "leaving", "other", "sauf", "ohne", "außer", "excepto", "sin",
})  # fmt: skip
_GROUP_OPS = frozenset({"group_count", "group_aggregate", "percentiles"})
_SIZE_WORDS = {">": "more than", ">=": "at least", "<": "fewer than", "<=": "at most", "==": "exactly"}


@dataclass(frozen=True, kw_only=True)
class GroupSize:
    """``neighborhoods with at least 20 rows``: keep the groups whose row count ``op value``."""

    op: str
    value: float
    key: str | None  # the column named before "with", None for "groups" or a word naming none
    positions: frozenset[int]  # the words read, marked used when the reading carries the condition
    words: str
    row_note: str


def group_size_at(  # noqa: PLR0917 - the comparison scan's position, passed through
    tokens: list[str], i: int, j: int, op: str, resolver: ColumnResolver, given: Answers | None
) -> GroupSize | None:
    """The group size stated by the comparison at ``i`` and its number at ``j`` ("with at least 20
    rows"), else None (the caller reads or refuses the comparison as before)."""
    return _size_phrase(tokens, i, j, j + 1, op, resolver, given)


_OR_MORE = {("or", "more"): ">=", ("or", "over"): ">=", ("or", "fewer"): "<=", ("or", "less"): "<="}


def group_size_or_more(
    tokens: list[str], resolver: ColumnResolver, given: Answers | None, taken: set[int]
) -> GroupSize | None:
    """ "with 20 or more rows", "having 5 or fewer entries": the number, then the comparison."""
    for j, token in enumerate(tokens[:-3]):
        op = _OR_MORE.get((tokens[j + 1], tokens[j + 2]))
        if op is None or j in taken or not token.replace(",", "").isdigit():
            continue
        size = _size_phrase(tokens, j, j, j + 3, op, resolver, given)
        if size is not None:
            return size
    return None


def _size_phrase(  # noqa: PLR0917 - the positions of the phrase
    tokens: list[str], i: int, j: int, noun: int, op: str, resolver: ColumnResolver, given: Answers | None
) -> GroupSize | None:
    """The group size of the words ``i`` to ``noun`` (the number at ``j``) after a joiner, else None."""
    if noun >= len(tokens) or op not in _SIZE_WORDS:
        return None
    joined = _joiner_before(tokens, i)
    if joined is None:
        return None
    row_note = _counts_rows(tokens[noun], resolver, given)
    if row_note is None:
        return None
    key, first = _key_before(tokens, joined, resolver)
    end = noun + 1
    for trailing in _TRAILING:
        if tuple(tokens[end : end + len(trailing)]) == trailing:
            end += len(trailing)
            break
    near = set(tokens[max(0, first - 4) : first]) | set(tokens[end : end + 2])
    if near & _REMOVALS:
        return None  # "excluding neighborhoods with fewer than 5 rows": the condition turned round
    while first > 0 and tokens[first - 1] in _QUALIFIERS:
        first -= 1
    value = float(tokens[j].replace(",", ""))
    return GroupSize(
        op=op, value=value, key=key, positions=frozenset(range(first, end)),
        words=" ".join(tokens[i : noun + 1]), row_note=row_note,
    )  # fmt: skip


def _joiner_before(tokens: list[str], i: int) -> int | None:
    """The index of the joiner's first word right before ``i`` ("with", "that have")."""
    for joiner in _JOINERS:
        start = i - len(joiner)
        if start > 0 and tuple(tokens[start:i]) == joiner:
            return start
    return None


def _key_before(tokens: list[str], joined: int, resolver: ColumnResolver) -> tuple[str | None, int]:
    """The category column named right before the joiner ("neighborhoods", "model year", "mfr_name
    groups") and where its words start; (None, where "groups" starts) for "groups" alone, (None, the
    joiner) for a word that names no column (left to the rest of the reader)."""
    grouped = joined > 0 and tokens[joined - 1] in _GROUP_WORDS
    end = joined - 1 if grouped else joined
    for start in range(max(0, end - 3), end):
        hit = resolver.match_at(tokens, start)
        if hit is not None and start + hit[1] == end and resolver.kind(hit[0]) in {"categorical", "text"}:
            return hit[0], start
    return None, end


def _group_words(tokens: list[str], first: int, keys: list[str]) -> set[int]:
    """``only fabricantes`` before "with" when the reading groups by ``Nombre del fabricante``: the word
    says which groups (a word of the key's name), with the words that restrict to them before it."""
    names = {singular(word) for key in keys for word in tokenize(key)}
    if first == 0 or singular(tokens[first - 1]) not in names:
        return set()
    start = first - 1
    while start > 0 and tokens[start - 1] in _QUALIFIERS:
        start -= 1
    return set(range(start, first))


def rows_word(word: str) -> bool:
    """``rows``, ``entries``, ``Einträgen``, ``lignes``, ``filas``: a word for the rows themselves."""
    return word in _ROW_WORDS or singular(word) in _ROW_WORDS


def _counts_rows(word: str, resolver: ColumnResolver, given: Answers | None) -> str | None:
    """Why ``word`` counts the file's rows ("" for a word for rows), or None: a column ("seats"), a
    measure ("sales"), a noun the row-noun reader would ask about."""
    from mcpforge.pipeline.intent.rows.nouns import rows_named

    if rows_word(word):
        return ""
    if not word.isalpha() or singular(word) == word:
        return None
    if resolver.resolve(word, fuzzy=False) is not None:
        return None  # "with at least 2 doors": a value condition on that column
    if names_file_rows(word, resolver):
        return f"each row read as one {singular(word)} (from the file name)"
    answers = given if given is not None else Answers(given={})
    try:
        read, notes = rows_named(["how", "many", word], resolver, answers, word)
    except NeedsClarificationError:
        return None  # "vehicles" over a file that could count them in a column: refused, naming it
    return notes[0] if read[-1] == "rows" and notes else None


def apply_group_size(
    intent: Intent | None, size: GroupSize | None, used: set[int], tokens: list[str]
) -> Intent | None:
    """``intent`` keeping only the groups of ``size``, its words marked ``used``; the reading unchanged
    without one.

    Raises:
        UnmappableRequestError: the reading has no groups the condition could apply to, or groups by other
            columns than the one the condition names.
    """
    if size is None or intent is None:
        return intent
    keys = list(intent.group_by)
    fits = intent.operation in _GROUP_OPS and keys and (size.key is None or keys == [size.key])
    if not fits or "group_size" in intent.options or intent.as_percentage:  # a share of all rows, or of
        # the rows kept? not said: refused rather than guessed
        raise UnmappableRequestError(
            f"cannot map the request {intent.request!r}: {size.words!r} keeps the groups with that many "
            f"rows, but the reading ({intent.operation} per {keys or 'nothing'}) has no such groups to "
            "keep; ask for the value per group with the condition, e.g. 'mean price per city, only cities "
            "with at least 20 rows'",
            understood={"condition": size.words, "operation": intent.operation, "group_by": keys},
        )
    used |= size.positions | _group_words(tokens, min(size.positions), keys)
    groups = ", ".join(repr(key) for key in keys)
    notes = [f"{size.words!r} read as a condition on each {groups} group: {_SIZE_WORDS[size.op]} "
             f"{size.value:g} rows (counted after the row filters), applied before the groups are "
             "aggregated or ranked"]  # fmt: skip
    if size.row_note:
        notes.append(size.row_note)
    options = {**intent.options, "group_size": {"op": size.op, "value": size.value}}
    return intent.model_copy(update={"options": options, "notes": [*intent.notes, *notes]})
