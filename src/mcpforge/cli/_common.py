"""What every command shares: the registry option, JSON output, and turning errors into one line."""

from __future__ import annotations

import json
import logging
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from mcpforge.cli._render import echo
from mcpforge.exceptions import MCPForgeError, UserError
from mcpforge.shown_text import escape_controls

if TYPE_CHECKING:  # the configuration (pydantic) loads when a command runs, not for --help
    from mcpforge.config import MCPForgeConfig

logger = logging.getLogger("mcpforge.cli")

RegistryOption = Annotated[
    Path | None,
    typer.Option(
        "--registry",
        help="Registry directory (default ./registry, env MCPFORGE_REGISTRY), or a postgresql:// URL.",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of text.")]
ConfigOption = Annotated[
    Path | None,
    typer.Option("--config", help="Configuration file (default ./mcpforge.yaml).", show_default=False),
]

EXIT_USER_ERROR = 2
EXIT_RUNTIME_ERROR = 1


def load_cli_config(
    registry: Path | None = None, config: Path | None = None, **sections: Any
) -> MCPForgeConfig:
    """Configuration with the command's flags applied on top of file and environment."""
    overrides: dict[str, Any] = {key: value for key, value in sections.items() if value}
    if registry is not None:
        overrides.setdefault("registry", {})["root"] = registry_setting(registry)
    from mcpforge.config import load_config
    from mcpforge.registry.urls import is_postgres_url

    cfg = load_config(config, overrides=overrides)
    if not is_postgres_url(cfg.registry.root):
        _check_registry_path(Path(cfg.registry.root).expanduser())
    return cfg


_COLLAPSED_URL = re.compile(r"^(postgres(?:ql)?):/(?!/)", re.IGNORECASE)


def registry_setting(registry: Path | str) -> str:
    """The ``--registry`` value as typed: a folder, or a ``postgresql://`` URL (which typer's Path
    has collapsed to ``postgresql:/``)."""
    return _COLLAPSED_URL.sub(r"\1://", str(registry))


def _check_registry_path(root: Path) -> None:
    """Refuse a registry path that names a file, or lies under one, before any command writes there."""
    for path in (root, *root.parents):
        if path.is_dir():
            return
        if path.exists() or path.is_symlink():
            kind = "a file" if path.exists() else "a link to nothing"
            where = f"is {kind}" if path == root else f"lies under {str(path)!r}, which is {kind}"
            fail(f"registry {str(root)!r} {where}, not a directory; give --registry a directory")


def print_json(data: Any) -> None:
    """Print one JSON object on stdout (controls inside strings as ``\\uXXXX`` escapes: same data, inert).

    An object printed by a child of the warm ask process says so (``"process": "warm"``, last; see
    ``cli/warm_ask.py``): the one way a script or a test can tell, the answer being the same."""
    # Loaded in every warm child; not imported here (other commands need none of it, nor its socket).
    warm_ask = sys.modules.get("mcpforge.cli.warm_ask")
    if isinstance(data, dict) and warm_ask is not None and warm_ask.in_warm_child():
        data = {**data, "process": "warm"}
    sys.stdout.write(escape_controls(json.dumps(data, indent=2, default=str, ensure_ascii=False)) + "\n")


def fail(
    message: str, *, code: int = EXIT_USER_ERROR, as_json: bool = False, extra: dict[str, Any] | None = None
) -> NoReturn:
    """Print one clear line (or a JSON object with ``error``) and exit non-zero."""
    if as_json:
        print_json({**(extra or {}), "error": message})
    else:
        echo(f"error: {message}", err=True)
    raise typer.Exit(code)


@contextmanager
def cli_errors(*, as_json: bool = False, extra: dict[str, Any] | None = None) -> Iterator[None]:
    """Turn mcpforge errors into one line and an exit code; log anything unexpected with its traceback."""
    try:
        yield
    except typer.Exit:
        raise
    except UserError as exc:
        fail(str(exc), code=EXIT_USER_ERROR, as_json=as_json, extra=extra)
    except MCPForgeError as exc:
        fail(str(exc), code=EXIT_RUNTIME_ERROR, as_json=as_json, extra=extra)
    except KeyboardInterrupt:
        fail("interrupted", code=130, as_json=as_json, extra=extra)
    except OSError as exc:
        from mcpforge.registry._space import disk_full, is_disk_full

        if not is_disk_full(exc):
            logger.exception("unexpected error")
            fail(
                f"unexpected {type(exc).__name__}: {exc} (see the log above)",
                code=EXIT_RUNTIME_ERROR,
                as_json=as_json,
                extra=extra,
            )
        # A full disk met outside the registry's own writes (sandbox output, data cache): still one line.
        error = disk_full(exc, exc.filename or "(unknown path)", None)
        fail(str(error), code=EXIT_RUNTIME_ERROR, as_json=as_json, extra=extra)
    except Exception as exc:  # top level: never a raw traceback for the person
        logger.exception("unexpected error")
        fail(
            f"unexpected {type(exc).__name__}: {exc} (see the log above)",
            code=EXIT_RUNTIME_ERROR,
            as_json=as_json,
            extra=extra,
        )
