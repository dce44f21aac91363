"""The catalogue's operations, one module per family: each class renders a tool and computes its reference.

A module holds the operations that share decisions (``grouping``: group_count, group_aggregate and
value_distribution order and count groups the same way) and states those decisions in its docstring.
``group_having`` is the HAVING option the grouping operations share, ``_params`` the parameter
declarations several of them use. The registry of operations by name is ``mcpforge.catalogue.CATALOGUE``;
import the classes from their own modules.
"""
