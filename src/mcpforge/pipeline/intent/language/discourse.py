"""Words of discourse: how a request is asked, never what it asks for.

A request carries words that cannot change the numbers: instructions to whoever answers ("calculate",
"you should treat"), the tools they would use ("pandas", "the statistics module"), verbs that restate what
is measured ("how much do penguins weigh", "where do they live"), hedges ("I think") and question numbering
("1.", "2)"). Left over by a reading that uses every content word, they do not block it: the reading lists
them ("not used: 'pandas'"). A content word (a column or value word, a noun naming data, a number, a
comparison, an aggregation, a method) is never discourse: :mod:`accounting` asks about it or refuses.

The rule, without a part-of-speech tagger: a leftover word is discourse only on positive evidence —

1. its form is in the closed discourse vocabulary below (instruction verbs and their inflections, tool
   names, verbs of being somewhere or of being measured, hedges), or a tool noun ("function", "formula",
   "module", "library") stands next to a tool name, an aggregation word or "built-in"; or
2. it asks for the measure the reading aggregates: the adjective of "how long / how old / how heavy", or
   the verb of a do-question ("how much do penguins weigh") — only when the reading aggregates a column,
   because in a count ("how many orders did they cancel") that verb picks the rows;

and never where English puts a restriction on the rows: after a relative pronoun ("orders that were
refunded"), after a form of "be" or "have" ("patients who were treated"), right after the noun a count
counts ("how many passengers lived"), or as a participle right before a row noun or a column word
("used cars"). A word whose first letters are those of a column name or a category value of the data is
content wherever it stands ("cancel" beside the value "cancelled"). Every other unknown word — an unknown
noun above all, which may name data the file lacks ("orders per store manager") — stays content.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from mcpforge import _lazy_re as re
from mcpforge.models import Intent
from mcpforge.pipeline.intent.analysis.method_words import marking_word, relation_word
from mcpforge.pipeline.intent.language.data_predicates import data_predicate
from mcpforge.pipeline.intent.language.function_words import FILLER_WORDS, FUNCTION_WORDS
from mcpforge.pipeline.intent.language.ranking_verbs import ranking_verb
from mcpforge.pipeline.intent.language.restating_words import restates_the_reading
from mcpforge.pipeline.intent.quantities.ratios import row_noun
from mcpforge.pipeline.intent.words import ENTITY_WORDS, ColumnResolver, norm, singular


def _forms(*bases: str) -> frozenset[str]:
    """Each base verb with its regular inflections: treat → treats, treated, treating."""
    found: set[str] = set()
    for base in bases:
        stem = base[:-1] if base.endswith("e") else base
        found |= {base, f"{base}s", f"{stem}ed", f"{stem}ing"}
    return frozenset(found)


# Verbs of the request itself: what the person asks whoever answers to do.
INSTRUCTION_WORDS = _forms(
    "calculate", "compute", "determine", "treat", "handle", "apply", "perform", "execute", "answer",
    "consider", "output", "print", "present", "express", "obtain", "retrieve", "fetch", "extract",
    "say", "explain", "solve", "estimate", "quantify", "assess", "evaluate", "summarise",
    "summarize", "help", "assist", "need", "want", "use", "show", "give", "find", "tell", "list", "return",
) | {"should", "shall", "must", "would", "could", "kindly", "please", "thanks", "thank", "gave", "given",
     "shown", "found", "told", "said", "using", "via", "needed", "wanted", "calculation", "calculations",
     "computation", "computations", "question", "questions", "task", "answer",
     "following", "note", "aside", "e.g", "i.e", "eg", "ie", "etc"}  # fmt: skip
# Tools and languages a request may name; they do not change what is computed.
TOOL_NAMES = frozenset({
    "pandas", "python", "numpy", "scipy", "statsmodels", "sklearn", "scikit-learn", "excel", "sql", "jupyter",
    "notebook", "dataframe", "dataframes", "df", "pd", "np", "groupby", "spreadsheet", "libreoffice",
    "built-in", "builtin", "inbuilt", "python's", "pandas'", "numpy's", "excel's",
})  # fmt: skip
# Nouns that are tools only beside a tool name or an aggregation word ("the built-in mean function");
# alone they may name data ("average salary by function").
TOOL_NOUNS = frozenset({"function", "functions", "formula", "formulas", "formulae", "module", "modules",
                        "library", "libraries", "package", "packages", "method", "methods", "routine",
                        "code", "script", "command", "tool", "tools", "statistics", "stats"})  # fmt: skip
_TOOL_QUALIFIERS = frozenset({"built-in", "builtin", "inbuilt", "statistics", "stats", "math", "standard"})
_AGG_NAMES = frozenset({"mean", "median", "average", "sum", "count", "max", "min", "std", "stdev", "mode",
                        "describe", "quantile", "agg", "aggregate", "groupby", "round",
                        "value_counts"})  # fmt: skip
_USING = frozenset({"use", "using", "used", "with", "via", "apply", "applying", "call", "calling", "through"})
# Verbs of being somewhere, of being recorded or of being measured: they restate the question's subject or
# measure ("where do customers live", "how much do they weigh", "how many orders came in").
RESTATING_WORDS = _forms(
    "weigh", "live", "reside", "stay", "last", "exist", "appear", "register", "list", "enter", "observe",
    "collect", "capture", "store", "locate", "situate", "measure", "record", "log", "report", "take",
    "come", "get", "arrive",
) | {"came", "taken", "took", "got", "gotten", "lived", "located", "situated", "weighed"}  # fmt: skip
# Stance and hedges around the question.
HEDGE_WORDS = frozenset({
    "think", "guess", "believe", "wonder", "wondering", "suppose", "assume", "hope", "hoping", "curious",
    "interested", "maybe", "perhaps", "possibly", "probably", "basically", "essentially", "simply",
    "quickly", "briefly", "honestly", "ideally", "precisely", "correctly", "properly", "accurately",
    "carefully", "exactly", "anyway", "anyhow", "okay", "hey", "hello", "dear", "sure", "certainly",
    "quick", "question", "mind", "possible", "able", "somebody", "someone", "anyone", "yourself", "ever",
    "overall", "altogether", "actually", "really",
})  # fmt: skip
_DISCOURSE = INSTRUCTION_WORDS | RESTATING_WORDS | HEDGE_WORDS
# The adjective of "how long", "how old": the question asks for the measure the reading aggregates.
_HOW_ADJECTIVES = frozenset({"long", "old", "tall", "heavy", "big", "large", "far", "high", "deep", "wide",
                             "expensive", "costly", "fast", "quickly", "often", "young", "short",
                             "small"})  # fmt: skip
# Present-tense verbs of where the rows are: "how many penguins live on each island" counts all of them.
_LOCATED = frozenset({"live", "lives", "reside", "resides", "located", "situated", "based", "stay", "stays"})
_RESTATING_MARKERS = (["that", "is", ","], ["in", "other", "words"])
_RELATIVE = frozenset({"who", "that", "which", "whose", "whom"})
_BE_HAVE = frozenset({"is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "having",
                      "become", "became", "not", "never", "no"})  # fmt: skip
_DO = frozenset({"do", "does", "did"})
_MODAL = frozenset({"should", "must", "shall", "can", "could", "would", "will", "may", "might", "to"})
_SUBJECT = FUNCTION_WORDS | {"they", "them", "their", "these", "those", "people", "you", "i", "we", "one",
                             "typically", "usually", "generally", "normally", "on", "average"}  # fmt: skip
_ROW_NOUNS = frozenset({"passenger", "customer", "patient", "person", "people", "student", "employee", "user",
                        "item", "product", "member", "client", "visitor", "worker", "household"})  # fmt: skip
_MEASURING = frozenset({"sum", "mean", "median", "min", "max", "std"})
_WORD = re.compile(r"[a-z][a-z'\-]+")
# Verbs of asking and politeness: every request has them; naming them as unused says nothing.
_PLAIN = frozenset({"show", "give", "get", "gets", "find", "tell", "list", "calculate", "compute", "display",
                    "determine", "report", "return", "please", "kindly", "thanks", "thank", "should", "would",
                    "could", "must", "shall", "using", "use", "want", "need", "like", "know", "see",
                    "help"})  # fmt: skip
_PARTICIPLE = re.compile(r"[a-z]{3,}(?:ed|ing|en)$")
_PREPOSITIONS = frozenset({"over", "across", "per", "with", "by", "from", "into", "for", "in", "on", "at",
                           "as", "to", "under", "through", "via", "than", "after", "before", "during",
                           "within", "without", "among", "between", "separately", "together",
                           "again"})  # fmt: skip
_MIN_STEM = 4
_CLAUSE_ENDS = frozenset({",", ";", "(", ")", "and", "by", "per", "for", "in", "of"})
# "1. What is ...", "2) How many ...", "Q3: ...", "(a) ...": a label before the question, not a number of it.
# "90. Perzentil", "1. Quartil": a German ordinal of a quantile word is a number of the analysis, no label
_NUMBERING = re.compile(
    r"^\s*(?:(?:q(?:uestion)?\s*)?\d{1,2}\s*[.):]|\((?:\d{1,2}|[a-h])\)|[a-h]\))\s+"
    r"(?=\D)(?!(?:perzentil|quantil|quartil|dezil)|(?:per)?centil|percentil)",
    re.IGNORECASE,
)


_TOOL_PHRASE = re.compile(
    r"(?i)\b(?:python'?s?\s+|the\s+)?(?:statistics|stats|math)\s+(?:module|library|package)(?:\s+of\s+python)?\b"
)


def strip_numbering(text: str) -> tuple[str, str | None]:
    """``text`` without a question label at its start, and the label ("1.") when there was one."""
    match = _NUMBERING.match(text)
    if match is None:
        return text, None
    return text[match.end() :], match.group(0).strip()


def strip_tool_phrases(text: str) -> tuple[str, list[str]]:
    """``text`` without "the statistics module" (a tool, not the summary statistics it would name)."""
    found = [match.group(0).strip() for match in _TOOL_PHRASE.finditer(text)]
    return (_TOOL_PHRASE.sub(" ", text), found) if found else (text, [])


def measures_a_column(intent: Intent) -> bool:
    """The reading aggregates a column (a verb of its question restates that measure)."""
    return any(m.func in _MEASURING and m.column for m in intent.metrics) or intent.operation in {
        "summary_stats", "percentiles", "distribution_shape",
    }  # fmt: skip


def discourse(tokens: list[str], i: int, intent: Intent, resolver: ColumnResolver) -> bool:
    """Whether ``tokens[i]``, left over by ``intent``, is a word of discourse (see the module's rule)."""
    word = tokens[i]
    if word in TOOL_NAMES:
        return True
    marks = marking_word(word, intent)  # "how many are flagged?": the rows the outlier rule marks
    data_like = _resembles_data(word, resolver)
    # "le fichier contient-il", "qui vivent dans le Sud", "beim Alter" (word_classes.py)
    foreign = not data_like and _names_no_data_in_its_language(word, intent, resolver)
    # "within each year separately", "reported breaches": says again what the reading does (its module)
    restates = not data_like and restates_the_reading(tokens, i, intent, resolver)
    if data_like or (not (foreign or restates) and _restricting_slot(tokens, i, resolver) and not marks):
        return False
    if (
        foreign
        or restates
        or word in _DISCOURSE
        or (word in TOOL_NOUNS and _beside_a_tool(tokens, i))
        or _restated(tokens, i)
    ):
        return True
    if marks or relation_word(word, intent) or ranking_verb(tokens, i, intent) or data_predicate(tokens, i):
        return True  # "relate"; "smoked the most"; "how many distinct years does the data cover?"
    measure = measures_a_column(intent)
    if measure and word in _HOW_ADJECTIVES and i > 0 and tokens[i - 1] == "how":
        return True
    return measure and _do_question_verb(tokens, i, resolver)


def unused_discourse(
    tokens: list[str], used: set[int], intent: Intent, resolver: ColumnResolver
) -> list[str]:
    """The words of discourse the reading of ``intent`` leaves unused, worth naming to the person.

    Grammar, politeness and the plain verbs of asking ("show", "calculate") are not named; the verbs that
    restate the question ("weigh", "came") are, even when the request vocabulary already accepts them.
    """
    found: list[str] = []
    for i, word in enumerate(tokens):
        if i in used or not _WORD.fullmatch(word) or word in _PLAIN or word in FUNCTION_WORDS:
            continue
        accepted = word in FILLER_WORDS or singular(word) in ENTITY_WORDS
        if word in RESTATING_WORDS or (not accepted and discourse(tokens, i, intent, resolver)):
            found.append(word)
    return list(dict.fromkeys(found))


def with_unused(intent: Intent, words: Iterable[str | None]) -> Intent:
    """``intent`` with ``words`` added to the words its reading names as not used."""
    new = [w for w in dict.fromkeys(words) if w and w not in intent.unused_words]
    return intent.model_copy(update={"unused_words": [*intent.unused_words, *new]}) if new else intent


def _restated(tokens: list[str], i: int) -> bool:
    """``the least fuel efficient in town, i.e. has the lowest mean MPG Stadt``: said again in data words.

    The words before "i.e." / "that is," / "in other words" are defined by the words after it, which the
    reading must use (or the word check refuses them).
    """
    for k in range(i + 1, len(tokens)):
        if tokens[k : k + 2] == ["i", "e"] or tokens[k : k + 3] in _RESTATING_MARKERS:
            return k + 3 < len(tokens)
        if tokens[k] in {"namely", "meaning"}:
            return k + 1 < len(tokens)
    return False


def _beside_a_tool(tokens: list[str], i: int) -> bool:
    """``the built-in mean function``, ``the statistics module``, ``using pandas' describe function``."""
    near = tokens[max(0, i - 2) : i] + tokens[i + 1 : i + 3]
    if TOOL_NAMES & set(near) or (i > 0 and tokens[i - 1] in _TOOL_QUALIFIERS):
        return True
    # "use the mean function": an aggregation word named as a function after a verb of using
    return i >= 2 and tokens[i - 1] in _AGG_NAMES and bool(_USING & set(tokens[max(0, i - 5) : i - 1]))


def without_discourse(unknown: list[str], tokens: list[str]) -> list[str]:
    """``unknown`` (words in a column's place) without the words of discourse: "the built-in mean function",
    "the lowest median ever recorded".

    Their phrase then reads no column, so its aggregation word stays unused for the word check. A word in a
    grouping slot ("salary by function") stays unknown: it may name data, and its slot is already taken.
    """
    kept = []
    for word in unknown:
        spots = [i for i, token in enumerate(tokens) if token == word]
        grouping = any(i > 0 and tokens[i - 1] in {"by", "per"} for i in spots)
        beside = bool(spots) and all(map(_tool_at(tokens), spots))
        tool = word in TOOL_NAMES or (word in TOOL_NOUNS and beside)
        if grouping or not (tool or word in _DISCOURSE):
            kept.append(word)
    return kept


def _tool_at(tokens: list[str]) -> Callable[[int], bool]:
    return lambda i: _beside_a_tool(tokens, i)


def _names_no_data_in_its_language(word: str, intent: Intent, resolver: ColumnResolver) -> bool:
    """A verb form, preposition or file noun of a French, German or Spanish request, or an English verb of
    being recorded after "were" ("how many penguins were measured"): see word_classes.py."""
    if word.isascii() and not re.search(r"[a-z]", word):
        return False
    from mcpforge.pipeline.intent.language.languages import detect_language  # only for a leftover word
    from mcpforge.pipeline.intent.language.word_classes import names_no_data

    return names_no_data(word, intent.request, detect_language(intent.request, resolver))


def _resembles_data(word: str, resolver: ColumnResolver) -> bool:
    """``cancel`` ~ the value ``cancelled``, ``weigh`` ~ the column ``weight``: maybe a data word."""
    parts = {part for name in resolver.names() for part in norm(name).split()}
    for info in resolver.schema.columns:
        if info.kind == "categorical":
            parts |= {part for value in info.values for part in norm(str(value)).split()}
    for part in parts:
        common = next((k for k in range(min(len(word), len(part)), 0, -1) if word[:k] == part[:k]), 0)
        if common >= _MIN_STEM and common >= 0.6 * min(len(word), len(part)):
            return True
    return False


def _restricting_slot(tokens: list[str], i: int, resolver: ColumnResolver) -> bool:
    """Where a word picks the rows: a relative clause, a predicate, a count's verb, a participle modifier."""
    before = tokens[max(0, i - 4) : i]
    for k in range(len(before) - 1, -1, -1):
        if before[k] in _CLAUSE_ENDS:
            break
        if before[k] in _RELATIVE and i - len(before) + k > 0:
            return True
    # "orders that were refunded" picks rows; "the mean should be computed" is an instruction
    passive_instruction = i > 1 and tokens[i - 1] == "be" and tokens[i - 2] in _MODAL
    if i > 0 and tokens[i - 1] in _BE_HAVE and not passive_instruction:
        return True
    nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
    if _PARTICIPLE.fullmatch(tokens[i]) and nxt.isalpha() and not _links(nxt):
        return True  # "executed trades", "handled calls": a participle before a noun picks the rows
    if i >= 3 and (tokens[i - 3], tokens[i - 2]) in {("how", "many"), ("number", "of"), ("count", "of")}:
        # "how many penguins live on each island": where they are, not which of them (unlike "lived")
        return _noun(tokens[i - 1], resolver) and not (tokens[i] in _LOCATED and nxt in {"in", "on", "at"})
    return False


def _links(word: str) -> bool:
    """A word that cannot be the noun a participle qualifies: grammar, a preposition, discourse."""
    return word in FUNCTION_WORDS or word in _PREPOSITIONS or word in _DISCOURSE or word in TOOL_NAMES


def _noun(word: str, resolver: ColumnResolver) -> bool:
    """A row noun, an entity word or a column word."""
    base = singular(word)
    if base in ENTITY_WORDS or base in _ROW_NOUNS or base == row_noun(resolver):
        return True
    return resolver.resolve(word, fuzzy=False) is not None


def _do_question_verb(tokens: list[str], i: int, resolver: ColumnResolver) -> bool:
    """``how much do penguins weigh``: the first word after "do/does/did" and its subject."""
    j = i - 1
    while j >= 0 and tokens[j] not in _DO:
        if tokens[j] not in _SUBJECT and not _noun(tokens[j], resolver):
            return False
        j -= 1
    return j >= 0 and j < i - 1 and tokens[i].isalpha()
