"""A C function with no ``__text_signature__`` and a docstring that documents no call form, whose
package ships a type stub (PEP 561), the shape of ``ciso8601``: ``stampy.cpython-*.so`` beside a
stub-only ``stampy/__init__.pyi`` declaring ``def shout(text: str) -> str: ...``. Its signature comes
from the stub (parsed with ``ast``, never run), so it is analysed, selected and called; a function the
stub does not declare stays skipped, saying why. The fixture compiles a small C extension (skipped
without a C compiler)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _call_forms, _stub_signatures
from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.select import select

_C_SOURCE = r"""
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *shout(PyObject *self, PyObject *args) {
    PyObject *text;
    if (!PyArg_ParseTuple(args, "U", &text)) return NULL;
    PyObject *upper = PyObject_CallMethod(text, "upper", NULL);
    if (upper == NULL) return NULL;
    PyObject *out = PyUnicode_FromFormat("%U!", upper);
    Py_DECREF(upper);
    return out;
}

static PyObject *hidden(PyObject *self, PyObject *args) { Py_RETURN_NONE; }

static PyMethodDef functions[] = {
    {"shout", shout, METH_VARARGS, "Shout a text."},
    {"hidden", hidden, METH_VARARGS, "Does something."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "MODULE", NULL, -1, functions};

PyMODINIT_FUNC PyInit_SHORT(void) { return PyModule_Create(&module); }
"""

_STUB = """from typing import overload

def shout(text: str) -> str: ...
"""


def _compile(tmp_path: Path, module: str, target_dir: Path) -> None:
    include = Path(sysconfig.get_paths()["include"])
    if shutil.which("gcc") is None or not (include / "Python.h").is_file():
        pytest.skip("a C compiler and Python's headers are needed to build the compiled fixture")
    short = module.rsplit(".", 1)[-1]
    source = tmp_path / f"{short}.c"
    source.write_text(_C_SOURCE.replace("MODULE", module).replace("SHORT", short), encoding="utf-8")
    target = target_dir / f"{short}{sysconfig.get_config_var('EXT_SUFFIX')}"
    subprocess.run(
        ["gcc", "-shared", "-fPIC", "-O0", f"-I{include}", str(source), "-o", str(target)],
        check=True,
        capture_output=True,
        timeout=120,
    )


@pytest.fixture
def stampy(tmp_path: Path) -> Iterator[Path]:
    """ciso8601's layout: ``stampy.cpython-*.so`` beside a stub-only folder ``stampy/__init__.pyi``."""
    folder = tmp_path / "site"
    (folder / "stampy").mkdir(parents=True)
    (folder / "stampy" / "__init__.pyi").write_text(_STUB, encoding="utf-8")
    (folder / "stampy" / "py.typed").write_text("", encoding="utf-8")
    _compile(tmp_path, "stampy", folder)
    sys.path.insert(0, str(folder))
    yield folder
    sys.path.remove(str(folder))
    sys.modules.pop("stampy", None)


@pytest.fixture
def stampkit(tmp_path: Path) -> Iterator[Path]:
    """A package over a compiled core: ``stampkit/_native.cpython-*.so`` with ``_native.pyi`` beside it."""
    package = tmp_path / "src" / "stampkit"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        'from stampkit._native import hidden, shout\n\n__all__ = ["hidden", "shout"]\n', encoding="utf-8"
    )
    (package / "_native.pyi").write_text(_STUB, encoding="utf-8")
    _compile(tmp_path, "stampkit._native", package)
    sys.path.insert(0, str(package.parent))  # the service runtime imports it here, as a served call would
    yield package
    sys.path.remove(str(package.parent))
    for name in [m for m in sys.modules if m == "stampkit" or m.startswith("stampkit.")]:
        del sys.modules[name]


def test_the_stub_gives_a_compiled_function_its_parameters(stampy: Path) -> None:
    import stampy as module  # type: ignore[import-not-found]

    assert _call_forms.call_form_params(module.shout) is None  # the docstring documents no form
    params = _stub_signatures.stub_params(module.shout, _call_forms._parse_form)
    assert params is not None
    assert [(p["name"], p["type"]) for p in params] == [("text", {"kind": "text", "text": "str"})]
    assert _stub_signatures.stub_params(module.hidden, _call_forms._parse_form) is None


def test_a_stubbed_c_function_is_analysed_and_called(stampkit: Path, convert_config: MCPForgeConfig) -> None:
    analysis = analyse(acquire(str(stampkit)), "stampkit", config=convert_config.sandbox)
    records = {c.public_path: c for c in analysis.callables}
    shout = records["stampkit.shout"]
    assert shout.error is None
    assert [p.name for p in shout.params] == ["text"]
    assert "no call form" in (records["stampkit.hidden"].error or "")
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="stampkit").plans}
    answer = rt.call(plans["shout"].runtime_plan(), {"text": "hi"}, {"library": "stampkit"})
    assert answer["result"] == "HI!"
