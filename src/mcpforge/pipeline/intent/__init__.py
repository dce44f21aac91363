"""Step 1: reading a request — the words of a person's request → an :class:`~mcpforge.models.Intent`.

The room for everything that turns words into a reading over the dataset's real columns:
``words`` (tokens, vocabulary, column resolution), ``parse`` (phrase vocabulary, top-N and sort),
``groups`` (group keys and time grains), ``metrics`` (aggregations and their columns),
``conditions`` (filters), ``derived`` (computed columns), ``assemble`` (one Intent from the parts),
``corrections`` (a rejection reason applied to an Intent), ``hints`` (what the parser read, for a model's
prompt), ``spelling`` (misspelled analysis words), ``measures`` (revenue / sales / cost bound to a column),
``implicit`` (conditions whose column is left out), ``rates`` (rates and shares over yes/no columns),
``clarify`` (one question with choices), ``accounting`` (every word used or reported), and ``extract``
(the step itself).
"""

from mcpforge.pipeline.intent.extract import DatasetSchema, apply_corrections, extract_intent

__all__ = ["DatasetSchema", "apply_corrections", "extract_intent"]
