"""The outsider benchmark of convert (issue 26): bench/convert_cases through convert → approve → serve.

Per library of ``bench/convert_cases`` (``libraries.json`` and ``repos.json``, one split): install it
(timed apart), convert it with the Python API, approve the staged candidate through the registry
(``review_service``, the two answers a person gives), serve it with ``build_server(service=...)`` (what
``mcpforge serve --service`` runs) and drive it with a real MCP client (FastMCP's in-memory client).
For each check, the tool that wraps the check's callable is found from what convert recorded for the
served tools (the ``module:attr`` target and method of each plan in the approved package's
``tools_*.py``), by object identity in the library's environment (``_cases_resolver.py``, sandboxed); a
method check ``pkg.Class(**constructor).method`` calls the class's constructor tool, then the method
tool with the handle (``pkg.Class.factory(**constructor).method``: the factory's tool, then the
method's). Arguments are adapted and results compared as ``_cases_compare.py`` says.

A check is ``right`` (exact / approx match), ``wrong`` (a value came back and differs: the worst
outcome), ``missing`` (no served tool wraps the callable; the reason says whether convert dropped it,
with its label, skipped it, analysed it without selecting it, or never saw it) or ``error`` (a tool
exists but the call failed or could not be made).

    .venv/bin/python bench/bench_convert_cases.py --cases dev --json /tmp/cv_dev.json
    .venv/bin/python bench/bench_convert_cases.py --cases dev --only pint humanize
    .venv/bin/python bench/bench_convert_cases.py --smoke          # the local toy package (no network)
"""

from __future__ import annotations

import argparse
import ast
import functools
import importlib.metadata
import json
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import anyio
from fastmcp import Client

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
CASES = BENCH / "convert_cases"
sys.path.insert(0, str(ROOT / "tests" / "convert"))
sys.path.insert(0, str(BENCH))

from _cases_compare import MappingFailedError, Param, compare, is_handle_record, map_arguments  # noqa: E402

from mcpforge.config import MCPForgeConfig  # noqa: E402
from mcpforge.convert import _pip  # noqa: E402
from mcpforge.convert.acquire import Environment, acquire, default_cache_dir, normalize  # noqa: E402
from mcpforge.convert.analyse import service_limits  # noqa: E402
from mcpforge.convert.pipeline import ConvertOptions, convert  # noqa: E402
from mcpforge.exceptions import MCPForgeError  # noqa: E402
from mcpforge.registry import Registry  # noqa: E402
from mcpforge.registry.file.services import active_services, review_service  # noqa: E402
from mcpforge.sandbox import SandboxRequest, get_sandbox  # noqa: E402
from mcpforge.server import build_server  # noqa: E402

CTOR = "(**constructor)."
CHECK_SECONDS = 150.0
OUTCOMES = ("right", "wrong", "missing", "error")

SMOKE_CASES: list[dict[str, Any]] = [
    {
        "name": "toylib",
        "checks": [
            {
                "id": "toylib.add",
                "call": "toylib.add",
                "arguments": {"a": 2, "b": 3},
                "expected": 5,
                "compare": "exact",
            },
            {
                "id": "toylib.add_positional",
                "call": "toylib.add",
                "arguments": {"*args": [4]},
                "expected": 6,
                "compare": "exact",
            },
            {
                "id": "toylib.counter",
                "call": "toylib.Counter(**constructor).increment",
                "constructor": {"start": 5},
                "arguments": {"by": 2},
                "expected": 7,
                "compare": "exact",
            },
            {
                "id": "toylib.scale",
                "call": "toylib.scale_array",
                "arguments": {"x": [[1.0, 2.0]], "factor": 3.0},
                "expected": [[3.0, 6.0]],
                "compare": "approx",
            },
            {
                "id": "toylib.mean_wrong_on_purpose",
                "call": "toylib.mean_of",
                "arguments": {"values": [1, 2]},
                "expected": 2.0,
                "compare": "approx",
            },
            {
                "id": "toylib.explode",
                "call": "toylib.explode",
                "arguments": {"n": 1},
                "expected": 1,
                "compare": "exact",
            },
        ],
    }
]
# What the smoke mode must see (the harness's own test): mean_of([1, 2]) is 1.5, and explode is dropped.
SMOKE_EXPECTED = {
    "toylib.add": "right",
    "toylib.add_positional": "right",
    "toylib.counter": "right",
    "toylib.scale": "right",
    "toylib.mean_wrong_on_purpose": "wrong",
    "toylib.explode": "missing",
}


@dataclass(kw_only=True)
class CheckResult:
    id: str
    call: str
    outcome: str  # right | wrong | missing | error
    tool: str | None = None
    note: str = ""
    got: Any = None


@dataclass(kw_only=True)
class Row:
    name: str
    kind: str  # library | repository
    status: str = ""  # STAGED+APPROVED | GENERATED | FAILED | install failed | ERROR
    install_s: float = 0.0
    cached_env: bool = False
    convert_s: float = 0.0
    generated: int = 0
    proven: int = 0
    dropped_by_category: dict[str, int] = field(default_factory=dict)
    checks: list[CheckResult] = field(default_factory=list)
    note: str = ""

    def count(self, outcome: str) -> int:
        return sum(1 for c in self.checks if c.outcome == outcome)


@dataclass(frozen=True, kw_only=True)
class Tool:
    """A served tool as its approved package records it."""

    name: str
    kind: str
    target: str
    method: str | None
    params: list[Param]


# -- cases ------------------------------------------------------------------------------------------------
# bench/convert_cases/<name>.json, one split each
BLIND_SETS = (
    "blind2",
    "blind3",
    "blind4",
    "blind5",
    "blind6",
    "blind7",
    "blind8",
    "blind9",
    "blind10",
    "blind12",
    "blind13",
)


def load_cases(split: str, only: list[str]) -> list[tuple[str, dict[str, Any]]]:
    """(kind, case) of ``split``; entries of another split are dropped before anything reads their checks."""
    if split in BLIND_SETS:  # the blind sets: one file each, every entry of that split
        blind = json.loads((CASES / f"{split}.json").read_text(encoding="utf-8"))
        libraries, repos = blind["libraries"], blind.get("repositories", [])  # blind2 has no repositories
    else:
        libraries = json.loads((CASES / "libraries.json").read_text(encoding="utf-8"))["libraries"]
        repos = json.loads((CASES / "repos.json").read_text(encoding="utf-8"))["repositories"]
    chosen = [("library", c) for c in libraries if c["split"] == split]
    chosen += [("repository", c) for c in repos if c["split"] == split]
    if only:
        chosen = [(k, c) for k, c in chosen if c["name"] in only]
        missing = set(only) - {c["name"] for _k, c in chosen}
        if missing:
            raise SystemExit(f"not in the {split} split: {sorted(missing)}")
    return chosen


# -- install ----------------------------------------------------------------------------------------------
def install(kind: str, case: dict[str, Any], cache: Path, config: MCPForgeConfig) -> tuple[str, Environment]:
    """The convert source and its environment; a repository's ``requirements`` are added to it first
    (repos.json: "requirements to install first"; convert has no option for that)."""
    source = case["requirement"] if kind == "library" else str(CASES / case["path"])
    env = acquire(source, cache_dir=cache, sandbox=config.sandbox)
    requirements = case.get("requirements") or []
    if kind == "repository" and requirements and env.kind == "folder":
        # A plain folder is used in place (``env.root`` is its parent, not a venv): convert runs it with
        # the interpreter mcpforge runs in, so its pinned requirements must be installed there already,
        # or in the venv convert installed the folder's own requirements into (its other site dirs).
        absent = [r for r in requirements if not _installed_here(r, env.site_dirs[1:])]
        if absent:
            raise MCPForgeError(f"{case['name']} is used in place and needs {absent} in mcpforge's venv")
    elif kind == "repository" and requirements:
        site_dir = env.site_dirs[0]
        present = {normalize(p.name.removesuffix(".dist-info")) for p in site_dir.glob("*.dist-info")}
        wanted = [r for r in requirements if normalize(r.replace("==", "-")) not in present]
        if wanted:
            _pip.install(env.root, wanted)
    return source, env


def _installed_here(requirement: str, site_dirs: tuple[Path, ...] = ()) -> bool:
    name, _, pinned = requirement.partition("==")
    paths = [str(p) for p in site_dirs]
    beside = [d.version for d in importlib.metadata.distributions(name=name, path=paths)]
    if site_dirs and any(version == pinned or not pinned for version in beside):
        return True
    try:
        return importlib.metadata.version(name) == pinned or not pinned
    except importlib.metadata.PackageNotFoundError:
        return False


# -- served tools and matching ----------------------------------------------------------------------------
def served_tools(package_dir: Path) -> dict[str, Tool]:
    """name → Tool, from the PLANS of the approved package's ``tools_*.py`` (what the service calls)."""
    tools: dict[str, Tool] = {}
    for module in sorted(package_dir.glob("tools_*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "PLANS":
                assert node.value is not None
                for name, plan in ast.literal_eval(node.value).items():
                    params = [
                        Param(
                            name=p["name"],
                            python_name=p.get("python_name", p["name"]),
                            varargs=bool(p.get("varargs")),
                            keyword_only=bool(p.get("keyword_only")),
                            varkw=bool(p.get("varkw")),
                        )
                        for p in plan["params"]
                        if p.get("role") != "self"
                    ]
                    tools[name] = Tool(
                        name=name,
                        kind=plan["kind"],
                        target=plan["target"],
                        method=plan["method"],
                        params=params,
                    )
    return tools


def _target(public_path: str, kind: str, owner: str | None) -> tuple[str, str | None]:
    if kind == "method" and owner:
        module, _, attr = owner.rpartition(".")
        return f"{module}:{attr}", public_path.rsplit(".", 1)[-1]
    if owner:  # a static or class method, or the method of a module-level object: ``module:Owner.name``
        module, _, attr = owner.rpartition(".")
        return f"{module}:{attr}.{public_path.rsplit('.', 1)[-1]}", None
    module, _, attr = public_path.rpartition(".")
    return f"{module}:{attr}", None


def entries(tools: dict[str, Tool], out_dir: Path) -> list[dict[str, Any]]:
    """Served tools, then what convert dropped, skipped, or analysed without selecting (for the reasons)."""
    found = [
        {"ref": f"tool:{t.name}", "kind": t.kind, "target": t.target, "method": t.method}
        for t in tools.values()
    ]
    analysis = _read_json(out_dir / "analysis.json") or {}
    report = _read_json(out_dir / "report.json") or {}
    kinds: dict[str, tuple[str, str | None]] = {}
    for api in analysis.get("callables", []):
        kinds[api["public_path"]] = (api["kind"], api.get("owner"))
        for method in api.get("methods", []):
            kinds[method["public_path"]] = ("method", method.get("owner"))
    for outcome in report.get("outcomes", []):
        if not outcome["passed"]:
            kind, owner = kinds.get(outcome["public_path"], ("function", None))
            target, method = _target(outcome["public_path"], kind, owner)
            label = outcome.get("category") or "unknown"
            found.append({"ref": f"dropped:{label}", "kind": kind, "target": target, "method": method})
    for skipped in report.get("skipped", []):
        kind, owner = kinds.get(skipped["public_path"], ("function", None))
        target, method = _target(skipped["public_path"], kind, owner)
        reason = f"{skipped.get('category', '')}: {skipped['reason']}"[:120]
        found.append({"ref": f"skipped:{reason}", "kind": kind, "target": target, "method": method})
    for path, (kind, owner) in kinds.items():
        target, method = _target(path, kind, owner)
        found.append({"ref": f"analysed:{path}", "kind": kind, "target": target, "method": method})
    return found


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def match(
    checks: list[dict[str, Any]], found: list[dict[str, Any]], site_dirs: list[str], config: MCPForgeConfig
) -> dict[str, dict[str, Any]]:
    """check id → the entries wrapping its callable, resolved by identity in the sandbox."""
    request = SandboxRequest(
        script=(BENCH / "_cases_resolver.py").read_text(encoding="utf-8"),
        read_paths=tuple(Path(d) for d in site_dirs),
        stdin=json.dumps(
            {
                "site_dirs": site_dirs,
                "checks": [{"id": c["id"], "call": c["call"]} for c in checks],
                "entries": found,
            }
        ).encode("utf-8"),
        limits=service_limits(config.sandbox, timeout_seconds=180),
    )
    raw = get_sandbox(config.sandbox).run(request)
    data = raw.outputs.get("matches.json")
    if data is None:
        tail = (
            " | ".join(raw.stderr.strip().splitlines()[-3:]) or raw.killed_reason or f"exit {raw.exit_code}"
        )
        raise RuntimeError(f"the sandboxed resolver wrote nothing: {tail}")
    result: dict[str, dict[str, Any]] = json.loads(data)
    return result


def _missing_reason(found: dict[str, Any], role: str) -> str:
    keys = (role, "static") if role == "function" else (role,)
    refs: list[str] = [r for key in keys for r in found.get(key, [])]
    for prefix in ("dropped:", "skipped:", "analysed:"):
        hit = next((r for r in refs if r.startswith(prefix)), None)
        if hit is not None:
            return {"dropped:": "dropped ", "skipped:": "skipped ", "analysed:": "analysed, not selected: "}[
                prefix
            ] + hit.removeprefix(prefix)
    return "not seen by the analysis"


# -- calls ------------------------------------------------------------------------------------------------
async def _call(client: Client[Any], name: str, arguments: dict[str, Any]) -> tuple[bool, Any, str]:
    result = await client.call_tool(name, arguments, raise_on_error=False)
    text = " ".join(getattr(b, "text", "") for b in result.content)
    if result.is_error:
        return False, None, text[:300]
    return True, (result.structured_content or {}).get("result"), text


def _served(refs: list[str], tools: dict[str, Tool]) -> list[Tool]:
    return sorted(
        (tools[r.removeprefix("tool:")] for r in refs if r.startswith("tool:")),
        key=lambda t: (len(t.target), t.name),
    )


def plan_steps(  # noqa: PLR0911 - one return per way a check is served
    check: dict[str, Any], found: dict[str, Any], tools: dict[str, Tool]
) -> tuple[list[tuple[Tool, dict[str, Any]]], str]:
    """The calls a check makes (constructor first for a method), or none and why no tool wraps it."""
    if found.get("error"):
        return [], f"the check's callable does not resolve: {found['error']}"
    method_check = CTOR in check["call"]
    functions = _served(found["function"], tools)
    if functions and not method_check:
        return [(functions[0], check.get("arguments", {}))], ""
    methods = _served(found["method" if method_check else "static"], tools)
    if not methods:
        return [], _missing_reason(found, "method" if method_check else "function")
    instance = found.get("instance")
    if instance and not method_check and any(p.name == "instance" for p in methods[0].params):
        # A method of a ready-made instance: its tool takes the instance's name, no handle.
        return [(methods[0], {**check.get("arguments", {}), "instance": instance})], ""
    constructors = _served(found["constructor"], tools) if method_check else []
    if method_check and not constructors:
        return [], f"{methods[0].name} served, no constructor tool: " + _missing_reason(found, "constructor")
    # A static method reached through its class: a handle of the class built without arguments.
    owner = (
        constructors[0]
        if constructors
        else next((t for t in tools.values() if t.kind == "class" and t.target == methods[0].target), None)
    )
    if owner is None:
        return [], f"{methods[0].name} served, no constructor tool for its class"
    return [(owner, check.get("constructor", {})), (methods[0], check.get("arguments", {}))], ""


async def _run_steps(
    client: Client[Any], service: str, check: dict[str, Any], steps: list[tuple[Tool, dict[str, Any]]]
) -> tuple[bool, Any, list[str]]:
    """(ok, the last value or the error text, mapping notes)."""
    notes: list[str] = []
    handle: str | list[Any] | None = None
    value: Any = None
    for index, (tool, arguments) in enumerate(steps):
        mapped, mapping_notes = map_arguments(arguments, tool.params, check.get("positional"))
        notes += mapping_notes
        if tool.kind == "method" and handle is not None:
            mapped = {"handle": handle, **mapped}
        ok, value, text = await _call(client, f"{service}_{tool.name}", mapped)
        if not ok:
            return False, f"step {index + 1} ({tool.name}) failed: {text}", notes
        if index < len(steps) - 1:
            if isinstance(value, list):
                # A tuple-like object answers as its items; the method's handle takes them back (its
                # schema accepts a JSON value in place of a handle id), as a client would pass them.
                handle = value
                notes.append("object passed as its items")
                continue
            if not is_handle_record(value):
                return False, f"constructor {tool.name} returned no handle: {str(value)[:100]}", notes
            handle = value["handle"]
    return True, value, notes


async def run_check(
    client: Client[Any], service: str, check: dict[str, Any], found: dict[str, Any], tools: dict[str, Tool]
) -> CheckResult:
    """Call the check's tool(s) through the client and compare."""
    result = CheckResult(id=check["id"], call=check["call"], outcome="missing")
    steps, why = plan_steps(check, found, tools)
    if not steps:
        result.note = why
        return result
    result.tool = " → ".join(t.name for t, _a in steps)
    result.outcome = "error"
    try:
        with anyio.fail_after(CHECK_SECONDS):
            ok, value, notes = await _run_steps(client, service, check, steps)
    except MappingFailedError as exc:
        result.note = f"arguments: {exc}"
        return result
    except TimeoutError:
        result.note = f"no answer within {CHECK_SECONDS:g}s"
        return result
    if not ok:
        result.note = "; ".join([*notes, str(value)])
        return result
    same, how = compare(value, check["expected"], check["compare"])
    result.outcome, result.got = ("right" if same else "wrong"), value
    if how:
        notes.append(f"normalised: {how}")
    if not same:
        got, expected = json.dumps(value, default=str)[:120], json.dumps(check["expected"])[:120]
        notes.append(f"got {got} expected {expected}")
    result.note = "; ".join(notes)
    return result


async def serve_and_check(
    reg: Registry,
    service: str,
    checks: list[dict[str, Any]],
    *,
    matches: dict[str, dict[str, Any]],
    tools: dict[str, Tool],
) -> list[CheckResult]:
    """Serve the approved service as ``mcpforge serve --service`` does and run the checks through a client."""
    server = build_server(reg, reg.config, forge_tools=False, service=service)
    results = []
    async with Client(server) as client:
        listed = {t.name for t in await client.list_tools()}
        absent = sorted(f"{service}_{t}" for t in tools if f"{service}_{t}" not in listed)
        if absent:
            raise RuntimeError(f"approved tools not served: {absent[:5]}")
        for check in checks:
            results.append(await run_check(client, service, check, matches[check["id"]], tools))
    return results


def _unreached(case: dict[str, Any], why: str) -> list[CheckResult]:
    return [CheckResult(id=c["id"], call=c["call"], outcome="missing", note=why) for c in case["checks"]]


def explain_unreached(
    case: dict[str, Any], out_dir: Path, site_dirs: list[str], config: MCPForgeConfig, status: str
) -> list[CheckResult]:
    """A conversion that served nothing: each check ``missing``, with what convert did to its callable."""
    try:
        matches = match(case["checks"], entries({}, out_dir), site_dirs, config)
    except (RuntimeError, MCPForgeError) as exc:
        return _unreached(case, f"conversion {status}; reasons unknown: {exc}"[:200])
    return [
        CheckResult(
            id=c["id"],
            call=c["call"],
            outcome="missing",
            note=f"conversion {status}; " + plan_steps(c, matches[c["id"]], {})[1],
        )
        for c in case["checks"]
    ]


# -- one library ------------------------------------------------------------------------------------------
def bench_case(kind: str, case: dict[str, Any], work: Path, cache: Path, *, max_tools: int) -> Row:
    row = Row(name=case["name"], kind=kind)
    config = MCPForgeConfig.model_validate({"registry": {"root": str(work / "registry" / case["name"])}})
    started = time.perf_counter()
    try:
        source, env = install(kind, case, cache, config)
    except MCPForgeError as exc:
        row.status, row.note = "install failed", str(exc)[:200]
        row.install_s = round(time.perf_counter() - started, 1)
        row.checks = _unreached(case, "install failed")
        return row
    row.install_s, row.cached_env = round(time.perf_counter() - started, 1), env.cached
    reg = Registry(Path(config.registry.root), config)
    reg.init()
    out_dir = work / "out" / case["name"]
    started = time.perf_counter()
    report = convert(
        ConvertOptions(
            source=source, out_dir=out_dir, max_tools=max_tools, cache_dir=cache, actor="human:bench"
        ),
        config,
        registry_root=reg.root,
    )
    row.convert_s = round(time.perf_counter() - started - report.timings.get("acquire", 0.0), 1)
    row.generated, row.proven = report.tools_generated, report.tools_passed
    row.dropped_by_category = dict(report.failures_by_category)
    row.status = report.status
    if report.status != "STAGED" or report.candidate_id is None:
        row.note = f"stopped at {report.stopped_at} ({report.stop_category}): {report.stop_reason}"[:240]
        row.checks = explain_unreached(case, out_dir, [str(d) for d in env.site_dirs], config, row.status)
        return row
    message, promoted = review_service(
        reg, report.candidate_id, output_answer="yes", decision_answer="Approve", actor="human:bench"
    )
    if not promoted:
        row.status, row.note = "not approved", message
        return row
    row.status = "approved"
    active = next(s for s in active_services(reg) if s.name == report.service)
    tools = served_tools(active.package_dir)
    matches = match(case["checks"], entries(tools, out_dir), active.site_dirs, config)
    row.checks = anyio.run(
        functools.partial(serve_and_check, matches=matches, tools=tools), reg, report.service, case["checks"]
    )
    return row


# -- output -----------------------------------------------------------------------------------------------
def print_row(row: Row) -> None:
    dropped = ", ".join(f"{k} {v}" for k, v in sorted(row.dropped_by_category.items(), key=lambda kv: -kv[1]))
    print(
        f"{row.name} ({row.kind}): {row.status} · install {row.install_s}s"
        f"{' (cached)' if row.cached_env else ''} · convert {row.convert_s}s"
        f" · proven {row.proven}/{row.generated} · checks "
        + " ".join(f"{o} {row.count(o)}" for o in OUTCOMES)
        + (f" · dropped: {dropped}" if dropped else "")
        + (f" · {row.note}" if row.note else ""),
        flush=True,
    )
    for check in row.checks:
        tool = f" [{check.tool}]" if check.tool else ""
        print(f"    {check.outcome:7} {check.id}{tool} {check.note}"[:400], flush=True)


def print_table(rows: list[Row]) -> None:
    print("\n| case | status | convert s (after install) | proven / generated | right | wrong | missing | "
          "error | dropped tools by label |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        dropped = ", ".join(
            f"{k} {v}" for k, v in sorted(r.dropped_by_category.items(), key=lambda kv: -kv[1])
        )
        print(
            f"| {r.name} | {r.status} | {r.convert_s} | {r.proven}/{r.generated} | {r.count('right')} | "
            f"{r.count('wrong')} | {r.count('missing')} | {r.count('error')} | {dropped or '-'} |"
        )
    checks = [c for r in rows for c in r.checks]
    dropped_total: dict[str, int] = {}
    for r in rows:
        for k, v in r.dropped_by_category.items():
            dropped_total[k] = dropped_total.get(k, 0) + v
    all_dropped = sum(dropped_total.values())
    print(
        f"\ntotals: {len(rows)} cases, {len(checks)} checks: "
        + ", ".join(f"{o} {sum(1 for c in checks if c.outcome == o)}" for o in OUTCOMES)
        + f"; tools proven {sum(r.proven for r in rows)}/{sum(r.generated for r in rows)}; dropped by label: "
        + ", ".join(
            f"{k} {v} ({100 * v / all_dropped:.0f}%)"
            for k, v in sorted(dropped_total.items(), key=lambda kv: -kv[1])
        )
        + f"; missing because: {missing_reasons(checks)}"
        + f"; install failures {sum(1 for r in rows if r.status == 'install failed')}"
        + f"; convert s median {_median([r.convert_s for r in rows if r.convert_s])}; load {os.getloadavg()}"
    )


def missing_reasons(checks: list[CheckResult]) -> dict[str, int]:
    """How many missing checks convert dropped (by label), skipped, analysed without selecting, never saw."""
    reasons: dict[str, int] = {}
    for check in checks:
        if check.outcome != "missing":
            continue
        note = check.note.split("; ", 1)[-1] if check.note.startswith("conversion ") else check.note
        if "no constructor tool" in note:
            key = "method served, constructor not"
        elif note.startswith("dropped "):
            key = note.split(" ", 2)[1]
        else:
            key = next(
                (
                    k
                    for k in ("skipped", "analysed, not selected", "not seen by the analysis")
                    if note.startswith(k)
                ),
                note[:40] or "?",
            )
        reasons[key] = reasons.get(key, 0) + 1
    return dict(sorted(reasons.items(), key=lambda kv: -kv[1]))


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--cases", choices=["dev", "test", *BLIND_SETS], default="dev", help="the split to run"
    )
    parser.add_argument("--only", nargs="*", default=[], help="these cases of the split only")
    parser.add_argument("--smoke", action="store_true", help="the local toy package only (no network)")
    parser.add_argument("--max-tools", type=int, default=80)
    parser.add_argument("--cache", type=Path, default=None, help="environment cache (default: convert's own)")
    parser.add_argument("--work", type=Path, default=None, help="keep outputs and registries here")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    parser.add_argument(
        "--table-from", type=Path, help="print a saved --json file's rows and table, run nothing"
    )
    args = parser.parse_args()
    if args.table_from:
        saved = json.loads(args.table_from.read_text(encoding="utf-8"))
        loaded = [Row(**{**r, "checks": [CheckResult(**c) for c in r["checks"]]}) for r in saved]
        for row in loaded:
            print_row(row)
        print_table(loaded)
        return
    with tempfile.TemporaryDirectory(prefix="mcpforge-bench-cases-") as tmp:
        work = args.work or Path(tmp)
        cache = args.cache or default_cache_dir()
        if args.smoke:
            from convert_toylib import write_toylib  # type: ignore[import-not-found]

            folder = write_toylib(work / "src")
            todo = [("repository", {**SMOKE_CASES[0], "path": str(folder)})]
        else:
            todo = load_cases(args.cases, args.only)
        rows: list[Row] = []
        for kind, case in todo:
            try:
                row = bench_case(kind, case, work, cache, max_tools=args.max_tools)
            except Exception as exc:  # top level of one case: report it, go on with the next
                row = Row(
                    name=case["name"], kind=kind, status="ERROR", note=f"{type(exc).__name__}: {exc}"[:300]
                )
                row.checks = _unreached(case, "harness error")
            rows.append(row)
            print_row(row)
            if args.json:
                args.json.write_text(
                    json.dumps([asdict(r) for r in rows], indent=2, default=str), encoding="utf-8"
                )
    print_table(rows)
    if args.smoke:
        seen = {c.id: c.outcome for r in rows for c in r.checks}
        if seen != SMOKE_EXPECTED:
            raise SystemExit(f"smoke: expected {SMOKE_EXPECTED}, got {seen}")
        print("smoke: ok")


if __name__ == "__main__":
    main()
