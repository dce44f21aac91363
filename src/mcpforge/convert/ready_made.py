"""Ready-made instances: objects of a class that the library itself provides (``Geodesic.WGS84``, a
class attribute that is an instance of its class; a module-level ``countries``).

A method of such a class needs no constructed object: its tool takes ``instance``, the name of one of
them (default: the one the class's documentation names most), and the ``handle`` of an object built
by the constructor tool becomes optional. The service resolves the name to the object by its
``module:attr`` target; a handle, when given, wins.
"""

from __future__ import annotations

from typing import Any

INSTANCE_PARAM = "instance"


def with_ready_made(params: list[dict[str, Any]], schema: dict[str, Any], instances: dict[str, str]) -> None:
    """Make a method tool's ``handle`` optional and add the ``instance`` parameter, in place, when its
    class has ready-made ``instances`` (name → target); nothing otherwise."""
    if not instances or any(p["name"] == INSTANCE_PARAM for p in params):
        return
    names = list(instances)
    for param in params:
        if param.get("role") == "self":
            param["required"] = False
    params.append(
        {
            "name": INSTANCE_PARAM,
            "python_name": INSTANCE_PARAM,
            "adapter": {"kind": "instance", "instances": dict(instances)},
            "role": "instance",
            "positional_only": False,
            "required": False,
        }
    )
    schema["required"] = [n for n in schema.get("required", []) if n != "handle"]
    schema["properties"][INSTANCE_PARAM] = {
        "type": "string",
        "enum": names,
        "default": names[0],
        "description": "a ready-made object the library provides, used when no handle is given: "
        + ", ".join(names),
    }
