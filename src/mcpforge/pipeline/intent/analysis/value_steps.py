"""Steps that change a column's values or the rows kept before the statistic (issue 25, classes 2-3).

- outliers dropped by a stated rule: "drop the age outliers by the 1.5*IQR rule and report the mean age
  of everyone left", "remove outliers in income (|z| > 3), then ..." (the rule is the method sentence
  ``methods.py`` already read; the step takes it, so the analysis after it is an ordinary one);
- a column capped at its own percentiles: "cap earnings at their 99th percentile", "winsorize x at the
  1st and 99th percentiles";
- a function applied to a column: "take the natural log of earnings; ...", "the sd of log earnings",
  "log10(gdpPercap)", "the square root of x" (read by column_transforms.py).

Each becomes a :class:`~mcpforge.models.PreparationStep` (``drop_outliers`` / ``clip`` / ``transform``)
and its words are cut from the text, or replaced by the column when they name it inline ("log earnings"
→ "earnings"). What cannot be read whole is refused, naming the word: a removal with no rule ("remove the
outliers" says neither 1.5 x IQR nor |z| > 3) or no column, a transformed column also named untransformed
("log x against x"), a single "winsorize at 5%" (which tails?).
"""

from __future__ import annotations

from collections.abc import Callable

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import AnalysisMethod, Intent, PreparationStep
from mcpforge.pipeline.intent.analysis.capped_sides import capped_side
from mcpforge.pipeline.intent.analysis.column_transforms import one_function_each, transform_spans
from mcpforge.pipeline.intent.analysis.value_step_reader import COLS as _COLS
from mcpforge.pipeline.intent.analysis.value_step_reader import END as _END
from mcpforge.pipeline.intent.analysis.value_step_reader import IGNORE_CASE as _I
from mcpforge.pipeline.intent.analysis.value_step_reader import THE as _THE
from mcpforge.pipeline.intent.analysis.value_step_reader import Span, blanked
from mcpforge.pipeline.intent.analysis.value_step_reader import StepReader as _Reader
from mcpforge.pipeline.intent.quantities.column_functions import column_function
from mcpforge.pipeline.intent.words import ColumnResolver

# ---- outliers dropped
_DROP_VERB = (
    r"(?:drop(?:ping)?|remov(?:e|ing)|exclud(?:e|ing)|discard(?:ing)?|eliminat(?:e|ing)|trim(?:ming)?|"
    r"filter(?:ing)?\s+out|throw(?:ing)?\s+out|get(?:ting)?\s+rid\s+of|without|"
    r"quit(?:a|ar|ando|e)|elimin(?:a|ar|ando)|exclu(?:ye|ir|yendo)|descart(?:a|ar|ando)|"
    r"supprim(?:e|er|ez|ant)|retir(?:e|er|ez|ant)|enl[eè]v(?:e|er|ez)|exclu(?:re|ez|ant)|"
    r"entfern(?:e|en|t)|streich(?:e|en)|ohne)"
)
_OUTLIERS = (
    r"(?:outliers?|outlying\s+values|valores\s+at[ií]picos|valeurs\s+(?:aberrantes|atypiques|extr[eê]mes)|"
    r"Ausrei(?:ß|ss)er)"
)
# The rule said right after the outliers: ", defined as values more than 2 standard deviations from the mean".
_SIGMA_TAIL = (
    r"(?:\s*,?\s*(?:(?:defined\s+as|i\.\s?e\.,?|meaning|that\s+is,?)\s+)?(?:(?:values?|those|points|rows)\s+)?"
    r"(?:lying\s+|that\s+are\s+|which\s+are\s+)?(?:more\s+than|greater\s+than|beyond|over|outside(?:\s+of)?)\s+"
    r"(?P<sigma>\d+(?:\.\d+)?)\s*(?:standard\s+deviations?|std|sigmas?|\u03c3)"
    r"(?:\s+(?:from|of|away\s+from)\s+(?:the|its|their)\s+mean)?,?)?"
)
_DROP_BEFORE = re.compile(
    rf"\b{_DROP_VERB}\s+{_THE}(?P<cols>[\w'-]+(?:\s+[\w'-]+){{0,3}}?)\s+{_OUTLIERS}{_SIGMA_TAIL}{_END}", _I
)
_DROP_AFTER = re.compile(
    rf"\b{_DROP_VERB}\s+{_THE}{_OUTLIERS}(?:\s+(?:of|in|from|on|for|de|en|des|du|bei|von|im|in)\s+{_THE}"
    rf"{_COLS})?{_SIGMA_TAIL}{_END}",
    _I,
)
_OUTLIER_WORD = re.compile(rf"{_OUTLIERS}|\banomal|\bextreme\s+values?", _I)
# What is left after rows went: "of everyone left", "of what remains", "of the rest", "de lo que queda".
_REMAINDER = re.compile(
    r"\s*\b(?:of|for|among|from|across|over|in|de|sur|pour|von|f[uü]r)\s+(?:"
    r"(?:everyone|everybody|everything|all|those|the\s+ones|the\s+rows?|the\s+data|the\s+values|people|"
    r"what(?:'s|\s+is)?|the\s+people|whoever|the\s+records|the\s+observations)\s+(?:that\s+(?:is|are)\s+|"
    r"who\s+(?:is|are)\s+|which\s+(?:is|are)\s+)?(?:left(?:\s+over)?|remaining|remain|remains|kept|still\s+in)|"
    r"the\s+rest(?:\s+of\s+(?:the\s+)?(?:rows|data))?|the\s+remaining\s+(?:rows|data|values|records|"
    r"observations|people|cases)|(?:lo\s+que\s+|los\s+que\s+)?quedan?|(?:ce\s+qui\s+)?reste|"
    r"(?:der\s+|den\s+|the\s+)?(?:[uü]brigen|verbleibenden)(?:\s+(?:Zeilen|Werte|Daten|values|rows|data))?|"
    r"(?:dem\s+)?Rest)\b",
    _I,
)

# ---- capped at percentiles
_PCT = r"(?P<{n}>\d+(?:\.\d+)?)(?:\s*(?:st|nd|rd|th|%))?"
_CLIP = re.compile(
    rf"\b(?P<verb>cap(?:ping)?|clip(?:ping)?|winsori[sz](?:e|ing)|top[- ]?cod(?:e|ing)|floor(?:ing)?|"
    rf"bottom[- ]?cod(?:e|ing))\s+{_THE}(?:values\s+of\s+{_THE})?{_COLS}(?:\s+(?:columns?|values))?\s+"
    rf"(?:at|to)\s+{_THE}(?P<pcts>{_PCT.format(n='p1')}(?:\s*(?:percentile|pctl?))?"
    rf"(?:\s*(?:and|/|-|to|,)\s*{_THE}{_PCT.format(n='p2')})?\s*(?:percentiles?|pctls?)?)"
    rf"(?:\s+(?:values?|level|mark))?(?:\s*\((?P<note>(?=[^()]*\b(?:set|replac|become|equal|capped|clipped))[^()]*)\))?",
    _I,
)
_RESULT = re.compile(  # the one column a clip or transform changed, called what came out of it
    r"\b(?P<of>of|for|on)\s+the\s+(?:result|outcome)(?:ing\s+(?:column|values|series|variable))?\b", re.I
)
_CHANGED_ADJECTIVE = re.compile(
    r"\b(?:the\s+)?(?:capped|clipped|winsori[sz]ed|top[- ]?coded|logged|log[- ]transformed|transformed)"
    r"(?:\s+(?:column|values|series|variable|data|version|one))?\b",
    _I,
)


def _drop_spans(text: str, reader: _Reader, method: AnalysisMethod) -> list[Span]:
    spans: list[Span] = []
    for pattern in (_DROP_BEFORE, _DROP_AFTER):
        for match in pattern.finditer(text):
            if any(s < match.end() and match.start() < e for s, e, _, _ in spans):
                continue
            column = reader.column(match.group("cols"))
            if column is None:
                raise reader.refuse(
                    f"{match.group(0).strip()!r} does not say which numeric column's outliers to remove; "
                    "name it, e.g. 'remove the outliers of <column> by the 1.5 x IQR rule'"
                )
            if method.outlier_rule is None and not match.group("sigma"):
                raise reader.refuse(
                    f"{match.group(0).strip()!r} does not say by which rule a value is an outlier; say it, "
                    "e.g. 'by the 1.5 x IQR rule' or 'with |z| > 3'"
                )
            rule, threshold = method.outlier_rule, method.outlier_threshold
            if match.group("sigma"):  # the rule said with the step
                rule, threshold = "zscore", float(match.group("sigma"))
            if threshold is None and rule == "zscore":
                raise reader.refuse("the z-score rule needs its cut-off, e.g. '|z| > 3'")
            step = PreparationStep(
                kind="drop_outliers", columns=[column], strategy=rule,
                value=1.5 if threshold is None else threshold,
            )  # fmt: skip
            spans.append((match.start(), match.end(), step, " "))
    return spans


def _clip_spans(text: str, reader: _Reader) -> list[Span]:
    spans: list[Span] = []
    for match in _CLIP.finditer(text):
        column = reader.column(match.group("cols"))
        said = (
            r"percentile|pctl|%" if match.group("verb").lower().startswith("winsori") else r"percentile|pctl"
        )
        if column is None or not re.search(said, match.group("pcts"), _I):
            continue  # "cap earnings at 100" / "at 95%": a value, or 95% of what? (left for the word check)
        verb, p1, p2 = match.group("verb").lower(), match.group("p1"), match.group("p2")
        first = float(p1) / 100
        low: float | None = first if p2 else None
        high: float | None = float(p2) / 100 if p2 else first
        below = verb.startswith(("floor", "bottom"))
        side = capped_side(match.group("note") or "") if p2 is None else None
        if side is not None and (side == "below") != (first < 0.5):
            raise reader.refuse(
                f"{match.group(0).strip()!r}: the values {side} the {p1}th percentile are not a tail; "
                "say the percentile of the tail that is capped"
            )
        if p2 is None and (below or side == "below"):
            low, high = first, None
        if p2 is None and side is None and (verb.startswith(("winsori", "clip")) or below != (first < 0.5)):
            raise reader.refuse(
                f"{match.group(0).strip()!r} does not say which tails are capped; say both percentiles, "
                "e.g. 'winsorize <column> at the 1st and 99th percentiles', or 'cap <column> at its 99th "
                "percentile'"
            )
        if (
            (low is not None and not 0 <= low <= 1)
            or (high is not None and not 0 <= high <= 1)
            or (low is not None and high is not None and low >= high)
        ):
            raise reader.refuse(
                f"{match.group(0).strip()!r}: percentiles must be between 0 and 100, low first"
            )
        step = PreparationStep(kind="clip", columns=[column], value=[low, high])
        spans.append((match.start(), match.end(), step, " "))
    return spans


_ANY_STEP_WORD = re.compile(
    r"outlier|outlying|at[ií]pic|aberrant|atypi|ausrei|\bcap|clip|winsori|cod(?:e|ing)\b|floor|\blog|\bln\b|"
    r"sqrt|root",
    _I,
)


def value_step_spans(
    text: str, resolver: ColumnResolver, method: AnalysisMethod, mention: Callable[[str], str], request: str
) -> list[Span]:
    """Where ``text`` states a step that drops outliers, caps or transforms a column, each step, and the
    words that replace its span (a space, or the column's mention when the words name it inline)."""
    if _ANY_STEP_WORD.search(text) is None:  # most requests: one cheap pattern, no other compiled
        return []
    reader = _Reader(resolver=resolver, mention=mention, request=request)
    spans = _drop_spans(text, reader, method)
    if spans and _OUTLIER_WORD.search(blanked(text, spans)):  # "remove X outliers, then count Y outliers"
        raise reader.refuse("it removes outliers and asks about outliers again; ask one at a time")
    for found in (_clip_spans(text, reader), transform_spans(text, reader)):
        spans += [span for span in found if not any(s < span[1] and span[0] < e for s, e, _, _ in spans)]
    spans.sort(key=lambda span: span[0])
    one_function_each(text, spans, reader)
    left = column_function(blanked(text, spans), resolver)
    if left is not None:  # "log(x) / y", "x squared": a function this reading does not apply
        raise reader.refuse(left.reason())
    return spans


_LEFT = re.compile(r"\b(?:are|is)\s+(?:still\s+)?(?:left(?:\s+over)?|remaining|kept)\b|\bremain\b", _I)
_STATISTIC_BEFORE = re.compile(
    r"\b(?:mean|average|median|sum|total|std|standard\s+deviation|variance|minimum|maximum|min|max|"
    r"skewness|kurtosis|percentiles?|quartiles?)\s*$",
    _I,
)


def _remainder(text: str, match: re.Match[str], dropped: list[str], mention: Callable[[str], str]) -> str:
    """ "the average of what is left" after one column lost its outliers: the average of that column;
    "the mean age of everyone left" names its own column: the words go."""
    if len(set(dropped)) == 1 and _STATISTIC_BEFORE.search(text[: match.start()]):
        return f" of {mention(dropped[0])}"
    return " "


def after_value_steps(
    text: str, steps: list[PreparationStep], resolver: ColumnResolver, mention: Callable[[str], str]
) -> str:
    """``text`` once its value steps are read: "of everyone left" cut after rows were dropped, "the capped
    column" / "log-transformed earnings" read as the one column the steps changed."""
    if not any(step.kind in ("drop_outliers", "clip", "transform") for step in steps):
        return text
    dropped = [c for step in steps if step.kind == "drop_outliers" for c in step.columns]
    if dropped:
        text = _REMAINDER.sub(lambda m: _remainder(text, m, dropped, mention), text)
        text = _LEFT.sub(" ", text)  # "how many rows are left?"
    changed = list(
        dict.fromkeys(c for step in steps if step.kind in ("clip", "transform") for c in step.columns)
    )
    if len(changed) == 1:
        reader = _Reader(resolver=resolver, mention=mention, request=text)

        def swap(match: re.Match[str]) -> str:
            if re.search(r"(?:column|values|series|variable|data|version|one)$", match.group(0), _I):
                return f" {mention(changed[0])}"  # "the capped column"
            after = reader.column_at(text, match.end())
            return " " if after is not None and after[0] == changed[0] else match.group(0)

        text = _CHANGED_ADJECTIVE.sub(swap, text)
        text = _RESULT.sub(lambda m: f"{m.group('of')} {mention(changed[0])}", text)  # "mean of the result"
    return re.sub(r"\s{2,}", " ", text).strip()


def without_used_rule(method: AnalysisMethod, steps: list[PreparationStep]) -> AnalysisMethod:
    """The method once a ``drop_outliers`` step took its outlier rule (the analysis after it has none)."""
    if not any(step.kind == "drop_outliers" for step in steps):
        return method
    return method.model_copy(update={"outlier_rule": None, "outlier_threshold": None})


def transforms_kept(request: str, intent: Intent, resolver: ColumnResolver) -> Intent:
    """``intent`` when its value steps read as said; refused otherwise.

    Every function the request applies to a column is one of its transform steps (a reading that dropped
    "log" answers about the column itself). The steps run on the whole file before filters and groups, so
    a step whose result depends on the rows (outlier fences, percentile caps) beside a filter or a grouping
    ("in 1992, cap earnings at the 99th percentile": of 1992 or of every year?) is refused, as is a filter on
    a transformed or capped column (its values or the file's?).
    """
    function = column_function(request, resolver)
    done = {c for step in intent.preparation if step.kind == "transform" for c in step.columns}
    if function is not None and function.column not in done:
        raise _refused(request, function.reason())
    steps = [step for step in intent.preparation if step.kind in ("drop_outliers", "clip")]
    if steps and (intent.filters or intent.group_by):
        kept = "the filtered rows" if intent.filters else "each group"
        raise _refused(
            request,
            f"the {steps[0].kind.replace('_', ' ')} step on {steps[0].columns[0]!r} would be computed over "
            f"every row of the file, not over {kept} only; ask for one or the other in two requests",
        )
    changed = {c for step in intent.preparation if step.kind in ("transform", "clip") for c in step.columns}
    compared = sorted({f.column for f in intent.filters} & changed)
    if compared:
        raise _refused(
            request,
            f"the condition on {compared[0]!r} would compare its transformed values; say the condition on "
            "the transformed values, or leave the transform out",
        )
    return intent


def _refused(request: str, why: str) -> UnmappableRequestError:
    return UnmappableRequestError(
        f"cannot map the request {request!r} onto a data analysis: {why}", understood={"preparation": why}
    )
