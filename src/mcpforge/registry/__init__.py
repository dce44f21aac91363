"""The tool registry: staging, lifecycle, promotion, audit log and monitoring.

Storage below, acts above: ``backend.py`` (the :class:`RegistryBackend` protocol and shared values) and
``store.py`` (:class:`FileStore`, the file registry's storage) import no act; ``acts.py``,
``lifecycle.py``, ``promote.py`` and the modules above them type against the store;
``file_registry.py`` joins them into :class:`Registry`. Code outside this package opens a registry with
:func:`open_registry` and uses only the protocol.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# The public names load when first used: a command that only reads a setting (``registry.urls``, e.g.
# ``sandbox run`` through the CLI's configuration) must not import the registry's acts and storage.
if TYPE_CHECKING:
    from mcpforge.registry.backend import (
        IDENTICAL_REASON,
        ActiveTool,
        RegistryBackend,
        RegistryNotInitializedError,
    )
    from mcpforge.registry.file.registry import Registry
    from mcpforge.registry.file.store import FileStore
    from mcpforge.registry.open import open_registry
    from mcpforge.registry.urls import mask_url

_LAZY = {
    "IDENTICAL_REASON": "mcpforge.registry.backend",
    "ActiveTool": "mcpforge.registry.backend",
    "RegistryBackend": "mcpforge.registry.backend",
    "RegistryNotInitializedError": "mcpforge.registry.backend",
    "Registry": "mcpforge.registry.file.registry",
    "open_registry": "mcpforge.registry.open",
    "FileStore": "mcpforge.registry.file.store",
    "mask_url": "mcpforge.registry.urls",
}

__all__ = [
    "IDENTICAL_REASON",
    "ActiveTool",
    "FileStore",
    "Registry",
    "RegistryBackend",
    "RegistryNotInitializedError",
    "mask_url",
    "open_registry",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'mcpforge.registry' has no attribute {name!r}")
