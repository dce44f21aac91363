"""forge: request + data → validated, staged tool and its result; reuse; refusals that stage nothing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import DataError, InvalidArgumentError, PathNotAllowedError, UnmappableRequestError
from mcpforge.metrics import outputs_match
from mcpforge.models import ToolStatus, UserFeedback, utc_now
from mcpforge.pipeline.forge import forge
from mcpforge.registry import Registry

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"
REQUEST = "Analyze traffic accidents by severity and location"


@pytest.fixture
def config(forge_config: MCPForgeConfig) -> MCPForgeConfig:
    return forge_config.model_copy(
        update={"validation": forge_config.validation.model_copy(update={"stress_rows": 5_000})}
    )


@pytest.fixture
def registry(config: MCPForgeConfig) -> Registry:
    registry = Registry(Path(config.registry.root), config)
    registry.init()
    return registry


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return Path(shutil.copy(EXAMPLE, work / "traffic_accidents.csv"))


def test_a_request_stages_a_validated_tool_with_the_right_numbers(
    data: Path, registry: Registry, config: MCPForgeConfig
) -> None:
    result = forge(REQUEST, data, registry=registry, config=config)
    assert result.error is None, result.error
    assert (result.decision, result.status) == ("generate", "STAGED")
    expected = pd.read_csv(data).groupby(["severity", "location"]).size().reset_index(name="count")
    assert result.artifacts is not None
    assert outputs_match(result.artifacts.result["result"], expected)
    assert result.artifacts.rows_processed == 2000
    assert result.result_markdown is not None and result.result_markdown.startswith("## Analysis Results")
    assert {"schema", "intent", "gap", "spec", "validate", "stage", "run", "total"} <= set(result.timings_ms)
    candidate = registry.get_candidate(str(result.candidate_id))
    assert candidate.status == ToolStatus.STAGED
    directory = registry.candidate_dir(candidate.candidate_id)
    for name in ("tool.py", "spec.json", "tests.py", "validation_report.json", "run_artifacts.json"):
        assert (directory / name).is_file(), name
    data_json = result.to_json()
    assert data_json["intent"]["group_by"] == ["severity", "location"]
    assert data_json["validation"]["tests_ok"] is True


def test_asking_twice_does_not_pile_up_candidates(
    data: Path, registry: Registry, config: MCPForgeConfig
) -> None:
    first = forge(REQUEST, data, registry=registry, config=config)
    second = forge(REQUEST, data, registry=registry, config=config)
    assert first.candidate_id == second.candidate_id
    assert len(registry.list_candidates(ToolStatus.STAGED)) == 1


def test_after_approval_the_same_request_reuses_the_promoted_tool(
    data: Path, registry: Registry, config: MCPForgeConfig
) -> None:
    first = forge(REQUEST, data, registry=registry, config=config)
    feedback = UserFeedback(decision="APPROVED", notes="Approve", timestamp=utc_now(), stage="registration")
    registry.record_feedback(str(first.candidate_id), feedback, actor="test")
    registry.promote(str(first.candidate_id), actor="test")
    again = forge(REQUEST, data, registry=registry, config=config)
    assert again.error is None
    assert (again.decision, again.status, again.tool_name) == ("reuse", "PROMOTED", first.tool_name)
    assert again.overlap_scores
    assert again.artifacts is not None and first.artifacts is not None
    assert outputs_match(again.artifacts.result["result"], first.artifacts.result["result"])


def test_a_tool_that_fails_validation_is_rejected_and_archived(
    data: Path, registry: Registry, config: MCPForgeConfig
) -> None:
    # Without pandas on the import allowlist every catalogue tool breaks the security policy.
    strict = config.model_copy(
        update={"security": config.security.model_copy(update={"allowed_imports": ["json"]})}
    )
    result = forge(REQUEST, data, registry=registry, config=strict)
    assert result.status == "REJECTED"
    assert result.error is not None and not result.ok
    assert result.validation is not None and result.validation.security_ok is False
    assert registry.list_candidates(ToolStatus.STAGED) == []


def test_data_outside_the_allowed_roots_is_refused_and_nothing_is_staged(
    tmp_path: Path, registry: Registry, config: MCPForgeConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    outside = Path(shutil.copy(EXAMPLE, elsewhere / "traffic.csv"))
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)
    with pytest.raises(PathNotAllowedError):
        forge(REQUEST, outside, registry=registry, config=config)
    (work / "link.csv").symlink_to(outside)
    with pytest.raises(PathNotAllowedError):
        forge(REQUEST, work / "link.csv", registry=registry, config=config)
    assert registry.list_candidates() == []
    assert forge(REQUEST, outside, registry=registry, config=config, allow_read=[elsewhere]).ok


@pytest.mark.parametrize(
    ("content", "error"),
    [
        (b"", DataError),
        (b"\x00\x01\x02binary\x00", DataError),
        (b"a,b\n1,2,3,4\n5,6\n", DataError),
        (b"severity,location\nMinor,Urban\n", UnmappableRequestError),
    ],
    ids=["empty", "binary", "ragged", "write-a-poem"],
)
def test_bad_input_is_refused_and_nothing_is_staged(
    content: bytes, error: type[Exception], data: Path, registry: Registry, config: MCPForgeConfig
) -> None:
    bad = data.parent / "bad.csv"
    bad.write_bytes(content)
    request = "write me a poem" if error is UnmappableRequestError else REQUEST
    with pytest.raises(error):
        forge(request, bad, registry=registry, config=config)
    assert registry.list_candidates() == []


def test_an_unknown_engine_is_a_user_error(data: Path, registry: Registry, config: MCPForgeConfig) -> None:
    with pytest.raises(InvalidArgumentError):
        forge(REQUEST, data, registry=registry, config=config, engine="telepathy")
