"""What the rows of the file are called in a request: "how many counties", "the cars of 2008".

``nouns`` reads a plural noun that names no column, value or analysis term, but what one row of the file
is, as the rows themselves (counted, shared, filtered), and says so in the reading: "rows (counties)".
``superlatives`` and ``extremes``: the row or period with the highest or lowest value ("the heaviest car").
"""
