"""Compiled callables without a Python signature (issue 26, class 2): the call form their docstring
documents is read (``name(a, b=1) -> float``, pybind11's annotated and numbered forms, pyswisseph's
``:Args: int year, float hour=12.0, int cal=GREG_CAL``), parsed with ``ast`` and never evaluated; a default
naming a module constant becomes its value. A compiled class whose ``__init__`` has no signature (a Python
class over a pybind11 base, ``mgrs.MGRS``) is built from the form its ``__init__`` documents, so its
methods are served. The end-to-end test compiles a small C extension (skipped without a C compiler)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import textwrap
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _service_runtime as rt
from mcpforge.convert._call_forms import call_form_params
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.select import select


def _compiled(name: str, doc: str, module: str = "") -> Any:
    return types.SimpleNamespace(__name__=name, __doc__=doc, __module__=module)


def _summary(params: list[dict[str, Any]] | None) -> list[tuple[str, str, Any]]:
    assert params is not None
    return [
        (
            p["name"],
            p["type"].get("text", ""),
            p["default"].get("value", p["default"].get("repr")) if p["default"]["present"] else "-",
        )
        for p in params
    ]


@pytest.fixture
def swe_like(monkeypatch: pytest.MonkeyPatch) -> str:
    module = types.ModuleType("swe_like")
    module.GREG_CAL = 1  # type: ignore[attr-defined]
    module.FLG_SWIEPH = 2  # type: ignore[attr-defined]
    module.FLG_SPEED = 256  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "swe_like", module)
    return "swe_like"


def test_typed_names_line_with_module_constants_as_defaults(swe_like: str) -> None:
    julday = _compiled(
        "julday",
        "Calculate a Julian day number.\n\n"
        ":Args: int year, int month, int day, float hour=12.0, int cal=GREG_CAL\n\n"
        " - year, month, day: the date\n - hour: the time of day, decimal with fraction\n\n:Return: float jd",
        swe_like,
    )
    params = call_form_params(julday)
    assert _summary(params) == [
        ("year", "int", "-"),
        ("month", "int", "-"),
        ("day", "int", "-"),
        ("hour", "float", 12.0),
        ("cal", "int", 1),
    ]
    assert params is not None and params[0]["doc"] == "the date"
    calc = _compiled(
        "calc_ut", ":Args: float tjdut, int or str body, seq geopos, int flags=FLG_SWIEPH|FLG_SPEED"
    )
    calc.__module__ = swe_like
    assert _summary(call_form_params(calc)) == [
        ("tjdut", "float", "-"),
        ("body", "int or str", "-"),
        ("geopos", "sequence", "-"),
        ("flags", "int", 258),
    ]
    assert call_form_params(_compiled("close", "Close files.\n\n:Args: --\n\n:Return: None")) == []


def test_cpython_and_pybind11_call_forms(swe_like: str) -> None:
    hypot = _compiled("hypot", "hypot(x, y, scale=1.0) -> float\n\nThe length.")
    assert _summary(call_form_params(hypot)) == [("x", "", "-"), ("y", "", "-"), ("scale", "float", 1.0)]
    split = _compiled("split", "split(a: int, b) -> (tuple)\n")
    assert _summary(call_form_params(split)) == [("a", "int", "-"), ("b", "", "-")]
    bracketed = _compiled("log", "log(x[, base])\n\nThe logarithm of x.")
    assert _summary(call_form_params(bracketed)) == [("x", "", "-"), ("base", "", "(optional)")]
    overloaded = _compiled(
        "toMGRS",
        "toMGRS(*args, **kwargs)\nOverloaded function.\n\n"
        "1. toMGRS(self: m.MGRS, latitude: typing.SupportsFloat | typing.SupportsIndex, "
        "kind: m.Kind = <Kind.A: 1>, cal: int = swe_like.GREG_CAL) -> str\n",
        swe_like,
    )
    assert _summary(call_form_params(overloaded)) == [
        ("latitude", "float", "-"),
        ("kind", "m.Kind", "..."),
        ("cal", "int", 1),
    ]
    # A subscripted annotation is a type, not an optional bracket.
    sequences = _compiled("multi", "multi(arg0: collections.abc.Sequence[str], arg1: str, /) -> list[float]")
    assert _summary(call_form_params(sequences)) == [
        ("arg0", "collections.abc.Sequence[str]", "-"),
        ("arg1", "str", "-"),
    ]
    # Cython's C-typed form is not Python's grammar: read piece by piece.
    typed = _compiled("grid", "grid(self, str name, int n=3, double step=<default>, /)\n")
    assert _summary(call_form_params(typed)) == [
        ("name", "str", "-"),
        ("n", "int", 3),
        ("step", "float", "..."),
    ]
    nanobind = _compiled(
        "eval_many", "eval_many(self, x: numpy.ndarray[dtype=float64, shape=(*)], n: int = 2)"
    )
    assert _summary(call_form_params(nanobind)) == [
        ("x", "numpy.ndarray[dtype=float64, shape=(*)]", "-"),
        ("n", "int", 2),
    ]
    # Nothing is evaluated: a call in a default stays text, not JSON.
    risky = _compiled("f", "f(a=__import__('os').getcwd())")
    params = call_form_params(risky)
    assert params is not None and params[0]["default"]["json"] is False


def test_an_unreadable_call_form_is_none() -> None:
    assert call_form_params(_compiled("julday", "Calculate a Julian day number.")) is None
    assert call_form_params(_compiled("julday", ":Args: the year and the month")) is None
    assert call_form_params(_compiled("julday", "julday(year, month")) is None


def test_a_class_is_built_from_its_compiled_init_form() -> None:
    init = types.SimpleNamespace(__doc__="__init__(self: mgrs._native.MGRS, precision: int = 5) -> None\n")
    cls = types.SimpleNamespace(
        __name__="MGRS", __doc__="Scalar conversions.", __module__="mgrs", __init__=init
    )
    assert _summary(call_form_params(cls, is_class=True)) == [("precision", "int", 5)]
    overloads = types.SimpleNamespace(
        __doc__="__init__(*args, **kwargs)\nOverloaded function.\n\n1. __init__(self: m.Grid) -> None\n"
        "2. __init__(self: m.Grid, precision: int) -> None\n"
    )
    cls.__init__ = overloads
    assert call_form_params(cls, is_class=True) == []
    assert call_form_params(cls) is None


_C_SOURCE = r"""
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *julday(PyObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"year", "month", "day", "hour", "cal", NULL};
    int y, m, d, cal = 1; double h = 12.0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iii|di", names, &y, &m, &d, &h, &cal)) return NULL;
    if (cal != 1) { PyErr_SetString(PyExc_ValueError, "cal must be GREG_CAL"); return NULL; }
    long a = (14 - m) / 12, yy = y + 4800 - a, mm = m + 12 * a - 3;
    long jdn = d + (153 * mm + 2) / 5 + 365 * yy + yy / 4 - yy / 100 + yy / 400 - 32045;
    return PyFloat_FromDouble((double)jdn + (h - 12.0) / 24.0);
}

static PyObject *undocumented(PyObject *self, PyObject *args) { Py_RETURN_NONE; }

static PyMethodDef functions[] = {
    {"julday", (PyCFunction)(void (*)(void))julday, METH_VARARGS | METH_KEYWORDS,
     "Calculate a Julian day number.\n\n"
     ":Args: int year, int month, int day, float hour=12.0, int cal=GREG_CAL\n\n"
     " - year, month, day: the date\n - hour: the time of day\n\n:Return: float jd"},
    {"undocumented", undocumented, METH_VARARGS, "Does something."},
    {NULL, NULL, 0, NULL}};

typedef struct { PyObject_HEAD int precision; } Grid;

static PyObject *grid_init(PyObject *self, PyObject *args) {
    int precision = 5;
    if (!PyArg_ParseTuple(args, "|i", &precision)) return NULL;
    ((Grid *)self)->precision = precision;
    Py_RETURN_NONE;
}

static PyObject *grid_scale(PyObject *self, PyObject *args) {
    double value;
    if (!PyArg_ParseTuple(args, "d", &value)) return NULL;
    return PyFloat_FromDouble(value * ((Grid *)self)->precision);
}

static PyMethodDef grid_methods[] = {
    {"__init__", grid_init, METH_VARARGS, "__init__(self: cgrid._native.Grid, precision: int = 5) -> None\n"},
    {"scale", grid_scale, METH_VARARGS,
     "scale(self: cgrid._native.Grid, value: typing.SupportsFloat | typing.SupportsIndex) -> float\n"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject GridType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cgrid._native.Grid",
    .tp_basicsize = sizeof(Grid),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_new = PyType_GenericNew,
    .tp_methods = grid_methods,
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "cgrid._native", NULL, -1, functions};

PyMODINIT_FUNC PyInit__native(void) {
    if (PyType_Ready(&GridType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&GridType);
    PyModule_AddObject(m, "Grid", (PyObject *)&GridType);
    PyModule_AddIntConstant(m, "GREG_CAL", 1);
    return m;
}
"""

_INIT = '''
"""Grid conversions over a compiled core (the shape of mgrs and pyswisseph)."""
from cgrid._native import GREG_CAL, julday, undocumented
from cgrid._native import Grid as _NativeGrid

__all__ = ["GREG_CAL", "Grid", "julday", "undocumented"]


class Grid(_NativeGrid):
    """Scalar conversions with a Python helper."""

    def halve(self, value: float) -> float:
        """Half of ``value``."""
        return value / 2
'''


@pytest.fixture
def cgrid(tmp_path: Path) -> Iterator[Path]:
    include = Path(sysconfig.get_paths()["include"])
    if shutil.which("gcc") is None or not (include / "Python.h").is_file():
        pytest.skip("a C compiler and Python's headers are needed to build the compiled fixture")
    package = tmp_path / "src" / "cgrid"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(_INIT).lstrip(), encoding="utf-8")
    source = tmp_path / "_native.c"
    source.write_text(_C_SOURCE, encoding="utf-8")
    target = package / f"_native{sysconfig.get_config_var('EXT_SUFFIX')}"
    subprocess.run(
        ["gcc", "-shared", "-fPIC", "-O0", f"-I{include}", str(source), "-o", str(target)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    sys.path.insert(0, str(package.parent))
    yield package
    sys.path.remove(str(package.parent))
    for name in [m for m in sys.modules if m == "cgrid" or m.startswith("cgrid.")]:
        del sys.modules[name]


def test_compiled_functions_and_classes_are_analysed_and_called(
    cgrid: Path, convert_config: MCPForgeConfig
) -> None:
    analysis = analyse(acquire(str(cgrid)), "cgrid", config=convert_config.sandbox)
    records = {c.public_path: c for c in analysis.callables}
    julday = records["cgrid.julday"]
    assert julday.error is None
    assert [(p.name, p.default.get("value")) for p in julday.params] == [
        ("year", None),
        ("month", None),
        ("day", None),
        ("hour", 12.0),
        ("cal", 1),
    ]
    # A compiled callable whose call form is nowhere stays skipped, and says why.
    assert "no call form" in (records["cgrid.undocumented"].error or "")
    grid = records["cgrid.Grid"]
    assert grid.error is None
    assert [p.name for p in grid.params] == ["precision"]
    assert {m.public_path.rsplit(".", 1)[-1] for m in grid.methods} >= {"scale", "halve"}

    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="cgrid").plans}
    service = {"library": "cgrid"}
    day = rt.call(plans["julday"].runtime_plan(), {"year": 2007, "month": 3, "day": 3}, service)
    assert day["result"] == 2454163.0
    # ``cal`` alone after the skipped ``hour``: the documented default fills the slot between.
    assert (
        rt.call(plans["julday"].runtime_plan(), {"year": 2007, "month": 3, "day": 3, "cal": 1}, service)[
            "result"
        ]
        == 2454163.0
    )
    made = rt.call(plans["Grid"].runtime_plan(), {"precision": 3}, service)["result"]
    scaled = rt.call(plans["Grid_scale"].runtime_plan(), {"handle": made["handle"], "value": 2.0}, service)
    assert scaled["result"] == 6.0
    halved = rt.call(plans["Grid_halve"].runtime_plan(), {"handle": made["handle"], "value": 3.0}, service)
    assert halved["result"] == 1.5
