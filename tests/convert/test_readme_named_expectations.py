"""A README that names its values before the call (issue 26, blind6 tomli-w): ``doc = {...}``,
``expected = \"\"\"...\"\"\"`` then ``assert dumps(doc) == expected``. The assert is the authors' call
of the function, with the output they promise under a name; it was dropped whole because its right
side was not a literal, and the mapping parameter then had only a type-based guess. Real sandboxed
analysis of a repository-shaped package written here, the real runtime."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from readme_packages import first_passing, readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.samples import samples_for
from mcpforge.convert.samples.readme_examples import code_examples
from mcpforge.convert.select import select

_README = '''
# tomlet

## Usage

```python
import tomlet

doc = {"table": {"val3": 3}, "val2": 2}
expected_toml = """\\
val2 = 2

[table]
val3 = 3
"""
assert tomlet.dumps(doc) == expected_toml
```

Indent width is configurable:

```python
import tomlet

doc = {"fruits": ["orange", "kiwi"]}
assert tomlet.dumps(doc, indent=1) == some_helper()
```
'''

_INIT = '''
"""A lil' writer, in miniature."""
from typing import Any, Mapping

__all__ = ["dumps"]


def dumps(obj: Mapping[str, Any], /, *, indent: int = 4) -> str:
    lines, tables = [], []
    for key, value in obj.items():
        if isinstance(value, dict):
            tables.append((key, value))
        elif isinstance(value, list):
            pad = " " * indent
            lines.append(f"{key} = [\\n" + "".join(f'{pad}"{v}",\\n' for v in value) + "]")
        else:
            lines.append(f"{key} = {value}")
    for key, value in tables:
        lines.append("")
        lines.append(f"[{key}]")
        lines += [f"{k} = {v}" for k, v in value.items()]
    return "\\n".join(lines) + "\\n"
'''


@pytest.fixture
def tomlet(tmp_path: Path) -> Iterator[Path]:
    with readme_package(tmp_path, "tomlet", _INIT, "README.md", _README) as package:
        yield package


def test_an_assert_against_a_named_literal_keeps_the_call_and_its_promised_output() -> None:
    statements, outputs = code_examples(_README)
    assert "tomlet.dumps(doc)" in statements
    assert outputs["tomlet.dumps(doc)"] == repr("val2 = 2\n\n[table]\nval3 = 3\n")
    # Compared with something that is not a literal: the call is still the authors', with no output.
    assert "tomlet.dumps(doc, indent=1)" in statements
    assert "tomlet.dumps(doc, indent=1)" not in outputs


def test_the_readme_mapping_is_the_sample_of_a_mapping_parameter(
    tomlet: Path, convert_config: MCPForgeConfig
) -> None:
    analysis = analyse(acquire(str(tomlet)), "tomlet", config=convert_config.sandbox)
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="tomlet").plans}
    first = samples_for(plans["dumps"], plans, expressions=False)[0]
    assert first.source == "example"
    assert first.final.arguments == {"obj": {"table": {"val3": 3}, "val2": 2}}
    assert first.expected == repr("val2 = 2\n\n[table]\nval3 = 3\n")
    steps, answer = first_passing(plans["dumps"], plans, "tomlet")
    assert steps[-1]["arguments"]["obj"] == {"table": {"val3": 3}, "val2": 2}
    assert answer == "val2 = 2\n\n[table]\nval3 = 3\n"
