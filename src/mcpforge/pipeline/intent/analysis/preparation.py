"""Preparation steps stated in a request, in the order it states them, cut out of the text.

"Ignore rows with missing values in the age column", "fill missing ages with the median, then ...",
"remove duplicate rows", "bin fare into 4 quantiles", "normalize the income column" become
:class:`~mcpforge.models.PreparationStep` s; what is left ("the mean age per class") is the analysis.
A step naming a column the data does not have is not a step (the words stay for the parser to report).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mcpforge import _lazy_re as re
from mcpforge.models import Intent, PreparationStep
from mcpforge.pipeline.intent.words import ColumnResolver

_ROWS = r"(?:rows?|records?|entries|entry|observations?|lines?|data\s+points?|samples?|cases?)"
_MISSING = r"(?:missing|null|nan|empty|blank|na|n/a|absent)"
_COLS = r"(?P<cols>[\w .'\"`-]+?(?:(?:,\s*|\s+and\s+)[\w .'\"`-]+?)*?)"
_END = (
    r"(?=\s*(?:columns?\b|fields?\b)?\s*(?:[,.;?!]|\bthen\b|\bbefore\b|\band\s+then\b|"
    r"\band\s+(?:compute|calculate|find|report|give|show)|$))"
)
_DROP = re.compile(
    rf"\b(?:ignore|ignoring|exclude|excluding|drop|dropping|remove|removing|skip|skipping|discard|discarding|"
    rf"omit|omitting|filter(?:ing)?\s+out|disregard(?:ing)?)\s+(?:all\s+|any\s+|the\s+)?"
    rf"(?:{_ROWS}\s+(?:with|that\s+have|having|where|containing)\s+(?:a\s+|any\s+)?{_MISSING}(?:\s+values?)?"
    rf"|{_MISSING}(?:\s+values?)?)"
    rf"(?:\s+(?:in|for|of|from)\s+(?:the\s+)?(?:column\s+)?{_COLS}{_END})?",
    re.IGNORECASE,
)
_DROP_NAMED = re.compile(
    rf"\b(?:ignore|ignoring|exclude|excluding|drop|dropping|remove|removing|skip|skipping|discard|discarding|"
    rf"omit|omitting|disregard(?:ing)?)\s+(?:all\s+|any\s+|the\s+)?(?:{_ROWS}\s+(?:with|that\s+have|having|"
    rf"where|containing)\s+)?(?:a\s+|any\s+)?{_MISSING}\s+(?:values?\s+(?:in|for|of)\s+)?(?:the\s+)?"
    rf"(?:column\s+)?{_COLS}{_END}",
    re.IGNORECASE,
)
_DROP_WHERE = re.compile(
    rf"\b(?:ignor(?:e|ing)|exclud(?:e|ing)|drop(?:ping)?|remov(?:e|ing)|skip(?:ping)?|discard(?:ing)?|omit(?:ting)?|"
    rf"without)\s+(?:all\s+|any\s+|the\s+)?{_ROWS}\s+where\s+"
    rf"(?:the\s+)?{_COLS}\s+(?:is|are)\s+{_MISSING}{_END}",
    re.IGNORECASE,
)
# "using only rows where both are present", "keeping only the rows in which all values are known", "complete
# cases only": the rows with no missing value in a column the analysis reads (scoped by scope_missing).
_PRESENT = r"(?:present|known|available|non-?missing|not\s+missing|non-?null|not\s+null|recorded|observed)"
_COMPLETE = re.compile(
    rf"\b(?:(?:using|use|keeping|keep|considering|over|on)\s+)?(?:only\s+)?(?:the\s+)?{_ROWS}\s+"
    rf"(?:where|in\s+which|with)\s+(?:both|all|every\s+one)\s+(?:(?:of\s+them|values?|columns?|variables?)\s+)?"
    rf"(?:are\s+|is\s+)?{_PRESENT}(?:\s+only)?"
    rf"|\b(?:(?:using|use|keeping|keep|on|over)\s+)?(?:only\s+)?(?:the\s+)?complete\s+(?:cases|{_ROWS})(?:\s+only)?",
    re.IGNORECASE,
)
_FILL = re.compile(
    rf"\b(?:fill(?:ing)?(?:\s+in)?|imput(?:e|ing)|replac(?:e|ing))\s+(?:the\s+|any\s+|all\s+)?(?:{_MISSING}\s+)?"
    rf"(?:values?\s+(?:(?:that|which)\s+(?:are|is)\s+{_MISSING}\s+)?)?(?:(?:in|of|for)\s+)?(?:the\s+)?(?:column\s+)?{_COLS}(?:\s+columns?)?(?:\s+values?)?"
    rf"(?:\s+(?:that\s+(?:are|is)\s+|which\s+(?:are|is)\s+)?{_MISSING})?"  # "the speeds that are missing"
    rf"(?:\s+first)?\s+(?:with|using|by)\s+(?:the\s+|its\s+|their\s+)?(?:column\s+)?"
    rf"(?P<how>mean|average|median|mode|most\s+frequent(?:\s+value)?|zero|-?\d+(?:\.\d+)?|'[^']*'|\"[^\"]*\")"
    rf"(?:\s+(?:value|of\s+(?:the\s+)?(?:column|\w+)))?",
    re.IGNORECASE,
)
# "Drop rows without an income", "remove people with no Revenu": the rows missing that column. Only a numeric
# column: "sales without central air" (Central.Air = N) is a value of its column, not a missing one.
_DROP_WITHOUT = re.compile(
    rf"\b(?:ignor(?:e|ing)|exclud(?:e|ing)|drop(?:ping)?|remov(?:e|ing)|skip(?:ping)?|discard(?:ing)?|"
    rf"omit(?:ting)?)\s+(?:all\s+|any\s+|the\s+)?(?:{_ROWS}|[^\W\d]+)\s+(?:without|with\s+no|lacking)\s+"
    rf"(?:an?\s+|any\s+)?(?:(?:recorded|known|reported)\s+)?(?:values?\s+(?:for|of|in)\s+)?(?:the\s+)?{_COLS}{_END}",
    re.IGNORECASE,
)
_DEDUP = re.compile(
    r"\b(?:(?:remove|drop|delete|eliminate|exclude|removing|dropping)\s+(?:any\s+|all\s+|the\s+)?"
    r"duplicated?\s*(?:rows?|records?|entries)?|de-?duplicat(?:e|ing)(?:\s+the\s+(?:rows|data))?)",
    re.IGNORECASE,
)
_BIN = re.compile(
    rf"\b(?:bin|binning|group|grouping|split|splitting|divide|dividing|discreti[sz]e|cut)\s+(?:the\s+)?"
    rf"{_COLS}(?:\s+column)?\s+into\s+(?P<n>\d+|two|three|four|five|six|ten)\s+"
    rf"(?P<kind>equal[- ]width\s+|equal[- ]sized?\s+|equal[- ]frequency\s+|quantile\s+)?"
    rf"(?P<unit>bins|buckets|groups|ranges|intervals|categories|quantiles|quartiles|quintiles|deciles)",
    re.IGNORECASE,
)
_NORMALIZE = re.compile(
    rf"\b(?P<verb>normali[sz](?:e|ing)|standardi[sz](?:e|ing)|min[- ]max\s+scal(?:e|ing)|"
    rf"rescal(?:e|ing)|scal(?:e|ing))"
    rf"\s+(?:the\s+)?(?:column\s+)?{_COLS}(?:\s+columns?)?"
    rf"(?:\s+(?:using|with|to|by)\s+(?P<how>z[- ]?scores?|min[- ]?max|\[0,\s*1\]|"
    rf"(?:the\s+)?(?:range\s+)?(?:of\s+)?0\s*(?:to|-|\u2013)\s*1|"
    rf"standard\s+scaling|mean\s+0)(?:\s+(?:scaling|scaler|normali[sz]ation|standardi[sz]ation))?)?{_END}",
    re.IGNORECASE,
)
_NORMALIZE_NOUN = re.compile(
    rf"\b(?:apply(?:ing)?\s+|use\s+|perform(?:ing)?\s+)?(?:a\s+)?(?P<how>min[- ]?max|z[- ]?score)\s+"
    rf"(?P<verb>normali[sz]ation|scaling|standardi[sz]ation)\s+(?:to|on|of)\s+(?:the\s+)?(?:column\s+)?{_COLS}"
    rf"(?:\s+columns?)?{_END}",
    re.IGNORECASE,
)
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ten": 10}
_LEFTOVER = re.compile(
    r"^\s*(?:[,;:]\s*)?(?:(?:and\s+)?then|after\s+that|afterwards|next|first|finally)\b[,\s]*", re.IGNORECASE
)


@dataclass(frozen=True, kw_only=True)
class PreparationReading:
    """The preparation steps of a request and the request without them."""

    steps: list[PreparationStep]
    text: str


def _columns(raw: str | None, resolver: ColumnResolver) -> list[str] | None:
    """Real columns named in ``raw`` ("age and fare", "the `Mar.2019` column"); None if one is unknown."""
    if not raw:
        return []
    parts = re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", raw.strip())
    found: list[str] = []
    for part in parts:
        words = re.sub(r"^(?:the|its|their)\s+|\s+(?:columns?|values?|fields?)$", "", part.strip(" '\"`"))
        if words.lower() in {"", "any column", "all columns", "any", "all", "the data", "data", "dataset"}:
            continue
        column = resolver.resolve(words.strip(" '\"`"), fuzzy=False) or _plural_of_name(words, resolver)
        if column is None:
            return None
        found.append(column)
    return found


def _plural_of_name(words: str, resolver: ColumnResolver) -> str | None:
    """The column a plural names ("velocidades", "revenus", "heights"): its last word without -s / -es.

    A fill step names the values it fills, often in the plural of the column's name; the singular must
    name one column exactly (no loose match), or the step is not read."""
    head, _, last = words.strip(" '\"`").rpartition(" ")
    for cut in ("es", "s"):
        if last.lower().endswith(cut) and len(last) > len(cut) + 2:
            column = resolver.resolve(f"{head} {last[: -len(cut)]}".strip(), fuzzy=False)
            if column is not None:
                return column
    return None


# "in any column", "in every field", "anywhere in the data": a missing value in ANY column drops the row.
_EVERY_COLUMN = re.compile(
    r"\b(?:any|all|every|each)\s+(?:of\s+the\s+)?(?:columns?|fields?|variables?)\b|\banywhere\b|"
    r"\b(?:in|from|across)\s+(?:the\s+)?(?:whole\s+|entire\s+)?(?:data|dataset|data\s+set|table|file)\b",
    re.IGNORECASE,
)


def _fill_how(raw: str) -> tuple[str, object]:
    low = raw.lower()
    if low in ("mean", "average"):
        return "mean", None
    if low in ("median", "mode"):
        return low, None
    if low.startswith("most"):
        return "mode", None
    if low == "zero":
        return "value", 0
    if re.fullmatch(r"-?\d+(?:\.\d+)?", low):
        return "value", float(raw) if "." in raw else int(raw)
    return "value", raw.strip("'\"")


def _numbers_missing(step: PreparationStep | None, resolver: ColumnResolver) -> PreparationStep | None:
    """ "rows without an income": dropped when missing, for numeric columns only (see ``_DROP_WITHOUT``)."""
    if step is None or not step.columns:
        return None
    return step if all(resolver.kind(c) == "numeric" for c in step.columns) else None


def _step(match: re.Match[str], kind: str, resolver: ColumnResolver) -> PreparationStep | None:
    groups = match.groupdict()
    columns = _columns(groups.get("cols"), resolver)
    if columns is None:
        return None
    if kind == "fill_missing":
        if not columns:
            return None
        strategy, value = _fill_how(groups["how"])
        return PreparationStep(kind="fill_missing", columns=columns, strategy=strategy, value=value)
    if kind == "bin":
        unit, n = groups["unit"].lower(), groups["n"].lower()
        count = _NUMBERS.get(n) or int(n)
        quantile = unit in ("quantiles", "quartiles", "quintiles", "deciles") or any(
            w in (groups.get("kind") or "").lower() for w in ("quantile", "frequency")
        )
        return PreparationStep(
            kind="bin", columns=columns, bins=count, strategy="quantile" if quantile else "width"
        )
    if kind == "normalize":
        how, verb = (groups.get("how") or "").lower(), groups["verb"].lower()
        zscore = "z" in how or "standard" in how or "mean" in how or verb.startswith("standardi")
        return PreparationStep(kind="normalize", columns=columns, strategy="zscore" if zscore else "minmax")
    every = re.fullmatch(r"any|all|every|each", (groups.get("cols") or "").strip(), re.IGNORECASE)
    if kind == "drop_missing" and not columns and (every or _EVERY_COLUMN.search(match.group(0))):
        columns = list(resolver.schema.column_names)  # said so: every column, named one by one
    return PreparationStep(kind=kind, columns=columns)


def analysis_columns(intent: Intent) -> list[str]:
    """The columns the analysis itself reads (keys, measures, time, model columns), in order, each once.

    Filter columns are not among them: a row missing a filter column is judged by the filter.
    """
    options = intent.options
    names = [*intent.group_by, *intent.columns, *(m.column for m in intent.metrics if m.column)]
    names += [intent.time_column] if intent.time_column else []
    names += [str(options["target"])] if options.get("target") else []
    names += [str(feature) for feature in options.get("features") or []]
    binned = {
        f"{column}_bin": column
        for step in intent.preparation
        if step.kind == "bin"
        for column in step.columns
    }
    return [binned.get(name, name) for name in dict.fromkeys(names) if name]


def scope_missing(steps: list[PreparationStep], intent: Intent) -> list[PreparationStep]:
    """Unscoped "ignore missing values" drops the rows missing a column the analysis uses, no others.

    "Average X by Y, ignoring missing values" is pandas' own default made explicit: dropping every row with a
    missing value in ANY column would drop rows the analysis never reads (and change its answer). A step
    that names its columns, or says "in any column", keeps them. An analysis of no named column (every
    numeric column, a row count) keeps the step as written: every column.
    """
    used = analysis_columns(intent.model_copy(update={"preparation": steps}))
    if not used:
        return steps
    return [
        step.model_copy(update={"columns": used})
        if step.kind == "drop_missing" and not step.columns
        else step
        for step in steps
    ]


def read_preparation(
    text: str, resolver: ColumnResolver, changed: Sequence[tuple[int, int, PreparationStep, str]] = ()
) -> PreparationReading:
    """The preparation steps of ``text`` in order of appearance, and the text without them.

    ``changed``: steps already found in ``text`` (outliers dropped, capped, transformed: value_steps.py),
    each with the words that replace its span; a repeated transform has no columns and adds no step.
    """
    found: list[tuple[int, int, PreparationStep, str]] = list(changed)
    patterns = (
        (_FILL, "fill_missing"), (_COMPLETE, "drop_missing"), (_DROP_WHERE, "drop_missing"),
        (_DROP_NAMED, "drop_missing"), (_DROP_WITHOUT, "drop_without"),
        (_DROP, "drop_missing"), (_DEDUP, "deduplicate"),
        (_BIN, "bin"), (_NORMALIZE_NOUN, "normalize"), (_NORMALIZE, "normalize"),
    )  # fmt: skip
    lowered = text.lower()
    for pattern, kind in patterns:
        if kind == "drop_without" and not any(w in lowered for w in ("without", "with no", "lacking")):
            continue  # most requests: no pattern compiled for a step they cannot hold
        if (
            pattern is _COMPLETE
            and "complete" not in lowered
            and not any(w in lowered for w in ("both", " all ", "every one"))
        ):
            continue
        for match in pattern.finditer(text):
            if any(start < match.end() and match.start() < end for start, end, _, _ in found):
                continue
            step = _step(match, "drop_missing" if kind == "drop_without" else kind, resolver)
            step = _numbers_missing(step, resolver) if kind == "drop_without" else step
            if step is not None:
                found.append((match.start(), match.end(), step, ""))
    if not found:
        return PreparationReading(steps=[], text=text)
    found.sort(key=lambda item: item[0])
    pieces, last = [], 0
    for start, end, _, replacement in found:
        pieces += [text[last:start], replacement]
        last = end
    pieces.append(text[last:])
    rest = " ".join(piece.strip(" ,;") for piece in pieces if piece.strip(" ,;.")).strip()
    previous = None
    while previous != rest:
        previous, rest = rest, _LEFTOVER.sub("", rest).strip()
    steps = [step for _, _, step, _ in found if step.columns or step.kind != "transform"]
    return PreparationReading(steps=steps, text=rest or text)
