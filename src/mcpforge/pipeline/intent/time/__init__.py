"""Time phrases of a request: which period a year, a month or a date names, and counts of periods.

``phrases``: "from 1975" (that year), "from 1975 on" / "since 1975" (from then on), "since March 2014"
(from the month on); ``year_ranges``: "between 2000 and 2015" next to a measure (years of the time
column); ``period_counts``: "in how many months ..." (distinct periods, never a sum of the month column);
``which_month``: "which month ..." over several years (asked: calendar month or one month of one year).
"""
