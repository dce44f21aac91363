"""Things counted once: "How many firms ...? Each firm has its own obsno.", "... Jede Firma nur einmal
zählen.", "cada estado una sola vez", "chaque entreprise une seule fois" (issue 25).

A sentence that says each thing has its own identifier, or that each is to be counted once, says the
count is of distinct things, not of rows: the plural the request counts ("firms", "Firmen") is read as the
distinct values of the identifier, and the sentence as that instruction (said in a note). The identifier
is the column the sentence names ("its own obsno"), else the column named after the plural in brackets,
else the one column that with the file's period keys the rows (a firm on one row per year); with several
such columns (an id and a code, both one per firm) one question asks which. Without a plural of the same
thing after a counting word ("how many", "wie viele", "cuántos", "combien"), nothing is read here.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.clarify import Answers, ask, offered
from mcpforge.pipeline.intent.rows.panel_entities import period_axis
from mcpforge.pipeline.intent.words import ColumnResolver, norm

_EACH = r"(?:each|every|jede[nrs]?|cada|chaque)"
_OWN = re.compile(
    rf"(?i)(?:^|(?<=[.?!;:])|(?<=\())\s*{_EACH}\s+(?P<noun>[^\W\d_]+)\s+(?:has|hat|tiene|a|poss[eè]de)\s+"
    r"(?:its|his|her|their|seine?n?|ihre?n?|su|sa|son)\s+(?:own|eigene[nrs]?|propi[oa]|propre)\s+"
    r"(?P<column>[^\s.?!,;()]+)\s*[.?!;]?"
)
_ONCE = re.compile(
    rf"(?i)(?:^|(?<=[.?!;:,])|(?<=\())\s*(?:(?:please\s+)?count(?:ing)?\s+|bitte\s+|contando\s+|cuenta\s+|contar\s+"
    rf"|en\s+comptant\s+|compter\s+|compte[zr]?\s+)?{_EACH}\s+(?P<noun>[^\W\d_]+)\s+"
    r"(?:(?:only\s+)?once|nur\s+einmal(?:\s+z[äa]hlen|\s+gez[äa]hlt)?|(?:s[oó]lo\s+)?una\s+(?:sola\s+)?vez"
    r"|une\s+(?:seule\s+)?fois)\s*[.?!;]?"
)
_COUNTING = re.compile(
    r"(?i)\b(?:how\s+many|number\s+of|count\s+of|wie\s+viele|anzahl\s+(?:der|an)?|cu[aá]nt[oa]s|"
    r"n[uú]mero\s+de|combien\s+(?:de|d['\u2019])?|nombre\s+de|nombre\s+d['\u2019])\s*"
)
_DISTINCT_WORDS = frozenset({"distinct", "different", "unique", "verschiedene", "verschiedenen",
                             "unterschiedliche", "distintos", "distintas", "diferentes", "differents",
                             "differentes", "distincts", "distinctes"})  # fmt: skip
_CUES = (" own ", "eigene", "propi", "propre", "once", "einmal", " vez", " fois")
_STEM = 4  # letters a thing's singular and its plural share ("firm"/"Firmen", "Mann"/"Männer")


def counted_once(
    text: str, resolver: ColumnResolver, answers: Answers, request: str
) -> tuple[str, list[str]]:
    """``text`` with a thing counted once read as distinct values of its identifier, and a note."""
    low = text.lower()
    if not any(cue in low for cue in _CUES):
        return text, []  # no pattern compiled for a request without them
    said = _OWN.search(text) or _ONCE.search(text)
    if said is None:
        return text, []
    noun = norm(said.group("noun"))
    rest = text[: said.start()] + " " + text[said.end() :]
    plural = _counted_plural(rest, noun)
    if plural is None:
        return text, []
    named = said.groupdict().get("column")
    column = resolver.resolve(named, fuzzy=False) if named else None
    if named and column is None:
        return text, []  # "its own badge": no column of that name; the words stay for the check
    bracketed = _bracketed(rest, plural[1])  # "how many distinct firms (obsno)"
    column = column or (resolver.resolve(bracketed, fuzzy=False) if bracketed else None)
    column = column or _identifier(noun, resolver, answers, request)
    if column is None:
        return text, []
    before = rest[: plural[0]].split()
    distinct = "" if before and norm(before[-1]) in _DISTINCT_WORDS else "distinct "
    out = f"{rest[: plural[0]]}{distinct}{column}{rest[plural[1] :]}"
    note = f"{said.group(0).strip()!r} read as a count of distinct {column!r} (each {noun} once)"
    return re.sub(r"\s{2,}", " ", out).strip(), [note]


def _counted_plural(text: str, noun: str) -> tuple[int, int] | None:
    """Where the plural of ``noun`` is, right after a counting word (a distinct word between at most)."""
    for counting in _COUNTING.finditer(text):
        words = list(re.finditer(r"[^\W\d_]+", text[counting.end() :]))[:2]
        if len(words) == 2 and norm(words[0].group(0)) in _DISTINCT_WORDS:
            words = words[1:]  # "how many distinct firms"
        if not words:
            continue
        word = norm(words[0].group(0))
        if word != noun and word[:_STEM] == noun[:_STEM] and len(word) >= len(noun) - 1:
            start = counting.end() + words[0].start()
            return start, start + len(words[0].group(0))
    return None


def _bracketed(text: str, end: int) -> str | None:
    """The name in brackets right after the plural ("distinct firms (obsno)")."""
    found = re.match(r"\s*\(([^()]+)\)", text[end:])
    return found.group(1).strip() if found else None


def _identifier(noun: str, resolver: ColumnResolver, answers: Answers, request: str) -> str | None:
    """The column one ``noun`` is, by its name, else the one column keying the rows with the period; a
    question when several do."""
    own = resolver.resolve(noun, fuzzy=False)
    if own is not None:
        return own
    keys = [  # a name or a whole-number code: a measure with one value per thing ("logk") is no identifier
        c.name
        for c in resolver.schema.columns
        if (c.kind in {"categorical", "text"} or (c.kind == "numeric" and c.is_integer))
        and period_axis(c.name, resolver)
    ]
    if len(keys) == 1:
        return keys[0]
    if not keys:
        return None
    key = f"each {noun} once"
    schema = resolver.schema
    choices = {k: f"count distinct {k!r} values ({info.distinct_count:,} in the file)"
               for k in keys if (info := schema.get(k)) is not None}  # fmt: skip
    given = answers.get(key)
    chosen = offered(given, choices)
    if chosen is None:
        question = f"which column holds one {noun}, to count each once?"
        ask(key, question, choices, request=request, rejected=given)
    return chosen
