"""German analysis verbs and adverbs as people write requests, put in English (folded words).

"Zähle die Ausreißer ...", "Nenne das 10., 50. und 90. Perzentil ...": an imperative of an analysis verb
says what to report, as "count" and "list" do in English (the English reading decides what they compute:
"count the outliers" counts them). "im Schnitt" is "on average"; "getrennt nach" is "separately by" (the
English reading names "separately" as not used and groups by what follows); "wie viel Prozent" asks a
percentage; "Quartile linear interpoliert" states the default interpolation, said back in the reading.
"befragt" (surveyed) restates who the rows are, as "surveyed" does in English. Only verbs that report
and adverbs of aggregation are here: never a word that compares, selects rows or names a column.
"""

from __future__ import annotations

_GERMAN: dict[str, str] = {
    # imperatives of analysis verbs (du and Sie forms)
    "zahle": "count", "zahlen sie": "count",
    "nenne": "list", "nennen sie": "list", "liste": "list", "liste auf": "list", "listen sie": "list",
    "zeige": "show", "zeigen sie": "show", "zeig": "show",
    "ermittle": "find", "ermitteln sie": "find", "bestimme": "determine", "bestimmen sie": "determine",
    # adverbs of aggregation
    "im schnitt": "on average", "im durchschnitt": "on average", "im mittel": "on average",
    # the adverb before a superlative ranks the average: "im Schnitt die meisten X" = the highest average X
    "im schnitt die meisten": "the highest average", "im durchschnitt die meisten": "the highest average",
    "im schnitt die hochsten": "the highest average", "im durchschnitt die hochsten": "the highest average",
    "im schnitt die wenigsten": "the lowest average", "im durchschnitt die wenigsten": "the lowest average",
    "im schnitt die niedrigsten": "the lowest average",
    "im durchschnitt die niedrigsten": "the lowest average",
    # grouping said as separation
    "getrennt nach": "separately by", "aufgeschlusselt nach": "broken down by",
    "gruppiert nach": "grouped by",
    # a percentage asked
    "wie viel prozent": "what percent", "wieviel prozent": "what percent",
    "wie viele prozent": "what percent",
    # the default interpolation of quartiles and percentiles, stated
    "linear interpoliert": "linear interpolation", "linear interpolierte": "linear interpolation",
    "lineare interpolation": "linear interpolation",
    # what missing values are replaced by ("Ersetze fehlende Werte ... durch den Median")
    "durch den median": "with the median", "durch den mittelwert": "with the mean",
    "durch den durchschnitt": "with the average", "durch den modus": "with the mode",
    # the correlation coefficient with its case ending ("den Pearson-Korrelationskoeffizienten")
    "korrelationskoeffizienten": "correlation coefficient",
    "pearson-korrelationskoeffizient": "pearson correlation coefficient",
    "pearson-korrelationskoeffizienten": "pearson correlation coefficient",
    "spearman-korrelationskoeffizient": "spearman correlation coefficient",
    "spearman-korrelationskoeffizienten": "spearman correlation coefficient",
    # the rows restated as surveyed
    "befragt": "surveyed",
}  # fmt: skip


def german_requests(language: str) -> dict[str, str]:
    """Folded German phrase → English: analysis imperatives and adverbs (empty for other languages)."""
    return dict(_GERMAN) if language == "de" else {}
