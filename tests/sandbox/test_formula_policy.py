"""The statsmodels formula API is refused by the static policy: patsy evaluates formula terms as Python.

Decision (issue 16): ban the formula API whole rather than allow "plain column arithmetic" formulas. A
formula is often built at run time (f-strings, column names read from the CSV header, the imputation
classes build them from the data), so a literal check would still have to refuse most uses, and names in
a formula resolve in the caller's frame (a module alias is as reachable as a column). The array API fits
the same models without evaluating any string.
"""

from __future__ import annotations

import os

import pytest

from mcpforge.sandbox.policy import check_source

FORMULA_USES = [
    pytest.param(
        "import statsmodels.formula.api as smf\nsmf.ols('y ~ x', data=df).fit()\n", id="import-formula-api"
    ),
    pytest.param("from statsmodels.formula.api import ols\n", id="from-formula-api-import"),
    pytest.param("from statsmodels import formula\n", id="from-statsmodels-import-formula"),
    pytest.param("from statsmodels.api import formula\n", id="from-api-import-formula"),
    pytest.param(
        "import statsmodels.api as sm\nsm.formula.ols('y ~ x', data=df)\n", id="sm-formula-attribute"
    ),
    pytest.param("import statsmodels.api as sm\nsm.OLS.from_formula('y ~ x', df)\n", id="from-formula"),
    pytest.param(
        "from statsmodels.regression.linear_model import OLS\nfit = OLS.from_formula\n",
        id="from-formula-alias",
    ),
    pytest.param("import statsmodels.api as sm\ngetattr(sm, 'formula')\n", id="getattr-formula"),
    pytest.param(
        "import statsmodels.api as sm\nsm.MixedLM(y, x, g, re_formula='1')\n", id="re-formula-keyword"
    ),
    pytest.param("import statsmodels.api as sm\nsm.MICEData(df)\n", id="mice-builds-formulas-from-headers"),
    pytest.param("from statsmodels.imputation import mice\n", id="imputation-module"),
    pytest.param("import patsy\npatsy.dmatrix('x', df)\n", id="patsy-itself"),
]


@pytest.mark.parametrize("source", FORMULA_USES)
def test_the_statsmodels_formula_api_is_refused_with_its_own_rule(source: str) -> None:
    assert "formula-api" in {v.rule for v in check_source(source)}


def test_the_formula_rule_message_says_why_and_what_to_use_instead() -> None:
    (violation,) = [
        v for v in check_source("from statsmodels.formula.api import ols\n") if v.rule == "formula-api"
    ]
    assert "patsy" in violation.message
    assert "sm.OLS(y, sm.add_constant(X))" in violation.message


def test_the_statsmodels_array_api_stays_allowed() -> None:
    source = (
        "import numpy as np\n"
        "import statsmodels.api as sm\n"
        "x = sm.add_constant(np.arange(10.0))\n"
        "fit = sm.OLS(np.arange(10.0) * 2, x).fit()\n"
        "table = fit.summary2().tables[1]\n"
        "test = fit.t_test('x1 = 0')\n"
        "print(fit.rsquared, fit.params, test.pvalue, fit.model.formula if False else None)\n"
    )
    assert check_source(source) == []


def test_a_formula_term_really_runs_python_which_is_why_the_api_is_banned() -> None:
    patsy = pytest.importorskip("patsy", reason="patsy comes with statsmodels")
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame({"x": [1.0, 2.0, 3.0]})
    matrix = patsy.dmatrix("I(__import__('os').getpid() + 0 * x)", frame, return_type="dataframe")
    assert set(matrix.iloc[:, 1]) == {float(os.getpid())}
