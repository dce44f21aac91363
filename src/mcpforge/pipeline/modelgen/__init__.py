"""Model-written tools: the room for everything around a model writing ``compute(df)`` for a request no
catalogue template covers — ``generate`` (plan, write, validate, repair), ``compute_tool`` (the tool
rendered around the model's function), ``examples`` (worked examples for the prompt), ``data_profile``
(the loaded data as the prompt shows it), ``repair_diagnostics`` (what a failed round tells the model),
``code_reading`` (the reading sentence read back from the model's code), ``partial_reading`` (what the
rules parser read of the request), ``model_use`` and ``accounting_gate`` (the model's answer held to the
request's accounting before its code runs).

No names are re-exported here, so that reading model code back (``present``) never imports the engines.
"""
