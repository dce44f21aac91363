"""A group set against the rest: "OPEC countries vs non-OPEC", "communist (com = yes) and other countries",
"the scientific sector compared with the rest (scisect)", "married vs not married (mrt80)" (issue 25).

Each phrase names one side of a yes/no column (its name, a "(column = value)" in brackets, or words
described by a column in brackets after the phrase) and the other side as its negation ("non-OPEC", "not
married") or as everything else ("the rest", "the others", "other countries", "les autres", "los demás",
"den übrigen"). Together the two sides are the column's two groups: outside a test the phrase is read as
"per <column>" (one answer per group), inside a test as "between <column> = <side> and <column> =
<other>", so the test's groups keep the order the request gives them (a t statistic's sign follows it).

A plural beside a side ("OPEC *countries*", "other *countries*", "not married *men*") is the population of
the rows when it names nothing in the file or is the entity of a panel (``country`` x ``year``); it is read
as that and said in the note. Any other shape, or a column with values other than yes and no, is left to
the other readers (which refuse the leftover "rest" or "other").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.analysis.with_without import yes_no_values
from mcpforge.pipeline.intent.language.concepts import concept_table
from mcpforge.pipeline.intent.names.name_endings import uninflected
from mcpforge.pipeline.intent.parse import agg_at
from mcpforge.pipeline.intent.rows.panel_entities import period_axis
from mcpforge.pipeline.intent.words import ColumnResolver, norm, singular

_TOKEN = re.compile(r"[(),;:?!=]|[^\s(),;:?!=]+")
_CONNECTORS = (("vs",), ("vs.",), ("versus",), ("against",), ("compared", "with"), ("compared", "to"),
               ("in", "comparison", "with"), ("in", "comparison", "to"), ("and",), ("or",), ("y",), ("et",),
               ("und",), ("frente", "a"), ("contre",), ("gegenuber",), ("im", "vergleich", "zu"),
               ("comparado", "con"), ("compare", "a"), ("par", "rapport", "a"))  # fmt: skip
_REST = frozenset({"rest", "others", "demas", "autres", "ubrigen", "anderen", "restlichen", "resto", "otros",
                   "otras", "remainder"})  # fmt: skip
_OTHER = frozenset({"other", "remaining", "all", "everyone", "autres", "demas", "otros", "otras", "anderen",
                    "ubrigen", "restlichen"})  # fmt: skip
_ARTICLES = frozenset({"the", "a", "an", "los", "las", "les", "die", "den", "der"})
_NEGATIONS = frozenset({"non", "not", "no", "nicht", "kein", "keine"})  # "sin/sans": with_x_without_x.py
_STOPS = frozenset({"between", "for", "among", "amongst", "with", "by", "per", "than", "whether", "is", "are",
                    "of", "in", "on", "from", "to", "the", "a", "an", "and", "or", "vs", "versus",
                    "entre", "zwischen", "y", "et", "und", "de", "des", "der"})  # fmt: skip
_WHOSE = frozenset({"for", "of", "among", "in", "de", "des", "der", "pour", "fur", "von"})  # before groups
_INNER = frozenset({"in", "the", "of", "from"})  # inside a description ("firms in the scientific sector")
_DESCRIPTION = 5  # words at most before a bracket or a connector read as a side's description
_BRACKET_REACH = 4  # words at most between the other side and "(column)"
_TEST = re.compile(
    r"(?i)\b(?:tests?|t-tests?|ttest|welch\w*|mann|whitney|wilcoxon|anova|kruskal|chi|significan\w*|"
    r"p-value|p-wert|prueba|signif\w*|alpha|alfa|differ\w*|unterscheide\w*|difier\w*|diff[eé]r\w*)\b"
)


@dataclass
class _Side:
    start: int  # first token of the side (its description, plural or name)
    column: str
    value: str  # the value this side names
    bracket: int = -1  # where "(column)" after the phrase starts (it is read with it), or -1


def contrast_groups(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with each group-versus-the-rest phrase as the two groups of its yes/no column."""
    if not set(text.lower().translate(_APART).split()) & _CONTRAST_CUES:  # no pattern compiled for most
        return text, []
    notes: list[str] = []
    original = text
    text = re.sub(r"(?i)\bnicht-", "nicht ", text)  # "Nicht-OPEC": as "non-OPEC" reads
    matches = list(_TOKEN.finditer(text))
    words = [norm(m.group(0)) if m.group(0) not in "(),;:?!=" else m.group(0) for m in matches]
    testing = _TEST.search(text) is not None
    edits: list[tuple[int, int, str]] = []
    i = 0
    while i < len(words):
        found = _contrast_at(words, i, resolver)
        if found is None:
            i += 1
            continue
        side, end, other = found
        pair = _yes_no(side.column, resolver)
        start = side.start
        if start > 0 and words[start - 1] in _WHOSE:
            start -= 1  # "the mean pat for <the two groups>": the groups say whom it is for
        written = _written(side.column, resolver)
        if testing:
            first, second = _spelled(side.value, pair), _spelled(other, pair)
            phrase = f" between {written} = {first} and {written} = {second} "
        else:
            phrase = f" per {written} "
        said = text[matches[side.start].start() : matches[end - 1].end()]
        groups = f"{_spelled(side.value, pair)} and {_spelled(other, pair)}"
        notes.append(f"{said!r} read as the two groups of {side.column!r} ({groups})")
        if side.bracket >= 0:  # "(mrt80)" after "... in 1980": said by the groups, not a gloss of "1980"
            edits.append((matches[side.bracket].start(), matches[side.bracket + 2].end(), ""))
        edits.append((matches[start].start(), matches[end - 1].end(), phrase))
        i = end
    for begin, finish, phrase in sorted(edits, reverse=True):
        text = text[:begin] + phrase + text[finish:]
    return (re.sub(r"[ \t]{2,}", " ", text).strip(), notes) if edits else (original, [])


_APART = str.maketrans(dict.fromkeys("(),;:?!", " "))
_CONTRAST_CUES = frozenset({"vs", "vs.", "versus", "against", "compared", "comparison", "rest", "others",
                            "other", "non", "not", "no", "nicht", "autres", "demás", "demas", "übrigen",
                            "anderen", "restlichen", "resto", "remaining", "contre", "gegenüber", "frente",
                            "otros", "otras", "sin", "sans"})  # fmt: skip


def _written(column: str, resolver: ColumnResolver) -> str:
    aliases: dict[str, str] = getattr(resolver, "aliases", {})  # a name set aside whole: its placeholder
    for alias, name in aliases.items():
        if name == column:
            return alias
    return column


def _spelled(value: str, pair: tuple[str, str]) -> str:
    """The value as the test reading takes it: a boolean column's groups as yes and no."""
    if pair == ("True", "False"):
        return "yes" if value == "True" else "no"
    return value


def _connector_at(words: list[str], i: int) -> int:
    for connector in sorted(_CONNECTORS, key=len, reverse=True):
        if tuple(words[i : i + len(connector)]) == connector:
            return len(connector)
    return 0


def _contrast_at(words: list[str], i: int, resolver: ColumnResolver) -> tuple[_Side, int, str] | None:
    """At a connector ``i``: (the named side, the end of the phrase, the other side's value), or None."""
    width = _connector_at(words, i)
    if not width or i == 0:
        return None
    after = i + width
    rest_end = _rest_at(words, after, resolver)
    negated = words[after] in _NEGATIONS if after < len(words) else False
    for side in _sides_before(words, i, resolver):
        opposite = after + 1 if negated else after  # "not married"; "married" after "non-OPEC vs"
        prefixed = not negated and words[side.start] not in _NEGATIONS  # only "unmarried" then
        end = rest_end or _same_words(words, side, i, opposite, resolver, prefixed_only=prefixed)
        end = end or _other_value(words, side, after, resolver)
        if not end:
            continue
        bracket = _bracket_column(words, end, resolver)
        if side.column == "":  # described: the bracket after the phrase names the column, yes its side
            if bracket is None:
                continue
            side.column, side.value = bracket[0], _yes_no(bracket[0], resolver)[0]
        if bracket is not None and bracket[0] == side.column:
            side.bracket = bracket[1]
        pair = _yes_no(side.column, resolver)
        other = pair[1] if side.value == pair[0] else pair[0]
        if words[end : end + 3] == ["(", norm(_spelled(other, pair)), ")"]:
            end += 3  # "... und nicht Freigelassenen (No)": the other side's value, as expected
        return side, end, other
    return None


def _yes_no(column: str, resolver: ColumnResolver) -> tuple[str, str]:
    pair = yes_no_values(column, resolver)
    assert pair is not None  # every side found is of a yes/no column
    return pair


def _sides_before(words: list[str], i: int, resolver: ColumnResolver) -> list[_Side]:
    """The side that ends right before the connector at ``i``: a yes/no column's name ("OPEC"), a bracket
    "(com = yes)" after its description, or words ("married") that a bracket after the phrase names."""
    k = i
    if k > 1 and _population(words[k - 1], resolver) and words[k - 2] != ")":
        k -= 1  # "OPEC countries vs ...": the plural is the population
    sides: list[_Side] = []
    if k >= 5 and words[k - 1] == ")" and words[k - 5] == "(" and words[k - 3] == "=":
        column = resolver.resolve(words[k - 4], fuzzy=False)
        value = _value_of(column, words[k - 2], resolver) if column else None
        if column is not None and value is not None:
            sides.append(_Side(_description_start(words, k - 5, resolver), column, value))
        return sides
    if k >= 4 and words[k - 1] == ")" and words[k - 3] == "(":  # "Freigelassenen (Yes) und nicht ... (No)"
        return _valued_name(words, k, resolver)
    if k >= 3 and words[k - 2] == "=":  # "alcohol = yes vs the rest"
        column = resolver.resolve(words[k - 3], fuzzy=False)
        value = _value_of(column, words[k - 1], resolver) if column else None
        if column is not None and value is not None:
            sides.append(_Side(k - 3, column, value))
        return sides
    for width in (3, 2, 1):
        if k - width < 0:
            continue
        hit = resolver.match_at(words, k - width)
        if hit is not None and hit[1] == width and (pair := yes_no_values(hit[0], resolver)) is not None:
            start, value = k - width, pair[0]
            if start > 0 and words[start - 1] in _NEGATIONS:
                start, value = start - 1, pair[1]  # "non-OPEC vs OPEC countries": the negated side first
            if start > 0 and _population(words[start - 1], resolver, before_a_name=True):
                start -= 1  # "pays OPEC contre ...": the plural before the name
            sides.append(_Side(start, hit[0], value))
            return sides
    start = _description_start(words, k, resolver)
    if start < k:
        sides.append(_Side(start, "", ""))  # its column is the bracket after the phrase
    return sides


def _valued_name(words: list[str], k: int, resolver: ColumnResolver) -> list[_Side]:
    """ "(nicht) Freigelassenen (Yes)" ending at ``k``: the name, its value in brackets (a negation before
    it is said by the value)."""
    column = _named_yes_no(words[k - 4], resolver)
    value = _value_of(column, words[k - 2], resolver) if column is not None else None
    if column is None or value is None:
        return []
    start = k - 5 if k >= 5 and words[k - 5] in _NEGATIONS else k - 4
    return [_Side(start, column, value)]


def _named_yes_no(word: str, resolver: ColumnResolver) -> str | None:
    """The yes/no column ``word`` names, as written or with a German ending ("Freigelassenen")."""
    for form in [word, *(variant[0] for variant in uninflected([word]))]:
        column = resolver.resolve(form, fuzzy=False)
        if column is not None and yes_no_values(column, resolver) is not None:
            return column
    return None


def _description_start(words: list[str], k: int, resolver: ColumnResolver) -> int:
    """The first of the words before ``k`` that describe a side: words that name nothing in the file, a
    few at most, from a content word on, stopping at a word that names something or links a clause."""
    start = k
    for j in range(k - 1, max(-1, k - 1 - _DESCRIPTION), -1):
        word = words[j]
        if word in _INNER and j < k - 1:
            continue
        if word in _STOPS or not word.isalpha() or not _names_nothing(word, resolver) or agg_at(words, j):
            break
        start = j
    return start


def _rest_at(words: list[str], j: int, resolver: ColumnResolver) -> int:
    """The end of "the rest" / "the other countries" / "les autres" starting at ``j``, or 0."""
    k = j
    while k < len(words) and words[k] in _ARTICLES:
        k += 1
    if k < len(words) and words[k] in _REST:
        return k + 1 + (k + 1 < len(words) and _population(words[k + 1], resolver))
    if k < len(words) and words[k] in _OTHER:
        k += 1
        while k < len(words) and words[k] in _ARTICLES | {"else", "the"}:
            k += 1
        if words[k - 1] == "else":
            return k
        if k < len(words) and (words[k] in _REST or _population(words[k], resolver)):
            return k + 1
    return 0


def _same_words(
    words: list[str], side: _Side, connector: int, j: int, resolver: ColumnResolver, *, prefixed_only: bool
) -> int:
    """After "not"/"non": the side's own name or description again ("non-OPEC", "not married"), then an
    optional population plural; the end of it, or 0."""
    own = [w for w in words[side.start : connector] if not _population(w, resolver) and w not in _NEGATIONS]
    if "(" in own:
        own = own[: own.index("(")]
    if not own:
        return 0
    if len(own) == 1 and j < len(words) and words[j] in {f"un{own[0]}", f"non{own[0]}"}:
        end = j + 1  # "married vs unmarried"
    elif not prefixed_only and words[j : j + len(own)] == own:
        end = j + len(own)
    else:
        return 0
    return end + 1 if end < len(words) and _population(words[end], resolver) else end


def _other_value(words: list[str], side: _Side, j: int, resolver: ColumnResolver) -> int:
    """ "opec = yes vs opec = no": the same column with its other value after the connector; the end, or 0."""
    if side.column == "" or words[j + 1 : j + 2] != ["="] or j + 2 >= len(words):
        return 0
    if resolver.resolve(words[j], fuzzy=False) != side.column:
        return 0
    value = _value_of(side.column, words[j + 2], resolver)
    return j + 3 if value is not None and value != side.value else 0


def _bracket_column(words: list[str], end: int, resolver: ColumnResolver) -> tuple[str, int] | None:
    """ "(scisect)" right after the phrase (a few words of place or year between at most): the column the
    described side belongs to, and where the bracket starts; None without one."""
    for j in range(end, min(len(words), end + _BRACKET_REACH + 1)):
        if words[j] == "(" and j + 2 < len(words) and words[j + 2] == ")":
            column = resolver.resolve(words[j + 1], fuzzy=False)
            if column is None or yes_no_values(column, resolver) is None:
                return None
            return column, j
        if words[j] in {"(", ")", ",", ";", "?", "!"}:
            return None
    return None


def _value_of(column: str, written: str, resolver: ColumnResolver) -> str | None:
    pair = yes_no_values(column, resolver)
    if pair is None:
        return None
    for value in pair:
        if norm(value) == written or (pair == ("True", "False") and _spelled(value, pair) == written):
            return value
    return None


def _names_nothing(word: str, resolver: ColumnResolver) -> bool:
    """Not a column, not a value of one, not a number."""
    if resolver.resolve(word, fuzzy=False) is not None:
        return False
    return not any(norm(str(v)) == word for info in resolver.schema.columns for v in (info.values or ()))


_NOT_PEOPLE = frozenset({"columns", "variables", "values", "fields", "rows", "years", "months", "days",
                         "groups", "categories", "tests", "times", "ones"})  # fmt: skip


@cache
def _concepts() -> dict[str, str]:
    """Folded French, German and Spanish concept nouns → English ("länder" → countries)."""
    return {
        k: v for language in ("fr", "de", "es") for k, v in concept_table(language).items() if " " not in k
    }


def _english(word: str) -> str:
    """``word`` as the English concept noun it is ("ländern", dative, → countries), else itself."""
    table = _concepts()
    return table.get(word) or (table.get(word[:-1], word) if word.endswith("n") else word)


def _population(word: str, resolver: ColumnResolver, *, before_a_name: bool = False) -> bool:
    """A plural that is the population of the rows: it names nothing, or the entity of a panel. Right
    before a side's name ("pays OPEC", put in English as "country OPEC") the singular is that plural too."""
    if not word.isalpha():
        return False
    word = _english(word)
    plural = singular(word) != word or word in {"men", "women", "people"}
    if not (plural or before_a_name):
        return False
    if word in _NOT_PEOPLE:
        return False
    if plural and _names_nothing(word, resolver) and word not in _REST | _OTHER:
        return True
    column = resolver.resolve(singular(word), fuzzy=False) if plural else None
    column = column or resolver.resolve(word, fuzzy=False)  # "Ländern", "pays": the plural as written
    return (
        column is not None
        and resolver.kind(column) != "numeric"
        and period_axis(column, resolver) is not None
    )
