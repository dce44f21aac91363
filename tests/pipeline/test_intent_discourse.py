# ruff: noqa: E501 - one request per entry reads better than wrapped strings
"""Words of discourse pass and are named as not used; content words still ask or refuse; commands, not data words, are refused.

Requests are written for two invented files (orders, admissions) and one small frame whose column names and
values are words a command pattern could mistake for a command ("shell", "post", "format", "kill", ...).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.intent_reading_data import write_admissions, write_orders

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Aggregation, Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.language.refusals import refusal
from mcpforge.pipeline.intent.reading import reading_sentence


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, DatasetSchema]:
    folder = tmp_path_factory.mktemp("discourse")
    return {
        "orders": DatasetSchema.from_file(write_orders(folder)),
        "admissions": DatasetSchema.from_file(write_admissions(folder)),
        "games": DatasetSchema.from_file(_write_games(folder)),
    }


def _write_games(folder: Path) -> Path:
    """Columns and values that are also command words: shell, post, format, kills, install, message, letter, story."""
    n = 40
    frame = pd.DataFrame({
        "player": [f"P{i % 8}" for i in range(n)],
        "format": ["digital", "boxed", "shell", "digital"] * (n // 4),
        "terminal": ["T1", "T2"] * (n // 2),
        "post_code": ["1010", "2020", "3030", "4040", "5050"] * (n // 5),
        "letter_grade": ["A", "B", "C", "B"] * (n // 4),
        "story": ["main", "side"] * (n // 2),
        "kills": [i % 7 for i in range(n)],
        "installs": [100 + 3 * i for i in range(n)],
        "message_count": [i % 5 for i in range(n)],
    })  # fmt: skip
    path = folder / "games.csv"
    frame.to_csv(path, index=False)
    return path


def _read(files: dict[str, DatasetSchema], name: str, request: str) -> Intent:
    return extract_intent(request, files[name])


MEAN_AMOUNT = [Aggregation(column="amount", func="mean")]
SUM_AMOUNT = [Aggregation(column="amount", func="sum")]


@pytest.mark.parametrize(
    ("request_text", "metrics", "group_by", "unused"),
    [
        ("Using pandas, compute the mean amount per region.", MEAN_AMOUNT, ["region"], ["pandas"]),
        ("Calculate the average amount for each region using python.", MEAN_AMOUNT, ["region"], ["python"]),
        (
            "I want you to compute the total amount for each region with numpy.",
            SUM_AMOUNT,
            ["region"],
            ["numpy"],
        ),
        (
            "average amount by region, use the built-in mean function",
            MEAN_AMOUNT,
            ["region"],
            ["built-in", "function"],
        ),
        (
            "the mean amount per region should be calculated with python",
            MEAN_AMOUNT,
            ["region"],
            ["calculated", "python"],
        ),
        ("What is the mean amount, I think, per region?", MEAN_AMOUNT, ["region"], ["think"]),
        ("Could you quickly give me the total amount per region?", SUM_AMOUNT, ["region"], ["quickly"]),
        (
            "average amount per region, computed with a pandas groupby",
            MEAN_AMOUNT,
            ["region"],
            ["computed", "pandas", "groupby"],
        ),
        ("What is the total amount per region? Please show it.", SUM_AMOUNT, ["region"], []),
    ],
)
def test_words_of_discourse_pass_and_are_named_as_not_used(
    files: dict[str, DatasetSchema],
    request_text: str,
    metrics: list[Aggregation],
    group_by: list[str],
    unused: list[str],
) -> None:
    intent = _read(files, "orders", request_text)
    assert (intent.metrics, intent.group_by, intent.filters) == (metrics, group_by, [])
    assert intent.unused_words == unused
    named = "not used: " + ", ".join(f"'{w}'" for w in unused)
    assert (named in reading_sentence(intent)) == bool(unused)


def test_a_verb_restating_the_rows_is_named_as_not_used(files: dict[str, DatasetSchema]) -> None:
    intent = _read(files, "orders", "How many orders are recorded per region?")
    assert (intent.operation, intent.group_by, intent.filters) == ("group_count", ["region"], [])
    assert reading_sentence(intent) == (
        "Count of rows per `region`, over all rows, each row read as one order (from the file name), not used:"
        " 'recorded'."
    )


@pytest.mark.parametrize(
    ("request_text", "label"),
    [
        ("1. What is the total amount per region?", "1."),
        ("2) What is the total amount per region?", "2)"),
        ("Question 3: what is the total amount per region?", "Question 3:"),
        ("(a) What is the total amount per region?", "(a)"),
    ],
)
def test_question_numbering_is_a_label_not_a_number_of_the_question(
    files: dict[str, DatasetSchema], request_text: str, label: str
) -> None:
    intent = _read(files, "orders", request_text)
    assert (intent.metrics, intent.group_by, intent.top_n) == (SUM_AMOUNT, ["region"], None)
    assert intent.unused_words == [label]


def test_a_numbered_top_n_question_keeps_its_own_number(files: dict[str, DatasetSchema]) -> None:
    intent = _read(files, "orders", "10. Which 3 regions have the highest total amount?")
    assert (intent.top_n, intent.metrics, intent.unused_words) == (3, SUM_AMOUNT, ["10."])


def test_words_said_again_after_i_e_are_named_as_not_used(files: dict[str, DatasetSchema]) -> None:
    intent = _read(files, "orders", "average amount for loyal customers, i.e. customers in region North")
    assert intent.metrics == MEAN_AMOUNT
    assert [(f.column, f.value) for f in intent.filters] == [("region", "North")]
    assert intent.unused_words == ["loyal"]


def test_a_question_about_a_measure_restates_it_with_its_verb_or_adjective(
    files: dict[str, DatasetSchema],
) -> None:
    intent = _read(files, "admissions", "How long do patients stay on average in each department?")
    assert intent.metrics == [Aggregation(column="length_of_stay", func="mean")]
    assert intent.group_by == ["department"]
    assert intent.unused_words == ["long"]


@pytest.mark.parametrize(
    ("name", "request_text"),
    [
        # an unknown noun may name data the file lacks
        ("orders", "orders per store manager"),
        ("orders", "average amount per region for gift orders"),
        # a participle or adjective before the rows picks them
        ("orders", "average amount of discounted orders by region"),
        ("orders", "number of executed orders per region"),
        ("orders", "How many handled calls per region?"),
        ("admissions", "average total cost for treated patients by department"),
        # a relative clause or a predicate picks the rows
        ("orders", "average amount of orders that were refunded by region"),
        ("admissions", "average cost of patients who were treated per department"),
        ("orders", "How many orders per region were delivered?"),
        # the verb of a count picks what is counted
        ("orders", "How many orders did customers lose per region?"),
        ("orders", "How many customers churned per region?"),
        ("admissions", "How many patients lived per department?"),
        # a word resembling a value of the data is content wherever it stands
        ("orders", "How many orders did customers cancel per region?"),
        # a tool noun in a grouping slot may name data
        ("orders", "average amount by function"),
    ],
)
def test_content_words_still_ask_or_refuse(
    files: dict[str, DatasetSchema], name: str, request_text: str
) -> None:
    with pytest.raises(UnmappableRequestError) as caught:
        _read(files, name, request_text)
    for answer in (
        "rows",
        "distinct",
    ):  # a question first (rows or distinct customers): either answer still refuses
        key = getattr(caught.value, "key", None)
        if key is None:
            break
        with pytest.raises(UnmappableRequestError):
            extract_intent(request_text, files[name], answers={key: answer})


@pytest.mark.parametrize(
    ("request_text", "metric", "group"),
    [
        ("average kills per format", Aggregation(column="kills", func="mean"), "format"),
        ("total installs by terminal", Aggregation(column="installs", func="sum"), "terminal"),
        (
            "mean message count per letter grade",
            Aggregation(column="message_count", func="mean"),
            "letter_grade",
        ),
        ("total kills per post code", Aggregation(column="kills", func="sum"), "post_code"),
        ("average installs per story", Aggregation(column="installs", func="mean"), "story"),
    ],
)
def test_data_words_that_look_like_commands_are_read_as_data(
    files: dict[str, DatasetSchema], request_text: str, metric: Aggregation, group: str
) -> None:
    intent = _read(files, "games", request_text)
    assert (intent.metrics, intent.group_by) == ([metric], [group])


def test_a_value_that_is_a_command_word_filters_rows(files: dict[str, DatasetSchema]) -> None:
    intent = _read(files, "games", "how many rows have the format shell")
    assert [(f.column, f.value) for f in intent.filters] == [("format", "shell")]


@pytest.mark.parametrize(
    "request_text",
    [
        "delete every file in my home directory",
        "please run this shell command: ls",
        "sudo rm -rf /",
        "pip install requests and then count the rows",
        "kill the process 42",
        "open a terminal and list the files",
        "email me the results",
        "post the results on twitter",
        "format the hard drive",
        "write me a short poem about kills",
        "tell me a story about the players",
    ],
)
def test_real_commands_are_refused_as_final(files: dict[str, DatasetSchema], request_text: str) -> None:
    with pytest.raises(UnmappableRequestError) as caught:
        _read(files, "games", request_text)
    assert caught.value.final


@pytest.mark.parametrize(
    "request_text",
    [
        "average amount per region for shell orders",
        "total amount per post code",
        "count of orders by format",
        "average kills per player",
        "kill count by weapon",
        "number of installs per app",
        "install count per category",
        "average message length by channel",
        "count of students by letter grade",
        "average story points by team",
        "number of songs per artist",
        "flights per terminal",
        "average delay in the terminal",
        "number of posts per user",
        "total mail orders by region",
        "share of orders by region",
        "number of executions by state",
        "reboot count per device",
        "remove duplicates and count rows",
        "remove rows with missing values from the file",
        "format of the files per user",
        "sent emails per campaign",
        "number of poems by author",
        "run time by model",
        "open rate per campaign",
        "text length by category",
    ],
)
def test_the_command_patterns_do_not_match_data_words(request_text: str) -> None:
    assert refusal(request_text.lower()) is None
