"""A function of a column read as a transform step (issue 25): "take the natural log of earnings; ...",
"the sd of log earnings", "log10(gdpPercap)", "the square root of x".

A log / log10 / log2 / ln / sqrt of a numeric column whose values allow it becomes a ``transform`` step;
said inline, its words are replaced by the column ("log earnings" -> "earnings"). A column named both
transformed and bare ("log x against x"), transformed two ways, or whose minimum is outside the function's
domain is refused; "the log of x" with no computation around it may be a record and is left to the
refusal of column_functions.py.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import PreparationStep
from mcpforge.pipeline.intent.analysis.value_step_reader import COLS as _COLS
from mcpforge.pipeline.intent.analysis.value_step_reader import END as _END
from mcpforge.pipeline.intent.analysis.value_step_reader import IGNORE_CASE as _I
from mcpforge.pipeline.intent.analysis.value_step_reader import THE as _THE
from mcpforge.pipeline.intent.analysis.value_step_reader import Span, blanked
from mcpforge.pipeline.intent.analysis.value_step_reader import StepReader as _Reader
from mcpforge.pipeline.intent.quantities.column_functions import column_function
from mcpforge.pipeline.intent.words import ColumnResolver, norm

_FUNCTION = (
    r"(?P<fn>natural\s+log(?:arithm)?|ln|log10|log2|log(?:arithm)?(?:\s+base\s+(?:10|2|e))?|"
    r"base[- ](?:10|2)\s+log(?:arithm)?|square[- ]root|sqrt)"
)
_TAKE = re.compile(
    rf"\b(?:take|taking|compute|computing|apply|applying|use|using)\s+(?:the\s+|a\s+)?{_FUNCTION}"
    rf"(?:\s+(?:transform(?:ation)?|function))?\s+(?:of|to|on)\s+{_THE}{_COLS}(?:\s+columns?)?{_END}",
    _I,
)
_TRANSFORM_VERB = re.compile(
    rf"\b(?:log[- ]?transform(?:ing)?|transform(?:ing)?)\s+{_THE}{_COLS}(?:\s+columns?)?"
    rf"(?:\s+(?:with|using|by|to|into|on)\s+(?:the\s+|a\s+)?{_FUNCTION}(?:\s+scale)?)?{_END}",
    _I,
)
# A computation the values of a column enter: then "the log of x" is the function, not a record.
_COMPUTED = re.compile(
    r"\b(?:mean|average|median|std|standard\s+deviation|variance|sum|correlat\w*|regress\w*|skew\w*|"
    r"kurtosis|quantile|percentile|distribution|histogram|test|slope)\b",
    _I,
)
_CALL = re.compile(r"\b(?P<fn>log10|log2|log|ln|sqrt)\s*\(\s*(?P<cols>[^()]{1,60}?)\s*\)", _I)
_INLINE = re.compile(rf"\b(?:the\s+)?{_FUNCTION}(?:\s+of)?\s+(?:the\s+)?(?=\S)", _I)


def _function(raw: str) -> str:
    low = re.sub(r"[\s-]+", " ", raw.lower())
    if "10" in low:
        return "log10"
    if "2" in low:
        return "log2"
    return "sqrt" if ("sqrt" in low or "root" in low) else "log"


def _in_domain(step: PreparationStep, reader: _Reader) -> None:
    """A log of a column with values <= 0 (a root of one with values < 0) is refused before any code runs."""
    info = reader.resolver.schema.get(step.columns[0])
    low = info.minimum if info is not None else None
    if isinstance(low, int | float) and (low < 0 or (low == 0 and step.strategy != "sqrt")):
        raise reader.refuse(
            f"the {step.strategy} of {step.columns[0]!r} is not defined for all its values (its minimum is "
            f"{low:g}); ask about a column whose values are all positive"
        )


def transform_spans(text: str, reader: _Reader) -> list[Span]:
    spans: list[Span] = []

    def add(start: int, end: int, column: str, fn: str, replacement: str) -> None:
        if not any(s < end and start < e for s, e, _, _ in spans):
            step = PreparationStep(kind="transform", columns=[column], strategy=_function(fn))
            _in_domain(step, reader)
            spans.append((start, end, step, replacement))

    for pattern in (_TAKE, _TRANSFORM_VERB):
        for match in pattern.finditer(text):
            column = reader.column(match.group("cols"))
            fn = match.group("fn") or ("log" if match.group(0).lower().startswith("log") else None)
            if column is not None and fn is not None:
                add(match.start(), match.end(), column, fn, " ")
    for match in _CALL.finditer(text):
        column = reader.column(match.group("cols"))
        if column is not None:
            add(match.start(), match.end(), column, match.group("fn"), f" {reader.mention(column)} ")
    computed = _COMPUTED.search(text) is not None
    for match in _INLINE.finditer(text):
        found = reader.column_at(text, match.end())
        plain_log = match.group("fn").lower() in ("log", "logarithm")
        if plain_log and (reader.resolver.resolve(match.group("fn"), fuzzy=False) or not computed):
            continue  # "the log of errors" as a record; a column called "log"
        if found is not None and not _own_first_word(found[0], match.group("fn")):
            add(match.start(), found[1], found[0], match.group("fn"), f" {reader.mention(found[0])} ")
    return spans


def _own_first_word(column: str, fn: str) -> bool:
    """``log`` before "revenu réel par habitant" over a column `Log revenu réel par habitant`: the word is
    the start of the column's own name (data shipped as logs), not a function applied to it."""
    return norm(column).split()[:1] == norm(fn).split()


def functions_read_as_steps(request: str, resolver: ColumnResolver) -> bool:
    """Every function applied to a column in ``request`` is one read here as a step."""
    reader = _Reader(resolver=resolver, mention=lambda column: column, request=request)
    try:
        spans = transform_spans(request, reader)
    except UnmappableRequestError:
        return False
    return bool(spans) and column_function(blanked(request, spans), resolver) is None


def one_function_each(text: str, spans: list[Span], reader: _Reader) -> None:
    """A column transformed once; named bare besides its inline transform ("log x against x") it is two
    columns the reading cannot tell apart: refused."""
    functions: dict[str, set[str]] = {}
    for _, _, step, _ in spans:
        if step.kind == "transform":
            functions.setdefault(step.columns[0], set()).add(str(step.strategy))
    for column, names in functions.items():
        if len(names) > 1:
            raise reader.refuse(f"{column!r} is transformed in two ways ({', '.join(sorted(names))})")
        stated = any(s.kind == "transform" and s.columns == [column] and r == " " for _, _, s, r in spans)
        rest = blanked(text, spans)
        bare = any(
            (hit := reader.column_at(rest, word.start())) is not None and hit[0] == column
            for word in re.finditer(r"(?<![\w'.-])[\w'.-]+", rest)
        )
        if bare and not stated:
            raise reader.refuse(
                f"{column!r} is named both as its {next(iter(names))} and as itself; the reading computes "
                "one of them: ask about one, or add the transformed column to the data"
            )


def value_steps_once(spans: list[Span]) -> list[Span]:
    """The spans with a transform said again ("take the log of x; the sd of log x") kept as words only."""
    seen: set[tuple[str, ...]] = set()
    out: list[Span] = []
    for start, end, step, replacement in spans:
        key = (step.kind, *step.columns, str(step.strategy))
        if step.kind == "transform" and key in seen:
            out.append(
                (start, end, step.model_copy(update={"kind": "transform", "columns": []}), replacement)
            )
            continue
        seen.add(key)
        out.append((start, end, step, replacement))
    return out


def spell_calls(text: str, resolver: ColumnResolver) -> str:
    """ "log10(gdpPercap)" → "log10 of gdpPercap" for a numeric column, so no later reader takes the
    function for a label of the bracketed name; this module reads it back as a transform."""

    def spell(match: re.Match[str]) -> str:
        column = _Reader(resolver=resolver, mention=str, request=text).column(match.group("cols"))
        return f"{match.group('fn')} of {match.group('cols')}" if column is not None else match.group(0)

    return _CALL.sub(spell, text)
