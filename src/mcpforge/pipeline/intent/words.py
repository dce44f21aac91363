"""Words → real columns and values: tokenizing, plurals, synonyms and close spellings."""

from __future__ import annotations

import difflib
import functools
import unicodedata
from dataclasses import dataclass, field

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.language.function_words import never_value
from mcpforge.pipeline.intent.language.gender_values import gender_forms
from mcpforge.pipeline.intent.language.value_spelling import squashed_table, written_apart
from mcpforge.pipeline.intent.names.name_endings import inflects, may_be_inflected, shared_word, uninflected
from mcpforge.pipeline.schema import ColumnKind, DatasetSchema

FUZZY_CUTOFF = 0.8
MAX_PHRASE_WORDS = 6  # "Sous le seuil de pauvreté (%)"

_TOKEN = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?"  # dates
    r"|[<>!=]=?|≥|≤"  # comparison operators
    r"|-?\d+(?:[.,]\d+)*(?:st|nd|rd|th|%|k)?"  # numbers, ordinals, percentages
    r"|[a-z][a-z0-9_]*(?:[-'][a-z0-9]+)*"  # words (keeps a-road, driver's)
    r"|[%,;&()]"
)

# Concept words → words that appear in column names. Used only when the result is a single column.
SYNONYMS: dict[str, tuple[str, ...]] = {
    "place": ("location",),
    "site": ("location",),
    "area": ("location", "region"),
    "zone": ("region",),
    "time": ("date", "timestamp", "datetime"),
    "day": ("date",),
    "when": ("date",),
    "value": ("amount",),  # "avg order value"; never price: a priced row's value may be price times qty
    "amount": ("value", "total"),
    "seriousness": ("severity",),
    "gravity": ("severity",),
    "weather": ("weather_conditions", "conditions"),
    "conditions": ("weather",),
    "speed": ("speed_limit", "speed"),
    "road": ("road_type",),
    "injuries": ("casualties",),
    "injured": ("casualties",),
    "victims": ("casualties",),
    "deaths": ("fatalities",),
    "vehicles": ("vehicles_involved",),
    "cars": ("vehicles_involved",),
    "quantity": ("units", "qty"),
    "qty": ("units", "quantity"),
    "items": ("units",),
    "price": ("unit_price",),
    "customers": ("customer_id",),
    "customer": ("customer_id",),
    "drivers": ("driver_id",),
    "products": ("product",),
    "dept": ("department",),
    "departments": ("department",),
    "team": ("department",),
    "pay": ("salary",),
    "earn": ("salary",),
    "earns": ("salary",),
    "earning": ("salary",),
    "paid": ("salary",),
    "old": ("age",),
    "young": ("age",),
    "kids": ("children", "child", "kinder", "enfants", "hijos"),
    "offspring": ("children", "child"),
    "wage": ("salary",),
    "income": ("salary",),
    "earnings": ("salary",),
    "seniority": ("level",),
    "grade": ("level",),
    "rating": ("performance_score",),
    "performance": ("performance_score",),
    "overtime": ("overtime_hours",),
    "sensor": ("sensor_id",),
    "sensors": ("sensor_id",),
    "temp": ("temperature",),
    "state": ("status",),
    "light": ("light_conditions",),
    "lighting": ("light_conditions",),
    "kind": ("type", "category"),
    "type": ("category",),
    "occupation": ("profession",),  # one English noun for the other ("Profession" over a French file)
    "profession": ("occupation",),
}


# Nouns for the rows themselves; they never stand for a column by a partial or fuzzy match.
ENTITY_WORDS = frozenset(
    [
        "accident",
        "order",
        "employee",
        "reading",
        "sale",
        "crash",
        "incident",
        "entry",
        "record",
        "row",
        "case",
        "event",
        "transaction",
        "staff",
        "people",
        "person",
        "item",
        "data",
        "column",
        "field",
        "variable",
    ]
)


# Letters NFKD does not take apart: folded by hand so "Größe" and "grosse" are one word.
_FOLDED = str.maketrans({"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ł": "l", "\u0131": "i"})


def fold(text: str) -> str:
    """``text`` in lower case without accents: "État" → "etat", "Größe" → "grosse" (NFKD, marks dropped)."""
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.lower().translate(_FOLDED))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).translate(_FOLDED)


def tokenize(text: str) -> list[str]:
    """Lower-case, accent-folded tokens of a request: words, numbers, dates, operators, list separators."""
    return _TOKEN.findall(fold(text.replace("\u2019", "'")))


@functools.lru_cache(maxsize=8192)
def norm(name: str) -> str:
    """A column name as words: lower case, accents folded, ``_``/``-``/camelCase/brackets become spaces.

    "Part noire (%)" → "part noire %", "Motorgröße (l)" → "motorgrosse l": the words a request writes.
    """
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name)
    return " ".join(re.findall(r"[a-z0-9']+|%", fold(spaced).replace("\u2019", "'"))).strip()


def singular(word: str) -> str:
    """A crude singular: casualties → casualty, classes → class, regions → region."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


@functools.lru_cache(maxsize=4096)
def _key(phrase: str) -> str:
    return " ".join(singular(w) for w in norm(phrase).split())


@functools.lru_cache(maxsize=64)
def _keys_of(names: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(key, name) of each column name; resolving a word looks these up many times per request."""
    return tuple((_key(name), name) for name in names)


def _written_apart(phrase: str, names: list[str]) -> list[str]:
    """The column whose name is ``phrase``'s words written together ("years married" → ``yearsmarried``,
    plural kept): two words or more, as written, no singular taken."""
    if not any(mark in phrase.strip() for mark in " _-"):
        return []  # one word: the common case, decided before any normalising
    return list(_apart(phrase, tuple(names)))


@functools.lru_cache(maxsize=1024)
def _apart(phrase: str, names: tuple[str, ...]) -> tuple[str, ...]:
    words = norm(phrase).split()
    if len(words) < 2:
        return ()
    return tuple(_joined_names(names).get("".join(words), []))


@functools.lru_cache(maxsize=64)
def _joined_names(names: tuple[str, ...]) -> dict[str, list[str]]:
    """Each column name's words written together → the names."""
    joined: dict[str, list[str]] = {}
    for name in names:
        joined.setdefault(norm(name).replace(" ", ""), []).append(name)
    return joined


_COMPOUND_HEAD = 5  # the shortest word that is looked for as the end of another name's compound word
_COMPOUND_REST = 3  # ... after at least this many letters ("Familien|einkommen", not "dis|count")


def _compound_heads(key: str, by_key: dict[str, str], found: list[str]) -> list[str]:
    """Other columns with a compound word ending in the one word ``key``: "Einkommen" names
    `Gesamtes persönliches Einkommen` as a word and `Gesamtes Familieneinkommen` as a compound's head."""
    if " " in key or len(key) < _COMPOUND_HEAD:
        return []
    return [
        name
        for k, name in by_key.items()
        if name not in found
        and any(part.endswith(key) and len(part) - len(key) >= _COMPOUND_REST for part in k.split())
    ]


@dataclass(kw_only=True)
class ColumnResolver:
    """Maps words of a request onto the dataset's real column names (and derived columns)."""

    schema: DatasetSchema
    extra: dict[str, ColumnKind] = field(default_factory=dict)
    derived: dict[str, str] = field(default_factory=dict)
    """Columns computed from an answer (name -> expression), e.g. revenue = quantity * unit_price."""

    def names(self) -> list[str]:
        """Real and derived column names."""
        return self.schema.column_names + [n for n in self.extra if n not in self.schema.column_names]

    def kind(self, column: str) -> ColumnKind | None:
        """The kind of a real or derived column."""
        if column in self.extra:
            return self.extra[column]
        info = self.schema.get(column)
        return info.kind if info else None

    def _by_key(self) -> dict[str, str]:
        return dict(_keys_of(tuple(self.names())))

    def resolve(self, phrase: str, *, fuzzy: bool = True) -> str | None:
        """The one column ``phrase`` names, or None (also None when it could be several)."""
        key = _key(phrase)
        if not key:
            return None
        written = norm(phrase)
        literal = [name for name in self.names() if norm(name) == written]
        if len(literal) == 1:
            return literal[0]  # "tax" beside "taxs": the column spelled as written, not its plural
        by_key = self._by_key()
        compact = key.replace(" ", "")
        exact = [name for k, name in by_key.items() if k == key or k.replace(" ", "") == compact]
        exact = exact or _written_apart(phrase, self.names())  # "years married" → yearsmarried
        exact = exact or self._synonym_hits(key, by_key) or _meaning_hits(key, by_key)
        if len(exact) == 1 or key in ENTITY_WORDS:
            return exact[0] if len(exact) == 1 else None
        return self._loose(key, by_key, fuzzy=fuzzy)

    @staticmethod
    def _loose(key: str, by_key: dict[str, str], *, fuzzy: bool) -> str | None:
        """A unique partial match ("speed" → speed_limit, "age" → driver_age), else a close spelling."""
        words = key.split()
        compact = key.replace(" ", "")
        if f"{key} id" in by_key:
            return None  # "session" beside session_id names the entity: not session_date by a shared word
        # id columns only by their full name or a synonym: "accidents" is the entity, not accident_id
        plain = {k: name for k, name in by_key.items() if not k.endswith(" id") or "id" in words}
        subset = [name for k, name in plain.items() if set(words) <= set(k.split())]
        if len(subset) == 1 and len(key) >= 3:
            return None if _compound_heads(key, plain, subset) else subset[0]
        if not fuzzy or len(compact) < 4 or shared_word(compact, list(plain)):
            return None  # "Wechselkurses": a word of several names, inflected, names none of them
        squeezed = {k.replace(" ", ""): name for k, name in plain.items()}
        close = difflib.get_close_matches(compact, list(squeezed), n=2, cutoff=FUZZY_CUTOFF)
        close = [c for c in close if c[:1] == compact[:1]]  # a slip keeps the first letter: not "altitude"
        clear = len(close) == 2 and _ratio(compact, close[0]) - _ratio(compact, close[1]) > 0.05
        return squeezed[close[0]] if len(close) == 1 or clear else None

    @staticmethod
    def _synonym_hits(key: str, by_key: dict[str, str]) -> list[str]:
        targets = _SYNONYM_KEYS.get(key, ())
        return list(dict.fromkeys(by_key[_key(t)] for t in targets if _key(t) in by_key))

    def candidates(self, phrase: str) -> list[str]:
        """The columns ``phrase`` could mean when it is ambiguous (synonyms or partial names), else []."""
        key = _key(phrase)
        by_key = self._by_key()
        hits = self._synonym_hits(key, by_key)
        words = set(key.split())
        partial = [
            n for k, n in by_key.items() if words and words <= set(k.split()) and not k.endswith(" id")
        ]
        if not partial and len(words) == 1 and shared_word(key, list(by_key)):  # "Wechselkurses"
            partial = [n for k, n in by_key.items() if any(inflects(key, part) for part in k.split())]
        if len(partial) == 1:
            partial += _compound_heads(
                key, {k: n for k, n in by_key.items() if not k.endswith(" id")}, partial
            )
        found = list(dict.fromkeys(hits + partial))
        return found if len(found) > 1 else []

    def match_at(self, tokens: list[str], start: int, *, fuzzy: bool = False) -> tuple[str, int] | None:
        """The longest column phrase starting at ``tokens[start]``: (column, number of tokens)."""
        names = tuple(self.names())
        longest = _longest_name(names)
        for width in range(min(longest + 2, len(tokens) - start), 0, -1):
            whole = self._whole_name_with_articles(tokens[start : start + width], names)
            if whole is not None:
                return whole, width
            words = _phrase_words(tokens[start : start + width], longest)
            if words is None:
                continue
            if width == 1 and words[0] in _NEVER_COLUMN:
                return None
            column = self.resolve(" ".join(words), fuzzy=fuzzy and width == 1)
            if column is None and width > 1 and may_be_inflected(words, _name_words(tuple(self.names()))):
                found = (self.resolve(" ".join(variant), fuzzy=False) for variant in uninflected(words))
                column = next(filter(None, found), None)
            if column is not None:
                return column, width
        return None

    def _whole_name_with_articles(self, phrase: list[str], names: tuple[str, ...]) -> str | None:
        """The column whose whole name is ``phrase`` without the articles and prepositions the request added
        inside it: "log du revenu réel par habitant" names `Log revenu réel par habitant`, "prix de l'essence"
        `prix essence`. Only inside the phrase, only words no column name holds, only a whole name."""
        if len(phrase) < 3 or phrase[0] in _ARTICLES or phrase[-1] in _ARTICLES:
            return None
        if not _ARTICLES.intersection(phrase):
            return None
        held = _name_words(names)
        kept = " ".join(word for word in phrase if word not in _ARTICLES or word in held)
        whole = [name for name in names if norm(name) == kept]
        return whole[0] if len(whole) == 1 and kept != " ".join(phrase) else None


# Articles and prepositions a request adds inside a column's name ("le log du revenu").
_ARTICLES = frozenset({"du", "de", "des", "la", "le", "les", "l'", "d'", "del", "el", "los", "las", "der",
                       "die", "das", "dem", "den", "the", "of", "a", "an"})  # fmt: skip
_NAME_WORD = re.compile(r"[a-z][a-z0-9_'\-]*\Z")


@functools.lru_cache(maxsize=64)
def _name_words(names: tuple[str, ...]) -> frozenset[str]:
    """The words of the column names, as a request's words are written ("Wechselkurses Britisches Pfund":
    one word inflected, see name_endings)."""
    return frozenset(word for name in names for word in norm(name).split())


@functools.lru_cache(maxsize=64)
def _longest_name(names: tuple[str, ...]) -> int:
    """How many words a phrase may have: 4, or the longest column name's (up to MAX_PHRASE_WORDS).

    A name with a unit or a share in brackets ("Part noire (%)") spans two tokens more than its words.
    """
    return min(MAX_PHRASE_WORDS, max([4, *(len(norm(name).split()) for name in names)]))


def _phrase_words(tokens: list[str], longest: int) -> list[str] | None:
    """The words of a candidate column phrase, or None when it is no name.

    Words, and inside a multi-word name a bracketed unit or ``%`` ("part noire ( % )"); a phrase never
    starts with punctuation nor leaves a bracket open, and has at most ``longest`` words.
    """
    words = [t for t in tokens if t not in {"(", ")"}]
    if len(words) > longest or tokens.count("(") != tokens.count(")") or not _NAME_WORD.match(tokens[0]):
        return None
    if not all(_NAME_WORD.match(word) or word == "%" for word in words):
        return None
    if words[-1] == "%" and "(" not in tokens:
        return None  # "share of X %": the sign is the request's, not part of a name
    return words


_SYNONYM_KEYS: dict[str, tuple[str, ...]] = {}
for _word, _targets in SYNONYMS.items():
    _SYNONYM_KEYS[" ".join(singular(w) for w in _word.split())] = _targets


# Words a column name abbreviates: "minimum price" names price_min, "maximum temperature" temp_max.
_SHORT = {"minimum": "min", "maximum": "max", "average": "avg", "mean": "avg", "temperature": "temp",
          "number": "num", "percent": "%", "percentage": "%", "pct": "%", "quantity": "qty",
          "kilogram": "kg", "kilograms": "kg", "kilometer": "km", "kilometre": "km", "kilometers": "km",
          "kilometres": "km", "gram": "g", "grams": "g", "litre": "l", "liter": "l", "litres": "l",
          "liters": "l", "millimeter": "mm", "millimetre": "mm", "centimeter": "cm", "centimetre": "cm",
          "pound": "lb", "pounds": "lb", "lbs": "lb", "dollar": "usd", "dollars": "usd", "euro": "eur",
          "euros": "eur", "hour": "h", "hours": "h"}  # fmt: skip
# Units that name the one column measured in them ("the kg column", "in km"): at least two letters, so a
# one-letter value code ("f", "r", "4") never reads as a unit.
_UNITS = frozenset({"kg", "km", "mm", "cm", "lb", "mph", "kmh", "usd", "eur", "kwh", "km2", "m2", "ha"})


def _meaning_hits(key: str, by_key: dict[str, str]) -> list[str]:
    """Columns named by their meaning or unit: the same words up to abbreviation and order, or a unit alone.

    "minimum price" → price_min, "max temperature" → temp_max, "kilograms" → "Gewicht (kg)". Several words
    must all be there (no word is dropped); a unit alone must end exactly one column's name.
    """
    words = _canonical(key)
    if len(words) == 1 and words[0] not in _UNITS:
        return []  # one word is matched by name, synonym or spelling, not by meaning
    return list(_meaning_index(tuple(by_key.items())).get(words, ()))


def _canonical(key: str) -> tuple[str, ...]:
    return tuple(sorted(_SHORT.get(w, w) for w in key.split()))


@functools.lru_cache(maxsize=64)
def _meaning_index(keys: tuple[tuple[str, str], ...]) -> dict[tuple[str, ...], tuple[str, ...]]:
    """Each column under its words up to abbreviation and order, and under its unit (its last word)."""
    index: dict[tuple[str, ...], tuple[str, ...]] = {}
    for key, name in keys:
        words = key.split()
        unit = _SHORT.get(words[-1], words[-1]) if words else ""
        for entry in {_canonical(key), *(((unit,),) if unit in _UNITS else ())}:
            index[entry] = (*index.get(entry, ()), name)
    return index


def _ratio(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b).ratio()


# Words that are never column names on their own (they are grammar or analysis vocabulary).
_NEVER_COLUMN = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "by",
        "per",
        "for",
        "each",
        "every",
        "and",
        "or",
        "in",
        "on",
        "at",
        "to",
        "with",
        "without",
        "from",
        "is",
        "are",
        "was",
        "were",
        "be",
        "as",
        "show",
        "me",
        "give",
        "list",
        "what",
        "which",
        "how",
        "many",
        "much",
        "number",
        "count",
        "total",
        "sum",
        "average",
        "mean",
        "median",
        "min",
        "max",
        "minimum",
        "maximum",
        "top",
        "most",
        "least",
        "lowest",
        "highest",
        "all",
        "data",
        "table",
        "rows",
        "records",
        "file",
        "csv",
        "between",
        "over",
        "under",
        "above",
        "below",
        "than",
        "more",
        "less",
        "group",
        "grouped",
        "broken",
        "down",
        "across",
        "split",
        "analyze",
        "analyse",
        "analysis",
        "compute",
        "calculate",
        "find",
        "get",
        "report",
        "where",
        "only",
        "not",
        "no",
        "that",
        "this",
        "those",
        "these",
        "do",
        "does",
        "did",
        "it",
        "its",
        "their",
        "there",
        "have",
        "has",
        "share",
        "percentage",
        "percent",
        "proportion",
        "distribution",
        "instead",
        "also",
        "too",
        "use",
        "should",
        "wrong",
        "output",
    ]
)


@dataclass(frozen=True, kw_only=True)
class ValueHit:
    """A category value of a column mentioned in the request."""

    column: str
    value: str
    start: int
    width: int


def _value_forms(value: str) -> set[str]:
    low = value.lower().strip()
    forms = {low}
    if low[-1:].isalpha():  # "Germany's GDP", "the Smiths' car": the owner, said with a possessive
        forms.add(low + ("'" if low.endswith("s") else "'s"))
    if re.fullmatch(r"[a-z][a-z\-]*[a-z]", low):
        forms.add(low + "s")  # B-road → b-roads
    if re.fullmatch(r"[a-z]+", low):
        forms |= {low + "s", low + "y", low + "ey", low + low[-1] + "y"}
        if low.endswith("e"):
            forms.add(low[:-1] + "y")
        if low.endswith("ing") and len(low) > 6:  # Engineering → engineers, engineer
            forms |= {low[:-3], low[:-3] + "s"}
    return forms


# Everyday words for category values ("at night" → Dark).
VALUE_SYNONYMS: dict[str, tuple[str, ...]] = {
    "dark": ("night", "nighttime", "night-time", "darkness"),
    "daylight": ("daytime", "daylight"),
    "rain": ("raining", "rainfall", "wet"),
    "snow": ("snowing", "snowfall", "icy"),
    "fog": ("fog", "mist", "misty"),
    "online": ("web", "internet", "e-commerce"),
    "store": ("in-store", "shop", "shops", "retail"),
}


STOP_VALUES = frozenset(
    {"other", "none", "unknown", "n/a", "na", "all", "yes", "no", "true", "false", "-", ""}
)


def find_values(tokens: list[str], resolver: ColumnResolver) -> list[ValueHit]:
    """Category values mentioned in the tokens ("rain", "rainy", "fatal", "a-road"), longest first."""
    column_keys = {_key(name) for name in resolver.names()}
    table: dict[tuple[str, ...], list[tuple[str, str]]] = {}
    for info in resolver.schema.columns:
        if info.kind != "categorical":
            continue
        for value in info.values:
            low = value.lower().strip()
            if len(low) < 2:  # "M" / "F" of a sex column: only its words ("men", "Frauen"), never the letter
                forms = set(gender_forms(low, info.values, info.name))
            elif low in STOP_VALUES or _key(low) in column_keys:
                continue
            else:
                forms = (
                    _value_forms(value)
                    | set(VALUE_SYNONYMS.get(low, ()))
                    | set(gender_forms(low, info.values, info.name))
                )
            for form in forms:
                table.setdefault(tuple(tokenize(form)), []).append((info.name, value))
    hits: list[ValueHit] = []
    apart = squashed_table(table)  # "high-school" for ``highschool`` (value_spelling.py)
    i = 0
    while i < len(tokens):
        found = False
        if never_value(tokens, i):  # issue 16 hook: "in", "or", "standard deviation" are not values
            i += 1
            continue
        for width in range(min(3, len(tokens) - i), 0, -1):
            entries = table.get(tuple(tokens[i : i + width])) or written_apart(tokens, i, width, apart)
            if entries:
                hits.extend(
                    ValueHit(column=c, value=v, start=i, width=width) for c, v in dict.fromkeys(entries)
                )
                i += width
                found = True
                break
        if not found:
            i += 1
    return hits
