"""Issue 16: scipy, statsmodels and scikit-learn are allowed imports; the pickle family stays refused."""

from __future__ import annotations

import pytest

from mcpforge.config import DEFAULT_ALLOWED_IMPORTS
from mcpforge.sandbox.policy import check_source


def test_scientific_libraries_are_on_the_default_allowlist() -> None:
    assert {"scipy", "statsmodels", "sklearn"} <= set(DEFAULT_ALLOWED_IMPORTS)
    source = (
        "from scipy import stats as scipy_stats\n"
        "import statsmodels.api as sm\n"
        "from sklearn.linear_model import LinearRegression\n"
        "from sklearn.model_selection import train_test_split\n"
    )
    assert check_source(source) == []


@pytest.mark.parametrize(
    "source", ["import joblib\n", "from sklearn.externals import joblib\n", "import scipy.io.matlab.pickle\n"]
)
def test_the_pickle_family_is_still_refused_under_the_scientific_libraries(source: str) -> None:
    assert {v.rule for v in check_source(source)} & {"pickle", "import"}
