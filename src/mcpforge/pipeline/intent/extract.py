"""Step 1a: a request in plain words → an :class:`~mcpforge.models.Intent` over the dataset's real columns.

A deterministic rules parser (no model): it finds derived columns, filters, top-N, time grains, group keys
and metrics in the request, maps every column word onto a real column (case, spacing, plurals, synonyms,
close spellings), picks one catalogue operation and records what it assumed in ``Intent.notes``. A request
it cannot map raises :class:`~mcpforge.exceptions.UnmappableRequestError` saying what it understood.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, NoReturn

from mcpforge import _lazy_re as re
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import DerivedColumn, Intent
from mcpforge.pipeline.intent.accounting import leftovers
from mcpforge.pipeline.intent.analysis.column_transforms import functions_read_as_steps, spell_calls
from mcpforge.pipeline.intent.analysis.groupwise_fill import refuse_groupwise_fill
from mcpforge.pipeline.intent.analysis.instructions import finish_intent, read_instructions
from mcpforge.pipeline.intent.analysis.method_operands import method_operands
from mcpforge.pipeline.intent.analysis.method_vocabulary import exclusive_equalities
from mcpforge.pipeline.intent.analysis.paired_by import settle_pairing
from mcpforge.pipeline.intent.analysis.value_steps import transforms_kept
from mcpforge.pipeline.intent.assemble import Parsed, assemble
from mcpforge.pipeline.intent.charts import chart_for
from mcpforge.pipeline.intent.clarify import Answers, unknown_keys
from mcpforge.pipeline.intent.conditions import FilterResult, find_filters
from mcpforge.pipeline.intent.corrections import apply_corrections
from mcpforge.pipeline.intent.dropped_meaning import (
    dropped_flag_values,
    dropped_weights,
    unranked_top,
    value_superlative,
)
from mcpforge.pipeline.intent.dropped_statistics import dropped_statistic
from mcpforge.pipeline.intent.filters.age_conditions import age_conditions
from mcpforge.pipeline.intent.filters.compass import compass_filters, with_compass
from mcpforge.pipeline.intent.filters.implicit import code_equalities, implicit_comparisons
from mcpforge.pipeline.intent.filters.units_after_numbers import unit_notes
from mcpforge.pipeline.intent.filters.year_comparisons import non_year_comparison
from mcpforge.pipeline.intent.filters.year_unions import join_exclusive_years
from mcpforge.pipeline.intent.groups.contrast_groups import contrast_groups
from mcpforge.pipeline.intent.groups.each_of import group_each_of, group_separately_named
from mcpforge.pipeline.intent.groups.group_counts import group_count_condition
from mcpforge.pipeline.intent.groups.group_having import group_condition
from mcpforge.pipeline.intent.groups.groups import find_grain, find_groups
from mcpforge.pipeline.intent.groups.place_words import ambiguous_place_word
from mcpforge.pipeline.intent.groups.presence_groups import presence_groups
from mcpforge.pipeline.intent.groups.self_grouping import grouped_by_its_measure
from mcpforge.pipeline.intent.guards import (
    absorb_value_labels,
    merge_alternatives,
    missing_data_words,
    settle_share_scope,
    shadowed_values,
    shape_problem,
)
from mcpforge.pipeline.intent.language.age_questions import how_old, unbounded_age_word
from mcpforge.pipeline.intent.language.code_values import code_values_not_written
from mcpforge.pipeline.intent.language.compound_values import compound_values
from mcpforge.pipeline.intent.language.discourse import (
    strip_numbering,
    strip_tool_phrases,
    unused_discourse,
    with_unused,
    without_discourse,
)
from mcpforge.pipeline.intent.language.inclusive_ranges import set_aside_inclusive
from mcpforge.pipeline.intent.language.languages import read_language
from mcpforge.pipeline.intent.language.number_words import spell_numbers
from mcpforge.pipeline.intent.language.numbered_steps import strip_step_labels
from mcpforge.pipeline.intent.language.openings import set_aside_openings
from mcpforge.pipeline.intent.language.premises import set_aside_premise
from mcpforge.pipeline.intent.language.refusals import refusal
from mcpforge.pipeline.intent.language.restated import one_per_condition
from mcpforge.pipeline.intent.language.spelling import fix_spelling
from mcpforge.pipeline.intent.measures import bind_measures, counted_entities
from mcpforge.pipeline.intent.metrics import distinct_values_noun, find_metrics
from mcpforge.pipeline.intent.names.abbreviated_names import abbreviated_columns
from mcpforge.pipeline.intent.names.aggregation_names import column_words
from mcpforge.pipeline.intent.names.bracket_glosses import bracket_glosses
from mcpforge.pipeline.intent.names.contained_text import contained_text
from mcpforge.pipeline.intent.names.described_names import (
    ask_before_refusing_described,
    described_columns,
    reread_described,
)
from mcpforge.pipeline.intent.names.equal_names import ask_between_columns, chosen_columns
from mcpforge.pipeline.intent.names.hyphen_counts import hyphen_counts
from mcpforge.pipeline.intent.names.noun_forms import noun_forms
from mcpforge.pipeline.intent.names.numbers_in_names import numbers_in_names
from mcpforge.pipeline.intent.names.observed_times import observed_times
from mcpforge.pipeline.intent.names.qualified_names import ask_before_refusing, qualified_columns
from mcpforge.pipeline.intent.names.row_keys import row_keys
from mcpforge.pipeline.intent.names.split_names import rejoin_split_names
from mcpforge.pipeline.intent.names.translated_names import translated_names
from mcpforge.pipeline.intent.names.written_codes import bracketed_codes, listed_codes, reread_codes
from mcpforge.pipeline.intent.parse import (
    Phrases,
    counts_of_a_category,
    detect_operations,
    find_sort_order,
    find_top_n,
    find_value_counts,
)
from mcpforge.pipeline.intent.quantities.arithmetic import spell_out_arithmetic
from mcpforge.pipeline.intent.quantities.column_functions import column_function
from mcpforge.pipeline.intent.quantities.combined_totals import combined_totals
from mcpforge.pipeline.intent.quantities.derived import find_derived
from mcpforge.pipeline.intent.quantities.period_change import period_change_intent
from mcpforge.pipeline.intent.quantities.quotients import find_quotient
from mcpforge.pipeline.intent.quantities.rates import rate_reading
from mcpforge.pipeline.intent.quantities.ratios import ratio_intent, ratio_phrase
from mcpforge.pipeline.intent.quantities.row_features import row_features
from mcpforge.pipeline.intent.restated_scope import all_of_the_entities, restated_scope
from mcpforge.pipeline.intent.rows.available_values import rows_with_a_value
from mcpforge.pipeline.intent.rows.count_abbreviations import spell_count_abbreviations, unread_count_word
from mcpforge.pipeline.intent.rows.counted_measures import counted_keys, counted_measure
from mcpforge.pipeline.intent.rows.counted_once import counted_once
from mcpforge.pipeline.intent.rows.extremes import meaning_superlatives, rank_by_the_named_measure
from mcpforge.pipeline.intent.rows.file_rows import all_of_the_rows, file_row_words
from mcpforge.pipeline.intent.rows.implied_measures import implied_measures
from mcpforge.pipeline.intent.rows.missing_share import missing_share
from mcpforge.pipeline.intent.rows.nouns import rows_named
from mcpforge.pipeline.intent.rows.panel_entities import entity_population
from mcpforge.pipeline.intent.rows.panel_row_counts import panel_row_count_problem
from mcpforge.pipeline.intent.rows.removed_ranges import keep_the_rest, unread_removal
from mcpforge.pipeline.intent.rows.removed_rows import removed_rows
from mcpforge.pipeline.intent.rows.superlative_names import superlative_names
from mcpforge.pipeline.intent.rows.tally import bare_count
from mcpforge.pipeline.intent.rows.tally_rows import KEY as TALLY_KEY
from mcpforge.pipeline.intent.rows.tally_rows import counted_rows
from mcpforge.pipeline.intent.scope_words import check_scope_words, scope_words
from mcpforge.pipeline.intent.time.calendar_names import calendar_conditions
from mcpforge.pipeline.intent.time.period_counts import period_words
from mcpforge.pipeline.intent.time.periods import defined_season
from mcpforge.pipeline.intent.time.rows_per_period import mean_over_periods
from mcpforge.pipeline.intent.time.unit_adjectives import unit_adjectives
from mcpforge.pipeline.intent.time.weekday_column import weekday_tokens
from mcpforge.pipeline.intent.time.which_month import which_month
from mcpforge.pipeline.intent.types_fit import date_problem, fit_test, fit_types
from mcpforge.pipeline.intent.vocabulary_slots import vocabulary_word
from mcpforge.pipeline.intent.words import ColumnResolver, tokenize
from mcpforge.pipeline.intent.written_values import narrowed_to
from mcpforge.pipeline.schema import DatasetSchema

__all__ = ["DatasetSchema", "apply_corrections", "extract_intent"]


def _refuse(
    request: str,
    reason: str,
    understood: dict[str, Any],
    schema: DatasetSchema,
    unknown: list[str],
    *,
    final: bool = False,
) -> NoReturn:
    parts = [f"cannot map the request {request!r} onto a data analysis: {reason}."]
    known = {k: v for k, v in understood.items() if v}
    parts.append(f" Understood: {known}." if known else " Understood: nothing usable.")
    if unknown:
        parts.append(f" Not understood: {', '.join(repr(u) for u in unknown)}.")
    parts.append(f" Available columns: {', '.join(repr(c) for c in schema.column_names)}.")
    raise UnmappableRequestError("".join(parts), understood={**understood, "unknown": unknown}, final=final)


def extract_intent(
    request: str,
    schema: DatasetSchema,
    *,
    answers: dict[str, str] | None = None,
    explicit: Collection[str] = (),
) -> Intent:
    """Parse ``request`` against ``schema`` into an Intent (see :func:`_read`); a request about to be
    refused for a word that may describe a column ("by model year") is asked about instead."""
    schema = narrowed_to(schema, request)  # "Germany's GDP": a country of a long list, as the data writes it
    try:
        resolver = ColumnResolver(schema=schema)
        counted = (counted_keys(request, resolver) | {TALLY_KEY}) if answers else set()
        read = _read(
            request, schema, answers=answers, explicit=[k for k in explicit if k.lower() not in counted]
        )
        intent = check_scope_words(request, read, schema)
        given = Answers(given=dict(answers or {}))
        intent = counted_measure(request, intent, resolver, given)  # "Todesfälle"
        intent = counted_rows(request, intent, resolver, given)  # rows of a table of counts: asked
        intent = transforms_kept(request, intent, resolver)  # "log(x)" read, or refused
        return mean_over_periods(request, intent, resolver)  # "average deaths per day" over daily rows
    except NeedsClarificationError:
        raise
    except UnmappableRequestError as refused:
        if refusal(request.lower()) is None:
            ask_before_refusing(request, schema, dict(answers or {}), str(refused))
            ask_before_refusing_described(request, schema, dict(answers or {}), str(refused))
            again = reread_described(  # "Mean household income?" refused for 'household': the name
                request,
                schema,
                str(refused),
                lambda: extract_intent(request, schema, answers=answers, explicit=explicit),
            )
            if again is not None:
                return again
            coded = reread_codes(str(refused), lambda: extract_intent(request, schema, answers=answers))
            if coded is not None:  # "Hawaii (HI)" refused for the word "hi": the code in brackets
                return coded
        raise


def _ask_which_column(
    request: str,
    schema: DatasetSchema,
    given: Answers,
    phrases: Phrases,
    filters: FilterResult,
    *,
    unknown: list[str],
) -> None:
    """ "income" over income_1990 and income_2000, "white" in race and preRace: one question, when some
    answer makes the request read (else the caller refuses as before)."""
    try:
        ask_between_columns(
            phrases.ambiguous, filters.ambiguous, filters.value_columns,
            unknown=unknown, resolver=ColumnResolver(schema=schema), request=request,
        )  # fmt: skip
    except NeedsClarificationError as question:
        if _some_choice_reads(request, schema, given, question):
            raise


def _some_choice_reads(
    request: str, schema: DatasetSchema, given: Answers, question: NeedsClarificationError
) -> bool:
    """Whether one of the question's choices makes the request read (or ask on): a question whose every
    answer still leaves a word unread is not asked; the request is refused as before, naming the words."""
    for choice in question.choices:
        try:
            extract_intent(request, schema, answers={**given.given, question.key: choice})
        except NeedsClarificationError as again:
            if again.key == question.key:
                continue  # the answer was not taken: asking would go round in circles
            return True
        except UnmappableRequestError:
            continue
        return True
    return False


def _read(  # noqa: PLR0915 - one pass over the scanners, in order
    request: str,
    schema: DatasetSchema,
    *,
    answers: dict[str, str] | None = None,
    explicit: Collection[str] = (),
) -> Intent:
    """Parse ``request`` against ``schema`` into an Intent.

    Args:
        request: the person's words.
        schema: the dataset's columns.
        answers: answers to earlier questions (``key -> choice``), e.g. ``{"revenue": "amount"}``.
        explicit: the keys of ``answers`` the person gave now (not remembered): each must be a key this
            request has a question for.

    Raises:
        NeedsClarificationError: the request has several readings; one question with choices.
        UnmappableRequestError: the request is not a data analysis, names columns the data does not have,
            is ambiguous, leaves a meaningful word unused, or asks for nothing the catalogue can do.
    """
    changed = period_change_intent(request, schema, _read, answers=answers, explicit=explicit)
    if changed is not None:  # "by what percentage did X grow from 1952 to 2007" (period_change.py)
        return changed
    given = Answers(given=dict(answers or {}))
    text = re.sub(r"(?i)\bnon-", "non ", request.strip())
    text = re.sub(r"(?i)\b(what|it|that|where|who)['\u2019]s\b", r"\1 is", text)
    text, aside = _set_aside(request, text, schema)  # "1.", "the statistics module"; refuses commands
    text, contrasted = contrast_groups(text, ColumnResolver(schema=schema))  # "OPEC vs non-OPEC": per opec
    text, once = counted_once(text, ColumnResolver(schema=schema), given, request)  # "each firm once"
    contrasted += once
    text, codes = bracketed_codes(text, schema)  # "Hawaii (HI)": the code HI, not the word "hi"
    text, observed = observed_times(text, schema)  # "survey year": the column year
    text, hyphened = hyphen_counts(text, schema)  # "8-cylinder cars": Cylinders = 8
    text, glossed = bracket_glosses(text, schema)  # "mother's years of education (meducation)"
    text, nouns = noun_forms(text, schema)  # "investment" for the column invest
    text, translated = translated_names(text, schema, given, request)  # "unemployment rate", "Sparquote sr"
    text, keyed = row_keys(text, schema)  # "firm-year rows": what each row is
    function = column_function(request, ColumnResolver(schema=schema))  # "x squared": refused
    if function is not None and not functions_read_as_steps(request, ColumnResolver(schema=schema)):
        _refuse(request, function.reason(), {}, schema, [function.word], final=True)
    text = spell_calls(text, ColumnResolver(schema=schema)) if function is not None else text
    text, age_question = how_old(text, ColumnResolver(schema=schema))  # "wie alt ... im Durchschnitt"
    text, compounds = compound_values(text, schema)  # "mit Bachelorabschluss": degree = bachelor
    text, rejoined = rejoin_split_names(text, schema)  # "la tasa media de homicidios"
    text, shortened = spell_count_abbreviations(text, ColumnResolver(schema=schema))  # "nb de lignes"
    language = read_language(text, schema)  # French/German/Spanish analysis words in English (languages.py)
    language.notes[:0] = rejoined + shortened
    language.notes += contrasted
    if age_question is not None:  # "how old ... on average": the average of the age column
        language.text = age_question.in_english(language.text)
        language.notes.insert(0, age_question.note)
    language.notes += [*compounds, *codes, *observed, *hyphened, *glossed, *nouns, *translated, *keyed]
    text, counted = spell_numbers(language.text, language.language, ColumnResolver(schema=schema))
    language.notes.extend(counted)  # "which three ages" → 3 (number_words.py)
    text = scope_words(text, ColumnResolver(schema=schema))  # "in the year 2015", "apart from X"
    kept = keep_the_rest(text)  # "drop every row before 1965": the rows from 1965 onwards (removed_ranges.py)
    present = rows_with_a_value(kept.text, ColumnResolver(schema=schema))  # "only rows with X available"
    text = present.text
    language.notes += [*kept.notes, *present.notes]
    removal = unread_removal(text)
    if removal is not None:  # a removal verb before a comparison no rule read: it would keep those rows
        reason = (
            f"{removal!r} removes rows by a condition this reading cannot turn round; say the rows to keep"
        )
        _refuse(request, reason, {}, schema, [removal])
    # -- issue 16 hook: quoted names, method sentences, preparation steps, tests/models (instructions.py)
    refuse_groupwise_fill(request, text, ColumnResolver(schema=schema))  # "with the median of the same state"
    instructions = read_instructions(text, schema, request)
    if instructions.statistic is not None:
        statistic = with_unused(finish_intent(instructions.statistic, instructions), aside)
        statistic = fit_test(statistic, schema)  # a t-test of yes/no values: refused in words
        statistic = settle_pairing(statistic, schema, given)  # "paired" with no id column: asks which
        unknown_keys(explicit, given)
        return chart_for(request, statistic.model_copy(update={"data_source": schema.path}))
    text, resolver = instructions.text, instructions.resolver
    # -- end of hook
    text, presence = presence_groups(text, resolver)  # "with and without <yes/no column>": per it
    language.notes += presence
    features = row_features(text, resolver)  # "A divided by B for each car, averaged"
    combined = combined_totals(features.text, resolver)  # "the combined investment of the firms"
    ranked = superlative_names(combined.text, resolver, schema.rows)  # "which day was the windiest"
    removed = removed_rows(ranked.text, resolver)  # "after removing rows where x, y or z is 0"
    text = removed.text
    language.notes += [*features.notes, *combined.notes, *ranked.notes, *removed.notes]
    derived, text = find_derived(text, resolver)
    spelled = spell_out_arithmetic(text, resolver, given, request)  # 'A minus B', '(A / B * 1e5)', weights
    derived, text = [*derived, *spelled.derived], spelled.text
    tokens, read_as, additive = _words(text, resolver, given, request)
    tokens, chosen = chosen_columns(tokens, resolver, given, request)  # "income=income_2000" answered
    read_as += chosen
    tokens = counts_of_a_category(tokens, resolver)
    tokens = weekday_tokens(tokens, resolver, read_as)  # a column of weekday names is the weekday
    having = None if derived else group_condition(tokens, resolver, request)  # "cities with > 5 airports"
    if having is None and not derived:  # "..., only for states with at least 100 polls", "in 2015"
        having = group_count_condition(tokens, resolver, request, given)
    if having is not None:
        having = with_unused(finish_intent(having, instructions), aside)
        unknown_keys(explicit, given)
        notes = [*language.notes, *read_as, *having.notes]
        return chart_for(request, having.model_copy(update={"data_source": schema.path, "notes": notes}))
    text = " ".join(tokens)
    phrases = Phrases(notes=read_as, additive=additive)
    find_top_n(tokens, phrases)
    rank_by_the_named_measure(tokens, resolver, phrases)  # "carat of the diamond with the lowest price"
    find_sort_order(tokens, phrases)
    find_value_counts(tokens, phrases)
    find_grain(tokens, resolver, phrases)  # and the argmax shapes over periods and rows (superlatives.py)
    filters = _conditions(tokens, resolver, set(phrases.used), given, request)
    reserved = phrases.used | filters.used
    phrases.used |= filters.used
    ratio = ratio_phrase(tokens, resolver, phrases, given, request=request)
    ratio = ratio or find_quotient(tokens, resolver, phrases)  # "sum of A divided by sum of B"
    reserved |= phrases.used
    find_groups(tokens, resolver, phrases)
    group_each_of(tokens, resolver, phrases, filters)  # "for each of the states CA, TX and FL"
    group_separately_named(tokens, phrases, filters)  # "for those in CA and for those in TX"
    find_metrics(tokens, resolver, phrases, reserved)
    mentioned = _remaining_columns(tokens, resolver, phrases)
    ops = detect_operations(text)
    understood: dict[str, Any] = {
        "operation": ops[0] if ops else None,
        "group_by": phrases.group_by,
        "metrics": [m.model_dump() for m in phrases.metrics],
        "filters": [f.model_dump() for f in filters.filters],
        "columns": mentioned,
        "time_grain": phrases.grain,
    }
    unknown = without_discourse(phrases.unknown + filters.unknown, tokens)  # "the built-in mean function"
    unknown = [word for word in unknown if not vocabulary_word(word, request, resolver)]  # "by the median"
    ambiguous = phrases.ambiguous + filters.ambiguous
    _ask_which_column(request, schema, given, phrases, filters, unknown=unknown)  # equal_names.py
    if ambiguous:
        _refuse(request, "it is ambiguous (" + "; ".join(ambiguous) + ")", understood, schema, unknown)
    if unknown:
        _refuse_unknown(request, understood, schema, unknown)
    subject = _subject(tokens, resolver, phrases)
    parsed = Parsed(
        request=request,
        low=text.lower(),
        resolver=resolver,
        tokens=tokens,
        phrases=phrases,
        filters=filters,
        mentioned=mentioned,
        ops=ops,
        subject=subject,
        notes=phrases.notes + filters.notes,
    )
    if ratio is not None:
        intent: Intent | None = ratio_intent(parsed, ratio)
    else:
        intent = missing_share(parsed) or rate_reading(parsed, parsed.base()) or assemble(parsed)
    _said_but_not_read(parsed, intent, understood, schema)  # "nb de lignes", "then the mean"
    if intent is None:
        reason = (
            "what was found does not make a complete analysis (an operation needs columns it could not find)"
            if any(understood.values())
            else "no analysis (operation, grouping, metric or filter) was recognised"
        ) + (date_problem(schema) if understood.get("time_grain") else "")
        _refuse(request, reason, understood, schema, [])
    intent = _account_for_every_word(parsed, intent, understood, schema, aside)
    notes = [*language.notes, *spelled.notes, *intent.notes]
    notes += [f"your answer: {k} = {v}" for k, v in given.used.items()]
    derived += [DerivedColumn(name=name, expression=expr) for name, expr in resolver.derived.items()]
    intent = intent.model_copy(update={"derived": derived, "notes": notes})
    intent = _settled(finish_intent(intent, instructions), given, understood, schema)  # issue 16 hook
    unknown_keys(explicit, given)
    return chart_for(request, intent.model_copy(update={"data_source": schema.path}))


def _set_aside(request: str, text: str, schema: DatasetSchema) -> tuple[str, list[str]]:
    """``text`` without its question label and tool phrases (named as not used); commands refused."""
    text, steps = strip_step_labels(text)  # "(1) drop …; (2) for each …": labels of steps in order
    text, numbering = strip_numbering(text)  # "1. What is ...": a label, no number of the question
    text, tools = strip_tool_phrases(text)  # "with the statistics module": a tool, not summary statistics
    refused = refusal(text.lower())
    if refused is not None:
        _refuse(request, refused, {"operation": None}, schema, [], final=True)
    text, premise = set_aside_premise(text, ColumnResolver(schema=schema))  # "X should not exceed 1: ..."
    text, openings = set_aside_openings(text, ColumnResolver(schema=schema))  # "Dear analyst, for our report"
    text, inclusive = set_aside_inclusive(text)  # "between 2013 and 2014 (both years included)"
    aside = [*steps, *([numbering] if numbering else []), *tools, *([premise] if premise else []), *openings]
    return text, [*aside, *inclusive]


def _settled(intent: Intent, given: Answers, understood: dict[str, Any], schema: DatasetSchema) -> Intent:
    """The reading once whose share it is is settled and the answer's shape is one a template has."""
    intent = fit_types(settle_share_scope(intent, given), schema, given)  # a mean of text: asks first
    intent = listed_codes(intent.request, schema, intent)  # "WA, OR and CA": OR is the code
    shadowed = shadowed_values(intent.request, schema, intent)
    if shadowed:
        names = ", ".join(repr(code) for code in shadowed)
        reason = (
            f"{names} is a value of the data and also an English word, and the reading does not use it; "
            "write the condition out, e.g. state = HI"
        )
        _refuse(intent.request, reason, understood, schema, shadowed)
    intent = value_superlative(intent, schema)  # "the highest <numeric column>": its maximum
    weight_word = dropped_weights(intent, schema)
    if weight_word is not None:
        reason = (
            f"{weight_word!r} asks for weights the reading does not use; name them, e.g. 'mean of <column> "
            "weighted by <weights column>'"
        )
        _refuse(intent.request, reason, understood, schema, [weight_word])
    flags = dropped_flag_values(intent, schema)
    if flags:
        said = ", ".join(repr(flag) for flag in flags)
        reason = f"{said} reads as a condition the reading does not use; write it out, e.g. '<column> = yes'"
        _refuse(intent.request, reason, understood, schema, flags)
    if exclusive_equalities(intent.filters):  # "opec = yes vs opec = no" as two conditions: no row is both
        reason = "two values of one column are asked as conditions together, and no row has both; to compare "
        reason += "them, ask per that column (e.g. 'mean sr per opec') or 'A vs non-A'"
        _refuse(intent.request, reason, understood, schema, [])
    # "top 3 ..." over one number of all rows has nothing to rank
    problem = shape_problem(intent.request, schema.column_names, intent) or unranked_top(intent)
    if problem is None and intent.top_n is not None and len(intent.group_by) > 1:  # "die häufigste X pro Y"
        english = read_language(intent.request, schema).text
        problem = shape_problem(english, schema.column_names, intent) if english != intent.request else None
    if problem is not None:
        _refuse(intent.request, f"the catalogue cannot shape this answer: {problem}", understood, schema, [])
    place = ambiguous_place_word(intent, schema)  # "which location" over Location_of_X and State
    if place is not None:
        _refuse(intent.request, place, understood, schema, [])
    self_grouped = grouped_by_its_measure(intent)
    if self_grouped is not None:
        _refuse(intent.request, self_grouped, understood, schema, [])
    panel_count = panel_row_count_problem(intent, ColumnResolver(schema=schema))  # "how many employees"
    if panel_count is not None:
        _refuse(intent.request, panel_count[1], understood, schema, [panel_count[0]])
    unbounded = unbounded_age_word(intent, ColumnResolver(schema=schema))  # "young" with no number
    if unbounded is not None:
        reason = f"{unbounded!r} says an age without a bound; write the bound, e.g. 'age under 30'"
        _refuse(intent.request, reason, understood, schema, [unbounded])
    not_a_year = non_year_comparison(intent, schema)  # "under 30 years" read as year < 30
    if not_a_year is not None:
        _refuse(intent.request, not_a_year, understood, schema, [])
    filtered = [v for f in intent.filters for v in (f.value if isinstance(f.value, list) else [f.value])]
    unwritten = code_values_not_written(" ".join([intent.request, *given.given.values()]), schema, filtered)
    if unwritten:
        names = ", ".join(repr(code) for code in unwritten)
        reason = (
            f"the reading filters on {names}, a code the request writes only in small letters (a word of "
            "its language, e.g. Spanish 'la', 'de'); write the code in capitals, e.g. state = LA"
        )
        _refuse(intent.request, reason, understood, schema, unwritten)
    return intent


def _refuse_unknown(
    request: str, understood: dict[str, Any], schema: DatasetSchema, unknown: list[str]
) -> NoReturn:
    """Words in a column's place that name no column; final when they name data the file lacks."""
    missing = missing_data_words(unknown, request)
    reason = "it names columns the dataset does not have"
    if missing:
        reason += (
            f" ({', '.join(map(repr, missing))}: no engine answers with data the file lacks; if it can be"
            " computed from other columns, define it in the request, e.g. 'profit = amount - cost')"
        )
    _refuse(request, reason, understood, schema, unknown, final=bool(missing))


def _conditions(
    tokens: list[str], resolver: ColumnResolver, used: set[int], given: Answers, request: str
) -> FilterResult:
    """Every condition the request states, explicit or implied, alternatives joined by "or" merged."""
    aged = age_conditions(tokens, resolver, used)  # "30 years or older": age >= 30 (age_conditions.py)
    compass = with_compass(compass_filters(tokens, resolver, used | aged.used), aged)  # "west of -100"
    contained = contained_text(tokens, resolver, used | compass.used, request)  # "'X' in their name"
    filters = with_compass(
        find_filters(tokens, resolver, used | compass.used | contained.used, given=given, request=request),
        compass,
    )
    filters.filters += contained.filters
    filters.used |= contained.used
    code_equalities(tokens, resolver, used, filters)
    defined_season(tokens, resolver, filters.used, filters.filters)
    named, taken, said = calendar_conditions(
        tokens, resolver, used | filters.used
    )  # "in December", "on Mondays"
    filters.filters += named
    filters.used |= taken
    filters.notes += said
    implicit_comparisons(tokens, resolver, used, filters, given, request=request)
    merge_alternatives(tokens, used, filters)
    join_exclusive_years(tokens, resolver, filters)  # "in 1940 and after 1950": either
    absorb_value_labels(tokens, resolver, filters)
    filters.filters = one_per_condition(filters.filters)  # "sunny (weather = sun)": one condition
    return filters


def _said_but_not_read(
    parsed: Parsed, intent: Intent | None, understood: dict[str, Any], schema: DatasetSchema
) -> None:
    """Refuse a count word left under a listing of rows, or a statistic the operation does not compute."""
    if intent is None:
        return
    counted = unread_count_word(intent.operation, parsed.low, parsed.resolver)
    if counted is not None:  # "number of rows where ...": its number, never the rows listed
        reason = f"{counted!r} asks for a number, but the reading only lists rows"
        _refuse(parsed.request, reason, understood, schema, [])
    dropped = dropped_statistic(parsed.phrases.metrics, intent, parsed.tokens)
    if dropped is not None:  # "then compute the mean" after a keyword chose another operation
        _refuse(parsed.request, f"not every word was understood: {dropped}", understood, schema, [])


def _account_for_every_word(
    parsed: Parsed, intent: Intent, understood: dict[str, Any], schema: DatasetSchema, aside: list[str]
) -> Intent:
    """Refuse, naming them, when words that carry meaning were left unused; else name the discourse left."""
    # "separately" under a grouping, "the Arctic circle (latitude > 66.56)", "of all countries"
    spots, restated = restated_scope(parsed.tokens, parsed.phrases.used, intent, parsed.resolver)
    used = parsed.phrases.used | spots
    every, all_of, named = all_of_the_entities(parsed.tokens, used, intent, parsed.resolver)
    mentioned = [column for column in parsed.mentioned if column not in named]
    restated += all_of
    unused = leftovers(parsed.tokens, used | every, intent, parsed.resolver, mentioned=mentioned)
    if unused:
        words = [f"{item.word!r} ({item.why})" for item in unused]
        reason = "not every word was understood: " + "; ".join(words)
        try:
            _refuse(parsed.request, reason, understood, schema, [])
        except UnmappableRequestError as refusal:  # the words, for a model engine's route (modelgen)
            refusal.understood["leftovers"] = [(item.word, item.why) for item in unused]
            raise
    discourse = unused_discourse(parsed.tokens, parsed.phrases.used, intent, parsed.resolver)
    units = unit_notes(parsed.tokens, parsed.phrases.used, intent)  # "10 an hour" (units_after_numbers.py)
    if units:
        intent = intent.model_copy(update={"notes": [*intent.notes, *units]})
    return with_unused(intent, [*aside, *discourse, *restated])


def _words(
    text: str, resolver: ColumnResolver, given: Answers, request: str
) -> tuple[list[str], list[str], set[str]]:
    """Tokens with spelling fixed, measure words bound and counted entities settled (may ask)."""
    tokens, abbreviated = abbreviated_columns(tokenize(text), resolver, given, request)  # "life expectancy"
    tokens, all_rows = all_of_the_rows(tokens, resolver)  # "the total population of all countries"
    tokens, file_rows = file_row_words(tokens, resolver)  # "polls" over polls_us_election_2016.tsv
    tokens, population = entity_population(tokens, resolver)  # "of the OPEC countries" over country-years
    file_rows += population
    tokens, spelled = fix_spelling(tokens, resolver)
    tokens, per_period = unit_adjectives(tokens, resolver)  # "hourly earnings", no time in the file
    spelled += per_period
    tokens, described = qualified_columns(tokens, resolver, given, request)  # "for each model Year"
    tokens, household = described_columns(tokens, resolver, given, request)  # "household income"
    described += household
    tokens, numbered = numbers_in_names(tokens, resolver)  # "presos por 100.000 habitantes"
    described += numbered
    tokens, bound, additive = bind_measures(tokens, resolver, given, request=request)
    tokens, counted = counted_entities(tokens, resolver, given, request=request)
    tokens, rows = rows_named(
        period_words(tokens, resolver), resolver, given, request
    )  # "how many counties": the rows
    tokens, tallied = bare_count(tokens, resolver, given, request)  # a `count` column: rows or its sum
    tokens, named = column_words(tokens, resolver)  # "average median": the column named median
    tokens, operands = method_operands(tokens, resolver)  # "year related to count": the column
    named = [*named, *operands]
    tokens, ranked = meaning_superlatives(tokens, resolver, given, request=request)  # "the heaviest car"
    tokens, implied = implied_measures(tokens, resolver, given, request=request)  # "the furthest north"
    tokens, months = which_month(tokens, resolver, given, request=request)  # over several years: asks
    notes = [*abbreviated, *all_rows, *file_rows, *spelled, *described, *bound, *counted, *rows, *tallied]
    notes += [*named, *ranked, *implied, *months]
    return tokens, notes, additive


def _subject(tokens: list[str], resolver: ColumnResolver, phrases: Phrases) -> str | None:
    """The column right after a top-N word or "which": what is ranked ("which region ...")."""
    if phrases.top_subject is None or phrases.top_subject >= len(tokens):
        return None
    hit = resolver.match_at(tokens, phrases.top_subject, fuzzy=True)
    if hit is None and phrases.top_subject + 1 < len(tokens):
        hit = resolver.match_at(tokens, phrases.top_subject + 1, fuzzy=True)
    return hit[0] if hit else None


def _remaining_columns(tokens: list[str], resolver: ColumnResolver, phrases: Phrases) -> list[str]:
    found: list[str] = []
    i = 0
    while i < len(tokens):
        if i in phrases.used or distinct_values_noun(tokens, i):
            i += 1
            continue
        hit = resolver.match_at(tokens, i, fuzzy=len(tokens[i]) >= 5)
        if hit is None:
            i += 1
            continue
        if hit[0] not in found:
            found.append(hit[0])
        phrases.used.update(range(i, i + hit[1]))
        i += hit[1]
    return found
