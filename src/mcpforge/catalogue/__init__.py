"""The operations the rules engine knows: each renders a parameterized tool and has a reference.

``CATALOGUE`` maps operation names (``Intent.operation``) to :class:`Operation` instances.

Layout: ``base.py`` is the contract (:class:`Operation`, :class:`RenderedTool`), ``_template.py`` wraps
an operation's plan into a complete ``tool.py``, ``expressions.py`` checks and evaluates derived columns;
``operations/`` holds the operations, ``tool_helpers/`` the code copied into generated tools and
``reference/`` the plain-Python pieces the references share.
"""

from __future__ import annotations

from mcpforge.catalogue._template import READS_ONLY_NEEDED
from mcpforge.catalogue.base import Operation, RenderedTool, frame_to_table, tables_match
from mcpforge.catalogue.operations.group_outliers import GroupOutliers
from mcpforge.catalogue.operations.grouping import GroupAggregate, GroupCount, ValueDistribution
from mcpforge.catalogue.operations.hypothesis import StatisticalTest
from mcpforge.catalogue.operations.modeling import DistributionShape, LinearRegression
from mcpforge.catalogue.operations.period_change import PeriodChange
from mcpforge.catalogue.operations.ratios import GroupRatio
from mcpforge.catalogue.operations.reshape import Crosstab, PivotTable
from mcpforge.catalogue.operations.rows import FilterRows, Outliers, TopNRows
from mcpforge.catalogue.operations.stats import Correlation, Percentiles, SummaryStats
from mcpforge.catalogue.operations.timeseries import DatePartGroup, TimeResample
from mcpforge.catalogue.operations.totals import Aggregate, DistinctCount, MissingValues
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
