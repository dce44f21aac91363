"""The file backend of the registry: a folder on disk (``store.py`` below, the acts above it).

``store.py`` (:class:`FileStore`) reads and writes the folder and knows no act; ``acts.py``, ``lifecycle.py``
and ``promote.py`` change it through a journal that is rolled forward after a crash; ``registry.py``
(:class:`Registry`) is the backend the rest of mcpforge opens (``registry/open.py``); ``doctor.py`` and
``reconcile_repair.py`` check and repair a folder; ``services.py`` and ``service_tools.py`` keep converted
services (a file-backend feature). What both backends share sits in ``registry/`` itself.
"""
