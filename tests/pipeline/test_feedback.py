"""Two-stage feedback: stage 1 lenient, stage 2 strict; silence and ambiguity never register a tool."""

from __future__ import annotations

import pytest

from mcpforge.config import FeedbackConfig
from mcpforge.pipeline.feedback import extract_issues, parse_feedback

OUTPUT_ACCEPTED = [
    "yes", "Yes", "YES", "y", "Y", "yes.", "yes!", "yes, looks good!", "Yes looks good", "looks good",
    "Looks good to me", "correct", "Correct!", "that's correct", "that is correct", "it's right", "right",
    "good", "very good", "perfect", "great", "exactly", "yep", "yeah", "yup", "ok", "okay", "fine", "sure",
    "lgtm", "absolutely", "the output looks good", "spot on", "Approve", "accurate", "  yes  ", "I approve",
    "confirmed", "yes that's what I wanted",
]  # fmt: skip
OUTPUT_REJECTED = [
    None, "", "   ", "no", "No", "n", "nope", "nah", "wrong", "incorrect", "not correct", "not quite",
    "yes but the column is wrong", "looks good, however it misses 2020", "correct except for the totals",
    "good although the order is off", "mostly right", "almost", "partially correct", "maybe", "unsure",
    "is it correct?", "should be region not location", "missing filter for year > 2020", "bad", "that's off",
    "the numbers don't add up", "wrong metric", "why is it sorted like that", "fix the format", "redo it",
]  # fmt: skip
REGISTRATION_APPROVED = [
    "Approve", "approve", "APPROVE", "approved", "Approved!", "approve.", "approve it", "Approve it please",
    "approve this tool", "approve and register", "approved, thanks", "  approve  ", "Approve - save it",
    "approve!!!", "approved.", "Approve approve",
]  # fmt: skip
REGISTRATION_REJECTED = [
    None, "", "   ", "ok", "OK", "okay", "fine", "sure", "maybe", "yes", "y", "yes, looks good!",
    "looks good",
    "correct", "good", "reject", "Reject", "rejected", "no", "No thanks", "approve but rename the column",
    "approve, however the filter is wrong", "approve except the sorting", "approve although it is slow",
    "approve though I am unsure", "approve?", "approve if it is fast", "approve later", "approve... not yet",
    "I approve", "please approve", "don't approve", "not approve", "approve it? no", "approved but",
    "unapprove", "approval", "approves", "yes approve", "sure, approve", "approve unless it breaks",
    "approve, wrong column though", "approve maybe",
]  # fmt: skip


@pytest.mark.parametrize("answer", OUTPUT_ACCEPTED)
def test_plain_yes_phrasings_accept_the_output(answer: str) -> None:
    feedback = parse_feedback(answer, stage="output")
    assert (feedback.decision, feedback.stage) == ("OUTPUT_ACCEPTED", "output")


@pytest.mark.parametrize("answer", OUTPUT_REJECTED)
def test_anything_doubtful_rejects_the_output(answer: str | None) -> None:
    assert parse_feedback(answer, stage="output").decision == "OUTPUT_REJECTED"


@pytest.mark.parametrize("answer", REGISTRATION_APPROVED)
def test_only_an_explicit_first_word_approve_registers(answer: str) -> None:
    feedback = parse_feedback(answer)
    assert (feedback.decision, feedback.stage, feedback.issues) == ("APPROVED", "registration", [])


@pytest.mark.parametrize("answer", REGISTRATION_REJECTED)
def test_every_other_registration_answer_is_rejected(answer: str | None) -> None:
    assert parse_feedback(answer, stage="registration").decision == "REJECTED"


def test_tables_are_large_enough() -> None:
    assert len(OUTPUT_ACCEPTED) + len(OUTPUT_REJECTED) >= 60
    assert len(REGISTRATION_APPROVED) + len(REGISTRATION_REJECTED) >= 55


def test_yes_looks_good_accepts_the_output_but_does_not_register() -> None:
    assert parse_feedback("yes, looks good!", stage="output").decision == "OUTPUT_ACCEPTED"
    assert parse_feedback("yes, looks good!", stage="registration").decision == "REJECTED"


def test_silence_is_rejected_with_no_notes() -> None:
    feedback = parse_feedback(None)
    assert (feedback.decision, feedback.notes) == ("REJECTED", None)


def test_configured_keywords_are_used() -> None:
    config = FeedbackConfig(approve_keywords=["ship"], disqualifiers=["pending"])
    assert parse_feedback("ship it", config=config).decision == "APPROVED"
    assert parse_feedback("approve", config=config).decision == "REJECTED"
    assert parse_feedback("ship it pending review", config=config).decision == "REJECTED"


def test_rejections_carry_issue_labels() -> None:
    feedback = parse_feedback("Reject: wrong column, should be 'region' not 'location'")
    assert feedback.issues == ["COLUMN_MISMATCH"]


ISSUES = [
    ("wrong column: should be 'region' not 'location'", ["COLUMN_MISMATCH"]),
    ("should be region not location", ["COLUMN_MISMATCH"]),
    ("missing filter for year > 2020", ["MISSING_FILTER", "TIME_RANGE"]),
    ("also filter out the test rows", ["MISSING_FILTER"]),
    ("only fatal accidents please", ["MISSING_FILTER"]),
    ("output format should be JSON not markdown", ["OUTPUT_FORMAT"]),
    ("show it as percentages", ["OUTPUT_FORMAT"]),
    ("as json", ["OUTPUT_FORMAT"]),
    ("it should use sum instead of count", ["WRONG_METRIC"]),
    ("I wanted the average", ["WRONG_METRIC"]),
    ("wrong metric", ["WRONG_METRIC"]),
    ("group by weather too", ["WRONG_GROUPING"]),
    ("per region please", ["WRONG_GROUPING"]),
    ("sort it descending", ["SORTING"]),
    ("just the top 5", ["LIMIT"]),
    ("the numbers are wrong", ["INCORRECT_RESULT"]),
    ("incorrect totals", ["INCORRECT_RESULT"]),
    ("it is too slow", ["PERFORMANCE"]),
    ("wrong file", ["WRONG_DATASET"]),
    ("rename the headers", ["NAMING"]),
    ("no", []),
    ("", []),
]


@pytest.mark.parametrize(("notes", "labels"), ISSUES)
def test_extract_issues_labels_the_notes(notes: str, labels: list[str]) -> None:
    assert extract_issues(notes) == labels
