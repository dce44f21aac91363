"""What the warm ask process does once, before any ask, so that no child does it again (issue 28).

A warm child is a fresh fork of the zygote (``cli/warm_ask_zygote.py``): whatever a module computes at its
first use, each child computed again. Measured against a second ``forge`` in one process (same run, load
7 on 2 cores), a child spent 0.59-0.67 s of CPU against 0.31-0.41 s and its reading step took 270-380 ms
against 15-70 ms: the request reader's first run (about 400 patterns compiled on their first use,
``_lazy_re``; the glossary and translated-name tables built on their first lookup). A full collection
of the zygote's objects also costs about 60 ms in a child and copies every page it touches.

So the zygote, after its imports and before it listens:

* compiles every lazily compiled pattern (``_lazy_re.compile_remembered``);
* reads a few requests of its own over a frame of its own (:data:`SYNTHETIC_REQUESTS`, :func:`_frame`): the
  reader's tables and ``re``'s cache are filled, and nothing of any person's request or data is in them,
  since none has been seen; the results are dropped;
* writes that frame as CSV and reads it back as the runtime loader reads a file (the sniffer's patterns,
  pandas' writer, parser and string conversions at their first use);
* computes the static gate's environment key (installed versions of the checkers, hashed runtime): what
  it depends on is part of the zygote's key (``warm_ask.warm_key``);
* then (:func:`freeze_heap`) collects garbage and moves every object it has into the collector's
  permanent generation (``gc.freeze``), so that a child's collections never walk or touch them.

Nothing here reads a file of the person, writes a file, starts a thread or reads the environment beyond
what the reader reads (recorded with the imports': an ask whose values differ runs in its own process).
A failure of any step leaves that cache cold (the child computes it, as before), never the ask wrong.
"""

from __future__ import annotations

import contextlib
import gc
import logging
from typing import Any

from mcpforge import _lazy_re

logger = logging.getLogger(__name__)

# Requests of the kinds people ask most (the reader's common paths), over the frame of :func:`_frame`.
SYNTHETIC_REQUESTS = (
    "average amount per region",
    "total amount by month",
    "how many orders per category",
    "top 3 regions by total amount",
    "share of rows in each category",
    "median quantity where region is North",
    "monthly count of orders",
    "write me a poem",
)


def _frame() -> Any:
    """A small frame of made-up values with the usual kinds of columns (text, numbers, dates, ids)."""
    import pandas as pd

    return pd.DataFrame(
        {
            "region": ["North", "South", "East"] * 4,
            "amount": [1.5, 2.0, 3.25] * 4,
            "quantity": [1, 2, 3] * 4,
            "order_date": ["2024-01-05", "2024-02-11", "2024-03-20"] * 4,
            "category": ["a", "b", "a"] * 4,
            "customer_id": ["c1", "c2", "c3"] * 4,
        }
    )


def prewarm() -> list[str]:
    """Do the first-use work of an ask here (see the module docstring); the steps that failed."""
    steps = {
        "patterns": _lazy_re.compile_remembered,
        "reader": _read_synthetic_requests,
        "data reading": _read_synthetic_text,
        "checker environment": _checker_environment,
    }
    failed: list[str] = []
    for name, step in steps.items():
        try:
            step()
        except Exception:  # a cold cache is never an error: each child does that step itself
            logger.debug("warm ask process: %s left cold", name, exc_info=True)
            failed.append(name)
    return failed


def _read_synthetic_text() -> None:
    """The made-up frame written as CSV and read back as the runtime loader reads a file (sniffed, read,
    its text columns converted), as text and as values: pandas' and the sniffer's first-use work."""
    import io

    import pandas as pd

    from mcpforge.runtime._text import sniff_text_format
    from mcpforge.runtime._types import convert_column_types

    text = _frame().to_csv(index=False)
    fmt = sniff_text_format(text.encode(), shown="<warm-up>", complete=True)
    for as_text in (False, True):
        read = pd.read_csv(
            io.StringIO(text),
            sep=fmt.delimiter,
            index_col=False,
            low_memory=False,
            decimal=fmt.decimal,
            dtype=str if as_text else None,
            keep_default_na=not as_text,
        )
        convert_column_types(read)


def _checker_environment() -> None:
    from mcpforge.pipeline.validation._checker_env import environment_text

    environment_text()


def _read_synthetic_requests() -> None:
    from mcpforge.pipeline.forge import extract_intent_for
    from mcpforge.pipeline.schema import DatasetSchema

    schema = DatasetSchema.from_frame(_frame())
    for request in SYNTHETIC_REQUESTS:
        # a refusal or a question is an answer too: its paths are warmed all the same
        with contextlib.suppress(Exception):
            extract_intent_for(request, schema)


def freeze_heap() -> None:
    """Collect, then keep every object made so far out of the collector's reach (``gc.freeze``): the
    zygote's objects live as long as it does, and a child that walks them copies their pages."""
    gc.collect()
    gc.freeze()
