"""The operations the rules engine knows: each renders a parameterized tool and has a reference.

``CATALOGUE`` maps operation names (``Intent.operation``) to :class:`Operation` instances.
"""

from __future__ import annotations

from mcpforge.catalogue._template import READS_ONLY_NEEDED
from mcpforge.catalogue.base import Operation, RenderedTool, frame_to_table, tables_match
from mcpforge.catalogue.group_outliers import GroupOutliers
from mcpforge.catalogue.grouping import GroupAggregate, GroupCount, ValueDistribution
from mcpforge.catalogue.hypothesis import StatisticalTest
from mcpforge.catalogue.modeling import DistributionShape, LinearRegression
from mcpforge.catalogue.period_change import PeriodChange
from mcpforge.catalogue.ratios import GroupRatio
from mcpforge.catalogue.reshape import Crosstab, PivotTable
from mcpforge.catalogue.rows import FilterRows, Outliers, TopNRows
from mcpforge.catalogue.stats import Correlation, Percentiles, SummaryStats
from mcpforge.catalogue.timeseries import DatePartGroup, TimeResample
from mcpforge.catalogue.totals import Aggregate, DistinctCount, MissingValues
from mcpforge.exceptions import UnmappableRequestError

_OPERATIONS: list[Operation] = [
    GroupCount(), GroupAggregate(), Aggregate(), FilterRows(), TopNRows(), SummaryStats(),
    ValueDistribution(),
    Correlation(), TimeResample(), DatePartGroup(), PivotTable(), Crosstab(), MissingValues(), Percentiles(),
    Outliers(), DistinctCount(), StatisticalTest(), DistributionShape(), LinearRegression(),
    GroupOutliers(), GroupRatio(), PeriodChange(),
]  # fmt: skip
CATALOGUE: dict[str, Operation] = {operation.name: operation for operation in _OPERATIONS}


def get_operation(name: str) -> Operation:
    """The operation called ``name``.

    Raises:
        UnmappableRequestError: no catalogue operation has that name.
    """
    try:
        return CATALOGUE[name]
    except KeyError:
        raise UnmappableRequestError(
            f"no catalogue operation {name!r}; known: {', '.join(sorted(CATALOGUE))}",
            understood={"operation": name},
        ) from None


__all__ = [
    "CATALOGUE",
    "READS_ONLY_NEEDED",
    "Operation",
    "RenderedTool",
    "frame_to_table",
    "get_operation",
    "tables_match",
]
