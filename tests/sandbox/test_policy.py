"""Static policy: the first filter. Hostile static-evasion cases are rejected with the rule they break."""

from __future__ import annotations

import pytest

from mcpforge.sandbox.policy import PolicyReport, Violation, check_bytes, check_source

GOOD_TOOL = '''
from typing import Annotated, Literal

import json
import numpy as np
import pandas as pd
from pydantic import Field

from mcpforge.runtime import mcp, output_footer


@mcp.tool()
def group_and_count(
    file_path: Annotated[str, Field(description="Path to the CSV file")],
    group_by: Annotated[list[str], Field(description="Columns to group by")],
    order: Literal["asc", "desc"] = "desc",
) -> str:
    """Group rows and count them. Format hint: {column} names are kept."""
    df = pd.read_csv(file_path)
    counts = df.groupby(group_by).size().reset_index(name="count")
    counts = counts.sort_values("count", ascending=order == "asc")
    heavy = df.query("count > 1") if "count" in df.columns else df
    shape = getattr(counts, "shape")
    payload = json.loads(json.dumps({"rows": int(np.int64(len(heavy)))}))
    return f"{shape}\\n" + output_footer({"operation": "group_count", "result": payload})
'''


def rules(source: str) -> set[str]:
    return {v.rule for v in check_source(source)}


def test_a_well_formed_tool_passes() -> None:
    assert check_source(GOOD_TOOL) == []


EVASIONS = [
    pytest.param("import os\n", "import", id="import-os"),
    pytest.param("import subprocess as sp\n", "import", id="import-subprocess-alias"),
    pytest.param("from os import system\n", "import", id="from-os-import"),
    pytest.param("from . import helpers\n", "import", id="relative-import"),
    pytest.param("import importlib\n", "import", id="importlib"),
    pytest.param("from mcpforge.sandbox import get_sandbox\n", "import", id="mcpforge-internals"),
    pytest.param("import pandas.io.common\n", "module-attribute", id="import-submodule-to-os"),
    pytest.param("eval('1+1')\n", "forbidden-name", id="eval"),
    pytest.param("exec('x=1')\n", "forbidden-name", id="exec"),
    pytest.param("compile('1', 'f', 'eval')\n", "forbidden-name", id="compile"),
    pytest.param("__import__('os')\n", "forbidden-name", id="dunder-import"),
    pytest.param("globals()['x'] = 1\n", "forbidden-name", id="globals"),
    pytest.param("vars()\n", "forbidden-name", id="vars"),
    pytest.param("breakpoint()\n", "forbidden-name", id="breakpoint"),
    pytest.param("input()\n", "forbidden-name", id="input"),
    pytest.param("b = __builtins__\n", "forbidden-name", id="builtins-name"),
    pytest.param("f = eval\nf('1')\n", "forbidden-name", id="eval-alias"),
    pytest.param(
        "import pandas as pd\ngetattr(pd, 'read_' + 'pickle')\n", "dynamic-attribute", id="string-building"
    ),
    pytest.param(
        "import pandas as pd\nname = 'read_pickle'\ngetattr(pd, name)\n",
        "dynamic-attribute",
        id="getattr-variable",
    ),
    pytest.param(
        "getattr(getattr(object, '__subclasses__'), '__call__')\n", "dunder-attribute", id="getattr-chain"
    ),
    pytest.param("g = getattr\ng(object, 'x')\n", "dynamic-attribute", id="getattr-alias"),
    pytest.param(
        "import functools\nfunctools.reduce(getattr, ['a'], object)\n",
        "dynamic-attribute",
        id="getattr-as-value",
    ),
    pytest.param("setattr(obj, name, 1)\n", "dynamic-attribute", id="setattr-variable"),
    pytest.param("setattr(obj, '__class__', 1)\n", "dunder-attribute", id="setattr-dunder"),
    pytest.param("delattr(obj, '__dict__')\n", "dunder-attribute", id="delattr-dunder"),
    pytest.param("().__class__.__bases__[0].__subclasses__()\n", "dunder-attribute", id="subclass-walk"),
    pytest.param("(lambda: 0).__globals__\n", "dunder-attribute", id="function-globals"),
    pytest.param("import sys\n", "import", id="import-sys"),
    pytest.param(
        "def f():\n    yield 1\ng = f()\ng.gi_frame.f_back\n", "frame-attribute", id="generator-frame"
    ),
    pytest.param(
        "try:\n    1/0\nexcept Exception as e:\n    e.__traceback__.tb_frame\n",
        "dunder-attribute",
        id="traceback-frame",
    ),
    pytest.param("def f(e):\n    return e.tb_frame.f_globals\n", "frame-attribute", id="tb-frame"),
    pytest.param(
        "import pandas as pd\npd.io.common.os.system('id')\n", "module-attribute", id="module-traversal"
    ),
    pytest.param(
        "import numpy as np\nnp.core._multiarray_umath\n", "private-module-attribute", id="private-module"
    ),
    pytest.param("import pandas as pd\npd._libs\n", "private-module-attribute", id="pandas-private"),
    pytest.param("import pandas as pd\npd.read_pickle('x.pkl')\n", "pickle", id="read-pickle"),
    pytest.param("import pandas as pd\npd.DataFrame().to_pickle('x.pkl')\n", "pickle", id="to-pickle"),
    pytest.param("import pickle\n", "pickle", id="import-pickle"),
    pytest.param("import marshal\n", "pickle", id="import-marshal"),
    pytest.param("import shelve\n", "pickle", id="import-shelve"),
    pytest.param(
        "import numpy as np\nnp.load('x.npy', allow_pickle=True)\n", "pickle", id="np-load-allow-pickle"
    ),
    pytest.param("from pandas import read_pickle\n", "pickle", id="from-pandas-import-read-pickle"),
    pytest.param(
        "import pandas as pd\npd.set_option('plotting.backend', 'evil')\n", "pandas-escape", id="set-option"
    ),
    pytest.param(
        "import pandas as pd\nwith pd.option_context('a', 1):\n    pass\n",
        "pandas-escape",
        id="option-context",
    ),
    pytest.param("df.query('a > 1', engine='python')\n", "pandas-escape", id="query-engine"),
    pytest.param("df.query(user_text)\n", "pandas-escape", id="query-non-literal"),
    pytest.param("df.eval('a + b')\n", "pandas-escape", id="df-eval"),
    pytest.param("import pandas as pd\npd.eval('1+1')\n", "pandas-escape", id="pd-eval"),
    pytest.param("import pandas as pd\npd.read_clipboard()\n", "pandas-escape", id="read-clipboard"),
    pytest.param("import pandas as pd\npd.read_html('page.html')\n", "pandas-escape", id="read-html"),
    pytest.param(
        "import pandas as pd\npd.read_csv('x.csv', storage_options={'a': 1})\n",
        "pandas-escape",
        id="storage-options",
    ),
    pytest.param("import pandas as pd\npd.read_csv('https://example.com/a.csv')\n", "url", id="url-https"),
    pytest.param("import pandas as pd\npd.read_csv('s3://bucket/a.csv')\n", "url", id="url-s3"),
    pytest.param("import pandas as pd\npd.read_csv('file:///etc/passwd')\n", "url", id="url-file"),
    pytest.param(
        "import numpy as np\nnp.ctypeslib.load_library('libc', '.')\n", "numpy-escape", id="np-ctypeslib"
    ),
    pytest.param("import numpy as np\nnp.f2py.compile('x')\n", "numpy-escape", id="np-f2py"),
    pytest.param(
        "def f(x: \"__import__('os').system('id')\") -> None: ...\n",
        "string-annotation",
        id="string-annotation",
    ),
    pytest.param("def f(x: list['evil']) -> None: ...\n", "string-annotation", id="nested-string-annotation"),
    pytest.param("x: 'int' = 1\n", "string-annotation", id="string-variable-annotation"),
    pytest.param("from typing import get_type_hints\n", "string-annotation", id="get-type-hints-import"),
    pytest.param("import typing\ntyping.get_type_hints(f)\n", "string-annotation", id="get-type-hints-call"),
    pytest.param(
        "from pydantic import create_model\ncreate_model('M', x=('int', ...))\n",
        "string-annotation",
        id="create-model",
    ),
    pytest.param(
        "'{0.__class__.__init__.__globals__}'.format(1)\n", "format-dunder", id="format-string-walk"
    ),
    pytest.param("\uff45\uff56\uff41\uff4c('1')\n", "non-ascii-identifier", id="fullwidth-eval"),
    pytest.param("\uff45\uff58\uff45\uff43 = 1\n", "non-ascii-identifier", id="fullwidth-exec-assign"),
    pytest.param(
        "import pandas as pd\npd.\uff52ead_pickle('x')\n", "non-ascii-identifier", id="fullwidth-attribute"
    ),
    pytest.param("caf\u00e9 = 1\n", "non-ascii-identifier", id="accented-identifier"),
    pytest.param("# -*- coding: utf-7 -*-\nx = 1\n", "encoding", id="coding-cookie-utf7"),
    pytest.param(
        "#!/usr/bin/env python\n# vim: set fileencoding=latin-1 :\nx = 1\n",
        "encoding",
        id="coding-cookie-line-2",
    ),
    pytest.param("\ufeffx = 1\n", "encoding", id="byte-order-mark"),
    pytest.param("def f(:\n", "syntax", id="syntax-error"),
]


@pytest.mark.parametrize(("source", "rule"), EVASIONS)
def test_static_evasion_is_rejected_with_its_rule(source: str, rule: str) -> None:
    violations = check_source(source)
    assert rule in {v.rule for v in violations}, violations
    assert all(v.line >= 1 for v in violations)


def test_fullwidth_identifiers_are_caught_although_python_normalizes_them() -> None:
    source = "\uff45\uff56\uff41\uff4c('1')\n"
    import ast

    assert isinstance(ast.parse(source).body[0].value.func, ast.Name)  # type: ignore[attr-defined]
    assert ast.parse(source).body[0].value.func.id == "eval"  # type: ignore[attr-defined]
    assert [v.rule for v in check_source(source)] == ["forbidden-name", "non-ascii-identifier"]


def test_non_utf8_bytes_are_rejected_before_parsing() -> None:
    assert [v.rule for v in check_bytes(b"x = '\xff'\n")] == ["encoding"]
    assert [v.rule for v in check_bytes(b"# coding: latin-1\nx = 1\n")] == ["encoding"]


def test_non_ascii_text_in_strings_is_allowed() -> None:
    assert check_source("label = 'café ☕ 東京'\n") == []


def test_violations_name_line_column_and_rule() -> None:
    assert check_source("x = 1\ny = eval('2')\n") == [
        Violation(line=2, col=4, rule="forbidden-name", message="'eval' is not allowed")
    ]


def test_the_import_allowlist_is_configurable() -> None:
    assert rules("import os\n") == {"import"}
    assert check_source("import statistics\n", allowed_imports=["statistics"]) == []
    assert rules("import pandas\n") == set()
    assert {v.rule for v in check_source("import pandas\n", allowed_imports=["json"])} == {"import"}


def test_policy_report_is_ok_only_without_violations() -> None:
    assert PolicyReport.from_violations([]).model_dump() == {"ok": True, "violations": []}
    report = PolicyReport.from_violations(check_source("import os\n"))
    assert report.ok is False
    assert report.violations[0].model_dump() == {
        "line": 1,
        "col": 0,
        "rule": "import",
        "message": "import of 'os' is not in the allowlist",
    }
