"""Issue 26, pint's ``Quantity.m_as``: selected, then dropped because every ``Quantity`` built after the
validation of ``set_application_registry`` failed ("'meter' is not defined in the unit registry"): the
setter's sample replaced the process's registry with an empty one, and the tools validated after it ran
in that state. Tools that change the process's state (``set_*``, ``use_*``, ``register*``, ...) are now
validated after every other tool; the outcomes keep the selection's order. The service here is a small
stand-in with one piece of global state, driven through ``run_tools`` as convert drives a service."""

from __future__ import annotations

from typing import Any

from mcpforge.convert.models import Analysis
from mcpforge.convert.run import run_tools
from mcpforge.convert.select import select
from mcpforge.convert.session import CallOutcome


def _param(name: str, kind: str) -> dict[str, Any]:
    return {
        "name": name,
        "kind": "POSITIONAL_OR_KEYWORD",
        "type": {"kind": kind},
        "default": {"present": False},
    }


def _plans() -> list[Any]:
    quantity = {
        "public_path": "units.Quantity",
        "kind": "class",
        "doc": "A value with units.",
        "params": [_param("value", "number"), _param("units", "string")],
        "examples": ["Quantity(3.0, 'meter')"],
        "methods": [
            {
                "public_path": "units.Quantity.m_as",
                "kind": "method",
                "owner": "units.Quantity",
                "doc": "The magnitude in other units.",
                "params": [_param("self", "any"), _param("units", "string")],
                "examples": ["Quantity(3.0, 'meter').m_as('meter')"],
            }
        ],
    }
    setter = {
        "public_path": "units.set_application_registry",
        "kind": "function",
        "doc": "Use another registry for every later quantity.",
        "params": [_param("registry", "string")],
        "examples": ["set_application_registry('empty')"],
    }
    analysis = Analysis.model_validate({"package": "units", "callables": [setter, quantity]})
    plans = select(analysis, patterns=[], max_tools=10, package="units").plans
    by_name = {p.name: p for p in plans}
    # The order that broke pint: the setter validated before the method.
    return [by_name["set_application_registry"], by_name["Quantity"], by_name["Quantity_m_as"]]


class _Service:
    """One registry per process, replaced by ``set_application_registry`` (pint's application registry)."""

    def __init__(self) -> None:
        self.registry = {"meter": 1.0}
        self.calls: list[str] = []

    def call(self, tool: str, arguments: dict[str, Any], timeout: float = 0.0) -> CallOutcome:
        self.calls.append(tool)
        if tool == "set_application_registry":
            self.registry = {}
            return CallOutcome(ok=True, structured={"result": "done"}, text="")
        units = str(arguments.get("units"))
        if units not in self.registry:
            text = f"UndefinedUnitError: {units!r} is not defined"
            return CallOutcome(ok=False, structured=None, text=text)
        if tool == "Quantity":
            return CallOutcome(ok=True, structured={"result": {"handle": "h$1", "type": "Quantity"}}, text="")
        return CallOutcome(ok=True, structured={"result": 3.0}, text="")


def test_a_tool_that_changes_the_process_state_is_validated_last() -> None:
    service = _Service()
    outcomes = run_tools(service, _plans(), expressions=False)  # type: ignore[arg-type]
    assert [o.tool for o in outcomes] == ["set_application_registry", "Quantity", "Quantity_m_as"]
    assert all(o.passed for o in outcomes), [o.dropped_reason for o in outcomes]
    assert service.calls[-1] == "set_application_registry"
