"""The ``mcpforge`` command line (see ``main``)."""

import importlib
import os
import signal
import sys
import types
from collections.abc import Iterable, Sequence
from importlib.machinery import ModuleSpec

# A helper process that multiprocessing spawns re-runs the console script as ``__mp_main__``, importing
# this package. Ctrl-C reaches the whole process group: the helper ignores it (its parent ends it), so
# the person sees the parent's one line, not a helper's traceback from the middle of an import.
if "__mp_main__" in sys.modules:
    signal.signal(signal.SIGINT, signal.SIG_IGN)

# pydantic looks for plugins (observability hooks) by scanning the entry points of every installed
# distribution when the first model is built: 15-25 ms of every command's start-up, for hooks a command
# line never uses. A person who wants them sets PYDANTIC_DISABLE_PLUGINS themselves (to "" or a list).
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

_PLUGIN_LOADER = "pydantic.plugin._loader"
_PLUGINS_OFF = ("__all__", "1", "true")  # the values for which pydantic's get_plugins() returns ()


class _PluginLoaderStandIn(types.ModuleType):
    """pydantic's plugin loader while plugins are off.

    Importing the real loader imports ``importlib.metadata`` (and with it ``email``, ``zipfile``,
    ``csv``, ``socket``): 10-15 ms of every command's start-up spent to answer "no plugins". This
    stand-in answers that itself; when plugins are on (the variable changed since), or for any other
    name of the module, it loads the real loader and hands over to it for good.
    """

    def get_plugins(self) -> Iterable[object]:
        if os.environ.get("PYDANTIC_DISABLE_PLUGINS") in _PLUGINS_OFF:
            return ()
        plugins: Iterable[object] = _real_plugin_loader().get_plugins()
        return plugins

    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):  # what the import system looks up (``__path__``): not the loader's
            raise AttributeError(name)
        return getattr(_real_plugin_loader(), name)


class _PluginLoaderFinder:
    """Imports the stand-in as ``pydantic.plugin._loader`` (after its packages, as any import).

    A finder and loader by their methods (``importlib.abc`` would load ``importlib.resources``).
    """

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: types.ModuleType | None = None
    ) -> ModuleSpec | None:
        return ModuleSpec(name, self) if name == _PLUGIN_LOADER else None  # type: ignore[arg-type]

    def create_module(self, spec: ModuleSpec) -> types.ModuleType:
        return _PluginLoaderStandIn(spec.name)

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing to run: the stand-in is complete."""


_FINDER = _PluginLoaderFinder()


def _real_plugin_loader() -> types.ModuleType:
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)
    if isinstance(sys.modules.get(_PLUGIN_LOADER), _PluginLoaderStandIn):
        del sys.modules[_PLUGIN_LOADER]
    return importlib.import_module(_PLUGIN_LOADER)


if os.environ["PYDANTIC_DISABLE_PLUGINS"] in _PLUGINS_OFF and _PLUGIN_LOADER not in sys.modules:
    sys.meta_path.insert(0, _FINDER)
