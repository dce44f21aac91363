"""The first and last pass of reading a request: quoted column names, method sentences, preparation steps.

Before the general parser: a column named exactly in quotes ("Mar.2019", ' WINDSPEED') is replaced by a
placeholder word the resolver maps onto that column (the exact name wins over any loose match); method
sentences become an AnalysisMethod; preparation steps are cut out in order; a test / shape / regression
request is read at once. After it: the method is applied to the operation's options (correlation method,
outlier rule and threshold), a group key on a binned column becomes the bin column, and the steps and
method are attached to the Intent.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import AnalysisMethod, DerivedColumn, Intent, PreparationStep
from mcpforge.pipeline.intent.analysis.column_transforms import value_steps_once
from mcpforge.pipeline.intent.analysis.defined_statistics import cut_statistic_definitions
from mcpforge.pipeline.intent.analysis.features import read_features
from mcpforge.pipeline.intent.analysis.formula_definitions import drop_lead_ins, read_formula_definitions
from mcpforge.pipeline.intent.analysis.method_words import (
    STATED,
    check_method_words,
    denominator_as_ddof,
    read_method_words,
)
from mcpforge.pipeline.intent.analysis.methods import read_methods
from mcpforge.pipeline.intent.analysis.named_definitions import read_named_definitions
from mcpforge.pipeline.intent.analysis.per_capita import read_per_capita
from mcpforge.pipeline.intent.analysis.phrasings import plain_phrasing
from mcpforge.pipeline.intent.analysis.preparation import read_preparation, scope_missing
from mcpforge.pipeline.intent.analysis.prepared_column import measure_the_filled
from mcpforge.pipeline.intent.analysis.relative_thresholds import read_relative_thresholds, scope_relative
from mcpforge.pipeline.intent.analysis.reported_names import stated_statistics, with_reported_rows
from mcpforge.pipeline.intent.analysis.rule_restatements import restate_rules
from mcpforge.pipeline.intent.analysis.statistic_words import account_for_statistic, mentioned_columns
from mcpforge.pipeline.intent.analysis.statistics import SETTINGS, read_statistics
from mcpforge.pipeline.intent.analysis.value_steps import (
    after_value_steps,
    value_step_spans,
    without_used_rule,
)
from mcpforge.pipeline.intent.analysis.z_counts import z_count
from mcpforge.pipeline.intent.language.day_names import english_day_names
from mcpforge.pipeline.intent.words import ColumnResolver, _key, norm, singular, tokenize
from mcpforge.pipeline.schema import DatasetSchema

_QUOTED = re.compile(r"[\"'`\u201c\u2018]([^\"'`\u201d\u2019]{1,80})[\"'`\u201d\u2019]")
_PLACEHOLDER = "quotedcolumn"
_STAT_NAMES = frozenset({"mean", "median", "average", "min", "max", "minimum", "maximum", "sum", "total",
                         "count", "mode", "std", "variance", "range", "rate", "share"})  # fmt: skip
# Nouns the parser reads as "count" ("volume of sales", "frequency of X"; parse.AGG_WORDS).
_LOOSE_COUNT_NOUNS = frozenset({"volume", "frequency"})
_AGGREGATED = r"total|sum\s+of|mean|average|median|max(?:imum)?|min(?:imum)?|highest|lowest"
_NAMED_COLUMN = re.compile(r"\b(?:the\s+)?([A-Za-z]+)\s+(?:column|field|variable)\b", re.IGNORECASE)
_NEW_COLUMN = re.compile(
    r"\b(?:create|add|make|compute|derive|build|construct|define)\s+(?:a\s+|an\s+)?(?:new\s+)?"
    r"(?:column|feature|variable|field)(?:\s+(?:called|named)\s+[\"'`]?(?P<name>[A-Za-z_]\w*)[\"'`]?)?\s+"
    r"(?:as|that\s+is|equal\s+to|which\s+is|being|=|defined\s+as)\s+(?:the\s+)?"
    r"(?P<op>sum|total|difference|product|ratio)\s+of\s+(?P<a>.+?)\s+(?:and|to|over|divided\s+by)\s+(?P<b>.+?)"
    r"(?=\s*(?:[,;.]|\bthen\b|$))",
    re.IGNORECASE,
)
_OPERATORS = {"sum": "+", "total": "+", "difference": "-", "product": "*", "ratio": "/"}
_OP_WORDS = {"+": "plus", "-": "minus", "*": "times", "/": "per"}
_ITS = re.compile(
    r"\b(?:its|their)\s+(?P<what>[a-z][a-z-]*)\b|\b(?:the|this)\s+new\s+(?:column|feature|variable)\b"
    r"|\bit\b(?=\s+(?:correlates?|relates?|compares?|varies|vary|differs?|changes?|follows?|is\s+normally))"
    r"|(?:(?<=\bof\s)|(?<=\bon\s))it\b",  # "run a one-way ANOVA of it across firms"
    re.IGNORECASE,
)
_EACH_BIN = re.compile(
    r"\b(?P<each>each|per|every|by)\s+(?:the\s+)?(?:bin|bucket|range|interval|quantile|quartile|quintile|decile)s?\b",
    re.IGNORECASE,
)
_EACH_GROUP = re.compile(
    r"\b(?:for\s+each|for\s+every|per|within\s+each|within|in\s+each|by|across|grouped\s+by)\s+(?:the\s+)?"
    r"(?P<group>[A-Za-z][\w ]*?)(?:\s+groups?)?"
    r"(?=\s*(?:[,.;:?]|\b(?:the|what|which|find|list|show|how|are|is|using|with|and|at)\b|$))",
    re.IGNORECASE,
)
_ROW_NOUN_PHRASE = re.compile(
    r"\s*\b(?:(?:paid|made|given|spent|earned|received|reported|recorded|bought|sold|owned|held|taken|placed|"
    r"submitted|filed|driven|scored|booked)\s+)?(?:by|of|among|across|from|for|over)\s+(?:the\s+|all\s+)?"
    r"(?P<noun>[A-Za-z]+)\b(?=\s*(?:[,.;:?!]|$|\b(?:in|for|per|by|and|then|grouped|across|whose|who|with|"
    r"where|having)\b))",
    re.IGNORECASE,
)
# Statistics the catalogue has no template for, whose words would otherwise read as one it has ("the
# interquartile range" as the range, min and max): refused, saying what can be asked instead.
_UNSUPPORTED = [
    (re.compile(r"\binter-?\s?quartile\s+range\b|\biqr\b", re.IGNORECASE),
     "the interquartile range is not computed by the catalogue; ask for the 25th and 75th percentiles"),
]  # fmt: skip
_ROW_NOUN_SUBJECT = re.compile(
    r"\b(?P<noun>[A-Za-z]+)\b(?=\s+(?:whose|who|with|where|having)\b)", re.IGNORECASE
)
_VALUE_OF = re.compile(
    r"\b(mean|average|median|maximum|minimum|max|min|total|typical)\s+value\s+of\b", re.IGNORECASE
)
# "an unusual Glucose", "outlying prices", "anomalous readings of X": adjectives that ask for the outliers.
_UNUSUAL = re.compile(r"\b(?:unusual|anomalous|abnormal|atypical|aberrant|outlying)\b", re.IGNORECASE)
# "how many outliers" in the four languages a request is read in ("Cuenta los valores atípicos" had listed
# the rows: a wrong answer): the number, not the rows.
_COUNTED = re.compile(
    r"\bhow\s+many\b|\bcount(?:ing)?\b|\bnumber\s+of\b|\bcuent[ae]n?\b|\bcu[aá]nt[oa]s\b|\bn[uú]mero\s+de\b"
    r"|\bcompte[rz]?\b|\bcombien\b|\bnombre\s+d|\bz[aä]hle?n?\b|\bwie\s+viele\b|\banzahl\b",
    re.IGNORECASE,
)
# "Which rows ..., and how many?": the rows are asked for too (their count is in the answer's title).
_LISTED = re.compile(r"\b(?:which|list|show|display|print|identify)\b|\bwhat\s+are\s+the\b", re.IGNORECASE)
_ADJECTIVES = re.compile(
    r"\b(?:scaled|rescaled|normali[sz]ed|standardi[sz]ed|imputed|filled|binned|cleaned)\s+", re.IGNORECASE
)


@dataclass(kw_only=True)
class QuotedResolver(ColumnResolver):
    """A resolver that also knows the placeholder words standing for exactly quoted column names."""

    aliases: dict[str, str] = field(default_factory=dict)

    def resolve(self, phrase: str, *, fuzzy: bool = True) -> str | None:
        """The quoted column a placeholder stands for, else the usual resolution."""
        column = self.aliases.get(_key(phrase))
        return column if column is not None else super().resolve(phrase, fuzzy=fuzzy)

    def candidates(self, phrase: str) -> list[str]:
        """A placeholder is never ambiguous."""
        return [] if _key(phrase) in self.aliases else super().candidates(phrase)


@dataclass(frozen=True, kw_only=True)
class Instructions:
    """What the first pass read, and the request text left for the general parser."""

    text: str
    resolver: ColumnResolver
    method: AnalysisMethod
    steps: list[PreparationStep]
    notes: list[str]
    statistic: Intent | None
    derived: list[DerivedColumn] = field(default_factory=list)


def _quoted_columns(text: str, schema: DatasetSchema) -> tuple[str, dict[str, str]]:
    """Replace each exactly (or space-trimmed) quoted column name with a placeholder word."""
    by_exact = {name: name for name in schema.column_names}
    by_trimmed = {name.strip(): name for name in schema.column_names}
    aliases: dict[str, str] = {}

    def swap(match: re.Match[str]) -> str:
        inner = match.group(1)
        column = by_exact.get(inner) or by_trimmed.get(inner.strip())
        if column is None:
            return match.group(0)
        word = f"{_PLACEHOLDER}{chr(ord('a') + len(aliases) % 26)}{'x' * (len(aliases) // 26)}"
        aliases[word] = column
        return f" {word} "

    text = _QUOTED.sub(swap, text)
    # "the median column", "the count field": a column named like a statistic, said to be a column.
    by_word = {
        name.strip().lower(): name for name in schema.column_names if name.strip().lower() in _STAT_NAMES
    }

    def swap_named(match: re.Match[str]) -> str:
        column = by_word.get(match.group(1).lower())
        if column is None:
            return match.group(0)
        word = f"{_PLACEHOLDER}{chr(ord('a') + len(aliases) % 26)}{'x' * (len(aliases) // 26)}"
        aliases[word] = column
        return f" {word} "

    text = _NAMED_COLUMN.sub(swap_named, text) if by_word else text
    # "volume of", "frequency" count rows; in data with such a column, after an aggregation word ("the
    # total volume of Austin") they name it. Alone ("volume of sales") they stay what they were.
    for name in (n for n in schema.column_names if n.strip().lower() in _LOOSE_COUNT_NOUNS):
        pattern = re.compile(rf"\b({_AGGREGATED})\s+{re.escape(name.strip())}(?![\w.])", re.IGNORECASE)
        if pattern.search(text):
            word = f"{_PLACEHOLDER}{chr(ord('a') + len(aliases) % 26)}{'x' * (len(aliases) // 26)}"
            aliases[word] = name
            text = pattern.sub(rf"\1 {word} ", text)
    # A multi-word name written exactly as the file has it ("TEMP MAX", "kWh usage") is that column, even
    # when its words are also analysis words (max, min, mean): longest names first.
    spaced = sorted((n for n in schema.column_names if re.search(r"[\s.]", n.strip())), key=len, reverse=True)
    for name in spaced:
        pattern = re.compile(rf"(?<![\w.]){re.escape(name.strip())}(?!\w|\.\w)")
        if pattern.search(text):
            word = f"{_PLACEHOLDER}{chr(ord('a') + len(aliases) % 26)}{'x' * (len(aliases) // 26)}"
            aliases[word] = name
            text = pattern.sub(f" {word} ", text)
    return text, aliases


def _row_nouns(schema: DatasetSchema) -> set[str]:
    """Words for what one row is: the file's name (passengers.csv) and id columns (PassengerId, order_id)."""
    nouns = {singular(word) for word in norm(schema.path.rsplit("/", 1)[-1].rsplit(".", 1)[0]).split()}
    for name in schema.column_names:
        words = _key(name).split()
        if len(words) > 1 and words[-1] == "id":
            nouns.add(words[-2])
    return {noun for noun in nouns if len(noun) > 2}


def _drop_row_nouns(text: str, schema: DatasetSchema, resolver: ColumnResolver) -> str:
    """ "the mean fare paid by the passengers": the passengers are the rows, not a column to group by.

    "excluding passengers with a missing Age", "passengers whose Age is over 40": the rows again, said so.
    """
    nouns = _row_nouns(schema)

    def is_row(noun: str) -> bool:
        plural = singular(noun.lower()) in nouns and noun.lower().endswith("s")
        return plural and resolver.resolve(noun, fuzzy=False) is None

    text = _ROW_NOUN_PHRASE.sub(lambda m: "" if is_row(m.group("noun")) else m.group(0), text)
    return _ROW_NOUN_SUBJECT.sub(lambda m: "rows" if is_row(m.group("noun")) else m.group(0), text)


def _boolean_plurals(text: str, schema: DatasetSchema) -> str:
    """ "on holidays", "for smokers": the plural of a one-word yes/no column is that column being true."""
    for info in schema.columns:
        name = info.name.strip()
        if info.kind == "boolean" and re.fullmatch(r"[A-Za-z]+", name) and not name.lower().endswith("s"):
            text = re.sub(rf"\b{re.escape(name)}s\b", name, text, flags=re.IGNORECASE)
    return text


def _mention(column: str, resolver: QuotedResolver) -> str:
    """How to write ``column`` back into the text so the parser finds it again."""
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", column.strip()):
        return column.strip()  # one word; spaced names get a placeholder, their words are not re-read
    word = f"{_PLACEHOLDER}{chr(ord('a') + len(resolver.aliases) % 26)}{'x' * (len(resolver.aliases) // 26)}"
    resolver.aliases[word] = column
    return word


def _operand(phrase: str, resolver: QuotedResolver) -> str | None:
    words = re.sub(r"^(?:the\s+)|\s+(?:columns?|values?)$", "", phrase.strip(" '\"`"), flags=re.IGNORECASE)
    column = resolver.resolve(words, fuzzy=False)
    return column if column is not None and resolver.kind(column) in {"numeric", "boolean"} else None


def _new_columns(text: str, resolver: QuotedResolver) -> tuple[str, list[DerivedColumn]]:
    """ "create a column as the sum of A and B, then its correlation with C" → a derived column, named."""
    derived: list[DerivedColumn] = []
    match = _NEW_COLUMN.search(text)
    if match is None:
        return text, derived
    a, b = _operand(match.group("a"), resolver), _operand(match.group("b"), resolver)
    if a is None or b is None:
        return text, derived
    op = _OPERATORS[match.group("op").lower()]
    name = (
        match.group("name")
        or re.sub(r"\W+", "_", f"{a.strip()}_{_OP_WORDS[op]}_{b.strip()}").strip("_").lower()
    )
    derived.append(DerivedColumn(name=name, expression=f"`{a}` {op} `{b}`"))
    resolver.extra[name] = "numeric"
    rest = text[: match.start()] + text[match.end() :]
    return _refer(rest, name), derived


def _refer(text: str, name: str) -> str:
    """ "its correlation with C" → "the correlation of <name> with C" (the column just made or prepared)."""

    def swap(match: re.Match[str]) -> str:
        return f"the {match.group('what')} of {name}" if match.group("what") else name

    return _ADJECTIVES.sub("", _ITS.sub(swap, text))


# What a remark about each kind of preparation step talks about.
_STEP_OBJECTS: dict[str, re.Pattern[str]] = {
    "deduplicate": re.compile(r"\bduplicat", re.IGNORECASE),
    "bin": re.compile(r"\b(?:bins?|buckets?|quantiles?|intervals?)\b", re.IGNORECASE),
    "drop_missing": re.compile(r"\b(?:missing|empty|null|blank)\b", re.IGNORECASE),
    "fill_missing": re.compile(r"\b(?:missing|empty|null|blank)\b", re.IGNORECASE),
    "normalize": re.compile(r"\b(?:normali[sz]|scal)", re.IGNORECASE),
    # outliers dropped, capped, transformed: a later sentence about them ("how many are left?") is a question
    **dict.fromkeys(("drop_outliers", "clip", "transform"), re.compile(r"(?!)")),
}
_SENTENCES = re.compile(r"(?<=[.?!])\s+")


def _drop_step_remarks(text: str, steps: list[PreparationStep], resolver: ColumnResolver) -> str:
    """``text`` without later sentences that only remark on how a preparation step works.

    "Drop duplicated rows and count rows by region. Count whole-row duplicates only once." — the second
    sentence talks about the step's object (duplicates, bins, missing values) and names no column: it says
    how the step is done, not what to compute, so its words are not the question's.
    """
    sentences = [s for s in _SENTENCES.split(text) if s.strip()]
    if len(sentences) < 2 or not steps:
        return text
    kept = sentences[:1]
    for sentence in sentences[1:]:
        about_step = any(_STEP_OBJECTS[step.kind].search(sentence) for step in steps)
        tokens = [norm(word) for word in re.findall(r"[\w.%-]+", sentence)]
        names_column = any(resolver.match_at(tokens, i) for i in range(len(tokens)))
        if not (about_step and not names_column):
            kept.append(sentence)
    return " ".join(kept)


def read_instructions(text: str, schema: DatasetSchema, request: str) -> Instructions:
    """Quoted names, method sentences, preparation steps and a statistics request, read from ``text``."""
    text, days = english_day_names(text, ColumnResolver(schema=schema))  # "Montag": the value monday
    swapped, aliases = _quoted_columns(text, schema)
    resolver = QuotedResolver(schema=schema, aliases=aliases)

    def mention(column: str) -> str:
        return _mention(column, resolver)

    plain = plain_phrasing(_drop_row_nouns(_VALUE_OF.sub(r"\1 of", swapped), schema, resolver))
    plain, restated = restate_rules(plain, request)  # "below Q1 - 1.5 IQR or above Q3 + 1.5 IQR": the rule
    plain, defined = cut_statistic_definitions(plain)  # "coefficient of variation (std / mean)"
    plain, relative = read_relative_thresholds(plain, resolver, mention, request)  # "above the average x"
    methods = read_methods(_boolean_plurals(denominator_as_ddof(plain), schema))  # "n - 1 in the denominator"
    method_text, stated = read_method_words(methods.text, request)  # "linear interpolation", "ddof=1"
    for pattern, why in _UNSUPPORTED:
        if pattern.search(methods.text) and not re.search(
            r"outlier|anomal|extreme|unusual", methods.text, re.I
        ):
            raise UnmappableRequestError(
                f"cannot map the request {request!r} onto a data analysis: {why}",
                understood={"unsupported": pattern.pattern},
            )
    text, derived = _new_columns(_UNUSUAL.sub("outlier", method_text), resolver)
    text, features = read_features(
        text, resolver, resolver, placeholder=_PLACEHOLDER, row_nouns=_row_nouns(schema)
    )
    text, defined_first = read_named_definitions(text, resolver, resolver, placeholder=_PLACEHOLDER)
    features += defined_first  # "compute the real price as avgprs divided by cpi"
    text, worded = read_formula_definitions(text, resolver, resolver, placeholder=_PLACEHOLDER)
    features += worded  # "the share of life spent married = yearsmarried / age", "... comme A divisé par B"
    text, per_capita = read_per_capita(text, resolver, resolver, placeholder=_PLACEHOLDER)
    features += per_capita  # "the correlation between X and deaths per 10,000 inhabitants"
    text = drop_lead_ins(text, _PLACEHOLDER) if features else text  # "Create a feature: <defined>"
    if len(features) == 1 and not derived:
        text = _refer(text, _mention(features[0].name, resolver))
    derived += features
    text, method = z_count(text, resolver, methods.method, mention)  # "standardize X ... |z| > 3"
    spans = value_steps_once(value_step_spans(text, resolver, method, mention, request))
    prepared = read_preparation(text, resolver, spans)  # and outliers dropped, capped, log (value_steps.py)
    method = without_used_rule(method, prepared.steps)
    text = after_value_steps(prepared.text, prepared.steps, resolver, mention)
    text = _drop_step_remarks(text, prepared.steps, resolver)
    touched = list(dict.fromkeys(column for step in prepared.steps for column in step.columns))
    if len(touched) == 1 and not derived:
        text = _refer(text, _mention(touched[0], resolver))
        text = measure_the_filled(text, prepared.steps, _mention(touched[0], resolver), resolver)
    elif not touched and not derived and _ITS.search(text):
        named = mentioned_columns(tokenize(text), resolver)
        if len(named) == 1:  # "How spread out is Fare? Give its standard deviation."
            text = _refer(text, _mention(named[0], resolver))
    bins = [column for step in prepared.steps if step.kind == "bin" for column in step.columns]
    for column in bins:
        resolver.extra[f"{column}_bin"] = "categorical"
    if len(bins) == 1:
        text = _EACH_BIN.sub(lambda m: f"{m.group('each')} {_mention(bins[0] + '_bin', resolver)}", text)
    statistic = read_statistics(text, resolver, method, request, context=swapped)
    if statistic is not None:
        statistic = account_for_statistic(text, statistic, resolver, settings=SETTINGS)
    notes = [*days, *restated, *defined, *methods.notes, *stated]
    notes += [f"preparation: {s.kind} {s.columns}" for s in prepared.steps]
    return Instructions(
        text=text, resolver=resolver, method=method, steps=[*prepared.steps, *relative], notes=notes,
        statistic=statistic, derived=derived,
    )  # fmt: skip


def _group_of(instructions: Instructions) -> str | None:
    """The categorical column a "for each <column>" phrase of the request names, if any."""
    resolver = instructions.resolver
    for match in _EACH_GROUP.finditer(instructions.text):
        column = resolver.resolve(match.group("group").strip(), fuzzy=False)
        if column is not None and resolver.kind(column) in {"categorical", "boolean"}:
            return column
        info = resolver.schema.get(column) if column else None
        if info is not None and info.kind == "numeric" and info.is_integer and 0 < info.distinct_count <= 20:
            return column  # a class number (1, 2, 3) is a group key
    return None


_POPULATION_FORMS = {"std": "pstd", "var": "pvar"}  # the sample statistic → its population form


def _population(intent: Intent, method: AnalysisMethod) -> Intent:
    """Population statistics: std → pstd, var → pvar where the template has them; refused where they
    would be ignored."""
    if not method.population:
        return intent
    stds = [m for m in intent.metrics if m.func in _POPULATION_FORMS]
    if intent.operation in {"aggregate", "group_aggregate"} and stds:
        metrics = [
            m.model_copy(update={"func": _POPULATION_FORMS.get(m.func, m.func)}) for m in intent.metrics
        ]
        return intent.model_copy(update={"metrics": metrics})
    cvs = any(m.func == "cv" for m in intent.metrics)  # the coefficient of variation is the sample one
    if stds or cvs or intent.operation in {"summary_stats", "outliers", "group_outliers"}:
        raise UnmappableRequestError(
            f"population statistics are not available for {intent.operation!r} (it uses the sample "
            "standard deviation); ask for the standard deviation alone, or drop 'population'",
            understood={"operation": intent.operation, "population": True},
        )
    return intent


_METHOD_USERS: dict[str, tuple[str, ...]] = {
    "outlier_rule": ("outliers", "group_outliers"),
    "outlier_threshold": ("outliers", "group_outliers"),
    "significance": ("statistical_test",),
    "correlation_method": ("correlation", "statistical_test"),
}


def _unused_method(intent: Intent, method: AnalysisMethod) -> None:
    """Refuse when a method sentence says how to compute something the reading does not compute.

    "Consider values more than 3 standard deviations from the mean as outliers" under a row count means the
    question was misread (the outliers were asked for): answering the count would look validated and be wrong.
    """
    unused = [
        name
        for name, users in _METHOD_USERS.items()
        if getattr(method, name) is not None and intent.operation not in users
    ]
    correlation_tests = ("pearson", "spearman", "kendall")
    if (
        intent.operation == "statistical_test"
        and method.correlation_method is not None
        and intent.options.get("test") not in correlation_tests
    ):
        unused.append("correlation_method")
    if unused:
        said = ", ".join(f"{name}={getattr(method, name)!r}" for name in dict.fromkeys(unused))
        raise UnmappableRequestError(
            f"the request states a method ({said}) that the reading as {intent.operation!r} does not use: "
            "the question was probably not understood; ask for that analysis in so many words",
            understood={"operation": intent.operation, "unused_method": said},
        )


def finish_intent(intent: Intent, instructions: Instructions) -> Intent:
    """Attach the steps and method; apply the method to the operation's options; group by bin columns."""
    method, options = instructions.method, dict(intent.options)
    if intent.operation == "correlation" and method.correlation_method:
        options["method"] = method.correlation_method
    if intent.operation == "outliers" and method.outlier_rule:
        options["method"] = method.outlier_rule
        if method.outlier_threshold is not None:
            options["threshold"] = method.outlier_threshold
    if (
        intent.operation == "outliers"
        and _COUNTED.search(instructions.text)
        and not _LISTED.search(instructions.text)
    ):
        options["count"] = True  # "how many outliers": the number (and the bounds), not the rows
    if intent.operation == "outliers" and not intent.group_by:
        group = _group_of(instructions)
        if group is not None:  # "for each class, the z-score outliers of the price": bounds per group
            intent = intent.model_copy(update={"operation": "group_outliers", "group_by": [group]})
            options.setdefault("method", "zscore" if method.outlier_rule != "iqr" else "iqr")
            options.pop("count", None)
    intent = _population(intent, method)
    _unused_method(intent, method)
    check_method_words(intent.model_copy(update={"notes": [*intent.notes, *instructions.notes]}))
    intent = with_reported_rows(tokenize(intent.request), intent)  # "what is the slope?": that row
    if "report" not in intent.options:  # "pendiente de la regresión": the words put in English
        intent = with_reported_rows(tokenize(instructions.text), intent)
    options = {**options, **{k: v for k, v in intent.options.items() if k == "report"}}
    binned = {column for step in instructions.steps if step.kind == "bin" for column in step.columns}
    group_by = [f"{key}_bin" if key in binned else key for key in intent.group_by]
    return scope_relative(intent.model_copy(
        update={
            "options": options, "group_by": group_by,
            "preparation": scope_missing(list(instructions.steps), intent),
            "method": method,
            "notes": [
                *intent.notes, *instructions.notes,
                *(f"{STATED}{said}" for said in stated_statistics(tokenize(intent.request), intent)),
            ],
            "derived": [*instructions.derived, *intent.derived],
        }
    ))  # fmt: skip
