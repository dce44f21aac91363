"""Each conversion step on its own: acquire, analyse (sandboxed), adapt, select, samples, review."""

from __future__ import annotations

from pathlib import Path

import pytest
from convert_toylib import write_toylib

from mcpforge.config import MCPForgeConfig
from mcpforge.convert.acquire import acquire
from mcpforge.convert.adapt import HANDLE_SCHEMA, Adapted, Unadaptable, adapt_doc_type, adapt_type
from mcpforge.convert.analyse import analyse
from mcpforge.convert.review import classify
from mcpforge.convert.samples import samples_for
from mcpforge.convert.select import select
from mcpforge.convert.session import CallOutcome
from mcpforge.exceptions import ConversionError


def test_a_plain_package_folder_is_used_in_place(toylib: Path, tmp_path: Path) -> None:
    env = acquire(str(toylib), cache_dir=tmp_path / "cache")
    assert (env.kind, env.import_names, env.site_dirs) == ("folder", ("toylib",), (toylib.parent,))


def test_a_directory_without_python_code_stops_at_acquire(tmp_path: Path) -> None:
    (tmp_path / "empty" / "docs").mkdir(parents=True)
    (tmp_path / "empty" / "README.md").write_text("no code\n", encoding="utf-8")
    with pytest.raises(ConversionError) as caught:
        acquire(str(tmp_path / "empty"), cache_dir=tmp_path / "cache")
    assert (caught.value.step, caught.value.category) == ("acquire", "untoolable_repo")


def test_a_source_that_is_neither_requirement_nor_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConversionError) as caught:
        acquire("not a; requirement", cache_dir=tmp_path)
    assert caught.value.category == "invalid_source"


def test_the_analysis_runs_in_the_sandbox_and_honours_all(
    toylib: Path, convert_config: MCPForgeConfig
) -> None:
    env = acquire(str(toylib))
    analysis = analyse(env, "toylib", config=convert_config.sandbox)
    paths = {c.public_path for c in analysis.callables}
    assert "toylib.hidden_by_all" not in paths
    assert {"toylib.add", "toylib.Counter", "toylib.scale_array", "toylib.paint"} <= paths
    add = next(c for c in analysis.callables if c.public_path == "toylib.add")
    assert add.examples == ["add(2, 3)"]
    assert [(p.name, p.type, p.default) for p in add.params] == [
        ("a", {"kind": "integer"}, {"present": False}),
        ("b", {"kind": "integer"}, {"present": True, "json": True, "value": 2}),
    ]
    scale = next(c for c in analysis.callables if c.public_path == "toylib.scale_array")
    assert [(p.name, p.doc_type) for p in scale.params] == [
        ("x", "array_like"),
        ("factor", "float, optional"),
    ]
    counter = next(c for c in analysis.callables if c.public_path == "toylib.Counter")
    assert [m.public_path for m in counter.methods] == ["toylib.Counter.increment"]


def test_a_library_that_does_not_import_stops_at_analyse(
    tmp_path: Path, convert_config: MCPForgeConfig
) -> None:
    package = tmp_path / "broken"
    package.mkdir()
    (package / "__init__.py").write_text("import not_a_module_anywhere\n", encoding="utf-8")
    env = acquire(str(package))
    with pytest.raises(ConversionError) as caught:
        analyse(env, "broken", config=convert_config.sandbox)
    assert (caught.value.step, caught.value.category) == ("analyse", "import_error")


def test_annotations_map_to_json_schema_and_adapters() -> None:
    classes = {"counter": "toylib.Counter"}
    assert adapt_type({"kind": "ndarray"}, "", classes).adapter == {"kind": "ndarray"}
    assert adapt_type(
        {"kind": "enum", "class": "toylib:Color", "values": ["RED", "GREEN"]}, "", classes
    ) == Adapted(
        schema={"type": "string", "enum": ["RED", "GREEN"]}, adapter={"kind": "enum", "class": "toylib:Color"}
    )
    assert adapt_type(
        {"kind": "union", "of": [{"kind": "integer"}, {"kind": "none"}]}, "", classes
    ).schema == {"anyOf": [{"type": "integer"}, {"type": "null"}]}
    assert adapt_type({"kind": "literal", "values": ["a", "b"]}, "", classes).schema == {"enum": ["a", "b"]}
    assert adapt_type({"kind": "class", "name": "toylib.Counter"}, "", classes) == Adapted(
        schema=HANDLE_SCHEMA, adapter={"kind": "handle"}, handle_class="toylib.Counter"
    )
    assert adapt_type({"kind": "complex"}, "", classes).adapter == {"kind": "complex"}
    assert adapt_type({"kind": "dataframe"}, "", classes).adapter == {"kind": "dataframe"}
    with pytest.raises(Unadaptable):
        adapt_type({"kind": "class", "name": "socket.socket"}, "", classes)


def test_docstring_types_map_when_there_is_no_annotation() -> None:
    assert adapt_doc_type("int, optional", {}).schema == {"type": "integer"}
    assert adapt_doc_type("{'dijkstra', 'bellman-ford'}", {}).schema == {"enum": ["dijkstra", "bellman-ford"]}
    assert adapt_doc_type("array_like", {}).adapter == {"kind": "ndarray"}
    assert adapt_doc_type("NetworkX graph", {"graph": "networkx.Graph"}).handle_class == "networkx.Graph"
    with pytest.raises(Unadaptable):
        adapt_doc_type("callable", {})


def test_select_skips_non_json_parameters_with_a_reason(toylib: Path, convert_config: MCPForgeConfig) -> None:
    analysis = analyse(acquire(str(toylib)), "toylib", config=convert_config.sandbox)
    selection = select(analysis, patterns=[], max_tools=50, package="toylib")
    names = {p.name for p in selection.plans}
    assert {"add", "Counter", "Counter_increment", "scale_array", "paint", "complex_abs", "explode"} <= names
    skipped = {s.public_path: s.reason for s in selection.skipped}
    assert "socket" in skipped["toylib.needs_socket"]
    only = select(analysis, patterns=["toylib.add", "mean_*"], max_tools=50, package="toylib")
    assert sorted(p.name for p in only.plans) == ["add", "mean_of"]


def test_docstring_examples_become_chained_samples(toylib: Path, convert_config: MCPForgeConfig) -> None:
    analysis = analyse(acquire(str(toylib)), "toylib", config=convert_config.sandbox)
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=50, package="toylib").plans}
    first = samples_for(plans["Counter_increment"], plans, expressions=False)[0]
    assert first.source == "example"
    assert [(s.tool, s.arguments, s.bind) for s in first.steps] == [
        ("Counter", {"start": 5}, "c"),
        ("Counter_increment", {"handle": {"$ref": "c"}, "by": 2}, None),
    ]


def test_review_labels_each_kind_of_failure() -> None:
    def label(text: str, **flags: bool) -> str:
        return classify(CallOutcome(ok=False, structured=None, text=text, **flags), from_example=True)

    assert label("", timed_out=True) == "timeout"
    assert label("[call] ModuleNotFoundError: No module named 'scipy'") == "import_error"
    assert label("[call] URLError: <urlopen error [Errno -3] Temporary failure in name resolution>") == (
        "needs_network_or_data"
    )
    assert label("[result] TypeError: cannot serialize") == "non_serializable"
    assert label("[call] ValueError: boom") == "library_exception"
    assert classify(
        CallOutcome(ok=False, structured=None, text="[call] ValueError: x"), from_example=False
    ) == ("invalid_sample")


def test_write_toylib_is_importable_as_a_folder(tmp_path: Path) -> None:
    package = write_toylib(tmp_path)
    assert (package / "__init__.py").read_text(encoding="utf-8").startswith('"""toylib')
