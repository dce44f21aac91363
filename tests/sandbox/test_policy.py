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


ALIASED_AND_HIDDEN = [
    # a module aliased through assignment, containers, attributes, walrus, parameters and returns
    pytest.param(
        "import pandas as pd\np = pd\np.io.common.os.system('x')\n", "module-attribute", id="assign"
    ),
    pytest.param("import pandas as pd\np = q = pd\nq.compat\n", "module-attribute", id="chained-assign"),
    pytest.param("import pandas as pd\n[pd][0].io.common\n", "module-attribute", id="list-subscript"),
    pytest.param("import pandas as pd\nt = (1, pd)\nt[1]._libs\n", "private-module-attribute", id="tuple"),
    pytest.param("import pandas as pd\nd = {'k': pd}\nd['k'].io\n", "module-attribute", id="dict"),
    pytest.param(
        "import pandas as pd\nd = {'k': pd}\nd.get('k').compat\n", "module-attribute", id="dict-get"
    ),
    pytest.param("import pandas as pd\nnext(iter([pd])).io\n", "module-attribute", id="next-iter"),
    pytest.param("import pandas as pd\n(q := pd).io\n", "module-attribute", id="walrus"),
    pytest.param(
        "import pandas as pd\nclass N: pass\nns = N()\nns.m = pd\nns.m.io\n", "module-attribute", id="attr"
    ),
    pytest.param(
        "import pandas as pd\nclass C:\n    m = pd\nC.m.io.common\n", "module-attribute", id="class-attr"
    ),
    pytest.param(
        "import pandas as pd\ndef f():\n    return pd\nf().io.common\n", "module-attribute", id="return"
    ),
    pytest.param("import pandas as pd\ng = lambda: pd\ng().io\n", "module-attribute", id="lambda"),
    pytest.param(
        "import numpy as np\nimport pandas as pd\na, b = np, pd\nb.io\n", "module-attribute", id="unpack"
    ),
    pytest.param("import pandas as pd\nfor m in [pd]:\n    m.io\n", "module-attribute", id="for-target"),
    pytest.param(
        "import pandas as pd\ndef f(m):\n    return m.io\nf(pd)\n", "module-attribute", id="parameter"
    ),
    pytest.param(
        "import pandas as pd\ndef f(m=pd):\n    return m.compat\n", "module-attribute", id="default"
    ),
    pytest.param(
        "import pandas as pd\nx = [pd]\ngetattr(x[0], 'io')\n", "module-attribute", id="getattr-alias"
    ),
    pytest.param(
        "import pandas as pd\np = pd if True else None\np._libs\n", "private-module-attribute", id="ifexp"
    ),
    pytest.param(
        "import pandas as pd\nbox = []\nbox.append(pd)\nbox[0].io\n", "module-attribute", id="append"
    ),
    pytest.param(
        "import pandas as pd\nd = {}\nd.update(m=pd)\nd['m']._libs\n", "private-module-attribute", id="update"
    ),
    pytest.param(
        "import pandas as pd\nclass N: pass\nn = N()\nsetattr(n, 'm', pd)\nn.m.io\n",
        "module-attribute",
        id="setattr",
    ),
    pytest.param(
        "import collections\nimport pandas as pd\ncollections.ChainMap({'k': pd})['k'].io\n",
        "module-attribute",
        id="chainmap",
    ),
    pytest.param("import pandas as pd\n[*[pd]][0].io\n", "module-attribute", id="starred"),
    # pydantic ImportString in every spelling
    pytest.param("from pydantic import ImportString\n", "import-string", id="importstring-from"),
    pytest.param(
        "import pydantic\nx: pydantic.ImportString = 'os'\n", "import-string", id="importstring-attr"
    ),
    pytest.param(
        "import pydantic as p\nT = p.types.ImportString\n", "import-string", id="importstring-types"
    ),
    pytest.param("from pydantic import ImportString as S\n", "import-string", id="importstring-as"),
    # allow_pickle by position, keyword, splat, alias, partial
    pytest.param("import numpy as np\nnp.load('x.npy', None, True)\n", "pickle", id="npload-positional"),
    pytest.param("import numpy as np\nnp.load('x.npy', 'r', 1)\n", "pickle", id="npload-positional-int"),
    pytest.param("import numpy as np\nnp.load('x.npy', allow_pickle=True)\n", "pickle", id="npload-keyword"),
    pytest.param(
        "import numpy as np\nkw = {'allow_pickle': True}\nnp.load('x', **kw)\n", "pickle", id="npload-splat"
    ),
    pytest.param(
        "import numpy as np\nargs = ('x', None, True)\nnp.load(*args)\n", "pickle", id="npload-star"
    ),
    pytest.param("import numpy as np\nL = np.load\nL('x', None, True)\n", "pickle", id="npload-alias"),
    pytest.param("from numpy import load\nload('x', 'r', True)\n", "pickle", id="npload-from-import"),
    pytest.param(
        "import functools\nimport numpy as np\nfunctools.partial(np.load, 'x', None, True)\n",
        "pickle",
        id="partial",
    ),
    pytest.param("import numpy as np\nnp.lib.format.read_array(f, True)\n", "pickle", id="read-array"),
    # pickle hooks defined
    pytest.param(
        "class A:\n    def __reduce__(self):\n        return (print, ())\n", "pickle", id="def-reduce"
    ),
    pytest.param(
        "class A:\n    def __reduce_ex__(self, p):\n        return (print, ())\n",
        "pickle",
        id="def-reduce-ex",
    ),
    pytest.param("class A:\n    def __getstate__(self):\n        return 1\n", "pickle", id="def-getstate"),
    pytest.param("class A:\n    def __setstate__(self, s):\n        pass\n", "pickle", id="def-setstate"),
    pytest.param(
        "class A:\n    def __getnewargs_ex__(self):\n        return (), {}\n", "pickle", id="def-getnewargs"
    ),
    pytest.param(
        "class A:\n    async def __reduce__(self):\n        return 1\n", "pickle", id="async-def-reduce"
    ),
    pytest.param(
        "class A:\n    __reduce__ = lambda self: (print, ())\n", "forbidden-name", id="assign-reduce"
    ),
    # query()/eval() whose literal expression calls out
    pytest.param("df.query('a > @x')\n", "pandas-escape", id="query-at-variable"),
    pytest.param("df.query('@pd.io.common.os.system(\"id\")')\n", "pandas-escape", id="query-at-call"),
    pytest.param("df.query('a.str.contains(\"x\")')\n", "pandas-escape", id="query-method-call"),
    pytest.param('df.query("`col`.apply(print)")\n', "pandas-escape", id="query-backtick-call"),
    pytest.param("df.query(expr='b == len(a)')\n", "pandas-escape", id="query-keyword-expr"),
    pytest.param("df.query('a.__class__ == 1')\n", "pandas-escape", id="query-dunder"),
    pytest.param("df.query('(lambda: 1)() == 1')\n", "pandas-escape", id="query-lambda"),
    pytest.param("df.eval('c = a.map(print)')\n", "pandas-escape", id="eval-call"),
]


@pytest.mark.parametrize(("source", "rule"), ALIASED_AND_HIDDEN)
def test_aliases_and_hidden_escapes_are_caught_with_their_rule(source: str, rule: str) -> None:
    assert rule in rules(source)


def test_plain_uses_of_the_same_names_still_pass() -> None:
    source = """
import json
import numpy as np
import pandas as pd

df = pd.DataFrame({"a b": [1, 2], "c": ["x", "y"]})
picked = df.query('`a b` > 1 and c == "x"')
also = df.query("c in ['x', 'y'] and not (`a b` < 0)")
arrays = np.load("x.npy"), np.load("x.npy", None, False), np.load("x.npy", "r")
frames = [pd.DataFrame(), pd.Series(dtype=float)]
first = frames[0].head()
config = json.load(open("c.json"))


class Row:
    def __init__(self, value: int) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"Row({self.value})"
"""
    assert check_source(source) == []
