"""The tool registry: staging, lifecycle, promotion, audit log and monitoring.

Storage below, acts above: ``backend.py`` (the :class:`RegistryBackend` protocol and shared values) and
``store.py`` (:class:`FileStore`, the file registry's storage) import no act; ``acts.py``,
``lifecycle.py``, ``promote.py`` and the modules above them type against the store;
``file_registry.py`` joins them into :class:`Registry`. Code outside this package opens a registry with
:func:`open_registry` and uses only the protocol.
"""

from __future__ import annotations

from mcpforge.registry.backend import (
    IDENTICAL_REASON,
    ActiveTool,
    RegistryBackend,
    RegistryNotInitializedError,
)
from mcpforge.registry.file_registry import Registry
from mcpforge.registry.open import open_registry
from mcpforge.registry.store import FileStore
from mcpforge.registry.urls import mask_url

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
