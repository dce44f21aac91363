"""Conditions a request states in words of their own, beside the comparisons of ``conditions``.

``implicit`` (the column left out: "patients over 65"), ``compass`` ("west of longitude -100"),
``sign_words`` ("a negative balance"), ``age_conditions`` ("aged 65 and over"), ``units_after_numbers``
("under 10 an hour") and ``year_comparisons`` (a column of years compared with a number that is no year).
"""
