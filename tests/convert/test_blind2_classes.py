"""Classes a fresh blind set showed (issue 26, blind2), one at a time on hand-written analyses: string
parameters that are a format get well-formed strings tried in order (isodate's ``datestring``); an
``(X, y)`` pair gets a training set (imbalanced-learn's ``fit_resample``); a method named like the
library's verb on a family of exported classes ranks with its class (gstools' ``variogram``); an untyped
parameter described as a measure is a number (geographiclib's ``s12``)."""

from __future__ import annotations

from typing import Any

from mcpforge.convert.models import Analysis
from mcpforge.convert.samples import samples_for, typed_value
from mcpforge.convert.samples.format_strings import format_strings
from mcpforge.convert.select import select


def _param(name: str, doc: str = "", **extra: Any) -> dict[str, Any]:
    return {"name": name, "kind": "POSITIONAL_OR_KEYWORD", "default": {"present": False}, "doc": doc, **extra}


def _plans(callables: list[dict[str, Any]], max_tools: int = 50, **prominence: Any) -> dict[str, Any]:
    analysis = Analysis.model_validate({"package": "lib", "callables": callables, "prominence": prominence})
    return {p.name: p for p in select(analysis, patterns=[], max_tools=max_tools, package="lib").plans}


def test_a_format_string_parameter_gets_well_formed_strings_in_order() -> None:
    plans = _plans(
        [
            {
                "public_path": "lib.parse_date",
                "kind": "function",
                "doc": "Parse.",
                "params": [_param("datestring")],
            },
            {
                "public_path": "lib.parse_time",
                "kind": "function",
                "doc": "Parse.",
                "params": [_param("timestring")],
            },
        ]
    )
    values = [
        s.final.arguments["datestring"] for s in samples_for(plans["parse_date"], plans, expressions=False)
    ]
    assert values[0] == "2020-01-15"
    assert {"20200115", "2020-W03-3"} <= set(values)
    first_time = samples_for(plans["parse_time"], plans, expressions=False)[0]
    assert first_time.final.arguments["timestring"] == "10:30:00"
    assert format_strings("datetimestring")[0] == "2020-01-15T10:30:00"
    assert format_strings("value", "an ISO 8601 duration")[0] == "P1DT2H30M"
    # Words that merely contain a format's name are not formats; names of numbers stay numbers.
    assert format_strings("update") == format_strings("timeout") == []
    assert typed_value("duration", {}, False) == 90.0


def test_an_x_y_pair_gets_a_two_class_training_set() -> None:
    owner = "lib.Sampler"
    plans = _plans(
        [
            {
                "public_path": owner,
                "kind": "class",
                "doc": "A sampler.",
                "params": [],
                "methods": [
                    {
                        "public_path": f"{owner}.fit_resample",
                        "kind": "method",
                        "owner": owner,
                        "doc": "Resample the dataset.",
                        "params": [
                            _param("self"),
                            _param(
                                "X", doc_type="{array-like, sparse matrix} of shape (n_samples, n_features)"
                            ),
                            _param("y", doc_type="array-like of shape (n_samples,)"),
                        ],
                    }
                ],
            }
        ]
    )
    arguments = samples_for(plans["Sampler_fit_resample"], plans, expressions=False)[0].final.arguments
    features, labels = arguments["X"], arguments["y"]
    assert len(features) == len(labels) == 20
    assert all(len(row) == 2 for row in features)
    assert len({tuple(row) for row in features}) == 20
    assert sorted({labels.count(0), labels.count(1)}) == [8, 12]
    # ``f(x, y)`` with numbers keeps its numbers.
    point = _plans(
        [
            {
                "public_path": "lib.hypot",
                "kind": "function",
                "doc": "Hypot.",
                "params": [_param("x"), _param("y")],
            }
        ]
    )
    assert samples_for(point["hypot"], point, expressions=False)[0].final.arguments == {"x": 1.0, "y": 1.0}


def _model_family(count: int) -> list[dict[str, Any]]:
    """``count`` exported model classes, each with the inherited ``variogram`` and a helper."""
    return [
        {
            "public_path": f"lib.Model{k}",
            "module": "lib.models",
            "kind": "class",
            "doc": "A covariance model.",
            "params": [],
            "methods": [
                {
                    "public_path": f"lib.Model{k}.{name}",
                    "kind": "method",
                    "owner": f"lib.Model{k}",
                    "module": "lib.base",
                    "doc": "Isotropic variogram of the model.",
                    "params": [_param("self"), _param("r", doc_type="float")],
                }
                for name in ("variogram", "cor_spectrum")
            ],
        }
        for k in range(count)
    ]


def test_a_verb_the_readme_names_ranks_its_classes_methods_high() -> None:
    tail = [
        {"public_path": f"lib.sub{k}.helper{k}", "module": f"lib.sub{k}.impl", "kind": "function",
         "doc": "Help.", "params": [_param("x", doc_type="float")]}
        for k in range(60)
    ]  # fmt: skip
    callables = [*_model_family(20), *tail]
    top_level = [f"Model{k}" for k in range(20)]
    quiet = _plans(callables, max_tools=30, top_level=top_level)
    assert not any(p.public_path.endswith(".variogram") for p in quiet.values())
    named = _plans(callables, max_tools=30, top_level=top_level, readme_words={"variogram": 6})
    assert sum(p.public_path.endswith(".variogram") for p in named.values()) >= 1
    assert not any(p.public_path.endswith(".cor_spectrum") for p in named.values())


def test_an_untyped_parameter_described_as_a_measure_is_a_number() -> None:
    assert typed_value("s12", {}, False, doc="the distance from the first point to the second in") == 10.0
    assert typed_value("s", {}, False, doc="the text to split") == "hello world"
