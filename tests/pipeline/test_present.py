"""The Step 6 presentation: result first, tool summary, approval request, exactly as the requirements."""

from __future__ import annotations

from mcpforge.models import RunArtifacts, ToolCandidate, ToolSpec, ToolStatus
from mcpforge.pipeline.present import format_duration, present, present_reuse

SPEC = ToolSpec(
    tool_name="group_and_count_by_columns",
    description="Group rows by columns and count them",
    input_schema={"type": "object", "properties": {}, "required": []},
    output_schema={"type": "object"},
    parameters=[],
    return_type="str",
    when_to_use="w",
    what_it_does="d",
    returns="r",
    prerequisites="p",
)
CANDIDATE = ToolCandidate(
    tool_id="group_and_count_by_columns",
    spec=SPEC,
    package_path="",
    code_hash="c",
    spec_hash="s",
    status=ToolStatus.STAGED,
    created_at="2026-01-01T00:00:00Z",
    created_by="rules:group_count",
)
ARTIFACTS = RunArtifacts(
    result={"result": {"columns": ["severity", "count"], "rows": [["Minor", 3]]}, "rows_processed": 1234},
    outputs={"markdown": "| severity | count |\n| --- | --- |\n| Minor | 3 |\n\n<!--output_json:{}-->"},
    summary_markdown="| severity | count |\n| --- | --- |\n| Minor | 3 |\n",
    files=[],
    execution_time_ms=45.2,
    rows_processed=1234,
    metadata={
        "assumptions": ["Columns 'severity' and 'location' exist in the dataset"],
        "limitations": ["Output limited to top 100 groups"],
        "what_it_did": "Grouped traffic_accidents.csv by severity and location, counted occurrences",
        "data_path": "/data/traffic_accidents.csv",
    },
)

EXPECTED = """## Analysis Results

| severity | count |
| --- | --- |
| Minor | 3 |

---

### Tool Summary
**Tool Name**: group_and_count_by_columns
**What It Did**: Grouped traffic_accidents.csv by severity and location, counted occurrences
**Rows Processed**: 1,234
**Execution Time**: 45ms

**Assumptions**:
- Columns 'severity' and 'location' exist in the dataset

**Limitations**:
- Output limited to top 100 groups

---

### ⚠️ Approval Required
This tool is **staged** and not yet registered in your MCP tool registry.

**Two-Step Approval Process**:

1. **Is this output correct for your current analysis?**
   Reply: `Yes` or `No`

2. **Should I save this as a reusable tool for future analyses?**
   Reply: `Approve` (register tool) or `Reject` (don't register)

**Note**: You can accept the output without registering the tool.
If you reject the tool, please specify what needs improvement (incorrect columns, wrong metric, \
missing filter, etc.)
"""


def test_presentation_follows_the_requirements_format_exactly() -> None:
    assert present(CANDIDATE, ARTIFACTS) == EXPECTED


def test_footer_never_reaches_the_person() -> None:
    artifacts = ARTIFACTS.model_copy(update={"summary_markdown": None})
    text = present(CANDIDATE, artifacts)
    assert text.startswith("## Analysis Results\n\n| severity | count |")
    assert "| Minor | 3 |" in text


def test_what_it_did_names_the_data_file_when_the_description_does_not() -> None:
    artifacts = ARTIFACTS.model_copy(update={"metadata": {"data_path": "/d/sales.csv"}})
    assert "**What It Did**: Group rows by columns and count them (on sales.csv)" in present(
        CANDIDATE, artifacts
    )


def test_durations_are_shown_in_milliseconds_below_a_second() -> None:
    assert (format_duration(45.2), format_duration(1500)) == ("45ms", "1.50s")


def test_a_reused_tool_asks_for_no_approval() -> None:
    text = present_reuse("group_and_count_by_columns", "1.0.0", ARTIFACTS)
    assert text.startswith("## Analysis Results")
    assert "Approval Required" not in text
    assert "version 1.0.0" in text
