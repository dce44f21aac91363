"""Analysis breadth (issue 16): share of analysis questions the rules engine answers right, by concept.

Eleven messy datasets (bench/_analysis_data.py) and 26 question templates with three phrasings each
(bench/_analysis_questions.py): a question, a sentence of method constraints, and an answer computed
with pandas / scipy / scikit-learn directly. A question is answered right when every expected value is
found in the tool's answer (its result table and the footer's numbers), within the rounding the question
asks for (else a relative 1e-6). Phrasing 2 of every template is held out and reported apart (its misses
were studied once, in the issue-16 follow-up). Fresh questions over a twelfth dataset
(bench/_analysis_fresh.py) are reported apart too: batch 1 (24, its misses studied after its first run)
and batch 2 (12, written after batch 1's fixes, never tuned on).
The baseline in the same run is the time pandas takes to compute the expected answers.

Path measured (default): the rules parser reads the request, the catalogue renders the tool, the tool
runs on the file in the sandbox (one sandboxed process per question). ``--forge`` runs the whole
``forge`` pipeline instead (validation with a reduced stress test, staging): slower, same answers.

    .venv/bin/python bench/bench_analysis.py            # all questions (~270)
    .venv/bin/python bench/bench_analysis.py --smoke    # a handful (CI)
    .venv/bin/python bench/bench_analysis.py --forge --limit 20
    .venv/bin/python bench/bench_analysis.py --engine local --limit 40   # the local model, whole forge
    .venv/bin/python bench/bench_analysis.py --show --concept summary   # every miss of one concept
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _analysis_data import build_datasets
from _analysis_fresh import FRESH, FRESH_PHRASING, SECOND_FRESH, SECOND_FRESH_PHRASING, build_rentals
from _analysis_questions import TEMPLATES, Template, fill
from _engines import ENGINES, bench_engine, usage_line

from mcpforge.catalogue import get_operation
from mcpforge.config import MCPForgeConfig, SandboxConfig, ValidationConfig
from mcpforge.exceptions import MCPForgeError
from mcpforge.pipeline.intent import extract_intent
from mcpforge.pipeline.schema import DatasetSchema
from mcpforge.sandbox import ToolCall, call_tool_batch, get_sandbox

TARGET = 0.70
HELD_OUT_PHRASING = 2


@dataclass(frozen=True, kw_only=True)
class Question:
    """One benchmark question over one dataset."""

    dataset: str
    path: Path
    template: Template
    phrasing: int
    text: str
    expected: list[Any]


@dataclass(frozen=True, kw_only=True)
class Outcome:
    """What happened to one question."""

    verdict: str  # "right", "wrong", "refused", "error"
    detail: str
    seconds: float


def questions(folder: Path) -> list[Question]:
    """Every template over every dataset that has its slots; phrasing rotates with the dataset."""
    out = []
    for d_index, (dataset, path) in enumerate(build_datasets(folder)):
        frame = pd.read_csv(path)
        for t_index, template in enumerate(TEMPLATES):
            if not all(dataset.slots.get(slot) for slot in template.needs):
                continue
            phrasing = (d_index + t_index) % 3
            text = f"{fill(template, phrasing, dataset.slots, dataset.pair_values)} {template.constraints}"
            expected = template.expected(frame, dataset.slots, dataset.pair_values)
            out.append(
                Question(
                    dataset=dataset.name,
                    path=path,
                    template=template,
                    phrasing=phrasing,
                    text=text,
                    expected=expected,
                )
            )
    rentals = build_rentals(folder)
    frame = pd.read_csv(rentals)
    batches = [(FRESH_PHRASING, item) for item in FRESH] + [(SECOND_FRESH_PHRASING, i) for i in SECOND_FRESH]
    for index, (batch, fresh) in enumerate(batches):
        template = Template(
            key=f"fresh{index}", concept=fresh.concept, needs=(), phrasings=(fresh.text,) * 3,
            constraints="", expected=lambda df, s, p: [], digits=fresh.digits,
        )  # fmt: skip
        out.append(
            Question(
                dataset="rentals",
                path=rentals,
                template=template,
                phrasing=batch,
                text=fresh.text,
                expected=fresh.expected(frame),
            )
        )
    return out


def _cells(structured: dict[str, Any]) -> tuple[list[float], list[str]]:
    numbers: list[float] = []
    texts: list[str] = []
    for row in structured.get("result", {}).get("rows", []):
        for cell in row:
            if isinstance(cell, bool):
                continue
            if isinstance(cell, int | float):
                numbers.append(float(cell))
            elif isinstance(cell, str):
                texts.append(cell.lower())
    numbers += [
        float(v) for v in structured.values() if isinstance(v, int | float) and not isinstance(v, bool)
    ]
    return numbers, texts


def found(expected: list[Any], structured: dict[str, Any], digits: int | None) -> list[Any]:
    """The expected values missing from the answer (empty: answered right)."""
    numbers, texts = _cells(structured)
    missing = []
    for value in expected:
        if isinstance(value, str):
            ok = any(value in t and (value != "significant" or "not significant" not in t) for t in texts)
        else:
            v = float(value)
            tol = 0.5 * 10**-digits + 1e-9 * abs(v) if digits is not None else max(1e-6 * abs(v), 1e-9)
            ok = any(math.isclose(c, v, abs_tol=tol) or abs(c - v) <= tol for c in numbers)
        if not ok:
            missing.append(value)
    return missing


def run_rules(question: Question, sandbox: Any) -> Outcome:
    """Parse, render, run in the sandbox, compare."""
    start = time.perf_counter()
    try:
        intent = extract_intent(question.text, DatasetSchema.from_file(question.path))
        rendered = get_operation(intent.operation).render(intent)
    except MCPForgeError as error:
        return Outcome(
            verdict="refused",
            detail=f"{type(error).__name__}: {str(error)[:160]}",
            seconds=time.perf_counter() - start,
        )
    batch = call_tool_batch(
        sandbox,
        rendered.source,
        [ToolCall(arguments={**rendered.arguments, "file_path": str(question.path)}, call_id="0")],
        read_paths=[question.path.parent],
        function_name=rendered.function_name,
    )
    elapsed = time.perf_counter() - start
    outcome = batch.outcomes[0] if batch.outcomes else None
    if outcome is None or not outcome.ok or outcome.structured is None:
        why = batch.load_error or batch.failure or (outcome.error if outcome else "no outcome")
        return Outcome(verdict="error", detail=f"{intent.operation}: {str(why)[:160]}", seconds=elapsed)
    missing = found(question.expected, outcome.structured, question.template.digits)
    detail = f"{intent.operation}: missing {missing}" if missing else intent.operation
    return Outcome(verdict="wrong" if missing else "right", detail=detail, seconds=elapsed)


def run_forge(question: Question, root: Path, engine: Any = "rules") -> Outcome:
    """The whole forge pipeline with ``engine`` into a fresh registry (reduced stress test)."""
    from mcpforge.pipeline.forge import forge
    from mcpforge.registry import Registry

    start = time.perf_counter()
    config = MCPForgeConfig(validation=ValidationConfig(stress_rows=20_000))
    registry = Registry(root / f"reg-{time.monotonic_ns()}", config)
    registry.init()
    try:
        result = forge(
            question.text,
            question.path,
            registry=registry,
            config=config,
            allow_read=[question.path.parent],
            engine=engine,
        )
    except MCPForgeError as error:
        detail = f"{type(error).__name__}: {str(error)[:160]}"
        return Outcome(verdict="refused", detail=detail, seconds=time.perf_counter() - start)
    elapsed = time.perf_counter() - start
    structured = result.artifacts.result if result.artifacts is not None else None
    if not result.ok or not isinstance(structured, dict):
        return Outcome(verdict="error", detail=f"{result.status}: {result.error}", seconds=elapsed)
    if "result" not in structured:
        structured = {"result": structured}
    missing = found(question.expected, structured, question.template.digits)
    detail = f"missing {missing}" if missing else ""
    return Outcome(verdict="wrong" if missing else "right", detail=detail, seconds=elapsed)


def _table(rows: list[tuple[Question, Outcome]], title: str) -> None:
    if not rows:
        return
    by_concept: dict[str, list[Outcome]] = defaultdict(list)
    for question, outcome in rows:
        by_concept[question.template.concept].append(outcome)
    print(f"\n{title}")
    print(f"{'concept':<22}{'n':>5}{'right':>7}{'wrong':>7}{'refused':>9}{'error':>7}{'score':>8}")
    for concept in sorted(by_concept):
        items = by_concept[concept]
        counts = {v: sum(o.verdict == v for o in items) for v in ("right", "wrong", "refused", "error")}
        print(
            f"{concept:<22}{len(items):>5}{counts['right']:>7}{counts['wrong']:>7}{counts['refused']:>9}"
            f"{counts['error']:>7}{counts['right'] / len(items):>8.0%}"
        )
    total = [o for _, o in rows]
    right = sum(o.verdict == "right" for o in total)
    print(f"{'all':<22}{len(total):>5}{right:>7}{'':>23}{right / max(len(total), 1):>8.0%}")


def main() -> None:  # noqa: PLR0915 - one run: options, questions, outcomes, tables
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="a handful of questions (CI)")
    parser.add_argument("--forge", action="store_true", help="run the whole forge pipeline per question")
    parser.add_argument("--limit", type=int, default=0, help="at most this many questions (every k-th)")
    parser.add_argument("--verbose", action="store_true", help="print every tuned question's outcome")
    parser.add_argument(
        "--engine", choices=ENGINES, default="rules", help="forge with this engine (implies --forge)"
    )
    parser.add_argument("--progress", action="store_true", help="print each outcome as it comes")
    parser.add_argument(
        "--show", action="store_true", help="print every question not answered right, held-out ones included"
    )
    parser.add_argument(
        "--fresh", action="store_true", help="only the fresh questions (bench/_analysis_fresh.py)"
    )
    parser.add_argument("--concept", default="", help="only the questions of this concept (e.g. 'summary')")
    args = parser.parse_args()
    whole_forge = args.forge or args.engine != "rules"
    with tempfile.TemporaryDirectory(prefix="mcpforge-bench-analysis-") as tmp:
        root = Path(tmp)
        data = root / "data"
        data.mkdir()
        everything = questions(data)
        if args.fresh:
            everything = [q for q in everything if q.phrasing >= FRESH_PHRASING]
        if args.concept:
            everything = [q for q in everything if q.template.concept.startswith(args.concept)]
        chosen = everything
        if args.smoke:
            seen: set[str] = set()
            chosen = [
                q
                for q in everything
                if q.dataset in ("passengers", "sales")
                and not (q.template.concept in seen or seen.add(q.template.concept))
            ]  # type: ignore[func-returns-value]
        elif args.limit:
            step = max(len(everything) // args.limit, 1)
            chosen = everything[::step][: args.limit]
        start = time.perf_counter()
        sandbox = get_sandbox(SandboxConfig())
        engine = bench_engine(args.engine)
        rows: list[tuple[Question, Outcome]] = []
        baseline = 0.0
        for question in chosen:
            t0 = time.perf_counter()
            pd.read_csv(question.path)
            baseline += time.perf_counter() - t0
            outcome = run_forge(question, root, engine) if whole_forge else run_rules(question, sandbox)
            rows.append((question, outcome))
            if args.progress:
                print(f"  {outcome.verdict:<8}{outcome.seconds:5.0f} s  {question.text[:90]!r}", flush=True)
            shown = args.show or (args.verbose and question.phrasing < HELD_OUT_PHRASING)
            if shown and outcome.verdict != "right":
                where = f"{question.dataset}/{question.template.key}/p{question.phrasing}"
                print(f"[{outcome.verdict}] {where}: {question.text}\n    {outcome.detail}")
        elapsed = time.perf_counter() - start
    tuned = [r for r in rows if r[0].phrasing < HELD_OUT_PHRASING]
    held = [r for r in rows if r[0].phrasing == HELD_OUT_PHRASING]
    fresh = [r for r in rows if r[0].phrasing == FRESH_PHRASING]
    second = [r for r in rows if r[0].phrasing == SECOND_FRESH_PHRASING]
    mode = (
        f"forge pipeline, {args.engine} engine"
        if whole_forge
        else "rules parser + catalogue tool in the sandbox"
    )
    print(f"bench_analysis: {len(rows)} questions over {len({q.dataset for q, _ in rows})} datasets ({mode})")
    _table(tuned, "tuned phrasings (0, 1)")
    _table(held, "held-out phrasing (2; its misses were studied once, in the issue-16 follow-up)")
    if fresh:
        _table(fresh, "fresh questions, batch 1 (new dataset; its misses were studied after its first run)")
    if second:
        _table(second, "fresh questions, batch 2 (written after batch 1's fixes, never tuned on)")
    _table(tuned + held, "all templates (phrasings 0-2)")
    right = sum(o.verdict == "right" for _, o in tuned + held)
    fresh_right = sum(o.verdict == "right" for _, o in fresh)
    second_right = sum(o.verdict == "right" for _, o in second)
    seconds = sorted(o.seconds for _, o in rows)
    median = seconds[len(seconds) // 2] if seconds else 0.0
    print(
        f"\nscore {right / max(len(tuned + held), 1):.1%} (target {TARGET:.0%}); fresh "
        f"{fresh_right}/{len(fresh)}, second fresh {second_right}/{len(second)}; "
        f"median {median:.2f} s per question, "
        f"total {elapsed:.0f} s; pandas reading the same files {baseline:.2f} s; "
        f"load {os.getloadavg()[0]:.2f}"
    )
    if usage_line(engine):
        print(usage_line(engine))


if __name__ == "__main__":
    main()
