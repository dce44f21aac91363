"""An example hand-written tool: the total of a numeric column for each value of another column.

Stage it with `mcpforge add-tool examples/tools/total_by_group.py --data examples/sales.csv
--args '{"group_column": "region", "value_column": "units"}'`, then review it like any candidate.

The shape mcpforge expects (README, "2. A hand-written tool"):
- one function decorated with `@mcp.tool()`, every parameter `Annotated[T, Field(description=...)]`,
  the data file in a `str` parameter named `file_path` (or `*_path`), and a `str` return;
- a docstring with WHEN TO USE THIS TOOL / WHAT THIS TOOL DOES / RETURNS / PREREQUISITES;
- a markdown answer that ends with `output_footer({...})`: `result` holds the answer, either a table
  `{"columns": [...], "rows": [[...], ...]}` or a mapping of single values `{"total": 42}`; `operation`
  and `rows_processed` are optional. The footer's keys become the tool's output schema.

The runtime helpers (`from mcpforge.runtime import ...`) are optional; plain pandas works too
(`pd.read_csv(file_path)`). They read every supported file kind (CSV in any encoding and delimiter, xlsx,
Parquet, JSON, ...) with types detected, and raise errors written for a person:
`load_csv_data_with_types`, `require_columns`, `format_markdown_table`, `output_footer`, `mcp`.
"""

from typing import Annotated

from pydantic import Field

from mcpforge.runtime import (
    format_markdown_table,
    load_csv_data_with_types,
    mcp,
    output_footer,
    require_columns,
)


@mcp.tool()
def total_by_group(
    file_path: Annotated[str, Field(description="Path to the data file (CSV, xlsx, Parquet, JSON)")],
    group_column: Annotated[str, Field(description="Column whose values form the groups")],
    value_column: Annotated[str, Field(description="Numeric column summed in each group")],
    top: Annotated[int, Field(description="Most groups shown, largest total first", ge=1)] = 20,
) -> str:
    """Total of a numeric column for each value of a group column.

    WHEN TO USE THIS TOOL: When you need the sum of one numeric column per category, e.g. units per region.
    WHAT THIS TOOL DOES: Loads the file, sums the value column per group, sorts by total (largest first).
    RETURNS: A markdown table of groups and totals, with a JSON footer holding the same table.
    PREREQUISITES: The file has both columns; the value column is numeric.
    """
    df = load_csv_data_with_types(file_path)
    require_columns(df, [group_column, value_column], path=file_path)
    totals = (
        df.groupby(group_column, dropna=False)[value_column]
        .sum()
        .sort_values(ascending=False)
        .head(top)
        .reset_index(name="total")
    )
    footer = {
        "operation": "total_by_group",
        "result": {"columns": [group_column, "total"], "rows": totals.values.tolist()},
        "rows_processed": len(df),
    }
    return format_markdown_table(totals) + "\n\n" + output_footer(footer)
