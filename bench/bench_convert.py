"""Convert ten scientific libraries into MCP services and check them (issue 13's measure).

Per library: install time (a fresh cache unless --reuse-cache), conversion time after install, tools
generated, tools proven during the conversion, tools listed by the final service, how many listed tools
answer their recorded sample again when called through a fresh MCP client session, and >= 3 known-answer
checks: a tool called through the MCP client with arguments chosen here, compared with the library
called directly (in the library's own environment, results converted to JSON the same way). A check
whose tool was not in the default conversion runs on a focused conversion (``--select`` of the checked
functions) and is flagged ``focused``.

Library-level success: the service starts, lists >= 10 tools (or every public function when fewer),
>= 80 % of the listed tools answer their samples, and the known-answer checks pass.

    .venv/bin/python bench/bench_convert.py                  # the ten libraries
    .venv/bin/python bench/bench_convert.py --libs networkx sympy
    .venv/bin/python bench/bench_convert.py --smoke          # a local test package only (CI, no network)
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "convert"))

from mcpforge.config import MCPForgeConfig  # noqa: E402
from mcpforge.convert import _service_runtime  # noqa: E402
from mcpforge.convert.acquire import acquire  # noqa: E402
from mcpforge.convert.pipeline import ConvertOptions, convert  # noqa: E402
from mcpforge.convert.run import run_sample  # noqa: E402
from mcpforge.convert.samples import Sample, Step  # noqa: E402
from mcpforge.convert.session import ServiceSession  # noqa: E402

LIBRARIES = [
    "sympy",
    "mpmath",
    "networkx",
    "scipy",
    "statsmodels",
    "astropy",
    "biopython",
    "chempy",
    "metpy",
    "xarray",
]
TARGET_SECONDS = 120.0


@dataclass(frozen=True, kw_only=True)
class Check:
    """One known answer: tool calls through MCP, and the same computation made directly."""

    label: str
    select: str  # the public path globs that produce the checked tool(s), separated by |
    steps: list[Step]
    direct: str  # Python that sets ``value`` with the library imported directly
    imports: str


def _s(tool: str, arguments: dict[str, Any], bind: str | None = None) -> Step:
    return Step(tool=tool, arguments=arguments, bind=bind)


CHECKS: dict[str, list[Check]] = {
    "sympy": [
        Check(
            label="factor(x**2 - 1)",
            select="sympy.factor",
            steps=[_s("factor", {"f": "x**2 - 1"})],
            imports="import sympy",
            direct="value = sympy.factor(sympy.sympify('x**2 - 1'))",
        ),
        Check(
            label="expand((x + 1)**2)",
            select="sympy.expand",
            steps=[_s("expand", {"e": "(x + 1)**2"})],
            imports="import sympy",
            direct="value = sympy.expand(sympy.sympify('(x + 1)**2'))",
        ),
        Check(
            label="solve(x**2 - 4)",
            select="sympy.solve",
            steps=[_s("solve", {"f": "x**2 - 4"})],
            imports="import sympy",
            direct="value = sympy.solve(sympy.sympify('x**2 - 4'))",
        ),
        Check(
            label="simplify(sin(x)**2 + cos(x)**2)",
            select="sympy.simplify",
            steps=[_s("simplify", {"expr": "sin(x)**2 + cos(x)**2"})],
            imports="import sympy",
            direct="value = sympy.simplify(sympy.sympify('sin(x)**2 + cos(x)**2'))",
        ),
    ],
    "mpmath": [
        Check(
            label="sqrt(2)",
            select="mpmath.sqrt",
            steps=[_s("sqrt", {"x": 2})],
            imports="import mpmath",
            direct="value = mpmath.sqrt(2)",
        ),
        Check(
            label="gamma(5)",
            select="mpmath.gamma",
            steps=[_s("gamma", {"x": 5})],
            imports="import mpmath",
            direct="value = mpmath.gamma(5)",
        ),
        Check(
            label="exp(1)",
            select="mpmath.exp",
            steps=[_s("exp", {"x": 1})],
            imports="import mpmath",
            direct="value = mpmath.exp(1)",
        ),
    ],
    "networkx": [
        Check(
            label="shortest_path 1→4 on a 5-edge graph",
            select="networkx.shortest_path",
            steps=[
                _s("Graph", {"incoming_graph_data": [[1, 2], [2, 3], [3, 4], [1, 5], [5, 4]]}, "G"),
                _s("shortest_path", {"G": {"$ref": "G"}, "source": 1, "target": 4}),
            ],
            imports="import networkx as nx",
            direct="value = nx.shortest_path(nx.Graph([(1, 2), (2, 3), (3, 4), (1, 5), (5, 4)]), 1, 4)",
        ),
        Check(
            label="path_graph(6) shortest path 0→5",
            select="networkx.path_graph",
            steps=[
                _s("path_graph", {"n": 6}, "G"),
                _s("shortest_path", {"G": {"$ref": "G"}, "source": 0, "target": 5}),
            ],
            imports="import networkx as nx",
            direct="value = nx.shortest_path(nx.path_graph(6), 0, 5)",
        ),
        Check(
            label="betweenness_centrality(path_graph(4))",
            select="networkx.betweenness_centrality",
            steps=[_s("path_graph", {"n": 4}, "G"), _s("betweenness_centrality", {"G": {"$ref": "G"}})],
            imports="import networkx as nx",
            direct="value = nx.betweenness_centrality(nx.path_graph(4))",
        ),
    ],
    "scipy": [
        Check(
            label="stats.ttest_ind p-value",
            select="scipy.stats.ttest_ind",
            steps=[_s("ttest_ind", {"a": [1.0, 2.0, 3.0, 4.0, 5.0], "b": [2.0, 4.0, 6.0, 8.0, 10.5]})],
            imports="import scipy.stats",
            direct="value = scipy.stats.ttest_ind([1.0, 2.0, 3.0, 4.0, 5.0], [2.0, 4.0, 6.0, 8.0, 10.5])",
        ),
        Check(
            label="special.gamma(5)",
            select="scipy.special.gamma",
            steps=[_s("gamma", {"x": 5.0})],
            imports="import scipy.special",
            direct="value = scipy.special.gamma(5.0)",
        ),
        Check(
            label="linalg.solve 2x2",
            select="scipy.linalg.solve",
            steps=[_s("solve", {"a": [[3.0, 1.0], [1.0, 2.0]], "b": [9.0, 8.0]})],
            imports="import scipy.linalg",
            direct="value = scipy.linalg.solve([[3.0, 1.0], [1.0, 2.0]], [9.0, 8.0])",
        ),
        Check(
            label="special.erf(0.5)",
            select="scipy.special.erf",
            steps=[_s("erf", {"x": 0.5})],
            imports="import scipy.special",
            direct="value = scipy.special.erf(0.5)",
        ),
    ],
    "statsmodels": [
        Check(
            label="proportion_confint(10, 100)",
            select="*proportion_confint",
            steps=[_s("proportion_confint", {"count": 10, "nobs": 100})],
            imports="from statsmodels.stats.proportion import proportion_confint",
            direct="value = proportion_confint(10, 100)",
        ),
        Check(
            label="multipletests bonferroni",
            select="*multipletests",
            steps=[_s("multipletests", {"pvals": [0.01, 0.04, 0.03], "method": "bonferroni"})],
            imports="from statsmodels.stats.multitest import multipletests",
            direct="value = multipletests([0.01, 0.04, 0.03], method='bonferroni')",
        ),
        Check(
            label="acf nlags=2",
            select="*.acf",
            steps=[_s("acf", {"x": [1.0, 2.0, 3.0, 4.0, 5.0, 4.0, 3.0, 2.0, 1.0], "nlags": 2})],
            imports="from statsmodels.tsa.stattools import acf",
            direct="value = acf([1.0, 2.0, 3.0, 4.0, 5.0, 4.0, 3.0, 2.0, 1.0], nlags=2)",
        ),
    ],
    "astropy": [
        Check(
            label="biweight_location",
            select="*biweight_location",
            steps=[_s("biweight_location", {"data": [1.0, 2.0, 3.0, 4.0, 100.0]})],
            imports="from astropy.stats import biweight_location",
            direct="value = biweight_location([1.0, 2.0, 3.0, 4.0, 100.0])",
        ),
        Check(
            label="mad_std",
            select="*mad_std",
            steps=[_s("mad_std", {"data": [1.0, 2.0, 3.0, 4.0, 5.0]})],
            imports="from astropy.stats import mad_std",
            direct="value = mad_std([1.0, 2.0, 3.0, 4.0, 5.0])",
        ),
        Check(
            label="sigma_clipped_stats",
            select="*sigma_clipped_stats",
            steps=[_s("sigma_clipped_stats", {"data": [1.0, 2.0, 3.0, 4.0, 5.0, 100.0]})],
            imports="from astropy.stats import sigma_clipped_stats",
            direct="value = sigma_clipped_stats([1.0, 2.0, 3.0, 4.0, 5.0, 100.0])",
        ),
    ],
    "biopython": [
        Check(
            label="reverse_complement(ATGCGT)",
            select="*.reverse_complement",
            steps=[_s("reverse_complement", {"sequence": "ATGCGT"})],
            imports="from Bio.Seq import reverse_complement",
            direct="value = reverse_complement('ATGCGT')",
        ),
        Check(
            label="translate(ATGGCCTAA)",
            select="Bio.Seq.translate",
            steps=[_s("translate", {"sequence": "ATGGCCTAA"})],
            imports="from Bio.Seq import translate",
            direct="value = translate('ATGGCCTAA')",
        ),
        Check(
            label="gc_fraction(ATGCGC)",
            select="*gc_fraction",
            steps=[_s("gc_fraction", {"seq": "ATGCGC"})],
            imports="from Bio.SeqUtils import gc_fraction",
            direct="value = gc_fraction('ATGCGC')",
        ),
    ],
    "chempy": [
        Check(
            label="balance_stoichiometry H2 + O2 → H2O",
            select="*balance_stoichiometry",
            steps=[_s("balance_stoichiometry", {"reactants": ["H2", "O2"], "products": ["H2O"]})],
            imports="from chempy import balance_stoichiometry",
            direct="value = balance_stoichiometry({'H2', 'O2'}, {'H2O'})",
        ),
        Check(
            label="formula_to_composition(H2O)",
            select="*formula_to_composition",
            steps=[_s("formula_to_composition", {"formula": "H2O"})],
            imports="from chempy.util.parsing import formula_to_composition",
            direct="value = formula_to_composition('H2O')",
        ),
        Check(
            label="mass_fractions({H2: 1, O2: 1})",
            select="chempy.mass_fractions",
            steps=[_s("mass_fractions", {"stoichiometries": {"H2": 1, "O2": 1}})],
            imports="from chempy import mass_fractions",
            direct="value = mass_fractions({'H2': 1, 'O2': 1})",
        ),
    ],
    "metpy": [
        Check(
            label="wind_speed(3 m/s, 4 m/s)",
            select="metpy.calc.wind_speed",
            steps=[_s("wind_speed", {"u": "3 m/s", "v": "4 m/s"})],
            imports="import metpy.calc\nfrom metpy.units import units",
            direct="value = metpy.calc.wind_speed(units.Quantity(3.0, 'm/s'), units.Quantity(4.0, 'm/s'))",
        ),
        Check(
            label="heat_index(35 degC, 50 %)",
            select="metpy.calc.heat_index",
            steps=[_s("heat_index", {"temperature": "35 degC", "relative_humidity": 0.5})],
            imports="import metpy.calc\nfrom metpy.units import units",
            direct="value = metpy.calc.heat_index(units.Quantity(35.0, 'degC'), 0.5)",
        ),
        Check(
            label="coriolis_parameter(45 degrees)",
            select="metpy.calc.coriolis_parameter",
            steps=[_s("coriolis_parameter", {"latitude": "45 degrees"})],
            imports="import metpy.calc\nfrom metpy.units import units",
            direct="value = metpy.calc.coriolis_parameter(units.Quantity(45.0, 'degrees'))",
        ),
    ],
    "xarray": [
        Check(
            label="DataArray([1, 2, 3]).mean()",
            select="xarray.DataArray|xarray.DataArray.mean",
            steps=[
                _s("DataArray", {"data": [1.0, 2.0, 3.0]}, "a"),
                _s("DataArray_mean", {"handle": {"$ref": "a"}}),
            ],
            imports="import xarray",
            direct="value = xarray.DataArray([1.0, 2.0, 3.0]).mean()",
        ),
        Check(
            label="DataArray([[1, 2], [3, 4]]).sum()",
            select="xarray.DataArray|xarray.DataArray.sum",
            steps=[
                _s("DataArray", {"data": [[1.0, 2.0], [3.0, 4.0]]}, "a"),
                _s("DataArray_sum", {"handle": {"$ref": "a"}}),
            ],
            imports="import xarray",
            direct="value = xarray.DataArray([[1.0, 2.0], [3.0, 4.0]]).sum()",
        ),
        Check(
            label="concat of two DataArrays",
            select="xarray.DataArray|xarray.concat",
            steps=[
                _s("DataArray", {"data": [1.0, 2.0]}, "a"),
                _s("DataArray", {"data": [3.0]}, "b"),
                _s("concat", {"objs": [{"$ref": "a"}, {"$ref": "b"}], "dim": "dim_0"}),
            ],
            imports="import xarray",
            direct="a, b = xarray.DataArray([1.0, 2.0]), xarray.DataArray([3.0])\n"
            "value = xarray.concat([a, b], dim='dim_0')",
        ),
    ],
    "toylib": [
        Check(
            label="add(2, 3)",
            select="toylib.add",
            steps=[_s("add", {"a": 2, "b": 3})],
            imports="import toylib",
            direct="value = toylib.add(2, 3)",
        ),
        Check(
            label="Counter(5).increment(2)",
            select="toylib.Counter*",
            steps=[
                _s("Counter", {"start": 5}, "c"),
                _s("Counter_increment", {"handle": {"$ref": "c"}, "by": 2}),
            ],
            imports="import toylib",
            direct="c = toylib.Counter(5)\nvalue = c.increment(2)",
        ),
        Check(
            label="scale_array([[1, 2]], 3)",
            select="toylib.scale_array",
            steps=[_s("scale_array", {"x": [[1.0, 2.0]], "factor": 3.0})],
            imports="import toylib",
            direct="value = toylib.scale_array([[1.0, 2.0]], 3.0)",
        ),
    ],
}


@dataclass(kw_only=True)
class Row:
    library: str
    install_s: float = 0.0
    cached_env: bool = False
    convert_s: float = 0.0
    generated: int = 0
    proven: int = 0
    listed: int = 0
    resampled_ok: int = 0
    resampled: int = 0
    checks: list[tuple[str, str]] = field(default_factory=list)  # (label, pass|FAIL|focused-pass|...)
    status: str = ""
    note: str = ""

    @property
    def success(self) -> bool:
        listed = self.listed - 1  # release
        checks_ok = all(result.endswith("pass") for _label, result in self.checks) and len(self.checks) >= 3
        rate_ok = self.resampled > 0 and self.resampled_ok / self.resampled >= 0.8
        return self.status in {"GENERATED", "STAGED"} and listed >= 10 and rate_ok and checks_ok


def _normalize(value: Any) -> Any:
    if isinstance(value, dict) and "handle" in value and "text" in value:
        return ("text", value["text"])
    if isinstance(value, dict):
        return {k: _normalize(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_normalize(v) for v in value]
    return value


def _same(a: Any, b: Any) -> bool:
    a, b = _normalize(a), _normalize(b)
    if isinstance(a, float | int) and isinstance(b, float | int) and not isinstance(a, bool):
        return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-12)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return set(a) == set(b) and all(_same(a[k], b[k]) for k in a)
    return bool(a == b)


def direct_value(check: Check, python: str, site_dirs: list[str]) -> Any:
    """The library called directly in its own environment; the result converted like the service does."""
    # A directory holding only the runtime: the convert package's own modules (select.py, ...) would
    # shadow the standard library of the direct call.
    runtime_dir = tempfile.mkdtemp(prefix="mcpforge-bench-runtime-")
    shutil.copy(_service_runtime.__file__, Path(runtime_dir) / "_service_runtime.py")
    code = (
        "import json, site, sys\n"
        f"for d in {site_dirs!r}: site.addsitedir(d)\n"
        f"sys.path.insert(0, {runtime_dir!r})\n"
        "import _service_runtime as rt\n"
        f"{check.imports}\n{check.direct}\n"
        "print(json.dumps(rt.to_json(value)))\n"
    )
    done = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=300, check=False)
    if done.returncode != 0:
        raise RuntimeError(
            done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "direct call failed"
        )
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_checks(
    session: ServiceSession, names: set[str], checks: list[Check], python: str, site_dirs: list[str]
) -> dict[str, str]:
    """label → pass / FAIL: reason / missing: tool (the tools of a check not in ``names``)."""
    results: dict[str, str] = {}
    for check in checks:
        missing = [s.tool for s in check.steps if s.tool not in names]
        if missing:
            results[check.label] = f"missing {missing}"
            continue
        _args, outcome = run_sample(session, Sample(source="check", steps=check.steps))
        if not outcome.ok:
            results[check.label] = f"FAIL: {outcome.text[:150]}"
            continue
        got = (outcome.structured or {}).get("result")
        try:
            expected = direct_value(check, python, site_dirs)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            results[check.label] = f"FAIL: direct call: {exc}"[:200]
            continue
        results[check.label] = (
            "pass" if _same(got, expected) else f"FAIL: got {str(got)[:60]} expected {str(expected)[:60]}"
        )
    return results


def resample(session: ServiceSession, package_dir: Path) -> tuple[int, int]:
    """(ok, total): every listed tool's recorded sample, called again through the client."""
    samples = json.loads((package_dir / "samples.json").read_text(encoding="utf-8"))
    ok = 0
    for record in samples:
        steps = [Step(tool=s["tool"], arguments=s["arguments"], bind=s.get("bind")) for s in record["steps"]]
        _args, outcome = run_sample(session, Sample(source="resample", steps=steps))
        ok += outcome.ok
    return ok, len(samples)


def bench_library(
    library: str, source: str, work: Path, cache: Path, config: MCPForgeConfig, *, max_tools: int
) -> Row:
    row = Row(library=library)
    started = time.perf_counter()
    env = acquire(source, cache_dir=cache)
    row.install_s, row.cached_env = round(time.perf_counter() - started, 1), env.cached
    site_dirs = [str(p) for p in env.site_dirs]
    python = str(env.root / "bin" / "python") if env.kind != "folder" else sys.executable
    started = time.perf_counter()
    report = convert(
        ConvertOptions(
            source=source, out_dir=work / library, max_tools=max_tools, cache_dir=cache, stage=False
        ),
        config,
        registry_root=None,
    )
    row.convert_s = round(time.perf_counter() - started, 1)
    row.status, row.generated, row.proven, row.listed = (
        report.status,
        report.tools_generated,
        report.tools_passed,
        report.tools_listed,
    )
    if report.status == "FAILED":
        row.note = f"stopped at {report.stopped_at}: {report.stop_reason}"[:160]
        return row
    package = work / library / f"{report.service}_mcp"
    checks = CHECKS[library]
    with ServiceSession(package, site_dirs, config.sandbox, lifetime_seconds=1800) as session:
        names = {t.name for t in session.list_tools()}
        row.resampled_ok, row.resampled = resample(session, package)
        results = run_checks(session, names, checks, python, site_dirs)
    focused = [c for c in checks if results[c.label].startswith("missing")]
    if focused:
        patterns = tuple(sorted({p for c in focused for p in c.select.split("|")}))
        report = convert(
            ConvertOptions(
                source=source,
                out_dir=work / f"{library}-focused",
                patterns=patterns,
                cache_dir=cache,
                stage=False,
            ),
            config,
            registry_root=None,
        )
        if report.status != "FAILED":
            package = work / f"{library}-focused" / f"{report.service}_mcp"
            with ServiceSession(package, site_dirs, config.sandbox, lifetime_seconds=600) as session:
                names = {t.name for t in session.list_tools()}
                again = run_checks(session, names, focused, python, site_dirs)
            results.update(
                {label: f"focused-{r}" if r == "pass" else f"focused {r}" for label, r in again.items()}
            )
    row.checks = list(results.items())
    return row


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--libs", nargs="*", default=LIBRARIES)
    parser.add_argument("--smoke", action="store_true", help="convert the local test package only")
    parser.add_argument("--reuse-cache", action="store_true", help="use the default environment cache")
    parser.add_argument("--max-tools", type=int, default=80)
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args()
    config = MCPForgeConfig()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="mcpforge-bench-convert-") as tmp:
        work = Path(tmp)
        if args.reuse_cache:
            from mcpforge.convert.acquire import default_cache_dir

            cache = default_cache_dir()
        else:
            cache = work / "envs"
        targets: list[tuple[str, str]]
        if args.smoke:
            from convert_toylib import write_toylib

            targets = [("toylib", str(write_toylib(work / "src")))]
        else:
            targets = [(lib, lib) for lib in args.libs]
        for library, source in targets:
            try:
                row = bench_library(library, source, work, cache, config, max_tools=args.max_tools)
            except Exception as exc:
                row = Row(library=library, status="ERROR", note=f"{type(exc).__name__}: {exc}"[:160])
            rows.append(row)
            _print_row(row)
    print()
    _print_table(rows)
    if args.json:
        args.json.write_text(
            json.dumps([r.__dict__ | {"success": r.success} for r in rows], indent=2), encoding="utf-8"
        )


def _print_row(row: Row) -> None:
    print(
        f"{row.library}: {row.status} install {row.install_s}s convert {row.convert_s}s "
        f"generated {row.generated} proven {row.proven} listed {row.listed} "
        f"resampled {row.resampled_ok}/{row.resampled} {row.note}",
        flush=True,
    )
    for label, result in row.checks:
        print(f"    {label}: {result}", flush=True)


def _print_table(rows: list[Row]) -> None:
    print(
        "| library | install s | convert s | generated | proven | listed | samples ok (listed) | checks "
        "| success |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        passed = sum(1 for _l, res in r.checks if res.endswith("pass"))
        focused = sum(1 for _l, res in r.checks if res.startswith("focused"))
        checks = f"{passed}/{len(r.checks)}" + (f" ({focused} focused)" if focused else "")
        rate = f"{r.resampled_ok}/{r.resampled}"
        install = f"{r.install_s}" + (" (cached)" if r.cached_env else "")
        print(
            f"| {r.library} | {install} | {r.convert_s} | {r.generated} | {r.proven} | {r.listed} | {rate} | "
            f"{checks} | {'yes' if r.success else 'no'} |"
        )
    ok = sum(r.success for r in rows)
    slow = [r.library for r in rows if r.convert_s > TARGET_SECONDS]
    print(
        f"\nlibraries succeeding: {ok}/{len(rows)} (target >= 9/10); conversions over {TARGET_SECONDS:g}s: "
        f"{slow or 'none'}; load {os.getloadavg()}"
    )


if __name__ == "__main__":
    main()
