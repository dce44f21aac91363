"""Answers to clarifying questions remembered per dataset ("revenue means amount" for orders.csv).

One small JSON file, ``<registry>/choices.json``: ``{dataset path: {key: choice}}``, written atomically.
The forge merges a dataset's remembered answers under the answers of the current request, so a question
answered once (and remembered) is not asked again for that dataset.
"""

from __future__ import annotations

import json
from pathlib import Path

from mcpforge.registry._atomic import atomic_write_json

CHOICES_FILE = "choices.json"


def _read(root: Path) -> dict[str, dict[str, str]]:
    path = root / CHOICES_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, json.JSONDecodeError):
        return {}  # an unreadable file only means nothing is remembered; the next write replaces it
    if not isinstance(data, dict):
        return {}
    return {str(k): {str(a): str(b) for a, b in v.items()} for k, v in data.items() if isinstance(v, dict)}


def remembered_choices(root: Path, dataset: Path | str) -> dict[str, str]:
    """The answers remembered for ``dataset`` (its resolved path), or {}."""
    return dict(_read(root).get(str(Path(dataset).resolve()), {}))


def remember_choices(root: Path, dataset: Path | str, answers: dict[str, str]) -> None:
    """Remember ``answers`` for ``dataset`` (newer answers replace older ones for the same key)."""
    if not answers:
        return
    data = _read(root)
    key = str(Path(dataset).resolve())
    data[key] = {**data.get(key, {}), **answers}
    root.mkdir(parents=True, exist_ok=True)
    atomic_write_json(root / CHOICES_FILE, data)
