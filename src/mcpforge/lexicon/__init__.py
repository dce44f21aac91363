"""A bilingual lexicon (German, French, Spanish ↔ English) from the dictionaries the system has installed.

Used by the request reader to name a column in another language than its header ("personal income" for
``Revenu personnel``). ``store`` builds and reads it; ``freedict`` reads Debian's FreeDict dictionaries.
"""
