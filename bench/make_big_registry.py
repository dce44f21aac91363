"""Make a realistic registry of N active tools fast, outside the pipeline.

Each tool is written as a promotion writes it: ``active/tools/<name>/{tool.py, spec.json, tests.py,
VERSION}`` with sha256 hashes in ``active/metadata.json``, its candidate under ``staging/candidates/``
(status PROMOTED), the three transition rows of its life in ``audit.sqlite``, and finally the tool index.
The tools are real: a pandas count-by-column tool in the house shape, each with its own name, catalogue
operation (``OPERATION = ...``), description words and parameters, so gap detection, listing, hashing
and calls see what a grown registry would hold.

Usage: python bench/make_big_registry.py ./big-registry --tools 10000
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import time
from pathlib import Path

from mcpforge.catalogue import CATALOGUE
from mcpforge.models import ToolCandidate, ToolSpec, ToolStatus, sha256_text, utc_now
from mcpforge.registry import Registry
from mcpforge.registry._atomic import atomic_write_json, dumps_json

DOMAINS = (
    "sales", "orders", "traffic", "accidents", "patients", "visits", "flights", "weather", "invoices",
    "tickets", "shipments", "students", "grades", "energy", "sensors", "claims", "loans", "reviews",
    "inventory", "payroll", "campaigns", "sessions", "trips", "crimes", "permits", "listings",
)  # fmt: skip
COLUMNS = ("region", "category", "status", "month", "city", "product", "channel", "severity", "type")

TOOL_TEMPLATE = '''"""{title}"""

from typing import Annotated

from pydantic import Field

from mcpforge.runtime import format_markdown_table, load_csv_data_with_types, mcp, output_footer
from mcpforge.runtime import require_columns

OPERATION = {operation!r}


@mcp.tool()
def {name}(
    file_path: Annotated[str, Field(description="Path to the CSV file")],
    column: Annotated[str, Field(description="Column whose values are counted")] = {column!r},
) -> str:
    """{title}

    WHEN TO USE THIS TOOL: {when}
    WHAT THIS TOOL DOES: Loads the CSV, counts rows per value of the column, sorts by count.
    RETURNS: A markdown table of values and counts, with a JSON footer.
    PREREQUISITES: The CSV file exists and has the column.
    """
    df = load_csv_data_with_types(file_path)
    require_columns(df, [column], path=file_path)
    counts = df[column].value_counts().rename_axis(column).reset_index(name="count")
    footer = {{
        "operation": {name!r},
        "result": {{"columns": [column, "count"], "rows": counts.values.tolist()}},
        "rows_processed": len(df),
    }}
    return format_markdown_table(counts) + "\\n\\n" + output_footer(footer)
'''


def _spec(name: str, *, domain: str, column: str, title: str, when: str) -> ToolSpec:
    return ToolSpec(
        tool_name=name,
        description=title,
        input_schema={
            "type": "object",
            "properties": {
                "file_path": {"type": "string", "description": "Path to the CSV file"},
                "column": {
                    "type": "string",
                    "description": "Column whose values are counted",
                    "default": column,
                },
            },
            "required": ["file_path"],
        },
        output_schema={"type": "object", "properties": {"result": {"type": "object"}}},
        parameters=[
            {"name": "file_path", "type": "str", "description": "Path to the CSV file", "required": True},
            {
                "name": "column",
                "type": "str",
                "description": "Column whose values are counted",
                "default": column,
            },
        ],
        return_type="str",
        when_to_use=when,
        what_it_does="Loads the CSV, counts rows per value of the column, sorts by count.",
        returns="A markdown table of values and counts, with a JSON footer.",
        prerequisites="The CSV file exists and has the column.",
        assumptions=[f"{domain} data with a {column!r} column"],
    )


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def make_big_registry(root: Path, count: int, *, seed: int = 14) -> dict[str, float]:
    """Write ``count`` promoted tools into a fresh registry at ``root``; returns timings in seconds."""
    started = time.perf_counter()
    rng = random.Random(seed)
    reg = Registry(root)
    reg.init()
    operations = sorted(CATALOGUE)
    active: dict[str, dict[str, object]] = {}
    staging: dict[str, dict[str, object]] = {}
    rows: list[tuple[object, ...]] = []
    now = utc_now()
    for index in range(count):
        domain = rng.choice(DOMAINS)
        column = rng.choice(COLUMNS)
        operation = rng.choice(operations)
        name = f"{domain}_{operation}_{column}_{index:05d}"
        title = f"{operation.replace('_', ' ').capitalize()} of {domain} by {column} (tool {index})."
        when = f"When you analyse {domain} data and need the {operation.replace('_', ' ')} by {column}."
        source = TOOL_TEMPLATE.format(title=title, operation=operation, name=name, column=column, when=when)
        spec = _spec(name, domain=domain, column=column, title=title, when=when)
        spec_text = spec.to_json()
        code_hash, spec_hash = sha256_text(source), sha256_text(spec_text)
        tool_dir = reg.tools_dir / name
        tool_dir.mkdir()
        _write(tool_dir / "tool.py", source)
        _write(tool_dir / "spec.json", spec_text)
        _write(tool_dir / "tests.py", "CASES = []\n")
        _write(tool_dir / "VERSION", "1.0.0\n")
        cid = f"{name}_1.0.0"
        candidate = ToolCandidate(
            tool_id=name, version="1.0.0", spec=spec, package_path=str(reg.candidates_dir / cid),
            code_hash=code_hash, spec_hash=spec_hash, status=ToolStatus.PROMOTED, created_at=now,
            created_by="bench",
        )  # fmt: skip
        candidate_dir = reg.candidates_dir / cid
        candidate_dir.mkdir()
        _write(candidate_dir / "candidate.json", candidate.model_dump_json(indent=2) + "\n")
        _write(candidate_dir / "spec.json", spec_text)
        _write(candidate_dir / "tool.py", source)
        entry: dict[str, object] = {
            "version": "1.0.0", "path": reg.rel(tool_dir), "spec_hash": spec_hash, "code_hash": code_hash,
            "promoted_at": now, "created_by": "bench", "candidate_id": cid, "tool_id": name,
            "promoted_by": "human:bench",
        }  # fmt: skip
        active[name] = entry
        staging[cid] = {
            "tool_id": name, "tool_name": name, "version": "1.0.0", "status": "PROMOTED",
            "path": reg.rel(candidate_dir), "spec_hash": spec_hash, "code_hash": code_hash,
            "created_at": now, "created_by": "bench", "updated_at": now,
        }  # fmt: skip
        for from_status, to_status, details in (
            ("DRAFT", "STAGED", {}),
            ("STAGED", "APPROVED", {}),
            ("APPROVED", "PROMOTED", {"promotion": entry}),
        ):
            rows.append(
                (now, "human:bench", "transition", name, cid, "1.0.0", from_status, to_status, spec_hash,
                 code_hash, None, f"bench-{index}-{to_status}", json.dumps(details, sort_keys=True))
            )  # fmt: skip
    files_done = time.perf_counter()
    with sqlite3.connect(reg.audit.path) as conn:
        conn.executemany(
            "INSERT INTO audit (time, actor, action, tool, candidate_id, version, from_status, to_status, "
            "spec_sha256, code_sha256, note, op_id, details) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    atomic_write_json(reg.staging_meta_path, {"candidates": staging, "updated_at": now})
    (reg.active_meta_path).write_text(dumps_json({"tools": active, "updated_at": now}), encoding="utf-8")
    with reg.locked():
        reg.refresh_metrics()
        index_started = time.perf_counter()
        reg.tool_index.rebuild(reg)
    done = time.perf_counter()
    return {
        "files_s": files_done - started,
        "index_s": done - index_started,
        "total_s": done - started,
    }


def main() -> None:
    """Command line: ``make_big_registry.py ROOT --tools N``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path, help="registry directory to create (must not exist)")
    parser.add_argument("--tools", type=int, default=10_000, help="number of active tools")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    if args.root.exists():
        parser.error(f"{args.root} exists; give a new directory")
    timings = make_big_registry(args.root, args.tools, seed=args.seed)
    print(
        json.dumps(
            {"root": str(args.root), "tools": args.tools, **{k: round(v, 2) for k, v in timings.items()}}
        )
    )


if __name__ == "__main__":
    main()
