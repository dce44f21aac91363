"""Column names as a request writes them, and the words around a name.

``abbreviated_names`` ("population" for ``pop``, "amount" for ``amt``), ``name_endings`` (one word of a
name inflected), ``name_spans`` (words inside a full name are that name), ``qualified_names`` ("model Year"),
``per_in_names`` (a name that says "per"), ``aggregation_names`` (a column called ``median``),
``named_values`` ("color D", "no state recorded"), ``bracket_definitions`` (words the brackets after them
define) and ``contained_text`` ("'Municipal' in their name"). Named by description (issue 25):
``written_codes`` ("Hawaii (HI)", "WA, OR and CA"), ``name_symbols`` (the "(%)" of a header),
``trailing_names`` ("clarity grade", "the median price", "the suv class"), ``observed_times`` ("survey
year"), ``hyphen_counts`` ("8-cylinder cars"), ``bracket_glosses`` ("mother's years of education
(meducation)"), ``noun_forms`` ("investment" for ``invest``) and ``row_keys`` ("firm-year rows").
Across languages: ``translated_names`` ("unemployment rate" for ``Tasa de desempleo``, "taux d'épargne
sr", "deaths" for ``Décès``) and ``translated_values`` ("diarrhée", "Durchfall" for the value
``Diarrhaea``), by the data nouns of ``glossary`` (en/de/es/fr).
"""
