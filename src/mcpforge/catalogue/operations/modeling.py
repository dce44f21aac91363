"""distribution_shape (skewness, kurtosis) and linear_regression (coefficients, R², RMSE, optional split).

Decisions: skewness and excess kurtosis are the bias-corrected sample estimates (pandas' ``skew``/``kurt``)
unless the request asks for population statistics (then the plain moment ratios, scipy's default);
regression drops rows missing the target or a feature, fits ordinary least squares with an intercept
(scikit-learn), and with a test share splits rows with scikit-learn's seeded shuffle, reporting R² and
RMSE on the test rows. The result is a two-column table statistic | value, one row per number. The
reference solves the normal equations with numpy and reproduces the seeded shuffle itself.
"""

from __future__ import annotations

import math
import statistics
from typing import TYPE_CHECKING, Any, ClassVar

from mcpforge.catalogue._template import code, tool_name_for
from mcpforge.catalogue.base import Operation, Param, ToolDocs, ToolPlan, require
from mcpforge.catalogue.operations._params import STR_LIST, bool_param, column_param, columns_param
from mcpforge.catalogue.reference.core import numbers
from mcpforge.catalogue.reference.missing import is_missing
from mcpforge.models import Intent

if TYPE_CHECKING:
    import pandas as pd

SHAPE_COLUMNS = ["column", "n", "mean", "std", "skewness", "kurtosis"]
REGRESSION_COLUMNS = ["statistic", "value"]


class DistributionShape(Operation):
    """Skewness and excess kurtosis of numeric columns."""

    name: ClassVar[str] = "distribution_shape"
    summary: ClassVar[str] = "Skewness and (excess) kurtosis of numeric columns, with mean and std."
    keywords: ClassVar[tuple[str, ...]] = ("skewness", "skew", "kurtosis")

    def arguments(self, intent: Intent) -> dict[str, Any]:
        return {"columns": list(intent.columns), "population": bool(intent.method.population)}

    def plan(self, intent: Intent) -> ToolPlan:
        require(bool(intent.columns), "distribution_shape needs numeric columns", "columns")
        args = self.arguments(intent)
        body = code("""
            _require_numeric(df, columns)
            rows = []
            nan = float("nan")
            for column in columns:
                x = df[column].dropna().to_numpy(dtype="float64")
                n = len(x)
                mean = float(x.mean()) if n else nan
                m2, m3, m4 = (float(((x - mean) ** k).mean()) if n else nan for k in (2, 3, 4))
                g1 = m3 / m2**1.5 if m2 > 0 else 0.0
                g2 = m4 / m2**2 - 3 if m2 > 0 else 0.0
                if population:
                    spread = float(x.std()) if n else nan
                    skewness, kurtosis = g1, g2
                else:  # the bias-corrected estimates pandas' skew() and kurt() return
                    spread = float(x.std(ddof=1)) if n > 1 else nan
                    skewness = g1 * float(np.sqrt(n * (n - 1))) / (n - 2) if n >= 3 else nan
                    kurtosis = ((n + 1) * g2 + 6) * (n - 1) / ((n - 2) * (n - 3)) if n >= 4 else nan
                skewness = skewness if n >= 3 else nan
                kurtosis = kurtosis if n >= 4 else nan
                rows.append([column, n, mean, spread, skewness, kurtosis])
            result = pd.DataFrame(rows, columns=["column", "n", "mean", "std", "skewness", "kurtosis"])
            title = f"Skewness and kurtosis of {', '.join(columns)}"
        """)
        kind = "population" if args["population"] else "sample (bias-corrected)"
        return ToolPlan(
            params=[
                columns_param("columns", args["columns"], "Numeric columns"),
                bool_param(
                    "population", args["population"], "Population moments instead of sample estimates"
                ),
            ],
            needed="[*columns]",
            body=body,
            empty_columns=repr(SHAPE_COLUMNS),
            docs=ToolDocs(
                description=f"Skewness and kurtosis of {', '.join(args['columns'])} ({kind}).",
                when_to_use="You need to know how asymmetric or heavy-tailed a numeric column's distribution "
                "is.",
                what_it_does="Loads the CSV, applies derived columns, preparation and filters, and computes "
                "the "
                f"{kind} skewness and excess kurtosis of each column, skipping missing values.",
                returns="A markdown table column | n | mean | std | skewness | kurtosis, notes, and a JSON "
                "footer with the table.",
            ),
            default_name=tool_name_for("skewness_kurtosis_of", *args["columns"][:3]),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return list(SHAPE_COLUMNS)

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        rows = []
        for column in arguments["columns"]:
            xs = numbers(df[column].tolist())
            n = len(xs)
            mean = statistics.fmean(xs) if n else math.nan
            m2, m3, m4 = (sum((x - mean) ** k for x in xs) / n if n else math.nan for k in (2, 3, 4))
            g1 = 0.0 if not m2 > 0 else m3 / m2**1.5
            g2 = 0.0 if not m2 > 0 else m4 / m2**2 - 3
            if arguments["population"]:
                spread = statistics.pstdev(xs) if n else math.nan
                skew, kurt = g1, g2
            else:
                spread = statistics.stdev(xs) if n > 1 else math.nan
                skew = g1 * math.sqrt(n * (n - 1)) / (n - 2) if n >= 3 else math.nan
                kurt = ((n + 1) * g2 + 6) * (n - 1) / ((n - 2) * (n - 3)) if n >= 4 else math.nan
            rows.append([column, n, mean, spread, skew if n >= 3 else math.nan, kurt if n >= 4 else math.nan])
        return pd.DataFrame(rows, columns=SHAPE_COLUMNS)


class LinearRegression(Operation):
    """Ordinary least squares of one target on one or more features."""

    name: ClassVar[str] = "linear_regression"
    summary: ClassVar[str] = (
        "Linear regression of a target on features: intercept, coefficients, R², RMSE; optional seeded "
        "train/test split."
    )
    keywords: ClassVar[tuple[str, ...]] = ("regression", "regress", "predict", "r-squared", "rmse")

    def arguments(self, intent: Intent) -> dict[str, Any]:
        options = intent.options
        share = options.get("test_size")
        return {
            "target": str(options.get("target") or (intent.columns[0] if intent.columns else "")),
            "features": [str(c) for c in options.get("features") or intent.columns[1:]],
            "test_size": None if share is None else float(share),
            "seed": int(options.get("seed", 42)),
            "report": [str(name) for name in options.get("report") or []],
        }

    def plan(self, intent: Intent) -> ToolPlan:
        args = self.arguments(intent)
        require(
            bool(args["target"]) and bool(args["features"]),
            "regression needs a target and features",
            "columns",
        )
        require(args["target"] not in args["features"], "the target cannot also be a feature", "columns")
        share = args["test_size"]
        require(share is None or 0 < share < 1, "test_size must lie in (0, 1)", "options")
        body = code("""
            _require_numeric(df, [target, *features])
            used = df[[target, *features]].dropna().astype("float64")
            names = ["intercept", *(f"coef_{name}" for name in features), "r2", "rmse", "n_train", "n_test"]
            x, y = used[features].to_numpy(), used[target].to_numpy()
            # scikit-learn's sizes (ceil for the test share), known before splitting: a split that would
            # leave too few rows is reported, not attempted (scikit-learn refuses an empty train set).
            n_test = len(y) if test_size is None else int(np.ceil(test_size * len(y)))
            n_train = len(y) if test_size is None else len(y) - n_test
            sizes = [float(n_train), float(n_test)]
            if n_train < len(features) + 2 or n_test < 2:
                notes.append(f"too few complete rows ({len(used)}) to fit {len(features)} feature(s)")
                numbers = [float("nan")] * (len(features) + 3) + sizes
            else:
                x_train, x_test, y_train, y_test = x, x, y, y
                if test_size is not None:
                    split = train_test_split(x, y, test_size=test_size, random_state=seed)
                    x_train, x_test, y_train, y_test = split
                model = SklearnLinearRegression().fit(x_train, y_train)
                residual = y_test - model.predict(x_test)
                r2 = 1 - float((residual**2).sum()) / float(((y_test - y_test.mean()) ** 2).sum())
                rmse = float(np.sqrt((residual**2).mean()))
                numbers = [float(model.intercept_), *(float(c) for c in model.coef_), r2, rmse, *sizes]
            result = pd.DataFrame({"statistic": names, "value": numbers})
            if report:  # the statistics the request asks for ("the slope"), in the table's order
                result = result[result["statistic"].isin(report)].reset_index(drop=True)
            title = f"Linear regression of {target} on {', '.join(features)}"
        """)
        split = "" if share is None else f", {share:g} of rows held out for testing (seed {args['seed']})"
        return ToolPlan(
            params=[
                column_param("target", args["target"], "Numeric column to predict"),
                columns_param("features", args["features"], "Numeric columns that predict it"),
                Param(
                    name="test_size",
                    annotation="float | None",
                    schema={"type": ["number", "null"]},
                    description="Share of rows held out for testing (null: fit and score on all rows)",
                    default=share,
                ),
                Param(
                    name="seed",
                    annotation="int",
                    schema={"type": "integer"},
                    description="Seed of the train/test shuffle",
                    default=args["seed"],
                ),
                Param(
                    name="report",
                    annotation="list[str]",
                    schema=STR_LIST,
                    description="The statistics to give (intercept, coef_<feature>, r2, rmse; empty: all)",
                    default=args["report"],
                ),
            ],
            needed="[target, *features]",
            body=body,
            empty_columns=repr(REGRESSION_COLUMNS),
            docs=ToolDocs(
                description=f"Linear regression of {args['target']} on {', '.join(args['features'])}{split}.",
                when_to_use="You need how a numeric column depends on others: coefficients and fit quality.",
                what_it_does="Loads the CSV, applies derived columns, preparation and filters, drops rows "
                "missing "
                "the target or a feature, fits ordinary least squares with an intercept (scikit-learn) and "
                "reports R² and RMSE (on the test rows when a share is held out).",
                returns="A markdown table statistic | value (intercept, coef_<feature>, r2, rmse, n_train, "
                "n_test), notes, and a JSON footer with the table.",
                limitations=["A linear fit; it says nothing of causation or of non-linear relationships."],
            ),
            default_name=tool_name_for("regression_of", args["target"], "on", *args["features"][:2]),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return list(REGRESSION_COLUMNS)

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import numpy as np
        import pandas as pd

        target, features = arguments["target"], list(arguments["features"])
        rows = [
            [float(row[c]) for c in [target, *features]]
            for row in df[[target, *features]].to_dict("records")
            if not any(is_missing(row[c]) for c in [target, *features])
        ]
        data = np.array(rows).reshape(len(rows), len(features) + 1)
        train, test = data, data
        if arguments.get("test_size") is not None:
            n = len(data)
            n_test = math.ceil(float(arguments["test_size"]) * n)
            order = np.random.RandomState(int(arguments["seed"])).permutation(n)
            test, train = data[order[:n_test]], data[order[n_test:]]
        names = ["intercept", *(f"coef_{f}" for f in features), "r2", "rmse", "n_train", "n_test"]
        report = list(arguments.get("report") or [])
        if len(train) < len(features) + 2 or len(test) < 2:
            nan = [math.nan] * (len(features) + 3)
            empty = pd.DataFrame({"statistic": names, "value": [*nan, float(len(train)), float(len(test))]})
            return empty[empty["statistic"].isin(report)].reset_index(drop=True) if report else empty
        design = np.column_stack([np.ones(len(train)), train[:, 1:]])
        beta = np.linalg.solve(design.T @ design, design.T @ train[:, 0])
        predicted = np.column_stack([np.ones(len(test)), test[:, 1:]]) @ beta
        errors = [float(a - b) for a, b in zip(test[:, 0], predicted, strict=True)]
        mean_y = statistics.fmean(test[:, 0].tolist())
        r2 = 1 - sum(e * e for e in errors) / sum((y - mean_y) ** 2 for y in test[:, 0].tolist())
        rmse = math.sqrt(sum(e * e for e in errors) / len(errors))
        values = [*(float(b) for b in beta), r2, rmse, float(len(train)), float(len(test))]
        result = pd.DataFrame({"statistic": names, "value": values})
        return result[result["statistic"].isin(report)].reset_index(drop=True) if report else result
