"""Words that set the scope of a reading around its numbers: years, exclusions, the time axis, totals.

Read before every path (aggregates, tests, percentiles, correlations), so a restriction is assembled once
by the filter reader (see ``time/year_words``, ``rows/exclusions``), and instructions that change no number
are taken out of the words and said in the reading once the reading is known (``time/as_time``,
``totals_over``): kept when they agree with it, refused naming them when they would change the numbers.
"""

from __future__ import annotations

from mcpforge.models import Intent
from mcpforge.pipeline.intent.groups.across_scope import across_is_scope
from mcpforge.pipeline.intent.groups.totals_over import find_total_over, keep_total_over
from mcpforge.pipeline.intent.rows.exclusions import exclusion_words
from mcpforge.pipeline.intent.time.as_time import find_time_instruction, keep_time_instruction
from mcpforge.pipeline.intent.time.ranked_parts import rank_time_parts
from mcpforge.pipeline.intent.time.time_zone import find_time_zone, keep_time_zone
from mcpforge.pipeline.intent.time.whole_period import find_whole_period, keep_whole_period
from mcpforge.pipeline.intent.time.year_spans import year_spans
from mcpforge.pipeline.intent.time.year_words import year_phrases
from mcpforge.pipeline.intent.words import ColumnResolver
from mcpforge.pipeline.schema import DatasetSchema


def scope_words(text: str, resolver: ColumnResolver) -> str:
    """``text`` as the readers read it: years and exclusions rewritten, instructions taken out."""
    text = across_is_scope(text, resolver)  # "which year … across countries … highest": over all countries
    text = year_spans(year_phrases(text, resolver), resolver)  # "Jahr 1990 through 2002"
    text, _ = exclusion_words(text, resolver)
    text, _ = find_time_instruction(text, resolver)
    text, _ = find_time_zone(text, resolver)  # "using the timestamps as given (UTC)"
    text, _ = find_total_over(text, resolver)
    text, _ = find_whole_period(text, resolver)  # "over the whole period"
    return text


def check_scope_words(request: str, intent: Intent, schema: DatasetSchema) -> Intent:
    """``intent`` saying the scope words of ``request`` it took out (see :func:`scope_words`).

    Raises:
        UnmappableRequestError: an instruction taken out does not hold for the reading.
    """
    resolver = ColumnResolver(schema=schema)
    text = across_is_scope(request, resolver)
    text, described = exclusion_words(text, resolver)  # the year rewrites touch none of these
    text, as_time = find_time_instruction(text, resolver)
    text, zone = find_time_zone(text, resolver)
    text, total = find_total_over(text, resolver)
    _, whole = find_whole_period(text, resolver)
    if described:
        intent = intent.model_copy(
            update={
                "unused_words": [
                    *intent.unused_words,
                    *(w for w in described if w not in intent.unused_words),
                ]
            }
        )
    if as_time is not None:
        intent = keep_time_instruction(intent, as_time, resolver)
    if zone is not None:
        intent = keep_time_zone(intent, zone, resolver)
    intent = rank_time_parts(request, intent)  # "which day of the week had the most stops"
    if total is not None:
        intent = keep_total_over(intent, total)
    if whole is not None:
        intent = keep_whole_period(intent, whole, resolver)
    return intent
