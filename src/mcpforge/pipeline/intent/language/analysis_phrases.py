"""More analysis words of French, German and Spanish requests, by what they do to the numbers.

Added to the phrase tables of languages.py (folded words → English the reading knows):

- rows: "Beobachtungen", "Einträge", "observaciones" are the file's rows ("how many observations");
- correlation and its methods: "Pearson-Korrelation", "Spearman-Rangkorrelation", "corrélation de Pearson";
- outliers: "Ausreißer", "valeurs aberrantes", "valores atípicos" (the English reader reads the |z| rule);
- fill-then-compute: "Fülle fehlende Werte ... zuerst mit dem Mittelwert und berechne dann ...", "remplir les
  valeurs manquantes ... puis", "rellena los valores faltantes ... luego": the preparation step of English;
- the period or row of an extreme: "An welchem Datum war X am höchsten" → "on which Datum was X highest";
- "was waren", "quels étaient": questions in the past tense;
- how often a value comes: "la plus fréquente", "más común", "kommt am häufigsten vor" (its number of rows).
- statistics named with their method: "coeficiente de correlación de Spearman", "Korrelationskoeffizient nach
  Pearson", "einfaktorielle Varianzanalyse", "significativa" / "signifikant", the outlier rule's "criterio"
  ("con el criterio de 1,5 veces el rango intercuartílico", "selon le critère |z| > 3").

Column names are never translated (languages.py protects them), so a header "Ausreißer" stays a name.
"""

from __future__ import annotations

_GERMAN = {
    "korrelation": "correlation", "korrelationskoeffizient": "correlation coefficient",
    # "Korrelationskoeffizient nach Pearson", "Rangkorrelationskoeffizient nach Spearman": the method named
    "korrelationskoeffizient nach pearson": "pearson correlation coefficient",
    "korrelationskoeffizient nach spearman": "spearman correlation coefficient",
    "korrelationskoeffizient nach kendall": "kendall correlation coefficient",
    "rangkorrelationskoeffizient nach spearman": "spearman rank correlation coefficient",
    "rangkorrelationskoeffizient": "rank correlation coefficient",
    "pearson-korrelationskoeffizient": "pearson correlation coefficient",
    "spearman-korrelationskoeffizient": "spearman correlation coefficient",
    "einfaktorielle anova": "one-way anova", "einfaktorielle varianzanalyse": "one-way anova",
    "varianzanalyse": "anova", "korrelation nach pearson": "pearson correlation",
    "korrelation nach spearman": "spearman correlation",
    "signifikant": "significant", "unterschied": "difference", "wie gross ist": "what is",
    "wie gross war": "what was", "unterscheidet sich": "differs",
    "unterscheiden sich": "differ", "ausreisser nach der": "outliers by the",
    "pearson-korrelation": "pearson correlation", "spearman-korrelation": "spearman correlation",
    "kendall-korrelation": "kendall correlation", "rangkorrelation": "rank correlation",
    "spearman-rangkorrelation": "spearman rank correlation",
    "beobachtungen": "observations", "eintrage": "entries", "messwerte": "readings",
    "ausreisser": "outliers", "werte": "values", "wenn": "where",
    "fehlende werte": "missing values", "fehlenden werte": "missing values", "fulle": "fill",
    "fehlende werte der": "missing values of the", "fehlende werte von": "missing values of",
    "fehlenden werte der": "missing values of the", "berechne dann": "then calculate",
    "und berechne dann": "and then calculate", "und dann": "and then",
    "fullen": "fill", "fullen sie": "fill", "ersetze": "replace", "ersetzen sie": "replace",
    # "Schritt 1: behalte nur Zeilen mit ...": the rows kept, as English "keep only"
    "behalte nur": "keep only", "behalten sie nur": "keep only", "behalte": "keep", "behalten sie": "keep",
    # steps written with the verb last ("nur Jahre ab 1946 behalten", "den Mittelwert bilden", "nennen")
    "behalten": "keep", "gruppieren": "group", "bilden": "compute", "nennen": "give", "werten": "values",
    # "Ersetze fehlende Familieneinkommen durch 0": the values missing, replaced by a value or statistic
    "fehlende": "missing", "fehlenden": "missing", "durch den median": "with the median",
    "durch den mittelwert": "with the mean", "durch den durchschnitt": "with the mean",
    "durch null": "with 0", "durch 0": "with 0", "zuerst": "first", "dann": "then",
    "danach": "then", "anschliessend": "then", "berechne": "calculate", "berechnen sie": "calculate",
    "stichproben-standardabweichung": "sample standard deviation",
    "stichprobenstandardabweichung": "sample standard deviation",
    "was waren": "what were", "was war": "what was", "war": "was", "waren": "were",
    "an welchem": "on which", "in welchem": "in which", "welchem": "which",
    "am hochsten": "highest", "am niedrigsten": "lowest", "am grossten": "largest",
    "am kleinsten": "smallest",
    # tests by name: "Chi-Quadrat-Unabhängigkeitstest", "Levene-Test", "Teststatistik und p-Wert"
    "chi-quadrat-unabhangigkeitstest": "chi-square test of independence",
    "chi-quadrat-test": "chi-square test", "chi-quadrat": "chi-square", "levene-test": "levene test",
    "mann-whitney-u-test": "mann-whitney u test", "mann-whitney-test": "mann-whitney test",
    "u-test": "u test", "t-test": "t-test", "teststatistik": "test statistic", "p-wert": "p-value",
    "statistik": "statistic", "test": "test", "fuhre einen": "run a", "fuhre": "run",
    # the outlier rule: "nach der 1,5-fachen IQR-Regel", "Interquartilsabstand"
    "nach der z-wert-regel": "by the z-score rule", "z-wert-regel": "z-score rule", "z-wert": "z-score",
    "z-score-regel": "z-score rule", "regel": "rule", "iqr-regel": "iqr rule", "interquartilsabstand": "iqr",
    "interquartilsabstands": "iqr",
    "des interquartilsabstands": "iqr", "die spalte": "the column", "spalte": "column", "nach der": "by the",
}  # fmt: skip
_FRENCH = {
    "correlation de pearson": "pearson correlation", "correlation de spearman": "spearman correlation",
    "correlation de kendall": "kendall correlation", "valeurs aberrantes": "outliers",
    "coefficient de correlation de pearson": "pearson correlation coefficient",
    "coefficient de correlation de spearman": "spearman correlation coefficient",
    "coefficient de correlation de kendall": "kendall correlation coefficient",
    "coefficient de correlation": "correlation coefficient", "significative": "significant",
    "significatif": "significant", "significatifs": "significant", "significatives": "significant",
    "analyse de la variance": "anova", "analyse de variance": "anova",
    "selon le critere de": "by the", "selon le critere": "by the", "critere": "rule",
    "valeur aberrante": "outlier", "remplir": "fill", "remplissez": "fill", "remplis": "fill",
    "valeurs manquantes": "missing values", "d'abord": "first",
    # "Remplacez les revenus manquants par la médiane": the values missing, replaced by a statistic
    "ne garder que": "keep only", "ne gardez que": "keep only", "garder": "keep", "gardez": "keep",
    "conserver": "keep", "conservez": "keep", "remplacez": "replace", "remplacer": "replace",
    "remplace": "replace", "manquants": "missing", "manquantes": "missing", "manquant": "missing",
    "manquante": "missing", "par la mediane": "with the median", "par la moyenne": "with the mean",
    "par le mode": "with the mode", "par zero": "with 0", "par 0": "with 0", "puis": "then",
    "ensuite": "then",
    "calculer": "calculate", "calculez": "calculate", "calcule": "calculate",
    "quels etaient": "what were", "quelles etaient": "what were", "quel etait": "what was",
    "quelle etait": "what was",
    # tests by name: "test du khi-deux d'indépendance", "test de Levene", "statistique et p-valeur"
    "test du chi-deux d'independance": "chi-square test of independence",
    "test du khi-deux d'independance": "chi-square test of independence",
    "test du chi-deux": "chi-square test", "test du khi-deux": "chi-square test", "chi-deux": "chi-square",
    "khi-deux": "chi-square", "test de levene": "levene test", "test de mann-whitney": "mann-whitney test",
    "statistique": "statistic", "p-valeur": "p-value", "valeur p": "p-value", "valeur-p": "p-value",
    # the outlier rule: "selon la règle de 1,5 fois l'écart interquartile"
    "selon la regle de": "by the", "suivant la regle de": "by the", "d'apres la regle de": "by the",
    "selon la regle du score z": "by the z-score rule", "regle du score z": "z-score rule",
    "score z": "z-score", "score-z": "z-score", "cote z": "z-score",
    "regle": "rule", "ecart interquartile": "iqr", "l'ecart interquartile": "the iqr",
    "intervalle interquartile": "iqr", "fois": "times", "la colonne": "the column", "colonne": "column",
}  # fmt: skip
_SPANISH = {
    "correlacion de pearson": "pearson correlation", "correlacion de spearman": "spearman correlation",
    "correlacion de kendall": "kendall correlation", "valores atipicos": "outliers",
    "coeficiente de correlacion de pearson": "pearson correlation coefficient",
    "coeficiente de correlacion de spearman": "spearman correlation coefficient",
    "coeficiente de correlacion de kendall": "kendall correlation coefficient",
    "coeficiente de correlacion": "correlation coefficient", "significativa": "significant",
    "significativo": "significant", "significativas": "significant", "significativos": "significant",
    "diferencia": "difference", "difiere": "differs", "difieren": "differ", "comparar": "compare",
    "compara": "compare", "analisis de varianza": "anova", "analisis de la varianza": "anova",
    "anova de un factor": "one-way anova",
    # the outlier rule: "con el criterio de 1,5 veces el rango intercuartílico", "según el criterio del RIC"
    "con el criterio de": "by the", "con el criterio del": "by the", "segun el criterio de": "by the",
    "segun el criterio del": "by the", "el criterio de": "the", "el criterio del": "the", "criterio": "rule",
    "ric": "iqr",
    "valor atipico": "outlier", "observaciones": "observations", "rellena": "fill", "rellenar": "fill",
    "valores faltantes": "missing values", "valores perdidos": "missing values",
    # "Rellena las velocidades que faltan con la mediana": the values missing, filled with a statistic
    "que faltan": "that are missing", "que falta": "that is missing", "faltantes": "missing",
    "faltante": "missing", "reemplaza": "replace", "reemplazar": "replace", "sustituye": "replace",
    "sustituir": "replace", "rellene": "fill", "conserva solo": "keep only", "conservar solo": "keep only",
    "conserva": "keep", "conservar": "keep", "manten solo": "keep only", "quedate solo con": "keep only",
    "luego da": "then give", "y da": "and give", "de esa columna": "of the column", "y dime": "and give",
    "resultante": "resulting", "resultantes": "resulting", "elimina": "drop", "eliminar": "drop",
    "elimine": "drop", "descarta": "drop", "descartar": "drop", "primero": "first",
    "luego": "then", "despues": "then", "calcula": "calculate", "calcular": "calculate",
    "cuales fueron": "what were", "cual fue": "what was",
    # tests by name: "prueba chi-cuadrado de independencia", "prueba de Levene", "estadístico y p-valor"
    "prueba chi-cuadrado de independencia": "chi-square test of independence",
    "prueba de chi-cuadrado de independencia": "chi-square test of independence",
    "prueba chi-cuadrado": "chi-square test", "prueba de chi-cuadrado": "chi-square test",
    "chi-cuadrado": "chi-square", "prueba de levene": "levene test",
    "prueba de mann-whitney": "mann-whitney test",
    "prueba u de mann-whitney": "mann-whitney u test", "prueba": "test", "estadistico": "statistic",
    "p-valor": "p-value", "valor p": "p-value", "valor-p": "p-value", "haz una": "run a", "usa la": "use the",
    # the outlier rule: "según la regla de 1,5 veces el rango intercuartílico"
    "segun la regla de la puntuacion z": "by the z-score rule", "regla de la puntuacion z": "z-score rule",
    "puntuacion z": "z-score", "puntaje z": "z-score", "puntuacion-z": "z-score",
    "segun la regla de": "by the", "con la regla de": "by the", "regla": "rule",
    "rango intercuartilico": "iqr", "el rango intercuartilico": "the iqr", "rango intercuartil": "iqr",
    "el rango intercuartil": "the iqr", "la columna": "the column", "columna": "column",
    "recorrido intercuartilico": "iqr", "veces": "times",
}  # fmt: skip
_TABLES = {"fr": _FRENCH, "de": _GERMAN, "es": _SPANISH}
# How often a value comes (its number of rows): "la espèce la plus fréquente", "el tipo más común", "welche
# Art kommt am häufigsten vor" are English "the most common kind" / "which kind appears most often".
_FREQUENCY = {
    "fr": {f"{article} {side} {word}": f"the {english} common"
           for article in ("le", "la", "les") for side, english in (("plus", "most"), ("moins", "least"))
           for word in ("frequent", "frequente", "frequents", "frequentes", "courant", "courante", "courants",
                        "courantes", "repandu", "repandue", "repandus", "repandues")}
    | {"le plus souvent": "most often", "le moins souvent": "least often",
       "le plus frequemment": "most often", "le moins frequemment": "least often"},
    "es": {f"{side} {word}": f"{english} common"
           for side, english in (("mas", "most"), ("menos", "least"))
           for word in ("frecuente", "frecuentes", "comun", "comunes", "habitual", "habituales")}
    | {"con mas frecuencia": "most often", "con menos frecuencia": "least often",
       "mas a menudo": "most often", "mas veces": "most often", "menos veces": "least often"},
    "de": {f"{verb} am {side} {tail}": f"appears {english} often"
           for verb, tail in (("kommt", "vor"), ("kommen", "vor"), ("tritt", "auf"), ("treten", "auf"),
                              ("taucht", "auf"), ("tauchen", "auf"))
           for side, english in (("haufigsten", "most"), ("seltensten", "least"))}
    # "taucht am häufigsten in den Daten auf": the place is the data itself
    | {f"{verb} am {side} {place} {tail}": f"appears {english} often"
       for verb, tail in (("kommt", "vor"), ("kommen", "vor"), ("taucht", "auf"), ("tauchen", "auf"))
       for side, english in (("haufigsten", "most"), ("seltensten", "least"))
       for place in ("in den daten", "im datensatz", "in der datei", "in der tabelle")}
    | {"am haufigsten": "most often", "am seltensten": "least often"},
}  # fmt: skip


def analysis_phrases(language: str) -> dict[str, str]:
    """The added phrases of ``language`` (folded words → English)."""
    return {**_TABLES.get(language, {}), **_FREQUENCY.get(language, {})}


# Words of one language only (folded), never English: they tell the request's language apart.
_MARKERS = {
    "de": frozenset({"korrelation", "rangkorrelation", "zwischen", "korrelationskoeffizient", "signifikant",
                     "standardabweichung", "varianz", "unterscheidet", "unterschied", "von", "perzentil",
                     "quantil", "ausreisser", "beobachtungen", "berechne",
                     "fulle", "werte", "wenn", "dann", "zuerst", "waren", "welchem", "eintrage"}),
    "fr": frozenset({"puis", "remplir", "valeurs", "aberrantes", "manquantes", "manquants", "remplacez",
                     "ensuite", "etaient", "significative", "significatif", "arrondie", "arrondi",
                     "critere"}),
    "es": frozenset({"observaciones", "luego", "rellena", "valores", "atipicos", "faltantes", "fueron",
                     "coeficiente", "prueba", "significativa", "significativo", "diferencia", "difiere",
                     "criterio", "desviacion", "varianza", "redondeado", "redondeada", "percentil"}),
}  # fmt: skip


def analysis_markers(language: str) -> frozenset[str]:
    """Words of these phrases that mark ``language``."""
    return _MARKERS.get(language, frozenset())
