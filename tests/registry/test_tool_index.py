"""The tool index: updated on promotion and removal, rebuilt when stale, never a stale hash trusted."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import IntegrityError
from mcpforge.models import UserFeedback, utc_now
from mcpforge.registry import Registry
from mcpforge.registry.file.doctor import check, repair
from mcpforge.registry.testing import make_candidate
from mcpforge.registry.tool_index import ToolIndex
from mcpforge.server._invoke import ToolInvoker


def _approve(reg: Registry, name: str, *, variant: int = 1, description: str | None = None) -> str:
    candidate, files = make_candidate(name, variant=variant, description=description)
    staged = reg.stage_candidate(candidate, files, actor="test")
    feedback = UserFeedback(decision="APPROVED", timestamp=utc_now(), stage="registration")
    _, act = reg.approve(staged.candidate_id, feedback, actor="human:test")
    assert act.promoted is not None
    return staged.candidate_id


def test_a_tool_edited_after_approval_is_refused_at_the_next_call_even_with_same_size_and_mtime(
    registry: Registry,
) -> None:
    _approve(registry, "pinned_tool", variant=3)
    invoker = ToolInvoker(registry=registry, config=MCPForgeConfig(), roots=())
    first = invoker.call("pinned_tool", {"value": 1})
    assert first.ok, first.error
    tool_py = registry.tools_dir / "pinned_tool" / "tool.py"
    before = tool_py.stat()
    text = tool_py.read_text(encoding="utf-8")
    edited = text.replace("total = value + 3", "total = value - 3")
    assert edited != text and len(edited) == len(text)
    tool_py.write_text(edited, encoding="utf-8")
    os.utime(tool_py, ns=(before.st_atime_ns, before.st_mtime_ns))  # same size, same mtime: only ctime moves
    second = invoker.call("pinned_tool", {"value": 1})
    assert not second.ok
    assert second.error is not None and "tool.py" in second.error
    with pytest.raises(IntegrityError):
        registry.verify_tool("pinned_tool")


def test_promotion_and_removal_update_the_index_without_a_rebuild(
    registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    _approve(registry, "first_tool")
    assert [row.name for row in registry.indexed_tools()] == ["first_tool"]

    def no_rebuild(self: ToolIndex, reg: Registry) -> int:
        raise AssertionError("the index was rebuilt instead of updated")

    monkeypatch.setattr(ToolIndex, "rebuild", no_rebuild)
    _approve(registry, "second_tool")
    assert [row.name for row in registry.indexed_tools()] == ["first_tool", "second_tool"]
    registry.remove_tool("first_tool", actor="test")
    assert [row.name for row in registry.indexed_tools()] == ["second_tool"]
    assert registry.tool_index.is_fresh(registry)


def test_metadata_changed_behind_the_index_is_never_trusted(registry: Registry) -> None:
    _approve(registry, "kept_tool")
    _approve(registry, "dropped_tool")
    assert len(registry.indexed_tools()) == 2
    entries = registry.active_entries()
    del entries["dropped_tool"]
    with registry.locked():
        registry.write_active_entries(entries)  # another writer (or a restored backup): no index update
    assert not registry.tool_index.is_fresh(registry)
    assert [row.name for row in Registry(registry.root).indexed_tools()] == ["kept_tool"]


def test_a_missing_index_is_reported_and_rebuilt_by_doctor_repair(registry: Registry) -> None:
    _approve(registry, "indexed_tool")
    registry.tool_index.path.unlink()
    report = check(registry)
    assert any(c.name == "tool index" and c.level == "warning" for c in report.checks)
    repaired = repair(registry)
    assert any("tool index" in line for line in repaired.repaired), repaired.repaired
    assert all(c.level == "ok" for c in repaired.checks), repaired.to_dict()
    assert registry.audit.entries()[-1].action == "repair"


def test_gap_detection_reads_the_index_and_no_tool_file(
    registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mcpforge.models import Intent
    from mcpforge.pipeline.gap import detect_gap

    _approve(registry, "some_tool", description="counts rows: catalogue operation 'group_count'")
    _approve(registry, "other_tool", description="sums: catalogue operation 'group_sum'")
    assert {row.name: row.operation for row in registry.indexed_tools()} == {
        "some_tool": "group_count",
        "other_tool": "group_sum",
    }  # the index exists; from here on no tool file may be read
    real_read_text = Path.read_text

    def guarded(self: Path, *args: object, **kwargs: object) -> str:
        assert registry.tools_dir not in self.parents, f"gap detection read {self}"
        return real_read_text(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "read_text", guarded)
    intent = Intent.model_construct(
        operation="group_count", request="count rows by region", data_source="x.csv"
    )
    decision = detect_gap(intent, Registry(registry.root))
    assert [score.tool for score in decision.scores] == ["some_tool"]  # only the intent's operation
    assert decision.scores[0].operation_match == 1.0
