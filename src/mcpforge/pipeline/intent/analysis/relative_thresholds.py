"""A comparison whose right-hand side is a statistic of a column (issue 25, class 2).

"workers who earned more than double that year's median earnings", "how many rows have price above the
average", "Einkommen über dem Durchschnitt", "au-dessus de la moyenne", "por encima de la media",
"above the 90th percentile of age", "more than one standard deviation above the mean of x".

The threshold becomes a ``relative`` preparation step that adds the column ``<column> minus <threshold>``
(computed over every row, or within each group the request names: "that year's", "within its region"),
and the words become an ordinary condition on it, "<new column> > 0", so counts, shares, means and top N
read it as any other row filter. Other filters are applied after the preparation: an overall threshold
next to equality filters is computed within their groups (the same rows), next to any other filter it is
refused, as is a statistic whose column the request does not determine, or a statistic of groups
("cities whose average price is above the median").
"""

from __future__ import annotations

from collections.abc import Callable

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent, PreparationStep
from mcpforge.pipeline.intent.analysis.value_step_reader import StepReader
from mcpforge.pipeline.intent.words import ColumnResolver

_I = re.IGNORECASE
_GREATER = (
    r"more\s+than|greater\s+than|higher\s+than|larger\s+than|bigger\s+than|above|over|exceeding|"
    r"in\s+excess\s+of|[uü]ber|oberhalb|mehr\s+als|h[oö]her\s+als|gr[oö](?:ß|ss)er\s+als|au[- ]dessus|"
    r"sup[eé]rieure?s?\s+[aà]|plus\s+(?:que|de)|p[oe]r\s+encima(?:\s+(?:de|of))?|m[aá]s\s+(?:que|de)|superior(?:es)?\s+a|"
    r"mayor(?:es)?\s+que"
)
_LESS = (
    r"less\s+than|lower\s+than|smaller\s+than|below|under|beneath|unter|unterhalb|weniger\s+als|"
    r"niedriger\s+als|kleiner\s+als|au[- ]dessous|en[- ]dessous|inf[eé]rieure?s?\s+[aà]|moins\s+(?:que|de)|"
    r"p[oe]r\s+debajo(?:\s+(?:de|of))?|menos\s+(?:que|de)|inferior(?:es)?\s+a|menor(?:es)?\s+que"
)
_FACTORS = {"double": 2.0, "twice": 2.0, "two times": 2.0, "triple": 3.0, "three times": 3.0,
            "thrice": 3.0, "half": 0.5, "doppelt": 2.0, "doppelte": 2.0, "doble": 2.0}  # fmt: skip
_FACTOR = (
    r"(?P<factor>double|twice|two\s+times|triple|three\s+times|thrice|half|doppelte?|doble|"
    r"(?P<times>\d+(?:\.\d+)?)\s*(?:times|x|mal|fois|veces))"
)
_DET = r"(?:the|that|its|their|this|dem|der|den|des|de\s+la|de\s+l'|du|la|le|l'|el|del|de|al|au)"
_SAME_GROUP = r"(?:that|each|its|their|the\s+same|the\s+respective|every)\s+(?P<group1>[\w-]+)(?:'s|s')"
_STAT = (
    r"(?P<stat>average|mean|median|durchschnitts?|mittelwert|median|moyenne|m[eé]diane|media|mediana|"
    r"promedio|(?P<pct>\d{1,2})(?:st|nd|rd|th|\.|e|ème)?\s+(?:percentile|perzentils?|centile|percentil))"
)
_GROUP_AFTER = (
    r"(?:\s+(?:within\s+(?:its|their|that|each|the\s+same|the\s+respective|every)|"
    r"(?:in|for|of|inside)\s+(?:its|their|that|the\s+same|the\s+respective))\s+(?P<group2>[\w-]+))?"
)
_RELATIVE = re.compile(
    rf"\b(?P<op>{_GREATER}|{_LESS})\s+(?:{_FACTOR}\s+)?(?:(?:of\s+|de\s+)?(?:{_SAME_GROUP}|{_DET})\s+)?"
    rf"(?:overall\s+|general\s+)?{_STAT}\b(?P<rest>(?:\s+(?:of\s+|des\s+|de\s+)?(?:the\s+)?[\w'-]+){{0,4}})",
    _I,
)
_SD = re.compile(
    rf"\b(?:more\s+than\s+)?(?P<k>\d+(?:\.\d+)?|one|two|three)\s+standard\s+deviations?\s+"
    rf"(?P<dir>above|below)\s+(?:{_SAME_GROUP}\s+|the\s+|its\s+)?(?P<stat>mean|average)\b"
    rf"(?P<rest>(?:\s+(?:of\s+)?(?:the\s+)?[\w'-]+){{0,4}})",
    _I,
)
_NUMBER_WORDS = {"one": 1.0, "two": 2.0, "three": 3.0}
# Every statistic _STAT names starts with one of these (a plain look before any pattern is compiled).
_STAT_WORDS = ("average", "mean", "median", "durchschnitt", "mittelwert", "moyenne", "médiane", "mediane",
               "media", "promedio", "percentil", "perzentil", "centile")  # fmt: skip
# A statistic of groups before the compared column: "cities whose average price is above the median".
_GROUP_STATISTIC = re.compile(
    r"\b(?:average|mean|median|total|sum|max(?:imum)?|min(?:imum)?|highest|lowest|std|variance)\s+"
    r"(?:of\s+)?(?:the\s+)?$",
    _I,
)
_VERBS = r"(?:is|are|was|were|ist|sind|war|est|sont|es|son|was|that\s+is|that\s+are|who\s+(?:is|are))"


def _factor(match: re.Match[str]) -> float:
    """The multiple of the statistic: "double" 2, "half" 0.5, "3 times" 3, none said 1."""
    if match.group("times"):
        return float(match.group("times"))
    said = re.sub(r"\s+", " ", (match.group("factor") or "").lower())
    return _FACTORS[said] if said else 1.0


def _statistic_label(strategy: str, value: float) -> str:
    if strategy == "quantile":
        return f"p{value * 100:g}"
    if strategy == "zscore":
        return f"mean {'+' if value >= 0 else '-'} {abs(value):g} sd"
    return strategy if value == 1 else f"{value:g} x {strategy}"


def relative_column(step: PreparationStep) -> str:
    """The column a ``relative`` step adds: ``earnings minus 2 x median``."""
    return f"{step.columns[0]} minus {_statistic_label(str(step.strategy), float(step.value))}"


def relative_step_text(step: PreparationStep) -> str | None:
    """The reading's words for a ``relative`` step (None for other steps)."""
    if step.kind != "relative":
        return None
    column, *groups = step.columns
    value = float(step.value)
    if step.strategy == "quantile":
        what = f"the {value * 100:g}th percentile of `{column}`"
    elif step.strategy == "zscore":
        sign = "+" if value >= 0 else "-"
        what = f"(mean of `{column}` {sign} {abs(value):g} x its standard deviation)"
    else:
        what = f"{'' if value == 1 else f'{value:g} x '}{step.strategy} of `{column}`"
    within = f" within each {' and '.join(f'`{g}`' for g in groups)}" if groups else " over all rows"
    return f"with `{relative_column(step)}` = `{column}` - {what}{within}"


def _refuse(request: str, why: str) -> UnmappableRequestError:
    return UnmappableRequestError(
        f"cannot map the request {request!r} onto a data analysis: {why}", understood={"threshold": why}
    )


def _column_before(text: str, start: int, reader: StepReader) -> tuple[str, int] | None:
    """The numeric column named right before the comparison ("earnings (are) above ..."), and its start."""
    before = re.sub(rf"(?:\s+{_VERBS})?\s*$", "", text[:start], flags=_I)
    words = list(re.finditer(r"[\w'.-]+", before))
    for n in range(min(4, len(words)), 0, -1):
        column = reader.column(before[words[-n].start() :])
        if column is not None:
            return column, words[-n].start()
    return None


def _column_after(rest: str, reader: StepReader) -> tuple[str, int] | None:
    lead = re.match(r"\s+(?:of\s+|des\s+|de\s+)?(?:the\s+)?", rest, _I)
    if lead is None:
        return None
    return reader.column_at(rest, lead.end())


def _threshold_step(
    match: re.Match[str], deviations: bool, columns: list[str]
) -> tuple[PreparationStep, str]:
    """The step a comparison says, and the word of its condition on the new column ("above" / "below")."""
    if deviations:
        k = _NUMBER_WORDS.get(match.group("k").lower()) or float(match.group("k"))
        below = match.group("dir").lower() == "below"
        step = PreparationStep(kind="relative", columns=columns, strategy="zscore", value=-k if below else k)
        return step, "below" if below else "above"
    if match.group("pct"):
        strategy, value = "quantile", float(match.group("pct")) / 100
    else:
        median = match.group("stat").lower().startswith(("median", "m\u00e9dian", "mediana"))
        strategy, value = ("median" if median else "mean"), _factor(match)
    step = PreparationStep(kind="relative", columns=columns, strategy=strategy, value=value)
    return step, "below" if re.fullmatch(_LESS, match.group("op"), _I) else "above"


def read_relative_thresholds(
    text: str, resolver: ColumnResolver, mention: Callable[[str], str], request: str
) -> tuple[str, list[PreparationStep]]:
    """``text`` with a comparison to a statistic made a condition on a new column, and its step."""
    low = text.lower()
    if not any(word in low for word in _STAT_WORDS):  # most requests: no pattern compiled
        return text, []
    reader = StepReader(resolver=resolver, mention=mention, request=request)
    steps: list[PreparationStep] = []
    for pattern in (_SD, _RELATIVE):
        if pattern is _SD and "deviation" not in low:
            continue
        match = pattern.search(text)
        if match is None:
            continue
        if steps or len(pattern.findall(text)) > 1:
            raise _refuse(request, "it compares with more than one statistic of the data; ask one at a time")
        said = match.group(0).strip()
        after = _column_after(match.group("rest"), reader)
        before = _column_before(text, match.start(), reader)
        if before and _GROUP_STATISTIC.search(text[: before[1]]):
            raise _refuse(request, f"{said!r} compares a statistic of groups with a statistic of the data, "
                                   "which this reading does not compute")  # fmt: skip
        if after and before and before[0] != after[0]:
            before = None  # "age above the median earnings": the comparison names another column
        column = after[0] if after else before[0] if before else None
        start = before[1] if before else match.start()
        if column is None:
            raise _refuse(request, f"{said!r} does not say of which numeric column; name it, e.g. "
                                   "'above the average <column>'")  # fmt: skip
        end = match.start("rest") + after[1] if after else match.start("rest")
        groups = [w for w in (match.groupdict().get("group1"), match.groupdict().get("group2")) if w]
        tail = re.match(_GROUP_AFTER, text[end:], _I)
        if tail and tail.group("group2"):
            groups.append(tail.group("group2"))
            end += tail.end()
        by: list[str] = []
        for word in groups:
            group = resolver.resolve(word, fuzzy=False)
            if group is None or group == column:
                raise _refuse(request, f"{said!r}: {word!r} names no column to compute the statistic within")
            by.append(group)
        step, word = _threshold_step(match, pattern is _SD, [column, *by])
        resolver.extra[relative_column(step)] = "numeric"
        text = f"{text[:start]}with {mention(relative_column(step))} {word} 0{text[end:]}"
        steps.append(step)
    return text, steps


def scope_relative(intent: Intent) -> Intent:
    """An overall threshold is computed over the rows the other filters keep: within the groups of their
    equality filters; next to any other filter it is refused (the statistic of which rows?)."""
    steps = [s for s in intent.preparation if s.kind == "relative"]
    if not steps or len(steps[0].columns) > 1:
        return intent
    step = steps[0]
    own = relative_column(step)
    others = [f for f in intent.filters if f.column != own]
    if any(f.op != "==" for f in others):
        raise _refuse(intent.request, f"the {step.strategy} of `{step.columns[0]}` over which rows: all of "
                                      "them, or those the other conditions keep? Say 'within each <column>' "
                                      "or filter first")  # fmt: skip
    by = list(dict.fromkeys(f.column for f in others))
    if not by:
        return intent
    scoped = step.model_copy(update={"columns": [step.columns[0], *by]})
    renamed = [
        f.model_copy(update={"column": relative_column(scoped)}) if f.column == own else f
        for f in intent.filters
    ]
    return intent.model_copy(
        update={
            "preparation": [scoped if s is step else s for s in intent.preparation],
            "filters": renamed,
        }
    )
