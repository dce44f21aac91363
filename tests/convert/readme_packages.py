"""Shared by the tests that convert a small repository-shaped package written on the spot (a package
folder with a README beside it): write it and make it importable, and run a plan's samples with the
real service runtime until one answers."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.samples import samples_for
from mcpforge.convert.select import ToolPlan


@contextmanager
def readme_package(root: Path, name: str, init: str, readme_name: str, readme: str) -> Iterator[Path]:
    """``root/repo/<name>/__init__.py`` and ``root/repo/<readme_name>``, importable while in use."""
    repo = root / "repo"
    package = repo / name
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(init).lstrip(), encoding="utf-8")
    (repo / readme_name).write_text(readme.lstrip(), encoding="utf-8")
    sys.path.insert(0, str(repo))
    try:
        yield package
    finally:
        sys.path.remove(str(repo))
        for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[module]


def first_passing(plan: ToolPlan, plans: dict[str, ToolPlan], library: str) -> tuple[list[dict], object]:
    """Run the samples of ``plan`` with the real runtime, in order, until one answers."""
    service = {"library": library}
    for sample in samples_for(plan, plans, expressions=False):
        handles: dict[str, object] = {}
        try:
            for step in sample.steps:
                arguments = {
                    k: handles[v["$ref"]] if isinstance(v, dict) and "$ref" in v else v
                    for k, v in step.arguments.items()
                }
                result = rt.call(plans[step.tool].runtime_plan(), arguments, service)["result"]
                if step.bind:  # an object is bound as its handle, a JSON value as itself (as run.py does)
                    is_object = isinstance(result, dict) and "handle" in result
                    handles[step.bind] = result["handle"] if is_object else result
        except rt.ToolFailedError:
            continue
        return [{"tool": s.tool, "arguments": s.arguments} for s in sample.steps], result
    raise AssertionError(f"no sample of {plan.name} answered")
