"""Three classes seen on held-out libraries (issue 26, blind5), each with a small local fixture (no network).

1. A function wrapped by a decorator ``def wrapper(*args, **kwargs): if args[0] is None ...`` shows the
   wrapped signature ``(s1, s2)`` yet fails when called by keyword (fuzzywuzzy's ``fuzz.ratio``). A tool
   passes positional-or-keyword parameters by position while none before them was left out.
2. A project built from a local source whose metadata has no long description (a ``setup.py`` without
   ``long_description``): its README stays in the source, not in the venv, and its examples were never
   read, so its functions got typed guesses (``convert(1234.5, "a", "a")``) and were dropped.
3. A README whose unlabelled fence follows a blank line: ``^(\\s*)```…`` took the blank line into the
   fence's indentation, so its closing fence never matched and the next Python block was swallowed with
   the prose between them (``data = {...}`` lost, ``findall(path, data)`` got a guessed ``data``).
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.pipeline import ConvertOptions, convert
from mcpforge.convert.samples.readme_examples import code_examples

WRAPPED = '''
"""Similarity of strings, through decorators that read their arguments by position."""

import functools


def check_for_none(func):
    @functools.wraps(func)
    def decorator(*args, **kwargs):
        if args[0] is None or args[1] is None:
            return 0
        return func(*args, **kwargs)

    return decorator


@check_for_none
def shared_prefix(s1: str, s2: str) -> int:
    """The length of the prefix ``s1`` and ``s2`` share.

    >>> shared_prefix("binder", "bind")
    4
    """
    count = 0
    for a, b in zip(s1, s2):
        if a != b:
            break
        count += 1
    return count
'''

UNITS = '''
"""Cooking units."""

_ML = {"cups": 236.588, "ml": 1.0, "tsp": 4.92892}


def convert(value: float, from_unit: str, to_unit: str) -> float:
    """Convert ``value`` from one unit to another.

    Raises:
        ValueError: an unknown unit.
    """
    for unit in (from_unit, to_unit):
        if unit not in _ML:
            raise ValueError(f"Unknown unit: {unit}")
    return round(value * _ML[from_unit] / _ML[to_unit], 3)
'''

README = """# unitlib

## Usage

```python
from unitlib import convert

result = convert(2, "cups", "ml")
print(result)  # 473.176
```
"""

# An in-tree PEP 517 backend (no build requirement, so no network) whose wheel's METADATA has no
# description: like a ``setup.py`` without ``long_description``.
BACKEND = """
import base64, hashlib, os, zipfile

FILES = {files!r}


def get_requires_for_build_wheel(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    files = dict(FILES)
    info = "unitlib-1.0.dist-info/"
    files[info + "METADATA"] = "Metadata-Version: 2.1\\nName: unitlib\\nVersion: 1.0\\n"
    files[info + "WHEEL"] = "Wheel-Version: 1.0\\nGenerator: t\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n"
    files[info + "top_level.txt"] = "unitlib\\n"
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        record.append(path + ",sha256=" + digest + "," + str(len(text.encode())))
    files[info + "RECORD"] = "\\n".join(record + [info + "RECORD,,"]) + "\\n"
    wheel = "unitlib-1.0-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel), "w") as archive:
        for path, text in files.items():
            archive.writestr(path, text)
    return wheel
"""

PYPROJECT = """
[build-system]
requires = []
build-backend = "unit_backend"
backend-path = ["_build"]

[project]
name = "unitlib"
version = "1.0"
"""


def _proven(source: Path, tmp_path: Path) -> dict[str, object]:
    report = convert(
        ConvertOptions(
            source=str(source), out_dir=tmp_path / "out", stage=False, cache_dir=tmp_path / "cache"
        ),
        MCPForgeConfig(),
        registry_root=None,
    )
    outcomes = {o.tool: o for o in report.outcomes}
    return {
        name: next((a.result for a in o.attempts if a.ok), f"dropped: {o.category} {o.dropped_reason}")
        for name, o in outcomes.items()
    }


def test_a_function_whose_wrapper_reads_args_by_position_is_called_by_position(tmp_path: Path) -> None:
    package = tmp_path / "repo" / "wraplib"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(WRAPPED).lstrip(), encoding="utf-8")
    assert _proven(package, tmp_path).get("shared_prefix") == 4


@pytest.fixture
def keyword_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "kwmod.py").write_text(
        "def f(*args, **kwargs):\n    return [list(args), sorted(kwargs.items())]\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "kwmod", raising=False)
    return "kwmod:f"


def test_by_position_parameters_go_by_position_until_one_is_left_out(keyword_module: str) -> None:
    params = [{"name": n, "adapter": {"kind": "json"}, "by_position": True} for n in ("a", "b", "c")] + [
        {"name": "d", "adapter": {"kind": "json"}, "keyword_only": True}
    ]
    plan = {"target": keyword_module, "kind": "function", "params": params}
    assert rt.call(plan, {"a": 1, "b": 2, "d": 4}, {})["result"] == [[1, 2], [["d", 4]]]
    # ``b`` left out: ``c`` cannot take its slot, so it goes by name.
    assert rt.call(plan, {"a": 1, "c": 3}, {})["result"] == [[1], [["c", 3]]]
    # A plan of an older service (no ``by_position``) still calls by name.
    old = {**plan, "params": [{k: v for k, v in p.items() if k != "by_position"} for p in params]}
    assert rt.call(old, {"a": 1}, {})["result"] == [[], [["a", 1]]]


def test_a_local_project_without_a_long_description_gets_samples_from_its_readme(tmp_path: Path) -> None:
    tree = tmp_path / "projects" / "unitlib"
    (tree / "_build").mkdir(parents=True)
    (tree / "unitlib").mkdir()
    library = textwrap.dedent(UNITS).lstrip()
    (tree / "unitlib" / "__init__.py").write_text(library, encoding="utf-8")
    (tree / "README.md").write_text(README, encoding="utf-8")
    (tree / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    backend = BACKEND.format(files={"unitlib/__init__.py": library})
    (tree / "_build" / "unit_backend.py").write_text(backend, encoding="utf-8")
    assert _proven(tree, tmp_path).get("convert") == 473.176


def test_an_unlabelled_fence_after_a_blank_line_closes_at_its_own_fence() -> None:
    readme = textwrap.dedent("""
        Install it:

        ```
        pip install jsonlib
        ```

        Or with conda:

        ```
        conda install jsonlib
        ```

        ## Links

        - Docs: https://example.org

        ```python
        import jsonlib

        data = {
            "users": [{"name": "Sue"}],
        }

        names = jsonlib.findall("$.users[*].name", data)
        ```
        """)
    statements, _outputs = code_examples(readme)
    assert statements == [
        'data = {\n    "users": [{"name": "Sue"}],\n}',
        'names = jsonlib.findall("$.users[*].name", data)',
    ]
