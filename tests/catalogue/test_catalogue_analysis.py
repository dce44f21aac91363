"""Issue 16: the statistics templates and preparation steps, run in the sandbox, against scipy / pandas /
scikit-learn computed here directly and against each operation's reference implementation.

Every parameterized tool is rendered once and called with several arguments in one sandboxed process.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from sklearn.linear_model import LinearRegression
from sklearn.model_selection import train_test_split

from mcpforge.catalogue import RenderedTool, frame_to_table, get_operation, tables_match
from mcpforge.models import Aggregation, AnalysisMethod, Intent, PreparationStep
from mcpforge.sandbox import ToolCallOutcome

RunBatch = Callable[[RenderedTool, Sequence[dict[str, Any]]], list[ToolCallOutcome]]


@pytest.fixture
def survey(data_dir: Path) -> Path:
    """120 seeded rows: two numeric columns with gaps, a yes/no column, a three-valued group, duplicates."""
    rng = np.random.default_rng(16)
    n = 120
    x = rng.normal(50, 10, n).round(2)
    frame = pd.DataFrame({
        "group": rng.choice(["a", "b", "c"], n), "member": rng.choice(["yes", "no"], n),
        "x": x, "y": (0.5 * x + rng.normal(0, 5, n)).round(2), "z": rng.gamma(2, 3, n).round(2),
    })  # fmt: skip
    frame.loc[[3, 17, 40], "x"] = np.nan
    frame.loc[[5, 60], "y"] = np.nan
    frame = pd.concat([frame, frame.iloc[:6]], ignore_index=True)
    path = data_dir / "survey.csv"
    frame.to_csv(path, index=False)
    return path


def _results(
    run_batch: RunBatch, rendered: RenderedTool, path: Path, calls: list[dict[str, Any]]
) -> list[Any]:
    outcomes = run_batch(rendered, [{**rendered.arguments, **call, "file_path": str(path)} for call in calls])
    for outcome in outcomes:
        assert outcome.ok, (outcome.error_type, outcome.error)
    return [outcome.structured for outcome in outcomes]


def _matches_reference(
    name: str, structured: Any, arguments: dict[str, Any], load: Callable[[Path], pd.DataFrame], path: Path
) -> None:
    expected = frame_to_table(get_operation(name).reference(load(path), arguments))
    assert tables_match(structured["result"], expected), (structured["result"], expected)


def test_every_statistical_test_matches_scipy_and_its_reference(
    run_batch: RunBatch, survey: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    rendered = get_operation("statistical_test").render(
        Intent(request="t", operation="statistical_test", columns=["x", "y"], options={"test": "pearson"})
    )
    df = pd.read_csv(survey)
    x, pair = df["x"].dropna(), df[["x", "y"]].dropna()
    by_member = [df.loc[df["member"] == v, "x"].dropna() for v in ("yes", "no")]
    calls: list[tuple[dict[str, Any], tuple[float, float]]] = [
        ({"test": "shapiro", "columns": ["x"]}, stats.shapiro(x)),
        ({"test": "dagostino", "columns": ["z"]}, stats.normaltest(df["z"])),
        ({"test": "ttest_1samp", "columns": ["x"], "value": 48.0}, stats.ttest_1samp(x, 48.0)),
        ({"test": "ttest_ind", "columns": ["x"], "group_column": "member", "groups": ["yes", "no"]},
         stats.ttest_ind(*by_member)),
        ({"test": "welch_ttest", "columns": ["x"], "group_column": "member", "groups": ["yes", "no"]},
         stats.ttest_ind(*by_member, equal_var=False)),
        ({"test": "mannwhitney", "columns": ["x"], "group_column": "member", "groups": ["yes", "no"]},
         stats.mannwhitneyu(*by_member, alternative="two-sided")),
        ({"test": "ttest_rel", "columns": ["x", "y"]}, stats.ttest_rel(pair["x"], pair["y"])),
        ({"test": "chi2", "columns": ["group", "member"]},
         stats.chi2_contingency(pd.crosstab(df["group"], df["member"]).to_numpy())[:2]),
        ({"test": "anova", "columns": ["x"], "group_column": "group"},
         stats.f_oneway(*[g["x"].dropna() for _, g in df.groupby("group")])),
        ({"test": "pearson", "columns": ["x", "y"]}, stats.pearsonr(pair["x"], pair["y"])),
        ({"test": "spearman", "columns": ["x", "y"]}, stats.spearmanr(pair["x"], pair["y"])),
        ({"test": "kendall", "columns": ["x", "y"]}, stats.kendalltau(pair["x"], pair["y"])),
    ]  # fmt: skip
    structured = _results(run_batch, rendered, survey, [call for call, _ in calls])
    for (call, expected), result in zip(calls, structured, strict=True):
        row = dict(zip(result["result"]["columns"], result["result"]["rows"][0], strict=True))
        assert row["statistic"] == pytest.approx(float(expected[0]), rel=1e-9), call
        assert row["p_value"] == pytest.approx(float(expected[1]), rel=1e-7), call
        assert row["significant"] == (row["p_value"] < 0.05)
        _matches_reference("statistical_test", result, {**rendered.arguments, **call}, load, survey)


def test_a_test_decision_is_said_in_words_at_the_requested_level(run_batch: RunBatch, survey: Path) -> None:
    intent = Intent(
        request="t", operation="statistical_test", columns=["x", "y"], options={"test": "pearson"},
        method=AnalysisMethod(significance=0.01),
    )  # fmt: skip
    rendered = get_operation("statistical_test").render(intent)
    assert rendered.arguments["alpha"] == 0.01
    (result,) = _results(run_batch, rendered, survey, [{}])
    conclusion = result["result"]["rows"][0][-1]
    assert conclusion.startswith("significant at 0.01 (p = ")


def test_skewness_kurtosis_and_regression_match_pandas_and_scikit_learn(
    run_batch: RunBatch, survey: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    df = pd.read_csv(survey)
    shape = get_operation("distribution_shape").render(
        Intent(request="t", operation="distribution_shape", columns=["x", "z"])
    )
    sample, population = _results(run_batch, shape, survey, [{}, {"population": True}])
    rows = {row[0]: row for row in sample["result"]["rows"]}
    assert rows["x"][4] == pytest.approx(df["x"].skew()) and rows["x"][5] == pytest.approx(df["x"].kurt())
    assert population["result"]["rows"][1][4] == pytest.approx(stats.skew(df["z"]))
    assert population["result"]["rows"][1][5] == pytest.approx(stats.kurtosis(df["z"]))
    for result, call in ((sample, {}), (population, {"population": True})):
        _matches_reference("distribution_shape", result, {**shape.arguments, **call}, load, survey)
    regression = get_operation("linear_regression").render(
        Intent(request="t", operation="linear_regression", columns=["y", "x", "z"])
    )
    whole, split = _results(run_batch, regression, survey, [{}, {"test_size": 0.25, "seed": 7}])
    used = df[["y", "x", "z"]].dropna()
    model = LinearRegression().fit(used[["x", "z"]], used["y"])
    values = dict(whole["result"]["rows"])
    assert values["coef_x"] == pytest.approx(model.coef_[0]) and values["intercept"] == pytest.approx(
        model.intercept_
    )
    assert values["r2"] == pytest.approx(model.score(used[["x", "z"]], used["y"]))
    xa, xb, ya, yb = train_test_split(used[["x", "z"]], used["y"], test_size=0.25, random_state=7)
    held = LinearRegression().fit(xa, ya)
    rmse = float(np.sqrt(((yb - held.predict(xb)) ** 2).mean()))
    assert dict(split["result"]["rows"])["rmse"] == pytest.approx(rmse)
    assert dict(split["result"]["rows"])["n_test"] == len(yb)
    for result, call in ((whole, {}), (split, {"test_size": 0.25, "seed": 7})):
        _matches_reference("linear_regression", result, {**regression.arguments, **call}, load, survey)


def test_preparation_steps_run_in_order_before_the_analysis_and_match_the_reference(
    run_batch: RunBatch, survey: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    steps = [PreparationStep(kind="fill_missing", columns=["x"], strategy="median")]
    intent = Intent(request="t", operation="group_aggregate", group_by=["group"],
                    metrics=[Aggregation(column="x", func="mean")], preparation=steps,
                    method=AnalysisMethod(round_digits=2))  # fmt: skip
    rendered = get_operation("group_aggregate").render(intent)
    assert rendered.arguments["round_digits"] == 2
    variants: list[list[dict[str, Any]]] = [
        [s.model_dump(mode="json", exclude_none=True) for s in steps],
        [{"kind": "drop_missing", "columns": ["x"]}, {"kind": "deduplicate"}],
        [{"kind": "fill_missing", "columns": ["x"], "strategy": "value", "value": 0}],
        [{"kind": "normalize", "columns": ["x"], "strategy": "minmax"}],
        [
            {"kind": "drop_missing", "columns": ["x"]},
            {"kind": "normalize", "columns": ["x"], "strategy": "zscore"},
        ],
    ]
    results = _results(run_batch, rendered, survey, [{"preparation": v} for v in variants])
    df = pd.read_csv(survey)
    filled = df.assign(x=df["x"].fillna(df["x"].median())).groupby("group")["x"].mean().round(2)
    assert [row[1] for row in results[0]["result"]["rows"]] == pytest.approx(
        [filled[row[0]] for row in results[0]["result"]["rows"]]
    )
    assert results[1]["rows_matched"] == len(df.dropna(subset=["x"]).drop_duplicates())
    for result, variant in zip(results, variants, strict=True):
        _matches_reference(
            "group_aggregate", result, {**rendered.arguments, "preparation": variant}, load, survey
        )


def test_binned_columns_group_like_pandas_cut_and_qcut(
    run_batch: RunBatch, survey: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    step = PreparationStep(kind="bin", columns=["z"], bins=4, strategy="quantile")
    intent = Intent(request="t", operation="group_count", group_by=["z_bin"], preparation=[step])
    rendered = get_operation("group_count").render(intent)
    width = [{"kind": "bin", "columns": ["z"], "bins": 3, "strategy": "width"}]
    quantiles, widths = _results(run_batch, rendered, survey, [{}, {"preparation": width}])
    df = pd.read_csv(survey)
    expected_q = (pd.qcut(df["z"], 4, labels=False) + 1).value_counts().sort_index()
    assert {row[0]: row[1] for row in quantiles["result"]["rows"]} == expected_q.to_dict()
    expected_w = (pd.cut(df["z"], 3, labels=False) + 1).value_counts().sort_index()
    assert {row[0]: row[1] for row in widths["result"]["rows"]} == expected_w.to_dict()
    for result, call in ((quantiles, {}), (widths, {"preparation": width})):
        _matches_reference("group_count", result, {**rendered.arguments, **call}, load, survey)


def test_population_standard_deviation_matches_numpy_and_the_reference(
    run_batch: RunBatch, survey: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    metrics = [Aggregation(column="x", func="pstd"), Aggregation(column="x", func="std")]
    rendered = get_operation("group_aggregate").render(
        Intent(request="t", operation="group_aggregate", group_by=["group"], metrics=metrics)
    )
    (result,) = _results(run_batch, rendered, survey, [{}])
    df = pd.read_csv(survey)
    for key, pstd, std in result["result"]["rows"]:
        values = df.loc[df["group"] == key, "x"].dropna()
        assert pstd == pytest.approx(float(np.std(values))) and std == pytest.approx(values.std())
    _matches_reference("group_aggregate", result, rendered.arguments, load, survey)
