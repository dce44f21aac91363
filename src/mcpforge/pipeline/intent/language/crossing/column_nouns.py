"""The commonest column nouns of data files in English, French, German and Spanish (folded words).

A French request over English headers writes "revenu" for ``income``; an English request over German
headers writes "income" for ``Einkommen``. Each row below is one concept: its forms in the four languages,
singular and plural. The table is read only by ``crossing.names`` and only for a word the file's own
names and values do not explain, and only when exactly one header is a form of the word's concept in
another language. English "value" is read only as a header ("valeur" over ``value``), never as a
request's word: English says it of any column ("the values of X"). Words the translation already reads
(years, months, counting, analysis words) are not here, nor are words that change the numbers.
"""

from __future__ import annotations

# (English, French, German, Spanish): "|"-separated folded forms.
_NOUNS: tuple[tuple[str, str, str, str], ...] = (
    ("income|incomes", "revenu|revenus", "einkommen", "ingreso|ingresos|renta|rentas"),
    ("investment|investments|invest", "investissement|investissements", "investition|investitionen",
     "inversion|inversiones"),
    ("value|values", "valeur|valeurs", "wert|werte", "valor|valores"),
    ("sales", "ventes", "umsatz|umsatze|verkaufe", "ventas"),
    ("rate|rates", "taux", "rate|raten|quote|quoten", "tasa|tasas"),
    ("price|prices", "prix", "preis|preise", "precio|precios"),
    ("population", "population", "bevolkerung", "poblacion"),
    ("state|states", "etat|etats", "staat|staaten|bundesstaat|bundesstaaten", "estado|estados"),
    ("country|countries", "pays", "land|lander", "pais|paises"),
    ("county|counties", "comte|comtes", "landkreis|landkreise|kreis|kreise", "condado|condados"),
    ("firm|firms|company|companies", "entreprise|entreprises|societe|societes|firme|firmes",
     "unternehmen|firma|firmen", "empresa|empresas|compania|companias"),
    ("wage|wages|salary|salaries", "salaire|salaires", "lohn|lohne|gehalt|gehalter",
     "salario|salarios|sueldo|sueldos"),
    ("school|schools", "ecole|ecoles", "schule|schulen", "escuela|escuelas"),
    ("capital", "capital", "kapital", "capital"),
    ("temperature|temperatures", "temperature|temperatures", "temperatur|temperaturen",
     "temperatura|temperaturas"),
    ("precipitation|precipitations", "precipitation|precipitations", "niederschlag|niederschlage",
     "precipitacion|precipitaciones"),
    ("wind", "vent", "wind", "viento"),
    ("weight|weights", "poids", "gewicht|gewichte", "peso|pesos"),
    ("height|heights", "hauteur", "hohe", "altura|alturas|estatura"),
    ("gender|sex", "sexe|genre", "geschlecht", "sexo|genero"),
    ("education", "education|formation", "bildung|ausbildung", "educacion|formacion"),
    ("children|kids", "enfants", "kinder", "hijos|ninos"),
    ("employment", "emploi", "beschaftigung", "empleo"),
    ("unemployment", "chomage", "arbeitslosigkeit", "desempleo|paro"),
    ("crime|crimes", "crime|crimes|criminalite", "kriminalitat|verbrechen", "delito|delitos|crimen"),
    ("area", "superficie", "flache", "superficie|area"),
    ("density", "densite", "dichte", "densidad"),
    ("category|categories", "categorie|categories", "kategorie|kategorien", "categoria|categorias"),
    ("region|regions", "region|regions", "region|regionen", "region|regiones"),
    ("city|cities", "ville|villes", "stadt|stadte", "ciudad|ciudades"),
    ("volume|volumes", "volume|volumes", "volumen", "volumen|volumenes"),
    ("cost|costs", "cout|couts", "kosten", "costo|costos|coste|costes"),
    ("profit|profits", "benefice|benefices", "gewinn|gewinne", "beneficio|beneficios|ganancia|ganancias"),
    ("law|laws", "loi|lois", "gesetz|gesetze", "ley|leyes"),
    ("revenue|revenues", "", "erlos|erlose", "facturacion"),
)  # fmt: skip
LANGUAGES = ("en", "fr", "de", "es")


def _forms(row: tuple[str, str, str, str]) -> dict[str, frozenset[str]]:
    return {
        lang: frozenset(f for f in forms.split("|") if f) for lang, forms in zip(LANGUAGES, row, strict=True)
    }


CONCEPTS: tuple[dict[str, frozenset[str]], ...] = tuple(_forms(row) for row in _NOUNS)


_HEADER_ONLY = frozenset({"value", "values"})


def concepts_of(word: str) -> list[dict[str, frozenset[str]]]:
    """The concepts one of whose forms (in any of the four languages) is ``word`` (folded)."""
    if word in _HEADER_ONLY:
        return []
    return [concept for concept in CONCEPTS if any(word in forms for forms in concept.values())]
