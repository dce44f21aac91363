"""Gap detection: reuse a promoted tool when it covers the request, otherwise generate."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcpforge.catalogue import get_operation
from mcpforge.models import ToolCandidate, UserFeedback, sha256_text, utc_now
from mcpforge.pipeline._similarity import cosine_scores
from mcpforge.pipeline.gap import (
    REUSE_THRESHOLD,
    WEIGHTS,
    GapDecision,
    detect_gap,
    same_reading,
    tool_operation,
)
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.registry import Registry

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TRAFFIC = EXAMPLES / "traffic_accidents.csv"


@pytest.fixture(scope="module")
def schema() -> DatasetSchema:
    return DatasetSchema.from_file(TRAFFIC)


def _promote(registry: Registry, request: str, schema: DatasetSchema, name: str) -> None:
    intent = extract_intent(request, schema)
    rendered = get_operation(intent.operation).render(intent, tool_name=name)
    spec_text = rendered.spec.to_json()
    candidate = ToolCandidate(
        tool_id=name,
        spec=rendered.spec,
        package_path="",
        code_hash=sha256_text(rendered.source),
        spec_hash=sha256_text(spec_text),
        created_at=utc_now(),
        created_by="test",
        intent=intent.model_dump(mode="json"),
    )
    staged = registry.stage_candidate(
        candidate, {"tool.py": rendered.source, "helpers.py": rendered.helpers}, actor="test"
    )
    feedback = UserFeedback(decision="APPROVED", timestamp=utc_now(), stage="registration")
    registry.record_feedback(staged.candidate_id, feedback, actor="person")
    registry.promote(staged.candidate_id, actor="person")


@pytest.fixture
def registry(tmp_path: Path, schema: DatasetSchema) -> Registry:
    reg = Registry(tmp_path / "registry")
    reg.init()
    _promote(reg, "Analyze traffic accidents by severity and location", schema, "count_accidents_by_group")
    _promote(reg, "average speed limit per region", schema, "average_by_group")
    return reg


def test_the_weights_are_the_requirements_weights() -> None:
    assert WEIGHTS == {
        "operation_match": 0.30,
        "input_compatibility": 0.25,
        "output_format_match": 0.20,
        "constraint_match": 0.15,
        "semantic_similarity": 0.10,
    }
    assert REUSE_THRESHOLD == 0.85


def test_an_empty_registry_means_generate(tmp_path: Path, schema: DatasetSchema) -> None:
    reg = Registry(tmp_path / "empty")
    decision = detect_gap(extract_intent("accidents by weather", schema), reg)
    assert decision == GapDecision(decision="generate", tool=None, scores=[])


def test_the_same_kind_of_request_reuses_the_promoted_tool(registry: Registry, schema: DatasetSchema) -> None:
    intent = extract_intent("number of accidents per weather and road type", schema)
    decision = detect_gap(intent, registry)
    assert decision.decision == "reuse"
    assert decision.tool == "count_accidents_by_group"
    assert decision.arguments is not None
    assert decision.arguments["file_path"] == str(TRAFFIC)
    assert ["weather", "road_type"] in decision.arguments.values()
    best = decision.scores[0]
    assert best.overlap_score >= REUSE_THRESHOLD
    assert (best.operation_match, best.input_compatibility, best.output_format_match) == (1.0, 1.0, 1.0)


def test_a_different_operation_is_generated(registry: Registry, schema: DatasetSchema) -> None:
    decision = detect_gap(extract_intent("crosstab of severity and weather", schema), registry)
    assert decision.decision == "generate"
    assert decision.tool is None
    # Tools of another operation cannot reach the threshold, so the index does not even hand them over.
    assert decision.scores == []
    assert detect_gap(extract_intent("crosstab of severity and weather", schema), None).decision == "generate"


def test_scores_combine_the_five_terms_with_the_weights(registry: Registry, schema: DatasetSchema) -> None:
    decision = detect_gap(extract_intent("mean casualties by location", schema), registry)
    for score in decision.scores:
        parts = score.to_dict()
        combined = sum(weight * parts[name] for name, weight in WEIGHTS.items())
        assert combined == pytest.approx(score.overlap_score, abs=1e-3)
        assert 0.0 <= score.semantic_similarity <= 1.0
    assert decision.scores[0].tool == "average_by_group"


def test_promoted_tools_reveal_their_operation(registry: Registry) -> None:
    operations = {tool.name: tool_operation(tool) for tool in registry.active_tools()}
    assert operations == {"count_accidents_by_group": "group_count", "average_by_group": "group_aggregate"}


def test_decision_serializes_for_json_output(registry: Registry, schema: DatasetSchema) -> None:
    data = detect_gap(extract_intent("accidents by region", schema), registry).to_dict()
    assert data["decision"] == "reuse"
    assert set(data["scores"][0]) == {"tool", *WEIGHTS, "overlap_score", "same_reading"}
    assert data["scores"][0]["same_reading"] is True


def test_similarity_prefers_documents_that_share_words() -> None:
    scores = cosine_scores(
        "count accidents by severity", ["group and count rows by columns", "correlation matrix"]
    )
    assert scores[0] > scores[1] == 0.0
    assert cosine_scores("", ["anything"]) == [0.0]


def test_a_tool_is_reused_only_for_the_same_reading(registry: Registry, schema: DatasetSchema) -> None:
    _promote(registry, "total casualties by location", schema, "sum_casualties_by_location")
    median = detect_gap(extract_intent("median casualties by location", schema), registry)
    assert median.tool != "sum_casualties_by_location"
    score = next(s for s in median.scores if s.tool == "sum_casualties_by_location")
    assert not score.exact and score.mismatch is not None and "name says sum" in score.mismatch
    counted = detect_gap(extract_intent("number of accidents by weather", schema), registry)
    assert counted.decision == "reuse" and counted.tool == "count_accidents_by_group"
    assert counted.arguments is not None and counted.arguments["group_by_columns"] == ["weather"]


def test_same_reading_needs_the_operation_and_a_parameter_for_every_argument(schema: DatasetSchema) -> None:
    intent = extract_intent("average speed limit per region", schema)
    assert same_reading("group_count", {"file_path", "group_by_columns"}, intent) is not None
    missing = same_reading("group_aggregate", {"file_path", "group_by_columns"}, intent)
    assert missing is not None and "metrics" in missing
    full = {"file_path", "group_by_columns", "metrics", "top_n", "sort_descending", "percent_of_total"}
    assert same_reading("group_aggregate", full, intent, tool_name="mean_speed_limit_by_region") is None


def test_a_tool_without_a_newer_neutral_parameter_is_still_the_same_reading(schema: DatasetSchema) -> None:
    intent = extract_intent("average speed limit per region", schema)
    older = {"file_path", "group_by_columns", "metrics", "top_n", "sort_descending"}
    assert same_reading("group_aggregate", older, intent, tool_name="average_by_group") is None
