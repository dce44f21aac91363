"""Quantities a request computes from columns.

``derived`` (``revenue = units * unit_price``), ``arithmetic`` (the same in words), ``quotients`` (a ratio of
two totals), ``ratios`` ("revenue per customer"), ``rates`` (rates and shares over a yes/no column),
``share_among`` and ``share_within`` (a share of a named whole or of filtered rows), ``column_functions``
("log10(gdpPercap)") and ``period_change`` (the change between two periods).
"""
