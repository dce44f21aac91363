"""Group keys and what a request asks of each group.

``groups`` (group keys and time grains: "by region", "per week"), ``each_of`` ("for each of the states CA,
TX and FL"), ``group_having`` and ``group_counts`` (a condition on each group, HAVING), ``presence_groups``
("with and without" a yes/no column), ``self_grouping`` (a reading grouped by the column it measures) and
``totals_over`` ("the highest total across all states").
"""
