"""How prominent each public callable is: the score ``select`` ranks candidates by.

What the library itself shows first counts: top-level exports and ``__all__``, a curated namespace
(``pkg.api``, or a public package re-exporting from private modules such as ``skbio.diversity.alpha``),
the README, how often its own examples, docs and tests call a name. A method ranks with its class
(``Template(...).render``, ``Composition(...).get_wt_fraction`` are what people use those classes
for), adjusted by what is known of the method itself: documented, called as ``obj.name(`` in the
docs, defined by this class rather than by a base shared with hundreds of others, not a setter.
Setters, network I/O, doc helpers, private and deprecated names are pushed down.
"""

from __future__ import annotations

import builtins
import math
import re
from collections import Counter

from mcpforge.convert.models import ApiCallable

_BUILTINS = frozenset(dir(builtins))
# Names that configure, fetch, document or are private: rarely what a library is used *for*.
_PUSH_DOWN = re.compile(
    r"^(_|main$|cli$|cli_|run_cli|set_|seed|use_|enable_|disable_|register|unregister|activate|deactivate|configure|reset_|clear_"
    r"|get_data_?dir|doc_|docstring|copy_doc|add_doc|deprecat|warn|download|fetch|http|urlopen|request_"
    r"|retrieve_|show_versions|assert_)"
    r"|(_dirs?|_url|_urls|_uri|_cache|_doc|_docstring|_docs|_home)$|url|http|deprecated|[a-z]Tests?$"
    r"|(^|_)config(_|$)",
    re.IGNORECASE,
)
_SIDE_EFFECT_PREFIXES = (
    "test",
    "show",
    "plot",
    "print",
    "download",
    "fetch",
    "save",
    "draw",
    "write",
    "read",
    "load",
    "init",
    "interactive",
)
# A method that changes its object (``setOffset``, ``add_edge``, ``clear``): a tool on a handle that answers
# nothing. One that copies or serialises it (``as_dict``, ``copy``): an answer, rarely the one wanted.
_MUTATOR = re.compile(
    r"^(set|add|append|insert|remove|delete|pop|clear|update|reset|replace|extend|discard|sort)([A-Z_]|$)"
)
# A method documented to return its own object (numpydoc ``Returns / ------- / self : object``, read
# into ``returns_doc``): it changes the object and answers nothing new.
_RETURNS_SELF = re.compile(r"self\b\s*(:|$)")
SELF_RETURN_PENALTY = 4.0
_SERIALISER = re.compile(r"^(copy|to_json|as_dict|from_dict|to_dict|to_yaml|as_json)([A-Z_]|$)")
_ATTRIBUTE_CALL = re.compile(r"\.([A-Za-z_]\w*)\(")
# What a method gives up against its class's score, and the most it can lose for being generic.
METHOD_DISCOUNT = 1.5
MAX_GENERIC_PENALTY = 5.0
MAX_POPULARITY = 4.0
SPECIFIC_DEFINERS = 8


def short_name(api: ApiCallable) -> str:
    """The last part of the public path."""
    return api.public_path.rsplit(".", 1)[-1]


def pushed_down(api: ApiCallable) -> bool:
    """A name that configures, fetches, documents or is private."""
    return bool(_PUSH_DOWN.search(short_name(api)))


def readme_and_usage(api: ApiCallable, prominence: dict[str, object]) -> float:
    """Top-level exports, the README (earlier is better, more calls are better) and how often the
    library's own examples, docs and tests call the name."""
    if not prominence:
        return 0.0
    short = short_name(api)
    weight = 0.4 if api.kind == "method" else 1.0  # a method name is shared by many classes
    score = 0.0
    top_level = prominence.get("top_level", [])
    if api.kind != "method" and isinstance(top_level, list) and short in top_level:
        score += 1.5
    rank = _int_of(prominence.get("readme_rank"), short)
    if rank is not None:
        score += weight * (2.0 + 2.0 / (1.0 + rank / 4.0))
        score += weight * min(2.0, math.log2(1 + (_int_of(prominence.get("readme_calls"), short) or 0)))
    usage = _int_of(prominence.get("usage_calls"), short) or 0
    score += weight * min(4.0, 0.8 * math.log2(1 + usage))
    return score


def _int_of(table: object, key: str) -> int | None:
    value = table.get(key) if isinstance(table, dict) else None
    return value if isinstance(value, int) else None


def base_score(api: ApiCallable) -> float:
    """What the callable itself shows: how shallow, documented, exemplified and typed it is."""
    depth = api.public_path.replace(".api.", ".").count(".")  # ``pkg.api.name``: curated, top level
    score = 3.0 if depth == 1 else (1.5 if depth == 2 else 0.0)
    if depth >= 2 and api.kind != "method" and _reexported(api.public_path, api.module):
        # ``skbio.diversity.alpha.shannon`` defined in ``skbio.diversity.alpha._base``,
        # ``pymatgen.core.Composition`` in ``pymatgen.core.composition``: surfaced by a namespace the
        # library curates, as good as one level up.
        score += 1.5
    score += 2.0 if api.examples else 0.0
    score += 1.0 if api.doc else -2.0
    typed = sum(1 for p in api.params if p.doc_type or p.type.get("kind") != "any")
    score += 0.5 * typed / max(len(api.params), 1)
    score -= 0.3 * sum(1 for p in api.params if not p.default.get("present"))
    if short_name(api).startswith(_SIDE_EFFECT_PREFIXES):
        score -= 5.0
    if pushed_down(api):
        score -= 4.0
    return score


# Where a library keeps its own tests, test helpers and vendored copies of other libraries.
_TEST_OR_VENDORED_PARTS = frozenset(
    {
        "tests",
        "test",
        "testing",
        "testsuite",
        "conftest",
        "externals",
        "extern",
        "_vendor",
        "vendor",
        "vendored",
    }
)
# Parameters of a network client: an access key, a login, an endpoint whose default is a web address.
_ACCESS_KEYS = frozenset({"api_key", "apikey", "api_token", "access_token", "auth_token"})
_ENDPOINTS = frozenset({"url", "base_url", "endpoint", "server"})
OFF_FACE_PENALTY = 5.0
IMPORTED_PENALTY = 2.0
VARIANT_PENALTY = 1.5


def off_the_public_face(api: ApiCallable, own_roots: frozenset[str], top_level: frozenset[str]) -> float:
    """How far a callable sits from the face the library shows, as a penalty (0 for most):

    ``own_roots``: the top-level packages or modules analysed (a folder of modules side by side has several).

    - another library's object found in this one's namespace (``numpy.exp`` imported by pint), the
      library's own test suite and helpers (``pint.testsuite``, ``numpy.testing.assert_equal``), vendored
      copies (``sklearn.externals``): not what the library is used for;
    - a network client (``get_solcast_forecast(latitude, longitude, api_key)``, an endpoint defaulting to
      ``https://...``): cannot work in a sandbox with no network;
    - a name a module imports for its own use, not one it curates (``sklearn.calibration.LinearSVC``,
      defined in ``sklearn.svm``);
    - a variant in a submodule of a name the top level exports (``numpy.ma.mean`` beside ``numpy.mean``).
    """
    parts = api.public_path.split(".")
    home = api.module.split(".") if api.module else []
    if parts[0] not in own_roots or (home and home[0] not in own_roots):
        return OFF_FACE_PENALTY
    if _TEST_OR_VENDORED_PARTS & {*parts[:-1], *home}:
        return OFF_FACE_PENALTY
    if _network_client(api):
        return OFF_FACE_PENALTY
    penalty = 0.0
    namespace = api.public_path.rpartition(".")[0]
    if (
        api.kind != "method"
        and namespace.count(".") >= 1
        and api.module
        and api.module != namespace
        and not api.module.startswith(namespace + ".")
    ):
        penalty += IMPORTED_PENALTY
    if variant_of_top_level(api, top_level):
        penalty += VARIANT_PENALTY
    return penalty


def variant_of_top_level(api: ApiCallable, top_level: frozenset[str]) -> bool:
    """A callable in a submodule under a name the top level exports (``numpy.ma.mean``, ``numpy.char.array``,
    ``numpy.linalg.trace`` beside ``numpy.mean``, ``numpy.array``, ``numpy.trace``). The calls of that
    name in the README, docs and tests (counted by name) were written for the top-level one: a variant
    does not share them."""
    parts = api.public_path.split(".")
    return api.kind != "method" and len(parts) > 2 and parts[-1] in top_level


def _network_client(api: ApiCallable) -> bool:
    """An access key, a username with a password, or a web address as an endpoint's default (a ``url``
    the caller passes, as in a URL-parsing library, is its subject, not an endpoint)."""
    names = {param.name.lower() for param in api.params}
    if names & _ACCESS_KEYS or {"username", "password"} <= names:
        return True
    for param in api.params:
        value = param.default.get("value") if param.default.get("present") else None
        if (
            param.name.lower() in _ENDPOINTS
            and isinstance(value, str)
            and value.startswith(("http://", "https://"))
        ):
            return True
    return False


def _reexported(public_path: str, module: str) -> bool:
    """Defined in a module below the namespace that exports it."""
    return module.startswith(public_path.rpartition(".")[0] + ".")


def mentions(apis: list[ApiCallable]) -> Counter[str]:
    """In how many docstrings each name is called in an example or listed under See Also: a popularity
    signal that needs no usage data (prose words such as "mean" or "value" do not count)."""
    words: Counter[str] = Counter()
    for api in apis:
        # Calls on numpy / pandas / matplotlib / math in the examples are not calls of this library.
        found = set(
            re.findall(
                r"(?<!np\.)(?<!plt\.)(?<!pd\.)(?<!math\.)(?<!numpy\.)\b([A-Za-z_][A-Za-z0-9_]{2,})\(",
                "\n".join(api.examples),
            )
        )
        see_also = re.search(
            r"See Also\s*\n\s*[-=]+\s*\n(.*?)(?:\n\s*\n\S[^\n]*\n\s*[-=]{3,}|\Z)", api.doc, re.S
        )
        if see_also:
            found |= set(re.findall(r"([A-Za-z_][A-Za-z0-9_]{2,})", see_also.group(1)))
        found |= set(re.findall(r":(?:func|meth|class):`~?(?:[\w.]+\.)?(\w+)`", api.doc))
        words.update(found - _BUILTINS)
    return words


# Verbs of scikit-learn-style and model libraries: a method of that name on many exported classes is
# what those classes are for, not a base-class detail.
_COMMON_VERBS = frozenset(
    {"fit", "fit_resample", "fit_transform", "transform", "predict", "resample", "evaluate", "solve"}
)
VERB_USAGE_CALLS = 3
MAX_VERB_DEFINERS = 64
VERB_BONUS = 1.5


MAX_CALLED_VERBS = 12


def library_verbs(prominence: dict[str, object], method_names: set[str] | None = None) -> frozenset[str]:
    """Method names the library's README calls, or names as a word, or its own examples, docs and tests
    call, at least VERB_USAGE_CALLS times (``fit_resample``, ``variogram``), with the common verbs of
    model libraries. Of the names called, only the MAX_CALLED_VERBS called most among ``method_names``
    (when given): a library whose test suite calls hundreds of ndarray methods (numpy) has a few verbs,
    not all of them."""
    readme = prominence.get("readme_rank")
    usage = prominence.get("usage_calls")
    shown = set(readme) if isinstance(readme, dict) else set()
    counts: Counter[str] = Counter()
    for table in (usage, prominence.get("readme_words")):
        for name, count in table.items() if isinstance(table, dict) else []:
            if isinstance(count, int) and count >= VERB_USAGE_CALLS:
                counts[name] = max(counts[name], count)
    if method_names is not None:
        counts = Counter({n: c for n, c in counts.items() if n in method_names})
        called = {name for name, _ in counts.most_common(MAX_CALLED_VERBS)}
    else:
        called = set(counts)
    return frozenset(_COMMON_VERBS | shown | called)


class MethodSignals:
    """What the whole analysis says about method names: how many classes define each (a name every
    subclass of a big base class has says little), and how often ``obj.name(`` is called in the docs,
    in all of them and in the class's own."""

    def __init__(self, callables: list[ApiCallable], prominence: dict[str, object] | None = None) -> None:
        self.defined_by: Counter[str] = Counter()
        self.called: Counter[str] = Counter()
        self.called_in_class: dict[str, Counter[str]] = {}
        for api in callables:
            names = {short_name(m) for m in api.methods}
            self.defined_by.update(names)
            text = "\n".join(
                [api.doc, *api.examples, *(part for m in api.methods for part in (m.doc, *m.examples))]
            )
            calls: Counter[str] = Counter(_ATTRIBUTE_CALL.findall(text))
            self.called.update(calls)
            if api.kind == "class":
                self.called_in_class[api.public_path] = Counter(
                    {n: c for n, c in calls.items() if n in names}
                )
        self.verbs = library_verbs(prominence or {}, set(self.defined_by))

    def verb(self, method: ApiCallable) -> bool:
        """A verb of the library defined by a family of classes (a model family, a sampler family), not
        by every class of a hierarchy of hundreds (``Expr.subs`` in sympy). The verbs of model libraries
        are verbs however many classes inherit them (scikit-learn's ``fit_transform``, on ~90
        transformers through one mixin, is what each of them is for)."""
        name = short_name(method)
        if name in _COMMON_VERBS:
            return True
        return name in self.verbs and self.defined_by.get(name, 1) <= MAX_VERB_DEFINERS

    def popularity(self, method: ApiCallable) -> float:
        """Calls in the docs of the method's own class count fully; elsewhere, shared by its definers."""
        name = short_name(method)
        local = self.called_in_class.get(method.owner or "", Counter()).get(name, 0)
        shared = self.called.get(name, 0) / max(self.defined_by.get(name, 1), 1)
        return min(MAX_POPULARITY, 0.6 * math.log2(1 + 2 * local + shared))

    def specific(self, method: ApiCallable) -> float:
        """How much of its class's prominence a method takes: all of it when few classes define the name
        (``Chord.isMajorTriad``), a shrinking share when it is a base-class method every subclass lists
        (``Expr.coeff`` on hundreds of sympy classes): the class is not what makes it prominent."""
        if self.verb(method):
            return 1.0  # ``Gaussian(...).variogram``, ``SMOTE(...).fit_resample``: what the classes are for
        return min(1.0, SPECIFIC_DEFINERS / max(self.defined_by.get(short_name(method), 1), 1))

    def generic(self, method: ApiCallable) -> float:
        """How many classes define the name: 0 for one, up to MAX_GENERIC_PENALTY for hundreds."""
        if self.verb(method):
            return 0.0
        return min(MAX_GENERIC_PENALTY, 0.75 * math.log2(max(self.defined_by.get(short_name(method), 1), 1)))


def method_score(method: ApiCallable, owner_score: float, signals: MethodSignals) -> float:
    """A method ranks with its class: the class's score less METHOD_DISCOUNT, then its own evidence
    (an example, calls in the docs), less what makes it generic, a mutator or undocumented."""
    name = short_name(method)
    score = owner_score * signals.specific(method) - METHOD_DISCOUNT
    score += 0.5 if method.examples else 0.0
    score += 0.0 if method.doc else -2.0
    required = [p for p in method.params if p.name not in {"self", "cls"} and not p.default.get("present")]
    score -= 0.3 * len(required)
    score += signals.popularity(method) - signals.generic(method)
    if signals.verb(method):
        score += VERB_BONUS  # what the class is for: above the helpers of submodules
    if _MUTATOR.match(name) or method.returns.get("kind") == "none":
        score -= 5.0
    elif _RETURNS_SELF.match(method.returns_doc or ""):
        score -= (
            SELF_RETURN_PENALTY  # ``fit`` returns the fitted object: ``fit_transform``/``predict`` answer
        )
    elif _SERIALISER.match(name):
        score -= 3.0
    if name.startswith(_SIDE_EFFECT_PREFIXES):
        score -= 5.0
    if pushed_down(method):
        score -= 4.0
    return score


__all__ = [
    "MethodSignals",
    "base_score",
    "library_verbs",
    "mentions",
    "method_score",
    "off_the_public_face",
    "pushed_down",
    "readme_and_usage",
    "short_name",
    "variant_of_top_level",
]
