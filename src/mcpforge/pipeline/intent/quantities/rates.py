"""Rates and shares over a yes/no column: "readmission rate by department", "share of remote staff".

Ranked ("which department has the highest readmission rate", "top 3 regions by return rate", "the lowest
share of returned orders by category"), a rate is a ``group_ratio``: the rows where the column holds its
"yes" value over all rows of each group, in percent, sorted, the top N kept.

A rate is the share of rows where a yes/no column holds yes, within each group. It is read as a
crosstab of the group key against the yes/no column with row percentages (each group's yes and no add
to 100 %), or, without a group, as the distribution of the yes/no column. The yes/no column is found as
a filter the request states ("share of orders returned") or as a word that shares its stem ("conversion"
→ ``converted``, "readmission" → ``readmitted``, "passing" → ``passed``).
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Aggregation, Filter, Intent
from mcpforge.pipeline.intent.assemble import Parsed
from mcpforge.pipeline.intent.names.glossary import glossary_forms
from mcpforge.pipeline.intent.quantities.share_among import among_clause, whole_and_part
from mcpforge.pipeline.intent.quantities.unsaid_whole import refuse_unsaid_whole
from mcpforge.pipeline.intent.words import norm

_RATE = re.compile(r"\b(rate|rates|share|shares|percentage|percent|proportion|fraction)\b|%")
_MIN_STEM = 4


def _stem_match(word: str, column: str) -> bool:
    """``word`` shares the stem of ``column``, accents folded: "décédée" (read "decedee") → ``Décédé``."""
    name = norm(column)
    common = 0
    for a, b in zip(word, name, strict=False):
        if a != b:
            break
        common += 1
    return common >= _MIN_STEM and common >= 0.6 * min(len(word), len(name))


def _yes_no(p: Parsed, column: str) -> bool:
    """A yes/no column: boolean, or a category holding both "yes" and "no" (and e.g. "unknown")."""
    if p.resolver.kind(column) == "boolean":
        return True
    info = p.resolver.schema.get(column)
    values = {str(v).strip().lower() for v in (info.values if info else ())}
    return p.resolver.kind(column) == "categorical" and bool(values & _YES) and bool(values & _NO)


def _boolean_mentions(p: Parsed) -> dict[str, set[int]]:
    """Each yes/no column the request names → where: a word sharing its stem ("décédée", "hospitalised"),
    its name or a synonym ("kids" for ``children``), or a word of the same glossary concept ("died" and
    ``Décédé`` are both *death*; "urban" and ``Urbain`` both *city*)."""
    concepts = glossary_forms()
    mentions: dict[str, set[int]] = {}
    for column in (c for c in p.resolver.names() if _yes_no(p, c)):
        concept = concepts.get(tuple(norm(column).split()))
        at = {
            i
            for i, word in enumerate(p.tokens)
            if len(word) > 2
            and word.isalpha()
            and (
                (len(word) >= _MIN_STEM and _stem_match(word, column))
                or p.resolver.resolve(word, fuzzy=False) == column
                or (concept is not None and concepts.get((word,)) == concept)
            )
        }
        if at:
            mentions[column] = at
    return mentions


def _boolean_column(p: Parsed) -> str | None:
    booleans = [c for c in p.resolver.names() if p.resolver.kind(c) == "boolean"]
    stated = [f.column for f in p.filters.filters if f.column in booleans and f.op == "=="]
    if len(set(stated)) == 1:
        return stated[0]
    near = {c for c in _boolean_mentions(p) if c in booleans}
    return near.pop() if len(near) == 1 else None


def _share_of_clause(tokens: list[str], mentions: dict[str, set[int]]) -> tuple[int, int] | None:
    """ "what share of <A> <B>" ("what proportion of hospitalised cases died", "welcher Anteil der Geimpften
    ist verstorben"): the column named right after "share of" is the whole, the clause ends where the
    other column is first named."""
    for i, word in enumerate(tokens[:-1]):
        if _RATE.fullmatch(word) and tokens[i + 1] == "of":
            first = {c: min(at) for c, at in mentions.items()}
            after = sorted(first.values())
            if len(after) >= 2 and i + 1 < after[0] <= i + 3:
                return i + 1, after[1]
    return None


def _share_among_booleans(p: Parsed, base: dict[str, object]) -> Intent | None:
    """ "Among the hospitalised cases, what share died?" over two yes/no columns: the share of the column
    named after the "among" clause, among the rows where the one named inside it holds yes.

    Two or more yes/no columns named beside a share word, not placed one inside the clause and one after
    it (or a column whose yes the data does not spell), are refused naming them: reading one and dropping
    the other would answer another question (the share of all rows).
    """
    mentions = _boolean_mentions(p)
    yes = {c: _literal_yes(p, c) for c in mentions}
    stated = all(
        f.column in mentions and f.op == "==" and f.value == yes[f.column] for f in p.filters.filters
    )
    if len(mentions) < 2 or not stated or p.phrases.group_by:
        return None
    clause = among_clause(p.tokens) or _share_of_clause(p.tokens, mentions)
    said = ", ".join(repr(c) for c in mentions)
    if clause is not None and len(mentions) == 2:
        start, end = clause
        whole = [c for c, at in mentions.items() if all(start < i < end for i in at)]
        part = [c for c, at in mentions.items() if all(i >= end for i in at)]
        if len(whole) == 1 and len(part) == 1 and None not in yes.values():
            p.phrases.used.update(i for at in mentions.values() for i in at)
            p.phrases.used.update(i for i, word in enumerate(p.tokens) if _RATE.fullmatch(word))
            p.phrases.used.add(start)
            w, t = whole[0], part[0]
            p.notes.append(f"share read as the percent of rows where {t} == {yes[t]!r}, among rows where "
                           f"{w} == {yes[w]!r}")  # fmt: skip
            rest = {k: v for k, v in base.items() if k not in {"filters", "notes", "request", "top_n"}}
            rest.pop("sort_descending", None)
            return Intent(request=p.request, operation="group_ratio", group_by=[], columns=[t],
                          filters=[Filter(column=w, op="==", value=yes[w])], as_percentage=True,
                          metrics=[Aggregation(func="count"), Aggregation(func="count")],
                          options={"numerator_filters": [{"column": t, "op": "==", "value": yes[t]}]},
                          notes=p.notes, **rest)  # fmt: skip
    raise UnmappableRequestError(
        f"cannot map the request {p.request!r}: a share over the yes/no columns {said} — which one is the "
        "share and which the rows it is taken among is not said (e.g. 'among the rows where A is yes, what "
        "share is B')",
        understood={"columns": list(mentions)},
    )


_YES = frozenset({"yes", "y", "true", "t", "1"})
_NO = frozenset({"no", "n", "false", "f", "0"})
_HIGH = frozenset({"highest", "largest", "biggest", "greatest", "most", "top", "best", "maximum"})
_LOW = frozenset({"lowest", "smallest", "least", "fewest", "bottom", "worst", "minimum"})


def _yes_value(p: Parsed, column: str) -> object:
    """The value counted by the rate: the one the request states, else the column's "yes"."""
    stated = [f.value for f in p.filters.filters if f.column == column and f.op == "=="]
    if stated:
        return stated[0]
    info = p.resolver.schema.get(column)
    literal = next((v for v in (info.values if info else ()) if v.strip().lower() in _YES), None)
    return literal if literal is not None else True


def _literal_yes(p: Parsed, column: str) -> object:
    """The value a rate without groups counts, when the data or the request names it; else None.

    A column whose two values are not yes/no ("metro"/"rural") without a stated value keeps the
    distribution: which of its values is the "yes" is not said.
    """
    value = _yes_value(p, column)
    info = p.resolver.schema.get(column)
    stated = any(f.column == column and f.op == "==" for f in p.filters.filters)
    return value if stated or (info is not None and value in info.values) else None


def _overall(
    p: Parsed, column: str, filters: list[Filter], notes: list[str], rest: dict[str, object]
) -> Intent:
    """A rate without groups: the one share of the column's yes ("what share of the rows are in a metro
    area") when its yes is known, else the distribution of the column (which of its values is meant is
    not said)."""
    yes = _literal_yes(p, column)
    if yes is None:
        return Intent(request=p.request, operation="value_distribution", columns=[column], filters=filters,
                      notes=notes, **rest)  # fmt: skip
    refuse_unsaid_whole(p.request, p.tokens, column, filters)  # "the share of married women"
    notes = [*notes[:-1], f"rate read as the percent of all rows where {column!r} = {yes!r}"]
    return Intent(request=p.request, operation="group_ratio", group_by=[], filters=filters, columns=[column],
                  metrics=[Aggregation(func="count"), Aggregation(func="count")], as_percentage=True,
                  options={"numerator_filters": [{"column": column, "op": "==", "value": yes}]},
                  notes=notes, **rest)  # fmt: skip


def _ranked(p: Parsed) -> tuple[int, bool] | None:
    """(N, descending) when the rate ranks groups: "top 3 ... by return rate", "the lowest share ..."."""
    if p.phrases.top_n is not None:
        return p.phrases.top_n, p.phrases.descending
    for i, word in enumerate(p.tokens):
        if word in _HIGH | _LOW and any(_RATE.fullmatch(w) for w in p.tokens[i + 1 : i + 5]):
            p.phrases.used.add(i)
            p.notes.append(f"{word!r} read as the top 1 group by the rate")
            return 1, word in _HIGH
    return None


def rate_reading(p: Parsed, base: dict[str, object]) -> Intent | None:
    """The rate reading of the request, or None when it asks for no rate over a yes/no column."""
    if not _RATE.search(p.low) or (p.phrases.metrics and any(m.column for m in p.phrases.metrics)):
        return None
    return _share_among_booleans(p, base) or _rate_of_one_column(p, base)


def _rate_of_one_column(p: Parsed, base: dict[str, object]) -> Intent | None:
    """The rate of the one yes/no column the request names."""
    column = _boolean_column(p)
    placed = whole_and_part(p.tokens, list(p.filters.filters))  # "Among X = yes, what share had ..."
    if column is None or (placed is not None and any(f.column == column for f in placed[0])):
        return None
    filters = [f for f in p.filters.filters if f.column != column]
    rest = {k: v for k, v in base.items() if k not in {"filters", "notes", "request"}}
    keys = [k for k in p.phrases.group_by if k != column]  # "by return rate" names the rate, not a key
    ranked = _ranked(p)
    notes = [*p.notes, f"rate read as the share of rows per value of {column!r}"]
    if ranked is not None:
        if not keys and p.subject is not None and p.resolver.kind(p.subject) in {"categorical", "boolean"}:
            keys = [p.subject]
        if not keys:
            raise UnmappableRequestError(
                f"cannot map the request {p.request!r}: ranking by the rate of {column!r} needs the groups "
                "to rank (e.g. 'which department has the highest rate of ...')",
                understood={"rate_of": column},
            )
    p.phrases.used.update(
        i for i, word in enumerate(p.tokens) if _RATE.fullmatch(word) or _stem_match(word, column)
    )
    if ranked is not None:
        yes = _yes_value(p, column)
        top, descending = ranked
        fields = {**rest, "top_n": top, "sort_descending": descending}
        notes.append(f"ranked by the share of rows where {column!r} = {yes!r}")
        return Intent(request=p.request, operation="group_ratio", group_by=keys, filters=filters,
                      metrics=[Aggregation(func="count"), Aggregation(func="count")], as_percentage=True,
                      options={"numerator_filters": [{"column": column, "op": "==", "value": yes}]},
                      notes=notes, **fields)  # fmt: skip
    if not keys:
        return _overall(p, column, filters, notes, rest)
    if len(keys) > 1:
        return None
    return Intent(request=p.request, operation="crosstab", group_by=keys, columns=[column], filters=filters,
                  as_percentage=True, options={"normalize": "index"}, notes=notes, **rest)  # fmt: skip
