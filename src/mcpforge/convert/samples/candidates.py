"""Ordered candidate samples for one tool: its doctest and usage examples (with the output they show),
then values from its documentation and types; a method's object is built by its constructor's own sample."""

from __future__ import annotations

from typing import Any

from mcpforge.convert.samples.distinct_values import distinct_variant
from mcpforge.convert.samples.doctest_reader import MAX_EXAMPLE_SAMPLES, DoctestReader
from mcpforge.convert.samples.format_strings import format_strings
from mcpforge.convert.samples.grammar_values import grammar_value, library_strings
from mcpforge.convert.samples.keyword_pool import keyword_pool
from mcpforge.convert.samples.param_slots import plain_value, plain_values
from mcpforge.convert.samples.readme_examples import docstring_examples
from mcpforge.convert.samples.steps import Sample, Step
from mcpforge.convert.samples.typed_values import (
    BLIND_VALUE,
    SEQUENCE_USE,
    fits,
    quantity_value,
    typed_value,
)
from mcpforge.convert.samples.xy_pairs import with_training_set
from mcpforge.convert.select import ToolPlan


def _required_arguments(
    plan: ToolPlan, expressions: bool, pool: dict[str, Any], strings: list[str]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Type/doc-based values for the plain required parameters (a grammar's string from the library's
    own text first); the handle parameters still to fill."""
    arguments: dict[str, Any] = {}
    handles: list[dict[str, Any]] = []
    properties = plan.input_schema.get("properties", {})
    docs = {p.name: (p.doc, p.doc_type) for p in plan.api.params}
    for param in plan.params:
        if param.get("varargs") and param["adapter"].get("kind") != "handle":
            spread = _varargs_value(param, properties.get(param["name"], {}), expressions, docs)
            if spread is not None:
                arguments[param["name"]] = spread
            continue
        if not param.get("required"):
            continue
        if param["adapter"].get("kind") == "handle":
            handles.append(param)
            continue
        doc, doc_type = docs.get(param.get("python_name", param["name"]), ("", ""))
        if param["adapter"].get("kind") == "quantity" and not fits(
            pool.get(param["name"]), {"type": "string"}
        ):
            arguments[param["name"]] = quantity_value(f"{doc_type} {doc}")
            continue
        schema = properties.get(param["name"], {})
        grammar = None if param["name"] in pool else grammar_value(param["name"], pool, strings)
        if grammar is not None and fits(grammar, schema) and not schema.get("enum"):
            arguments[param["name"]] = grammar  # ``range_``: the range the library's README writes
            continue
        arguments[param["name"]] = typed_value(
            param["name"],
            properties.get(param["name"], {}),
            expressions,
            doc=doc,
            doc_type=doc_type,
            pool=pool,
        )
    return with_training_set(arguments), handles


def _varargs_value(
    param: dict[str, Any],
    schema: dict[str, Any],
    expressions: bool,
    docs: dict[str, tuple[str, str]],
) -> list[Any] | None:
    """One value for a ``*args`` of a stated type (``*amounts: float``) or description: a call with
    none often proves nothing (``total()`` raises). None when nothing says what goes in: a blind
    guess inside the list would escape the unfounded-value rule."""
    doc, doc_type = docs.get(param.get("python_name", param["name"]), ("", ""))
    # The analysis's note that the code walks ``args`` says nothing of what goes in: every ``*args`` is.
    doc = doc.replace(SEQUENCE_USE, "").strip()
    items: dict[str, Any] = schema["items"] if isinstance(schema.get("items"), dict) else {}
    if not items and not (doc or doc_type).strip():
        return None
    value = typed_value(param["name"], items, expressions, doc=doc, doc_type=doc_type)
    if isinstance(value, float) and value == BLIND_VALUE:
        return None
    return [value]


def _maker_preludes(
    handle_class: str | None,
    tools: dict[str, ToolPlan],
    expressions: bool,
    pool: dict[str, Any],
    prefix: str,
) -> list[list[Step]]:
    """Ways to build an object of ``handle_class``: the calls its constructor's or its factories' own
    examples write (``settings = load(text)``), then the constructor with doc/type-based required
    arguments; the last step binds ``prefix``. A written call of a factory comes before a guessed one
    of the constructor: ``Settings({})`` builds an object, but not one the library's authors made."""
    makers = [t for t in tools.values() if t.returns_handle_of == handle_class]
    makers.sort(key=lambda t: (t.kind != "class", t.name))
    preludes: list[list[Step]] = []
    guessed: list[list[Step]] = []
    for maker in makers[:3]:
        outputs = {**maker.api.example_outputs, **maker.extra.get("owner_outputs", {})}
        reader = DoctestReader(maker, tools, expressions, outputs)
        written = reader.samples([*maker.api.examples, *maker.extra.get("owner_examples", [])])[:2]
        written += DoctestReader(maker, tools, expressions).samples(maker.extra.get("usage_examples", []))[:2]
        written += _readme_samples(maker, tools, expressions)[:2]
        for sample in written:
            *before, last = sample.steps
            if all(not s.bind or not s.bind.startswith("_") for s in before):
                preludes.append([*before, Step(tool=last.tool, arguments=last.arguments, bind=prefix)])
        arguments, handles = _required_arguments(maker, expressions, pool, library_strings(tools))
        # ``Template(source: str | nodes.Template)``: an object-or-name parameter takes its plain value.
        plain = plain_values(maker, handles, pool, guess=True)
        if plain is not None:
            guessed.append([Step(tool=maker.name, arguments={**arguments, **plain}, bind=prefix)])
    unique: list[list[Step]] = []
    for prelude in [*preludes, *guessed]:
        if prelude not in unique:
            unique.append(prelude)
    if guessed and guessed[0] not in unique[:3]:
        # Written calls that all fail (langcodes's ``Language.find`` needs an optional data package)
        # must not push out the constructor with nothing to guess (``Language()``).
        unique[2:3] = [guessed[0]]
    return unique[:3]


def _readme_samples(plan: ToolPlan, tools: dict[str, ToolPlan], expressions: bool) -> list[Sample]:
    """Calls of ``plan`` in its docstrings' code blocks, then in the README's code (a method on the
    instance the README builds first: ``p = inflect.engine()``, ``p.plural("person")``), with the output
    the README shows."""
    found: list[Sample] = []
    owner = next((t for t in tools.values() if plan.api.owner and t.public_path == plan.api.owner), None)
    # Code blocks of its docstring (and its class's) that are not ``>>>`` sessions: ``Example:`` sections.
    written = [*docstring_examples(owner.api.doc if owner else ""), *docstring_examples(plan.api.doc)]
    if written:
        found += DoctestReader(plan, tools, expressions).samples(written)
    statements = plan.extra.get("readme_examples") or []
    if statements:
        reader = DoctestReader(plan, tools, expressions, plan.extra.get("readme_outputs") or {})
        found += [s for s in reader.samples(statements) if s not in found]
    return found[:MAX_EXAMPLE_SAMPLES]


def _partial_samples(
    plan: ToolPlan, tools: dict[str, ToolPlan], expressions: bool, typed: dict[str, Any]
) -> list[Sample]:
    """Written calls of ``plan`` with a required argument that is not JSON (a library constant, an
    expression: ``swe.calc_ut(jd, swe.AST_OFFSET + 13681)``): the authors' other arguments, with the
    value chained from their earlier calls (``jd = swe.julday(2008, 3, 21)``), and a typed value for the
    one left out. Only when something of the call is the authors' own."""
    written = [
        *plan.api.examples,
        *plan.extra.get("owner_examples", []),
        *(plan.extra.get("readme_examples") or []),
    ]
    if not written:
        return []
    required = {p["name"] for p in plan.params if p.get("required") and p.get("role") != "self"}
    found: list[Sample] = []
    for sample in DoctestReader(plan, tools, expressions, partial=True).samples(written):
        given = sample.final.arguments
        missing = required - set(given)
        if not missing or not set(given) & required or not missing <= set(typed):
            continue  # complete (already a sample), nothing of the authors', or nothing to fill with
        final = Step(tool=plan.name, arguments={**given, **{name: typed[name] for name in missing}})
        # Partly typed, so not the authors' example (its failure says less about the library).
        found.append(Sample(source="types", steps=[*sample.steps[:-1], final]))
    return found[:2]


def _alternative(arguments: dict[str, Any]) -> dict[str, Any]:
    return {
        k: (
            1
            if v == 2 and not isinstance(v, bool)
            else "x"
            if v == "x**2 - 1"
            else [[1.0, 2.0], [3.0, 4.0]]
            if isinstance(v, list) and v and not isinstance(v[0], dict | list | str)
            else v
        )
        for k, v in arguments.items()
    }


def samples_for(plan: ToolPlan, tools: dict[str, ToolPlan], *, expressions: bool) -> list[Sample]:
    """Ordered candidate samples for ``plan``: its doctest examples (with the output they show), then
    values from its documentation and types, a method's object built by its constructor's own sample."""
    # A method's examples often live in its class's docstring (``c = Counter(5)``, ``c.increment(2)``).
    examples = [*plan.api.examples, *plan.extra.get("owner_examples", [])]
    outputs = {**plan.extra.get("owner_outputs", {}), **plan.api.example_outputs}
    found = DoctestReader(plan, tools, expressions, outputs).samples(examples)
    # Then literal calls of it in the README, docs, examples and tests of the library.
    usage = DoctestReader(plan, tools, expressions).samples(
        [*plan.extra.get("usage_examples", []), *plan.extra.get("received_examples", [])]
    )
    found += [s for s in usage if s not in found][:MAX_EXAMPLE_SAMPLES]
    found += [s for s in _readme_samples(plan, tools, expressions) if s not in found]
    pool = keyword_pool(tools)
    arguments, handles = _required_arguments(plan, expressions, pool, library_strings(tools))
    if not handles:
        found += [s for s in _partial_samples(plan, tools, expressions, arguments) if s not in found]
    properties = plan.input_schema.get("properties", {})
    docs = {p.name: f"{p.doc_type} {p.doc}" for p in plan.api.params}
    plain = plain_values(plan, handles, pool, guess=False)
    if handles and plain is not None:
        # What the library documents for the object (a formula, a name) before an object built blind.
        found.append(Sample(source="types", steps=[Step(tool=plan.name, arguments={**arguments, **plain})]))
    preludes: list[list[Step]] = [[]]
    built_with: list[int | None] = [None]  # which way the last object of each prelude was built
    for param in handles:
        many = bool(param["adapter"].get("many"))
        refs = [f"_{param['name']}{i}" for i in range(2 if many else 1)]
        options = _maker_preludes(param.get("handle_class"), tools, expressions, pool, refs[0])
        if not options:
            value = plain_value(
                param, properties.get(param["name"], {}), pool, docs.get(param["python_name"], "")
            )
            if value is None:
                return found
            arguments[param["name"]] = value  # "Wavelet object or name": the name, as its authors write it
            continue
        extended: list[tuple[bool, list[Step], int]] = []
        for prelude, before in zip(preludes, built_with, strict=True):
            for index, option in enumerate(options):
                steps = [*prelude, *option]
                for ref in refs[1:]:
                    last = option[-1]
                    steps += [*option[:-1], Step(tool=last.tool, arguments=last.arguments, bind=ref)]
                extended.append((before not in (None, index), steps, index))
        # Every object built the same way first (``distance(a, b)``: both by the written call, or both by
        # the constructor), then the mixes: a way that fails for one object fails the whole sample.
        extended.sort(key=lambda item: item[0])
        preludes, built_with = [e[1] for e in extended[:3]], [e[2] for e in extended[:3]]
        arguments[param["name"]] = [{"$ref": ref} for ref in refs] if many else {"$ref": refs[0]}
    for prelude in preludes:
        found.append(Sample(source="types", steps=[*prelude, Step(tool=plan.name, arguments=arguments)]))
    alternative = _alternative(arguments)
    if alternative != arguments:
        found.append(
            Sample(source="types", steps=[*preludes[0], Step(tool=plan.name, arguments=alternative)])
        )
    for variant in _format_variants(plan, arguments, docs):
        found.append(Sample(source="types", steps=[*preludes[0], Step(tool=plan.name, arguments=variant)]))
    typed = [p["name"] for p in plan.params if p.get("required") and p["adapter"].get("kind") != "handle"]
    distinct = distinct_variant(arguments, typed)  # ``diff(a, b)`` of one text with itself proves nothing
    if distinct is not None:
        found.append(Sample(source="types", steps=[*preludes[0], Step(tool=plan.name, arguments=distinct)]))
    return found


def _format_variants(plan: ToolPlan, arguments: dict[str, Any], docs: dict[str, str]) -> list[dict[str, Any]]:
    """The same call with each further well-formed string of a format parameter (``datestring``:
    ``20200115`` after ``2020-01-15``), tried in order until the library accepts one."""
    variants: list[dict[str, Any]] = []
    for param in plan.params:
        name = param["name"]
        formats = format_strings(name, docs.get(param.get("python_name", name), ""))
        schema = plan.input_schema.get("properties", {}).get(name, {})
        if formats and name in arguments and fits(formats[0], schema):
            variants += [{**arguments, name: value} for value in formats if value != arguments[name]]
    return variants
