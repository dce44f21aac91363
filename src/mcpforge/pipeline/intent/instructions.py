"""The first and last pass of reading a request: quoted column names, method sentences, preparation steps.

Before the general parser: a column named exactly in quotes ("Mar.2019", ' WINDSPEED') is replaced by a
placeholder word the resolver maps onto that column (the exact name wins over any loose match); method
sentences become an AnalysisMethod; preparation steps are cut out in order; a test / shape / regression
request is read at once. After it: the method is applied to the operation's options (correlation method,
outlier rule and threshold), a group key on a binned column becomes the bin column, and the steps and
method are attached to the Intent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mcpforge.models import AnalysisMethod, Intent, PreparationStep
from mcpforge.pipeline.intent.methods import read_methods
from mcpforge.pipeline.intent.preparation import read_preparation
from mcpforge.pipeline.intent.statistics import read_statistics
from mcpforge.pipeline.intent.words import ColumnResolver, _key
from mcpforge.pipeline.schema import DatasetSchema

_QUOTED = re.compile(r"[\"'`\u201c\u2018]([^\"'`\u201d\u2019]{1,80})[\"'`\u201d\u2019]")
_PLACEHOLDER = "quotedcolumn"


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

    return _QUOTED.sub(swap, text), aliases


def read_instructions(text: str, schema: DatasetSchema, request: str) -> Instructions:
    """Quoted names, method sentences, preparation steps and a statistics request, read from ``text``."""
    swapped, aliases = _quoted_columns(text, schema)
    resolver = QuotedResolver(schema=schema, aliases=aliases)
    methods = read_methods(swapped)
    prepared = read_preparation(methods.text, resolver)
    for step in prepared.steps:
        if step.kind == "bin":
            resolver.extra.update({f"{column}_bin": "categorical" for column in step.columns})
    statistic = read_statistics(prepared.text, resolver, methods.method, request)
    notes = [*methods.notes, *(f"preparation: {step.kind} {step.columns}" for step in prepared.steps)]
    return Instructions(
        text=prepared.text, resolver=resolver, method=methods.method, steps=prepared.steps, notes=notes,
        statistic=statistic,
    )  # fmt: skip


def finish_intent(intent: Intent, instructions: Instructions) -> Intent:
    """Attach the steps and method; apply the method to the operation's options; group by bin columns."""
    method, options = instructions.method, dict(intent.options)
    if intent.operation == "correlation" and method.correlation_method:
        options["method"] = method.correlation_method
    if intent.operation == "outliers" and method.outlier_rule:
        options["method"] = method.outlier_rule
        if method.outlier_threshold is not None:
            options["threshold"] = method.outlier_threshold
    binned = {column for step in instructions.steps if step.kind == "bin" for column in step.columns}
    group_by = [f"{key}_bin" if key in binned else key for key in intent.group_by]
    return intent.model_copy(
        update={
            "options": options, "group_by": group_by, "preparation": list(instructions.steps), "method": method,
            "notes": [*intent.notes, *instructions.notes],
        }
    )  # fmt: skip
