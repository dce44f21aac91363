"""Opening the configured registry: a folder (the file registry) or a ``postgresql://`` URL.

:func:`open_registry` is the one way code above the registry gets one. The registry setting is
``registry.url`` when set, else ``registry.root`` (so ``--registry URL``, ``MCPFORGE_REGISTRY=URL`` and
``MCPFORGE_REGISTRY_URL`` all work); a ``postgresql://`` or ``postgres://`` value opens
:class:`mcpforge.registry.postgres.PostgresRegistry`, imported only then (it needs the ``team`` extra),
anything else the file registry at ``registry.root``. A URL is never shown with its password: every
message and log line goes through :func:`mcpforge.registry.urls.mask_url`. File-only features
(converted services) reach the store through :func:`require_file_registry`, which names what is not
supported yet on another kind.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from mcpforge.exceptions import ConfigError, UserError
from mcpforge.registry.file.registry import Registry
from mcpforge.registry.file.store import FileStore
from mcpforge.registry.urls import is_postgres_url, mask_url

__all__ = ["TEAM_EXTRA_MESSAGE", "is_postgres_url", "mask_url", "open_registry", "require_file_registry"]

if TYPE_CHECKING:
    from mcpforge.config import MCPForgeConfig
    from mcpforge.registry.backend import RegistryBackend

logger = logging.getLogger(__name__)

TEAM_EXTRA_MESSAGE = "a PostgreSQL registry needs the team extra: pip install 'mcpforge[team]'"


def registry_target(config: MCPForgeConfig) -> str:
    """What the person named as the registry: ``registry.url`` when set, else ``registry.root``."""
    return config.registry.url or config.registry.root


def open_registry(config: MCPForgeConfig) -> RegistryBackend:
    """The registry the configuration names (nothing is created until it is written to).

    Raises:
        ConfigError: ``registry.url`` is set to something other than a PostgreSQL URL.
        UserError: a PostgreSQL URL while the ``team`` extra is not installed.
    """
    target = registry_target(config)
    if is_postgres_url(target):
        try:
            from mcpforge.registry.postgres import (  # type: ignore[import-not-found, attr-defined, unused-ignore]
                PostgresRegistry,
            )
        except ImportError as exc:
            logger.debug("cannot open %s: %s", mask_url(target), exc)
            raise UserError(TEAM_EXTRA_MESSAGE) from exc
        logger.debug("opening the PostgreSQL registry %s", mask_url(target))
        registry: RegistryBackend = PostgresRegistry(target.strip(), config)
        return registry
    if config.registry.url:
        raise ConfigError(
            f"registry.url {mask_url(config.registry.url)!r} is not a postgresql:// URL; "
            "a folder goes in registry.root (--registry)",
            key="registry.url",
        )
    return Registry(Path(config.registry.root), config)


def require_file_registry(registry: RegistryBackend, feature: str) -> FileStore:
    """``registry`` as the file registry a file-only feature (converted services, the file doctor)
    needs; one clear line when it is another kind.

    Raises:
        UserError: ``registry`` is not a file registry.
    """
    if isinstance(registry, FileStore):
        return registry
    raise UserError(
        f"{feature} is not supported yet on {registry.location}; it needs a file registry (a folder)"
    )
