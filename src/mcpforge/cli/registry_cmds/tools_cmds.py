"""``mcpforge tools list|show|remove``: the promoted tools (and converted services) of the registry."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from mcpforge.cli._common import ConfigOption, JsonOption, RegistryOption, cli_errors, print_json
from mcpforge.cli._render import echo
from mcpforge.cli.registry_cmds._access import actor, open_initialized, print_table, services_store

if TYPE_CHECKING:
    from mcpforge.registry import FileStore

_PLAIN_LIST_ROWS = 200
tools_app = typer.Typer(
    rich_markup_mode=None, help="Promoted tools in the active registry.", no_args_is_help=True
)


@tools_app.command("list")
def tools_list(
    registry: RegistryOption = None, config: ConfigOption = None, as_json: JsonOption = False
) -> None:
    """List promoted tools with their versions and integrity.

    Example: mcpforge tools list --json
    """
    with cli_errors(as_json=as_json):
        reg, _ = open_initialized(registry, config)
        rows = []
        indexed = reg.indexed_tools()  # the tool index: no spec or code file is read
        reg.learn_hashes()  # hashes recorded with their file identity; a changed file is hashed again
        for tool in indexed:
            rows.append(
                {
                    "kind": "tool",
                    "name": tool.name,
                    "version": tool.version,
                    "path": str(reg.root / tool.path),  # a stored path is relative to the root
                    "spec_hash": tool.spec_hash,
                    "code_hash": tool.code_hash,
                    "promoted_at": tool.promoted_at,
                    "created_by": tool.created_by,
                    "description": tool.description,
                    "integrity": reg.integrity(tool) or "ok",
                }
            )
        from mcpforge.registry import FileStore
        from mcpforge.registry.file.services import service_tool_rows

        if isinstance(reg, FileStore):  # converted services' tools, served as <service>_<tool>
            rows += service_tool_rows(reg)
        if as_json:
            print_json({"tools": rows, "count": len(rows)})
            return
        if not rows:
            echo("No promoted tools yet.")
            return
        if len(rows) > _PLAIN_LIST_ROWS:
            # A rich table of thousands of rows takes seconds to lay out; plain columns take milliseconds.
            lines = [f"{r['name']}\t{r['version']}\t{r['promoted_at']}\t{r['integrity']}" for r in rows]
            echo("name\tversion\tpromoted\tintegrity\n" + "\n".join(lines))
            return
        print_table(
            "Active tools",
            ["name", "version", "promoted", "integrity", "description"],
            [
                [r["name"], r["version"], r["promoted_at"], r["integrity"], r["description"][:60]]
                for r in rows
            ],
        )


@tools_app.command("show")
def tools_show(
    name: Annotated[str, typer.Argument(help="Tool name.")],
    registry: RegistryOption = None,
    config: ConfigOption = None,
    source: Annotated[bool, typer.Option("--source", help="Also print tool.py.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Show one promoted tool: version, hashes, spec, integrity.

    Example: mcpforge tools show group_and_count_by_columns --source
    """
    from mcpforge.exceptions import IntegrityError

    with cli_errors(as_json=as_json):
        reg, _ = open_initialized(registry, config)
        tool = reg.get_active_tool(name)
        if tool is None:
            _show_active_service(services_store(reg, name), name, as_json=as_json)
            return
        try:
            reg.verify_tool(name)
            integrity = "ok"
        except IntegrityError as exc:
            integrity = str(exc)
        data: dict[str, Any] = {**tool.to_dict(), "integrity": integrity, "spec": tool.spec.model_dump()}
        if source:
            data["source"] = tool.source()
        if as_json:
            print_json(data)
            return
        for key in (
            "name",
            "version",
            "path",
            "promoted_at",
            "created_by",
            "spec_hash",
            "code_hash",
            "integrity",
        ):
            echo(f"{key}: {data[key]}")
        echo(f"description: {tool.spec.description}")
        echo(f"when to use: {tool.spec.when_to_use}")
        echo(f"returns: {tool.spec.returns}")
        if source:
            echo("\n" + data["source"])


def _show_active_service(reg: FileStore, name: str, *, as_json: bool) -> None:
    """``tools show`` of a converted service, or of one of its tools (``<service>_<tool>``)."""
    from mcpforge.exceptions import NotFoundError
    from mcpforge.registry.file.service_tools import find_service_entry, service_details

    match = find_service_entry(reg, name)
    if match is None:
        raise NotFoundError("tool", name)
    data = service_details(reg, match)
    if as_json:
        print_json(data)
        return
    for key in ("name", "kind", "service", "version", "path", "promoted_at", "promoted_by", "integrity"):
        echo(f"{key}: {data[key]}")
    if match.spec is None:
        echo(f"tools: {', '.join(data['tools'])}")
    else:
        echo(f"description: {match.spec.description}")
        echo(f"when to use: {match.spec.when_to_use}")
        echo(f"returns: {match.spec.returns}")


@tools_app.command("remove")
def tools_remove(
    name: Annotated[str, typer.Argument(help="Tool name.")],
    registry: RegistryOption = None,
    config: ConfigOption = None,
    as_json: JsonOption = False,
) -> None:
    """Unregister a promoted tool, or a converted service with all its tools (files move to
    archive/removed/).

    Example: mcpforge tools remove group_and_count_by_columns
    """
    with cli_errors(as_json=as_json):
        reg, _ = open_initialized(registry, config)
        if reg.get_active_tool(name) is None:
            from mcpforge.registry.file.service_tools import remove_service

            removed = remove_service(services_store(reg, name), name, actor=actor())
            if as_json:
                print_json(removed)
            else:
                tools = len(removed["tools"])
                echo(f"Removed service {name!r} ({tools} tools); running servers drop it on their next poll.")
            return
        reg.remove_tool(name, actor=actor())
        if as_json:
            print_json({"removed": name})
        else:
            echo(f"Removed {name!r}; running servers drop it on their next poll.")


def register(app: typer.Typer) -> None:
    """Add the ``tools`` group to ``app``."""
    app.add_typer(tools_app, name="tools")
