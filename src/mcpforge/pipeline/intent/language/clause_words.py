"""Words that join the parts of a French or Spanish question, put in English (folded words).

"Combien de valeurs aberrantes *compte* la probabilité d'arrestation, une valeur aberrante *étant* une valeur
avec |z| > 3 ?": "compte" is the verb of having ("how many outliers has X"), "étant" / "siendo" introduce
the definition of a term ("an outlier being a value with |z| > 3"), which the English reading reads as the
method's rule. The noun "valeur" / "valor" is "value": what a condition or an extreme is said of ("el valor
máximo", "valores mayores que 3"), a word of the English reading, never a column of its own. None of them
carries a number, a column or a condition: what follows them is still read (or refused) by the English
reading. The same verb before a plural object is the imperative of counting ("Cuenta los valores
atípicos", "Compte les valeurs aberrantes"): "count the", never "has" (which had listed the outliers instead
of counting them, a wrong answer).
"""

from __future__ import annotations

_CLAUSE_WORDS: dict[str, dict[str, str]] = {
    "fr": {
        "valeur": "value", "valeurs": "values", "etant": "being", "etant donne": "given",
        "compte": "has", "comptent": "have",
        "compte les": "count the", "comptez": "count", "compter": "count",
    },
    "es": {
        "valor": "value", "valores": "values", "siendo": "being", "dado": "given",
        "cuenta": "has", "cuentan": "have",
        "cuenta los": "count the", "cuenta las": "count the", "cuente": "count", "contar": "count",
    },
}  # fmt: skip


def clause_words(language: str) -> dict[str, str]:
    """Folded phrase → English, for the joining verbs and value nouns of ``language``."""
    return dict(_CLAUSE_WORDS.get(language, {}))
