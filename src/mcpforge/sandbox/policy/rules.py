"""The tables behind the static policy: which names, attributes and calls each rule rejects."""

from __future__ import annotations

import re
from typing import Literal

Rule = Literal[
    "encoding",
    "syntax",
    "non-ascii-identifier",
    "import",
    "forbidden-name",
    "dynamic-attribute",
    "dunder-attribute",
    "frame-attribute",
    "private-module-attribute",
    "private-attribute",
    "raw-memory",
    "dynamic-class",
    "module-attribute",
    "pickle",
    "pandas-escape",
    "numpy-escape",
    "url",
    "string-annotation",
    "format-dunder",
    "import-string",
    "formula-api",
]

CODING_COOKIE = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", re.MULTILINE)
FORBIDDEN_NAMES = frozenset(
    {
        "eval",
        "exec",
        "compile",
        "__import__",
        "globals",
        "locals",
        "vars",
        "breakpoint",
        "input",
        "__builtins__",
        "__loader__",
        "__spec__",
        "memoryview",
        "help",
        "exit",
        "quit",
    }
)
ATTRIBUTE_FUNCTIONS = frozenset({"getattr", "setattr", "delattr", "hasattr"})
ALLOWED_DUNDERS = frozenset(
    {"__name__", "__doc__", "__version__", "__init__", "__main__", "__file__", "__all__"}
)
FRAME_ATTRIBUTES = frozenset(
    {
        "f_back",
        "f_globals",
        "f_locals",
        "f_builtins",
        "f_code",
        "f_trace",
        "tb_frame",
        "tb_next",
        "gi_frame",
        "gi_code",
        "gi_yieldfrom",
        "cr_frame",
        "cr_code",
        "cr_await",
        "ag_frame",
        "ag_code",
        "co_code",
        "co_consts",
        "func_globals",
        "mro",
    }
)
# Attributes that lead from an allowed library to modules that are not allowed (``pd.io.common.os``).
MODULE_ATTRIBUTES = frozenset(
    {
        "os",
        "sys",
        "subprocess",
        "builtins",
        "importlib",
        "ctypes",
        "socket",
        "shutil",
        "posix",
        "nt",
        "platform",
        "signal",
        "runpy",
        "pty",
        "multiprocessing",
        "threading",
        "pathlib",
        "tempfile",
        "io",
        "urllib",
        "http",
        "requests",
        "asyncio",
        "inspect",
        "gc",
        "code",
        "codeop",
        "types",
        "weakref",
        "ctypeslib",
        "f2py",
        "distutils",
        "testing",
        "compat",
        "common",
        "computation",
        "clipboard",
    }
)
PICKLE_NAMES = frozenset(
    {
        "pickle",
        "cPickle",
        "_pickle",
        "marshal",
        "shelve",
        "dill",
        "cloudpickle",
        "joblib",
        "read_pickle",
        "to_pickle",
        "allow_pickle",
    }
)
PANDAS_ESCAPES = frozenset(
    {
        "set_option",
        "option_context",
        "describe_option",
        "reset_option",
        "options",
        "read_clipboard",
        "to_clipboard",
        "read_html",
        "read_xml",
        "read_sql",
        "read_sql_query",
        "read_sql_table",
        "read_gbq",
        "to_sql",
        "to_gbq",
        "eval",
        "plotting",
        "plot",
        "register_matplotlib_converters",
        "storage_options",
        "engine",
        "local_dict",
        "global_dict",
        "resolvers",
        "entry_points",
    }
)
QUERY_ESCAPES = frozenset({"engine", "local_dict", "global_dict", "resolvers", "parser"})
HINT_FUNCTIONS = frozenset(
    {
        "get_type_hints",
        "create_model",
        "ForwardRef",
        "TypeAdapter",
        "_eval_type",
        "evaluate_forwardref",
        "model_rebuild",
        "update_forward_refs",
        "make_dataclass",
        "parse_obj_as",
        "parse_raw_as",
        "parse_file_as",
        "schema_of",
        "schema_json_of",
        "create_model_from_typeddict",
        "create_model_from_namedtuple",
        "get_annotations",
        "eval_type_backport",
        "eval_type_lenient",
        "evaluate_forward_ref",
    }
)
URL = re.compile(r"^\s*[a-zA-Z][a-zA-Z0-9+.-]*://")
# A format field reads attributes by name: dunders, frames, private names and the ctypes handles.
FORMAT_DUNDER = re.compile(r"\{[^{}]*(__|\bf_|\btb_|\bgi_|\._|\.(ctypes|pythonapi|cdll|CDLL|dlopen)\b)")
# pydantic types that import whatever module a string names while validating.
IMPORT_STRING_NAMES = frozenset({"ImportString", "PyObject"})
# Methods that hook into (un)pickling and copying: defining them makes an object run code when loaded.
PICKLE_HOOKS = frozenset(
    {
        "__reduce__",
        "__reduce_ex__",
        "__getstate__",
        "__setstate__",
        "__getnewargs__",
        "__getnewargs_ex__",
        "__copy__",
        "__deepcopy__",
    }
)
# Methods that run code behind plain attribute access, class creation or collection.
HOOK_METHODS = frozenset(
    {
        "__getattr__",
        "__getattribute__",
        "__del__",
        "__init_subclass__",
        "__set_name__",
        "__class_getitem__",
        "__subclasshook__",
        "__instancecheck__",
        "__subclasscheck__",
    }
)

# statsmodels' formula API hands the formula string to patsy, which evaluates every term as Python in the
# caller's frame (``y ~ I(__import__('os').getpid())``); the multiple-imputation classes build such
# formulas from the data's column names, so a crafted CSV header would run as code. Banned whole: the array
# API (``sm.OLS(y, sm.add_constant(X))``) fits the same models without evaluating any string.
FORMULA_MODULES = ("statsmodels.formula", "statsmodels.imputation", "patsy")
FORMULA_ATTRIBUTES = frozenset(
    {
        "from_formula",
        "MICE",
        "MICEData",
        "MI",
        "BayesGaussMI",
        "dmatrix",
        "dmatrices",
        "EvalEnvironment",
        "handle_formula_data",
    }
)
FORMULA_KEYWORDS = frozenset({"formula", "re_formula", "vc_formula"})
FORMULA_MESSAGE = (
    "the statsmodels formula API evaluates formula strings as Python (patsy); "
    "fit with arrays instead, e.g. sm.OLS(y, sm.add_constant(X)).fit()"
)

# Single-underscore names that are public API: the namedtuple methods (``row._asdict()`` of itertuples).
PUBLIC_UNDERSCORE_ATTRIBUTES = frozenset({"_asdict", "_replace", "_fields", "_field_defaults", "_make"})
# Foreign-function and raw-address access, refused on any object: ``arr.ctypes`` hands out the ctypes
# module (``._ctypes.pythonapi``); ``as_strided`` and ``ndarray(buffer=, strides=)`` build views over
# memory the array does not own; ``frombuffer`` and ``ctypeslib.as_array`` wrap raw buffers or addresses.
RAW_MEMORY_ATTRIBUTES = frozenset(
    {
        "ctypes",
        "pythonapi",
        "cdll",
        "CDLL",
        "PyDLL",
        "pydll",
        "dlopen",
        "dlsym",
        "LoadLibrary",
        "load_library",
        "stride_tricks",
        "as_strided",
        "frombuffer",
        "string_at",
        "wstring_at",
        "memmove",
        "memset",
        "addressof",
        "from_address",
        "CFUNCTYPE",
        "PYFUNCTYPE",
        "LowLevelCallable",
        "cffi",
        "foreign_buffer",
    }
)
# Keywords that place an array over given memory, on any call (``np.ndarray(..., buffer=b, strides=s)``).
# ``resize(..., refcheck=False)`` frees memory that views still point at.
RAW_MEMORY_KEYWORDS = frozenset({"buffer", "strides", "refcheck"})
# Constructors that take a buffer, offset and strides by position or keyword.
RAW_MEMORY_CONSTRUCTORS = frozenset({"ndarray"})
# Protocols numpy reads from any object to build an array over the address it names.
RAW_MEMORY_HOOKS = frozenset(
    {"__array_interface__", "__array_struct__", "__buffer__", "__release_buffer__", "__dlpack__"}
)
# Readers of an attribute whose name is data: each is ``getattr`` under another name. pydantic's
# ``from_attributes`` reads every field (or its alias) off any object.
ATTRIBUTE_READERS = frozenset(
    {
        "attrgetter",
        "methodcaller",
        "getattr_static",
        "resolve_name",
        "import_module",
        "import_string",
        "from_attributes",
        "orm_mode",
    }
)
# pandas methods that look a string argument up as an attribute of the frame (``df.agg("_mgr")``).
STRING_DISPATCH = frozenset({"agg", "aggregate", "apply", "transform", "map", "applymap", "pipe"})
# Metaclasses called directly build a class from a namespace dict, ``__annotations__`` included, which
# pydantic then evaluates; ``type(name, bases, ns)`` is the same call.
METACLASS_SUFFIXES = ("Meta", "Metaclass", "MetaClass")
