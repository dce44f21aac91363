"""The requirements' models and the lifecycle state machine."""

from __future__ import annotations

import itertools
import json
import re

import pytest
from pydantic import ValidationError

from mcpforge.exceptions import IllegalTransitionError
from mcpforge.models import (
    ALLOWED_TRANSITIONS,
    ToolCandidate,
    ToolStatus,
    UserFeedback,
    check_transition,
    sha256_text,
    utc_now,
)
from mcpforge.registry.testing import make_candidate, make_spec

LEGAL = {
    (ToolStatus.DRAFT, ToolStatus.STAGED),
    (ToolStatus.DRAFT, ToolStatus.REJECTED),
    (ToolStatus.STAGED, ToolStatus.APPROVED),
    (ToolStatus.STAGED, ToolStatus.REJECTED),
    (ToolStatus.APPROVED, ToolStatus.PROMOTED),
}


@pytest.mark.parametrize(("current", "target"), sorted(LEGAL))
def test_lifecycle_edges_are_allowed(current: ToolStatus, target: ToolStatus) -> None:
    check_transition("tool", current, target)


@pytest.mark.parametrize(
    ("current", "target"), [pair for pair in itertools.product(ToolStatus, ToolStatus) if pair not in LEGAL]
)
def test_every_other_transition_raises(current: ToolStatus, target: ToolStatus) -> None:
    with pytest.raises(IllegalTransitionError) as info:
        check_transition("tool", current, target)
    assert (info.value.current, info.value.target) == (current.value, target.value)


def test_the_transition_table_is_the_architecture_lifecycle() -> None:
    table = {(current, target) for current, targets in ALLOWED_TRANSITIONS.items() for target in targets}
    assert table == LEGAL


def test_spec_json_is_canonical_and_hashes_match() -> None:
    spec = make_spec()
    text = spec.to_json()
    assert text.endswith("}\n")
    assert json.loads(text)["tool_name"] == "demo_tool"
    assert spec.spec_hash() == sha256_text(text)
    assert make_spec().to_json() == text
    assert make_spec(description="other").spec_hash() != spec.spec_hash()


def test_sha256_text_is_the_sha256_of_utf8() -> None:
    assert sha256_text("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


def test_candidate_id_joins_tool_id_and_version() -> None:
    candidate, _ = make_candidate("group_count", version="1.2.0")
    assert candidate.candidate_id == "group_count_1.2.0"
    assert candidate.status == ToolStatus.DRAFT


def test_models_refuse_unknown_fields() -> None:
    candidate, _ = make_candidate()
    with pytest.raises(ValidationError):
        ToolCandidate.model_validate({**candidate.model_dump(), "surprise": 1})
    with pytest.raises(ValidationError):
        UserFeedback.model_validate({"decision": "APPROVED", "timestamp": utc_now(), "stage": "later"})


def test_utc_now_is_iso_utc_with_z() -> None:
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", utc_now())


def test_candidates_round_trip_through_json() -> None:
    candidate, _ = make_candidate()
    assert ToolCandidate.model_validate_json(candidate.model_dump_json()) == candidate
