"""The pieces every generated tool shares: header, helpers, signature, docstring, loading, footer.

An operation supplies a :class:`~mcpforge.catalogue.base.ToolPlan` (its parameters, the code that
computes ``result``, its prose); this module wraps it into a complete ``tool.py`` and its ToolSpec.
"""

from __future__ import annotations

import json
import re
import textwrap
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcpforge import runtime
from mcpforge.catalogue._file_kind import LABELS, file_label, file_path_description
from mcpforge.catalogue.base import REQUIRED, Param, RenderedTool, ToolPlan
from mcpforge.catalogue.expressions import DERIVED_SCHEMA, derived_argument, validate_derived
from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import Intent, ToolSpec

if TYPE_CHECKING:
    from mcpforge.catalogue.base import Operation

_MARKER = "# ---- INLINE ----\n"
_TOOL_NAME = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
_RUNTIME_NAMES = [
    "NOTES_ATTR", "format_markdown_table", "load_csv_data_with_types", "mcp", "output_footer",
    "require_columns",
    "validate_file_and_columns",
]  # fmt: skip
_ERROR_NAMES = ("DataError", "InvalidArgumentError")
# The helper modules copied into tools (``tool_helpers/``), by file: rendering reads their text and
# never imports them (``hypothesis_tests`` imports scipy.stats, 0.4 s that no grouping tool needs).
_TOOL_HELPERS = Path(__file__).parent / "tool_helpers"
_INLINE_MODULES = {
    "metrics": "metrics", "time": "time_columns", "corr": "correlation", "tests": "hypothesis_tests",
    "change": "period_change",
}  # fmt: skip
# Third-party names a template body may use, and the import each needs (scipy / scikit-learn are allowlisted).
_SCIENCE_IMPORTS = {
    "scipy_stats": "from scipy import stats as scipy_stats",
    "SklearnLinearRegression": "from sklearn.linear_model import LinearRegression as SklearnLinearRegression",
    "train_test_split": "from sklearn.model_selection import train_test_split",
}

FILE_PATH = Param(
    name="file_path",
    annotation="str",
    schema={"type": "string"},
    description="Path to the CSV file to analyze",
)
FILTERS_DESCRIPTION = (
    "Row filters applied before the analysis, all must hold: objects {column, op, value}; op is one of "
    "==, !=, >, >=, <, <=, in, not in (value: list), contains, between (value: [low, high]), is null, not "
    "null"
)
DERIVED_DESCRIPTION = (
    "Columns computed before filtering, in order: objects {name, expression}; the expression is arithmetic "
    "over numeric columns (+ - * / // % **, parentheses, numbers, abs/round/min/max; `backticks` for names "
    "with spaces)"
)
# Operations that read nothing but their needed columns and the filter columns (an empty list of
# needed columns never means "all columns" for them).
READS_ONLY_NEEDED = frozenset({"group_count", "group_aggregate", "value_distribution", "crosstab"})
_SCALAR_SCHEMAS = [{"type": "string"}, {"type": "number"}, {"type": "boolean"}, {"type": "null"}]
# The value is typed (a scalar, or a list of scalars for in / not in / between) rather than "any JSON",
# so every tool with filters also converts to OpenAI strict function calling.
_FILTER_SCHEMA = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "column": {"type": "string"},
            "op": {"type": "string"},
            "value": {"anyOf": [*_SCALAR_SCHEMAS, {"type": "array", "items": {"anyOf": _SCALAR_SCHEMAS}}]},
        },
        "required": ["column", "op"],
    },
}
_STEP_KINDS = ("drop_missing", "fill_missing", "deduplicate", "bin", "normalize", "drop_outliers", "clip",
               "transform", "relative")  # fmt: skip
_STEP_STRATEGIES = ("mean", "median", "mode", "value", "width", "quantile", "minmax", "zscore", "iqr", "log",
                    "log10", "log2", "sqrt")  # fmt: skip
# Every key of a step is declared (closed object), so tools with preparation steps convert under --strict;
# the optional keys accept null, which is how a strict-mode model says "not given".
PREPARATION_SCHEMA: dict[str, Any] = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "kind": {
                "type": "string",
                "enum": list(_STEP_KINDS),
            },
            "columns": {"type": ["array", "null"], "items": {"type": "string"}},
            "strategy": {
                "type": ["string", "null"],
                "enum": [*_STEP_STRATEGIES, None],
            },
            # a list only for ``clip``: the [low, high] quantiles
            "value": {"anyOf": [*_SCALAR_SCHEMAS, {"type": "array", "items": {"anyOf": _SCALAR_SCHEMAS}}]},
            "bins": {"type": ["integer", "null"], "minimum": 1},
        },
        "required": ["kind"],
        "additionalProperties": False,
    },
}
OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "operation": {"type": "string"},
        "result": {
            "type": "object",
            "properties": {
                "columns": {"type": "array", "items": {"type": "string"}},
                "rows": {"type": "array", "items": {"type": "array"}},
            },
            "required": ["columns", "rows"],
        },
        "rows_processed": {"type": "integer", "description": "rows in the file"},
        "rows_matched": {"type": "integer", "description": "rows left after derived columns and filters"},
        "notes": {"type": "array", "items": {"type": "string"}},
        "result_rows": {"type": "integer", "description": "rows of the full result table"},
        "result_truncated": {"type": "boolean", "description": "result holds only the first 5,000 rows"},
    },
    "required": ["operation", "result", "rows_processed", "rows_matched"],
}


def slug(*parts: str) -> str:
    """snake_case from free text (column names): lower case, [a-z0-9_] only, no repeated underscores."""
    text = "_".join(re.sub(r"[^a-z0-9]+", "_", part.lower()).strip("_") for part in parts if part)
    return re.sub(r"_+", "_", text).strip("_")


def tool_name_for(*parts: str) -> str:
    """A valid MCP tool name (SEP-986: [a-z0-9_], at most 64 characters, starting with a letter)."""
    name = slug(*parts) or "analysis"
    if not name[0].isalpha():
        name = f"tool_{name}"
    return name[:64].rstrip("_")


def code(text: str) -> str:
    """Body code of an operation (written at any indent) indented into the tool function."""
    return textwrap.indent(textwrap.dedent(text).strip("\n"), "    ") + "\n"


def _inline(module: str) -> str:
    text = (_TOOL_HELPERS / f"{module}.py").read_text(encoding="utf-8")
    return text.split(_MARKER, 1)[1].strip() + "\n"


def _py(value: Any) -> str:
    """A Python literal for a JSON value (repr of str/int/float/bool/None/list/dict is a valid literal)."""
    return repr(value)


def _signature_line(param: Param) -> str:
    annotated = f"Annotated[{param.annotation}, Field(description={param.description!r})]"
    if param.default is REQUIRED:
        return f"    {param.name}: {annotated},"
    noqa = (
        "  # noqa: B006 - never mutated; the default is this request's value"
        if isinstance(param.default, list | dict)
        else ""
    )
    return f"    {param.name}: {annotated} = {_py(param.default)},{noqa}"


def _safe_doc(text: str) -> str:
    """Prose that cannot end or escape a docstring (column names come from the data)."""
    return text.replace("\\", "/").replace('"""', "'''")


def _docstring(plan: ToolPlan, params: list[Param]) -> str:
    def para(label: str, text: str) -> str:
        return textwrap.fill(f"{label}{text}", width=100, subsequent_indent="    ")

    docs = plan.docs
    lines = [
        docs.description, "",
        para("WHEN TO USE THIS TOOL: ", docs.when_to_use), "",
        para("WHAT THIS TOOL DOES: ", docs.what_it_does), "",
        para("RETURNS: ", docs.returns), "",
        para("PREREQUISITES: ", docs.prerequisites), "",
        "Args:",
    ]  # fmt: skip
    lines += [textwrap.fill(f"{p.name}: {p.description}", width=100, initial_indent="    ",
                            subsequent_indent="        ") for p in params]  # fmt: skip
    text = _safe_doc("\n".join(lines))
    return textwrap.indent(f'"""{text}\n"""', "    ").lstrip() + "\n"


def _uses(code: str, name: str) -> bool:
    return re.search(rf"\b{re.escape(name)}\b", code) is not None


def _imports(code: str) -> str:
    """The import block ``code`` needs (only what it uses, so ruff's F401 stays quiet)."""
    errors_exported = all(hasattr(runtime, name) for name in _ERROR_NAMES)
    offered = [*_RUNTIME_NAMES, *(_ERROR_NAMES if errors_exported else ())]
    names = sorted(name for name in offered if _uses(code, name))
    typing_names = [name for name in ("Annotated", "Any") if _uses(code, name)]
    stdlib = ["import re"] if _uses(code, "re") else []
    if typing_names:
        stdlib.append(f"from typing import {', '.join(typing_names)}")
    third = ["import numpy as np"] if _uses(code, "np") else []
    third += ["import pandas as pd"] + (["from pydantic import Field"] if _uses(code, "Field") else [])
    third += [line for name, line in _SCIENCE_IMPORTS.items() if _uses(code, name)]
    blocks = [block for block in ("\n".join(stdlib), "\n".join(third)) if block]
    blocks.append("from mcpforge.runtime import (\n" + "".join(f"    {name},\n" for name in names) + ")")
    text = "\n\n".join(blocks)
    needs_errors = not errors_exported and any(_uses(code, name) for name in _ERROR_NAMES)
    return f"{text}\n\n\n{_inline('errors').strip()}" if needs_errors else text


def render_tool(operation: Operation, intent: Intent, *, tool_name: str | None = None) -> RenderedTool:
    """Render ``operation`` for ``intent``: a ToolSpec, ``tool.py`` source and this request's arguments."""
    label = file_label(intent.data_source)  # the kind of file it is made on, as its prose names it
    plan = _for_file(operation.plan(intent), label)
    name = tool_name or plan.default_name
    if not _TOOL_NAME.match(name):
        raise InvalidArgumentError(f"tool name {name!r} is not snake_case [a-z0-9_] of at most 64 characters")
    derived = validate_derived({d.name: d.expression for d in intent.derived})
    filters = [f.model_dump(mode="json") for f in intent.filters]
    params = [*plan.params, Param(name="filters", annotation="list[dict[str, Any]]", schema=_FILTER_SCHEMA,
                                  description=FILTERS_DESCRIPTION, default=filters)]  # fmt: skip
    if derived:
        params.append(Param(name="derived_columns", annotation="list[dict[str, str]]",
                            default=derived_argument(derived), schema=DERIVED_SCHEMA,
                            description=DERIVED_DESCRIPTION))  # fmt: skip
    preparation, digits = preparation_arguments(intent)
    params += preparation_params(preparation, digits)
    part = part_param(intent)
    params += [part] if part is not None else []
    file_path = replace(FILE_PATH, description=file_path_description(label))
    all_params = [file_path, *params]
    derived_arg = "derived_map" if derived else "{}"
    if preparation:
        derived_arg = f"{{**{derived_arg}, **_prepared_names(preparation)}}"
    # Operations whose needed columns are all they read load only those (big files: a fraction of the
    # parsing and memory); derived columns and preparation steps read columns the plan does not list,
    # so they load everything.
    only_needed = operation.name in READS_ONLY_NEEDED and not derived and not preparation
    part_arg = f", {part.name}={part.name}" if part is not None else ""
    load_args = (
        f"file_path, columns=_source_columns({plan.needed}, filters, {{}})" if only_needed else "file_path"
    ) + part_arg
    body = [
        *(["    derived_map = _derived_map(derived_columns)"] if derived else []),
        f"    validate_file_and_columns(file_path, _source_columns({plan.needed}, filters, {derived_arg})"
        f"{part_arg})",
        f"    df = load_csv_data_with_types({load_args}).reset_index(drop=True)",
        "    rows_processed = len(df)",
        "    notes: list[str] = [str(note) for note in df.attrs.get(NOTES_ATTR, [])]",
        *(["    df = _apply_derived(df, derived_map)"] if derived else []),
        *(["    df = _apply_preparation(df, preparation)"] if preparation else []),
        "    df = _apply_filters(df, filters)",
        f"    require_columns(df, {plan.needed})",
    ]
    if plan.empty_columns is not None:
        body += [
            "    if df.empty:",
            f"        empty = pd.DataFrame({{column: [] for column in ({plan.empty_columns})}})",
            "        notes.append('No rows are left after the filters; nothing to compute.')",
            "        return _respond(OPERATION, 'No rows match', empty, (rows_processed, 0), notes=notes)",
        ]
    extra = ", extra=extra" if plan.uses_extra else ""
    body += [
        plan.body.rstrip(),
        *(["    result = _round_result(result, round_digits)"] if digits is not None else []),
        f"    return _respond(OPERATION, title, result, (rows_processed, len(df)), notes=notes{extra})",
    ]
    modules = [
        "common",
        *(_INLINE_MODULES[key] for key in plan.inline),
        *(["expression_parser", "expression_evaluator"] if derived else []),
        *(["preparation"] if preparation or digits is not None else []),
    ]
    helpers = "\n\n\n".join(_inline(module).strip() for module in modules)
    function = "\n".join(
        ["@mcp.tool()", f"def {name}(", _signature_line(file_path), "    *,",
         *(_signature_line(p) for p in params), ") -> str:",
         "    " + _docstring(plan, all_params).rstrip(), *body]
    )  # fmt: skip
    origin = f"Generated by mcpforge from the catalogue operation {operation.name!r}."
    header = f'"""{name}: {_safe_doc(plan.docs.description)}\n\n{origin}\n"""\n\n'
    code = f"{helpers.strip()}\n\n\n{function}\n"
    imports = _imports(code)
    source = f"{header}{imports}\n\nOPERATION = {operation.name!r}\n\n\n{code}"
    arguments = {
        **operation.arguments(intent),
        "filters": filters,
        **({"derived_columns": derived_argument(derived)} if derived else {}),
        **({"preparation": preparation} if preparation else {}),
        **({"round_digits": digits} if digits is not None else {}),
        **({part.name: part.default} if part is not None else {}),
    }
    spec = _spec(name, plan, all_params)
    helpers_module = (
        f'"""Helper functions of {name} (tool.py has its own copy: tools import only the allowlist)."""\n\n'
        f"{_imports(helpers)}\n\n\n{helpers.strip()}\n"
    )
    return RenderedTool(
        spec=spec, source=source, function_name=name, arguments=arguments, helpers=helpers_module
    )


def _for_file(plan: ToolPlan, label: str) -> ToolPlan:
    """``plan`` with its prose naming the kind of file it reads (the operations' prose says "CSV")."""
    if label == LABELS["csv"]:
        return plan
    short = label.removesuffix(" file").split(" (")[0]
    docs = replace(
        plan.docs,
        what_it_does=plan.docs.what_it_does.replace("Loads the CSV,", f"Loads the {short},"),
        prerequisites=plan.docs.prerequisites.replace("The CSV file", f"The {label}"),
    )
    return replace(plan, docs=docs)


def part_param(intent: Intent) -> Param | None:
    """The ``sheet`` (workbook) or ``table`` (SQLite) parameter when the request's data names one."""
    if intent.sheet is not None:
        return Param(
            name="sheet", annotation="str | None", default=intent.sheet, schema={"type": ["string", "null"]},
            description="Sheet of the .xlsx workbook to read (null: the only one, else the largest)",
        )  # fmt: skip
    if intent.table is not None:
        return Param(
            name="table", annotation="str | None", default=intent.table, schema={"type": ["string", "null"]},
            description="Table of the SQLite file to read (null: the only one, else the largest)",
        )  # fmt: skip
    return None


def preparation_arguments(intent: Intent) -> tuple[list[dict[str, Any]], int | None]:
    """The request's preparation steps as JSON objects, and the rounding it asks for (None: none)."""
    steps = [step.model_dump(mode="json", exclude_none=True) for step in intent.preparation]
    return steps, intent.method.round_digits


def preparation_params(preparation: list[dict[str, Any]], digits: int | None) -> list[Param]:
    """The ``preparation`` and ``round_digits`` parameters, present only when the request states them."""
    params: list[Param] = []
    if preparation:
        params.append(Param(
            name="preparation", annotation="list[dict[str, Any]]", default=preparation,
            schema=PREPARATION_SCHEMA,
            description="Preparation steps run in order after derived columns, before filters: objects "
            "{kind: drop_missing|fill_missing|deduplicate|bin|normalize, columns, strategy, value, bins}",
        ))  # fmt: skip
    if digits is not None:
        params.append(Param(
            name="round_digits", annotation="int | None", default=digits,
            schema={"type": ["integer", "null"], "minimum": 0},
            description="Round the answer's decimal numbers to this many places (null: as computed)",
        ))  # fmt: skip
    return params


def _spec(name: str, plan: ToolPlan, params: list[Param]) -> ToolSpec:
    properties: dict[str, Any] = {}
    parameters: list[dict[str, Any]] = []
    for param in params:
        required = param.default is REQUIRED
        prop = {**param.schema, "description": param.description}
        if not required:
            prop["default"] = json.loads(json.dumps(param.default))
        properties[param.name] = prop
        parameters.append({
            "name": param.name,
            "type": param.annotation,
            "annotation": f"Annotated[{param.annotation}, Field(description={param.description!r})]",
            "required": required,
            "default": None if required else prop["default"],
            "description": param.description,
        })  # fmt: skip
    docs = plan.docs
    return ToolSpec(
        tool_name=name,
        description=docs.description,
        input_schema={
            "type": "object",
            "properties": properties,
            "required": ["file_path"],
            "additionalProperties": False,
        },
        output_schema=OUTPUT_SCHEMA,
        parameters=parameters,
        return_type="str",
        when_to_use=docs.when_to_use,
        what_it_does=docs.what_it_does,
        returns=docs.returns,
        prerequisites=docs.prerequisites,
        assumptions=[*docs.assumptions, "Derived columns are computed first, then the filters are applied."],
        limitations=list(docs.limitations),
    )
