"""Sample arguments for the run step: docstring examples first, then defaults and type-based values.

steps.py (Sample, Step), doctest_literals.py and doctest_reader.py (the library's written examples),
readme_examples.py (the code of its README and docstring code blocks, import aliases resolved),
grammar_values.py (a version, range, cron expression, URL, HTML or FEN parameter gets a literal of that
grammar from the library's own text),
keyword_pool.py (what its doctests pass by parameter name), param_slots.py (which parameter a positional
value fills), typed_values.py (values from descriptions, types and names), candidates.py (the ordered
samples of one tool); follow_ups.py with follow_up_choices.py and follow_up_ranges.py (a second sample
read from the library's refusal); unfounded_values.py (values that cannot prove a tool: a blind guess, a
type the parameter's default contradicts); distinct_values.py (a further sample where two parameters
of one type were given the same value).
"""

from mcpforge.convert.samples.candidates import samples_for
from mcpforge.convert.samples.keyword_pool import keyword_pool
from mcpforge.convert.samples.steps import Sample, Step
from mcpforge.convert.samples.typed_values import quantity_value, typed_value

__all__ = ["Sample", "Step", "keyword_pool", "quantity_value", "samples_for", "typed_value"]
