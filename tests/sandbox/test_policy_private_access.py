"""Static policy, three classes of escape the hostile review found, each tried in several spellings.

1. Private attributes and foreign-function handles reached through any object (``arr.ctypes._ctypes``).
2. Strings where a type is expected, which typing and pydantic evaluate as Python.
3. Views over raw memory (``as_strided``, ``ndarray(buffer=, strides=)``, ``frombuffer``).

The last tests run the refused code in the sandbox, to show each refusal stops something real.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mcpforge.pipeline.modelgen.examples import EXAMPLES
from mcpforge.sandbox import Sandbox
from mcpforge.sandbox.policy import Violation, check_source

from ._support import run


def rules(source: str) -> set[str]:
    return {v.rule for v in check_source(source)}


PRIVATE_AND_FOREIGN = [
    pytest.param(
        "import numpy as np\napi = np.zeros(3).ctypes._ctypes.pythonapi\n",
        "private-attribute",
        id="review-case",
    ),
    pytest.param("import numpy as np\nc = np.zeros(3).ctypes\n", "raw-memory", id="ndarray-ctypes"),
    pytest.param(
        "import pandas as pd\nm = pd.DataFrame({'a': [1]})._mgr\n", "private-attribute", id="df-mgr"
    ),
    pytest.param(
        "import pandas as pd\nv = pd.Series([1])._values\n", "private-attribute", id="series-values"
    ),
    pytest.param("import pandas as pd\nd = pd.Index([1])._data\n", "private-attribute", id="index-data"),
    pytest.param("def f(x):\n    return x._libs\n", "private-attribute", id="parameter"),
    pytest.param(
        "class C:\n    def __init__(self):\n        self._cache = {}\n", "private-attribute", id="own-object"
    ),
    pytest.param(
        "import numpy as np\nx = getattr(np.zeros(1).ctypes, '_ctypes')\n", "private-attribute", id="getattr"
    ),
    pytest.param(
        "import numpy as np\nx = getattr(np.zeros(1), 'ctypes')\n", "raw-memory", id="getattr-ctypes"
    ),
    pytest.param("import numpy as np\nok = hasattr(np.zeros(1), '_x')\n", "private-attribute", id="hasattr"),
    pytest.param("import numpy as np\nsetattr(np.zeros(1), '_x', 1)\n", "private-attribute", id="setattr"),
    pytest.param(
        "import functools\nfunctools.reduce(getattr, ['ctypes', '_ctypes'], arr)\n",
        "dynamic-attribute",
        id="reduce-getattr",
    ),
    pytest.param("from operator import attrgetter\n", "dynamic-attribute", id="attrgetter-import"),
    pytest.param("f = lib.attrgetter('ctypes._ctypes')\n", "dynamic-attribute", id="attrgetter-attribute"),
    pytest.param("m = methodcaller('__reduce__')\n", "dynamic-attribute", id="methodcaller"),
    pytest.param("s = getattr_static(x, 'ctypes')\n", "dynamic-attribute", id="getattr-static"),
    pytest.param(
        "import numpy as np\ns = '{0.ctypes._ctypes}'.format(np.zeros(1))\n", "format-dunder", id="fmt"
    ),
    pytest.param("s = '{0._ctypes.pythonapi}'.format(c)\n", "format-dunder", id="format-private"),
    pytest.param("s = '{0[a].ctypes}'.format(d)\n", "format-dunder", id="format-ctypes"),
    pytest.param("import pandas as pd\npd.DataFrame().agg('_mgr')\n", "private-attribute", id="agg-string"),
    pytest.param(
        "import pandas as pd\npd.DataFrame().agg({'a': '_values'})\n", "private-attribute", id="agg-dict"
    ),
    pytest.param(
        "import pandas as pd\npd.Series([1]).apply('__getattribute__', args=('x',))\n",
        "private-attribute",
        id="apply-dunder-string",
    ),
    pytest.param("df.query('a.values.ctypes > 0')\n", "pandas-escape", id="query-ctypes"),
    pytest.param("df.query('a._values > 0')\n", "pandas-escape", id="query-private"),
    pytest.param(
        "from pydantic import BaseModel, ConfigDict\nclass M(BaseModel):\n"
        "    model_config = ConfigDict(from_attributes=True)\n",
        "dynamic-attribute",
        id="pydantic-from-attributes",
    ),
    pytest.param("m = M.model_validate(o, from_attributes=True)\n", "dynamic-attribute", id="validate-attrs"),
    pytest.param(
        "class M(BaseModel, from_attributes=True):\n    x: int\n", "dynamic-attribute", id="class-kw"
    ),
    pytest.param("class M(BaseModel):\n    model_config = {k: True}\n", "dynamic-attribute", id="config-key"),
    pytest.param("x = o.cdll.LoadLibrary('libc.so.6')\n", "raw-memory", id="cdll"),
    pytest.param("x = o.CDLL(None).system\n", "raw-memory", id="CDLL"),
    pytest.param("x = o.pythonapi.PyRun_SimpleString\n", "raw-memory", id="pythonapi"),
    pytest.param("x = o.dlopen('libc.so.6')\n", "raw-memory", id="dlopen"),
    pytest.param("import numpy as np\ng = np.random.PCG64().cffi\n", "raw-memory", id="bitgen-cffi"),
    pytest.param("import scipy\nf = scipy.LowLevelCallable(p)\n", "raw-memory", id="low-level-callable"),
    pytest.param(
        "import numpy as np\nlib = np.ctypeslib.load_library('c', '.')\n", "numpy-escape", id="ctypeslib"
    ),
    pytest.param("from pydantic.v1 import PyObject\n", "import-string", id="v1-pyobject"),
]


@pytest.mark.parametrize(("source", "rule"), PRIVATE_AND_FOREIGN)
def test_private_and_foreign_function_attributes_are_refused_on_any_object(source: str, rule: str) -> None:
    assert rule in rules(source)


STRINGS_AS_TYPES = [
    pytest.param(
        "from dataclasses import make_dataclass\nC = make_dataclass('C', [('a', 'os.getpid()')])\n",
        "string-annotation",
        id="review-case",
    ),
    pytest.param(
        "import dataclasses\nmk = dataclasses.make_dataclass\n", "string-annotation", id="factory-value"
    ),
    pytest.param(
        "from typing import NamedTuple\nN = NamedTuple('N', [('a', 'os.getpid()')])\n",
        "string-annotation",
        id="namedtuple-literal",
    ),
    pytest.param(
        "from typing import NamedTuple\nt = 'os' + '.getpid()'\nN = NamedTuple('N', [('a', t)])\n",
        "string-annotation",
        id="namedtuple-computed",
    ),
    pytest.param(
        "from typing import TypedDict\nT = TypedDict('T', {'a': 'os.getpid()'})\n",
        "string-annotation",
        id="typeddict",
    ),
    pytest.param(
        "from typing import TypeVar\nT = TypeVar('T', bound='os.getpid()')\n",
        "string-annotation",
        id="typevar-bound",
    ),
    pytest.param(
        "from typing import NewType\nN = NewType('N', 'os.getpid()')\n", "string-annotation", id="newtype"
    ),
    pytest.param("import typing\nr = typing.ForwardRef(s)\n", "string-annotation", id="forwardref"),
    pytest.param("from pydantic import TypeAdapter\nTypeAdapter(C)\n", "string-annotation", id="typeadapter"),
    pytest.param(
        "import pydantic\npydantic.create_model('M', a=(t, 1))\n", "string-annotation", id="create-model"
    ),
    pytest.param(
        "import typing\nh = typing.get_type_hints\n", "string-annotation", id="get-type-hints-value"
    ),
    pytest.param("import typing\ntyping._eval_type(x, {}, {})\n", "private-module-attribute", id="eval-type"),
    pytest.param(
        "from pydantic import BaseModel\nT = 'os.getpid()'\nclass M(BaseModel):\n    x: T\n",
        "string-annotation",
        id="annotation-name-holds-string",
    ),
    pytest.param(
        "from pydantic import BaseModel\nT = ''.join(['os', '.x'])\nclass M(BaseModel):\n    x: set[T]\n",
        "string-annotation",
        id="annotation-name-holds-computed-string",
    ),
    pytest.param(
        "from __future__ import annotations\nfrom pydantic import BaseModel\n"
        "class M(BaseModel):\n    x: int\nint = 'os.getpid()'\n",
        "string-annotation",
        id="future-annotations-rebound-builtin",
    ),
    pytest.param(
        "from pydantic import BaseModel\nclass C:\n    T = 'os.getpid()'\nclass M(BaseModel):\n    x: C.T\n",
        "string-annotation",
        id="annotation-attribute-holds-string",
    ),
    pytest.param(
        "def f(x) -> None:\n    def g(y: x) -> None: ...\n", "string-annotation", id="annotation-parameter"
    ),
    pytest.param(
        "from pydantic import BaseModel\nclass M(BaseModel):\n    x: ''.join(['a'])\n",
        "string-annotation",
        id="annotation-call",
    ),
    pytest.param("class M:\n    x: (lambda: 'a')()\n", "string-annotation", id="annotation-lambda"),
    pytest.param("class M:\n    x: f'{1}'\n", "string-annotation", id="annotation-fstring"),
    pytest.param(
        "from pydantic import validate_call\n@validate_call\ndef f(x: 'os.getpid()') -> None: ...\n",
        "string-annotation",
        id="validate-call",
    ),
    pytest.param(
        "from typing import List\nT = List['os.getpid()']\n", "string-annotation", id="generic-value"
    ),
    pytest.param(
        "from pydantic import RootModel\nR = RootModel['os.getpid()']\n", "string-annotation", id="rootmodel"
    ),
    pytest.param(
        "from typing import List as Literal\ndef f(x: Literal['os.getpid()']) -> None: ...\n",
        "string-annotation",
        id="fake-literal-import",
    ),
    pytest.param(
        "from typing import Literal\nLiteral = list\ndef f(x: Literal['os.getpid()']) -> None: ...\n",
        "string-annotation",
        id="literal-rebound",
    ),
    pytest.param(
        "from typing import Annotated\ndef f(x: Annotated['os.getpid()', 1]) -> None: ...\n",
        "string-annotation",
        id="annotated-first-argument",
    ),
    pytest.param(
        "from pydantic import BaseModel\nM = type('M', (BaseModel,), {'__annotations__': {'x': s}})\n",
        "dynamic-class",
        id="type-three-arguments",
    ),
    pytest.param("meta = type(B)\nM = meta('M', (B,), ns)\n", "dynamic-class", id="metaclass-alias"),
    pytest.param("M = type(B)('M', (B,), ns)\n", "dynamic-class", id="metaclass-call"),
    pytest.param("import typing\nM = typing.ABCMeta('M', (B,), ns)\n", "dynamic-class", id="abcmeta"),
    pytest.param("from pydantic.main import ModelMetaclass\n", "dynamic-class", id="model-metaclass"),
    pytest.param(
        "import functools\nmk = functools.partial(type, 'M')\n", "dynamic-class", id="type-as-value"
    ),
]


@pytest.mark.parametrize(("source", "rule"), STRINGS_AS_TYPES)
def test_strings_where_a_type_is_expected_are_refused(source: str, rule: str) -> None:
    assert rule in rules(source)


RAW_MEMORY_VIEWS = [
    pytest.param(
        "import numpy as np\nv = np.lib.stride_tricks.as_strided(a, shape=(9,), strides=(1,))\n",
        "raw-memory",
        id="review-case",
    ),
    pytest.param("from numpy.lib.stride_tricks import as_strided\n", "raw-memory", id="from-import"),
    pytest.param("from numpy.lib import stride_tricks\n", "raw-memory", id="module-import"),
    pytest.param("import numpy.lib.stride_tricks as st\n", "raw-memory", id="import-as"),
    pytest.param(
        "import numpy as np\nv = np.ndarray((4,), np.uint8, b, 0, (1,))\n", "raw-memory", id="positional"
    ),
    pytest.param(
        "import numpy as np\nv = np.ndarray((4,), dtype=np.uint8, buffer=b, offset=10**9)\n",
        "raw-memory",
        id="ndarray-buffer",
    ),
    pytest.param("import numpy as np\nv = np.ndarray((4,), np.uint8, offset=8)\n", "raw-memory", id="offset"),
    pytest.param("import numpy as np\nA = np.ndarray\nv = A((4,), np.uint8, b)\n", "raw-memory", id="alias"),
    pytest.param("import numpy as np\nv = np.ndarray((4,), **kw)\n", "raw-memory", id="splat"),
    pytest.param("import numpy as np\nv = np.frombuffer(b, dtype=np.uint8)\n", "raw-memory", id="frombuffer"),
    pytest.param("from numpy import frombuffer\n", "raw-memory", id="frombuffer-import"),
    pytest.param(
        "import numpy as np\nv = np.ctypeslib.as_array(p, shape=(4,))\n", "numpy-escape", id="as-array"
    ),
    pytest.param("x = c.string_at(1234, 8)\n", "raw-memory", id="string-at"),
    pytest.param("x = c.memmove(dst, src, 8)\n", "raw-memory", id="memmove"),
    pytest.param("x = pa.foreign_buffer(1234, 8)\n", "raw-memory", id="arrow-foreign-buffer"),
    pytest.param("a.resize((10**6,), refcheck=False)\n", "raw-memory", id="resize-without-refcheck"),
    pytest.param(
        "class V:\n    @property\n    def __array_interface__(self):\n        return {}\n",
        "raw-memory",
        id="define-array-interface",
    ),
    pytest.param("i = a.__array_interface__\n", "raw-memory", id="read-array-interface"),
    pytest.param("d = dict(__array_interface__={'data': (0, False)})\n", "raw-memory", id="keyword"),
    pytest.param("d = {'__array_interface__': {'data': (0, False)}}\n", "raw-memory", id="dict-key"),
]


@pytest.mark.parametrize(("source", "rule"), RAW_MEMORY_VIEWS)
def test_views_over_raw_memory_are_refused(source: str, rule: str) -> None:
    assert rule in rules(source)


def test_a_refusal_names_line_column_and_rule() -> None:
    source = "import numpy as np\n\narr = np.zeros(2)\napi = arr.ctypes._ctypes\n"
    assert [v for v in check_source(source) if v.line == 4] == [
        Violation(
            line=4,
            col=6,
            rule="private-attribute",
            message="private attribute '_ctypes' is not allowed on any object",
        ),
        Violation(
            line=4, col=6, rule="raw-memory", message="'ctypes' gives foreign-function or raw-address access"
        ),
    ]


LEGITIMATE = """
from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass
from typing import Annotated, Any, Literal, NamedTuple, Optional, TypeVar, cast

import numpy as np
import pandas as pd
from pydantic import BaseModel, ConfigDict, Field

Number = int | float
Rows = list[dict[str, Any]]
T = TypeVar("T", bound=BaseModel)
Point = namedtuple("Point", ["x", "y"])


class Pair(NamedTuple):
    left: int
    right: Optional[str] = None


class Summary(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(description="The column name")]
    kind: Literal["numeric", "text"] = "numeric"
    values: Rows = Field(default_factory=list)


@dataclass(frozen=True)
class Box:
    data: np.ndarray
    scale: Number = 1


def compute(df: pd.DataFrame, metric: Literal["sum", "mean"] = "sum") -> pd.DataFrame:
    rows = [row._asdict() for row in df.itertuples(index=False)]
    p = Point(1, 2)._replace(x=3)
    grouped = df.groupby("_group")["_value"].agg(metric)
    total = df.agg("sum")
    kind = type(df).__name__
    arr = np.zeros((2, 2))
    facts = arr.strides, arr.shape, arr.nbytes, isinstance(arr, np.ndarray), isinstance(kind, type)
    later = df.resample("D", offset="2h").sum() if isinstance(df.index, pd.DatetimeIndex) else df
    names = cast(list[str], list(df.columns))
    text = "{0} has {1.real} rows".format(kind, len(rows))
    return pd.DataFrame({"a": [grouped, total, facts, later, names, text, p, Point._fields, Box(arr)]})
"""


def test_ordinary_tool_code_near_these_names_still_passes() -> None:
    assert check_source(LEGITIMATE) == []


def test_the_model_written_examples_still_pass() -> None:
    assert {example.question: check_source(example.code) for example in EXAMPLES} == {
        example.question: [] for example in EXAMPLES
    }


# --- what the refused code would have done: run it in the sandbox ---------------------------------------
def test_ctypes_through_a_numpy_array_is_refused_and_would_reach_ctypes_yet_stays_contained(
    bwrap: Sandbox, host_canary: Path
) -> None:
    script = f"""
import numpy as np
ct = np.zeros(1).ctypes._ctypes
libc = ct.CDLL(None)
print(type(ct.pythonapi).__name__, libc.open({str(host_canary).encode()!r}, 0))
"""
    assert {"private-attribute", "raw-memory"} <= rules(script)
    result = run(bwrap, script)
    assert result.stdout == "PyDLL -1\n", result.stderr


PAYLOAD = "print('EVALUATED') or int"
EVALUATING = [
    pytest.param(
        f"import dataclasses\nfrom pydantic import TypeAdapter\n"
        f"C = dataclasses.make_dataclass('C', [('a', {PAYLOAD!r})])\nTypeAdapter(C)\n",
        id="make-dataclass",
    ),
    pytest.param(
        f"from pydantic import BaseModel\nT = {PAYLOAD!r}\nclass M(BaseModel):\n    x: T\n",
        id="model-field-named-string",
    ),
    pytest.param(
        f"from typing import NamedTuple\nfrom pydantic import BaseModel\n"
        f"N = NamedTuple('N', [('a', {PAYLOAD!r})])\nclass M(BaseModel):\n    x: N\n",
        id="functional-namedtuple",
    ),
]


@pytest.mark.parametrize("script", EVALUATING)
def test_refused_string_types_are_really_evaluated_by_pydantic(bwrap: Sandbox, script: str) -> None:
    assert "string-annotation" in rules(script)
    result = run(bwrap, script)
    assert result.stdout == "EVALUATED\n", result.stderr


def test_refused_as_strided_really_reads_memory_the_array_does_not_own(bwrap: Sandbox) -> None:
    script = (
        "import numpy as np\nfrom numpy.lib.stride_tricks import as_strided\n"
        "a = np.zeros(8, dtype=np.uint8)\nv = as_strided(a, shape=(4096,), strides=(1,))\n"
        "print(a.nbytes, len(bytes(v)))\n"
    )
    assert "raw-memory" in rules(script)
    assert run(bwrap, script).stdout == "8 4096\n"
