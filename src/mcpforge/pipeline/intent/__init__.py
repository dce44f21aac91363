"""Step 1: reading a request — the words of a person's request → an :class:`~mcpforge.models.Intent`.

The room for everything that turns words into a reading over the dataset's real columns:
``words`` (tokens, vocabulary, column resolution), ``parse`` (phrase vocabulary, top-N and sort),
``metrics`` (aggregations and their columns), ``conditions`` (filters), ``assemble`` (one Intent from the
parts), ``corrections`` (a rejection reason applied to an Intent), ``hints`` (what the parser read, for a
model's prompt), ``measures`` (revenue / sales / cost bound to a column), ``clarify`` (one question with
choices), ``accounting`` (every word used or reported), and ``extract`` (the step itself). Subpackages:
``names/`` (column names as written), ``groups/`` (group keys, time grains, conditions on groups),
``filters/`` (conditions in words of their own), ``quantities/`` (derived columns, ratios, rates, shares),
``analysis/``, ``language/``, ``rows/`` and ``time/``.
"""

from mcpforge.pipeline.intent.extract import DatasetSchema, apply_corrections, extract_intent

__all__ = ["DatasetSchema", "apply_corrections", "extract_intent"]
