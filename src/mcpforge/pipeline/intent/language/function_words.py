"""Words that are grammar or analysis terms, never category values, unless the request quotes them.

Real files have two-letter codes that are also English words (the states IN, OR, ME, OK) and values
that begin analysis terms ("standard" of "standard deviation", "normal" of "normal distribution").
A request saying "the outliers in the price column" or "the standard deviation of the score" does not
filter on them.
"""

from __future__ import annotations

# Closed-class English words (prepositions, conjunctions, pronouns, auxiliaries) of at most four letters.
FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "in",
        "on",
        "at",
        "to",
        "by",
        "of",
        "or",
        "and",
        "as",
        "is",
        "it",
        "be",
        "am",
        "are",
        "was",
        "do",
        "does",
        "did",
        "if",
        "me",
        "my",
        "we",
        "us",
        "our",
        "he",
        "she",
        "his",
        "her",
        "him",
        "so",
        "up",
        "no",
        "not",
        "nor",
        "but",
        "for",
        "per",
        "via",
        "off",
        "out",
        "ok",
        "oh",
        "hi",
        "its",
        "who",
        "how",
        "why",
        "what",
        "when",
        "then",
        "than",
        "that",
        "this",
        "with",
        "from",
        "into",
        "onto",
        "each",
        "all",
        "any",
        "some",
        "both",
        "own",
        "also",
        "just",
        "only",
        "very",
        "can",
        "may",
        "will",
        "has",
        "had",
        "have",
        "been",
    ]
)

# Analysis terms whose first word can also be a category value.
_TERMS = frozenset({
    ("standard", "deviation"), ("standard", "deviations"), ("standard", "error"), ("standard", "errors"),
    ("normal", "distribution"), ("normally", "distributed"), ("mean", "absolute"), ("high", "correlation"),
    ("low", "correlation"), ("linear", "regression"), ("test", "size"), ("random", "state"),
    ("random", "seed"),
})  # fmt: skip


# Words a request may hold without changing what is computed (beyond FUNCTION_WORDS): more grammar, the
# verbs of everyday questions ("what do employees earn", "how much did each category bring in"), and the
# generic nouns for what a row is ("results", "people"). A leftover word outside this vocabulary, the
# analysis vocabulary and the data's columns and values is reported, never dropped (accounting.py).
FILLER_WORDS = frozenset({
    # grammar
    "which", "where", "whose", "whom", "there", "these", "those", "they", "them", "their", "theirs", "you",
    "your", "were", "being", "had", "has", "have", "having", "would", "should", "could", "might", "must",
    "shall", "about", "while", "whether", "such", "same",
    "other", "another", "most", "more", "less", "much", "many", "few", "here", "again", "ever", "still",
    "yet", "too", "there's", "i", "im", "i'm", "i'd", "id", "let", "lets", "let's", "please", "thanks",
    "thank", "kindly", "overall", "across", "among", "amongst", "within", "versus", "vs", "respectively",
    "altogether", "together", "currently", "actually", "really", "exactly", "roughly", "approximately",
    "broken", "down", "split", "grouped", "group", "groups", "compare", "comparing", "comparison",
    "respective", "whole", "entire", "every", "single", "given", "based", "using", "use", "along",
    # request verbs
    "show", "shows", "give", "gives", "list", "lists", "get", "gets", "got", "compute", "calculate",
    "find", "tell", "report", "display", "return", "returns", "want", "need", "like", "know", "see",
    "look", "looking", "provide", "produce", "generate", "determine", "work", "figure", "break", "rank",
    "ranked", "ranking", "sort", "sorted", "order", "ordered", "measure", "include", "including",
    # light verbs of everyday questions
    "earn", "earns", "earned", "earning", "make", "makes", "made", "bring", "brings", "brought", "come",
    "comes", "came", "pay", "pays", "paid", "spend", "spends", "spent", "sell", "sells", "sold", "buy",
    "buys", "bought", "place", "places", "placed", "take", "takes", "took", "taken", "contribute",
    "contributes", "contributed", "account", "accounts", "go", "goes", "went", "happen", "happened",
    "occur", "occurred", "generated", "hold", "holds", "keep", "keeps", "restrict", "restricting", "record",
    "recorded", "log",
    "logged", "saw", "seen",
    # generic nouns for the rows and what they are about
    "result", "results", "resulting", "people", "person", "persons", "customer", "customers", "user", "users",
    "student", "students", "patient", "patients", "member", "members", "visitor", "visitors", "client",
    "clients", "item", "items", "product", "products", "staff", "employee", "employees", "worker",
    "workers", "respondent", "respondents", "participant", "participants", "individual", "individuals",
    "surveyed", "interviewed", "personen", "personnes", "personas", "befragte", "befragten", "encuestados",
    "encuestadas", "repondants", "visit", "visits", "observation", "observations", "line", "lines", "sample",
    "samples",
    "data", "dataset", "table", "file", "csv", "number", "numbers", "value", "values", "figures",
    "amount", "amounts", "total", "totals", "stat", "thing", "things", "one", "ones", "way", "ways",
    "average",
    # events a row often records
    "admission", "admissions", "booking", "bookings", "trip", "trips", "flight", "flights", "ride",
    "rides", "call", "calls", "ticket", "tickets", "claim", "claims", "loan", "loans", "application",
    "applications", "shipment", "shipments", "delivery", "deliveries", "purchase", "purchases",
    "payment", "payments", "invoice", "invoices", "reservation", "reservations", "enrollment",
    "enrollments", "appointment", "appointments", "session", "sessions", "game", "games", "match",
    "matches", "review", "reviews", "response", "responses", "submission", "submissions", "request",
    "requests", "complaint", "complaints", "passenger", "passengers", "household", "households",
    # analysis and preparation vocabulary read by other scanners (methods, statistics, preparation)
    "analyze", "analyse", "analysis", "examine", "explore", "investigate", "study", "summarize",
    "summarise", "check", "assess", "evaluate", "inspect", "describe", "understand", "visualize",
    "visualise", "z-score", "zscore", "z-scores", "iqr", "method", "threshold", "sigma", "deviations",
    "duplicate", "duplicates", "missing", "blank", "blanks", "empty", "null", "nulls", "nan", "bin",
    "bins", "bucket", "buckets", "normalize", "normalise", "normalized", "rescale", "scale", "scaled",
    "standardize", "fill", "filled", "drop", "dropped", "remove", "removed", "dedupe", "deduplicate",
    "impute", "imputed", "round", "rounded", "decimal", "decimals", "digits", "significance",
    "alpha", "confidence", "test", "tests", "population", "seed", "train", "training", "holdout", "held",
    "coefficient", "coefficients", "unusual", "extreme", "anomalous", "anomaly", "anomalies", "abnormal",
    "atypical", "outlying", "identify", "flag", "detect", "spot", "fall", "falls", "numbered", "lie",
    "lies", "belong", "belongs",
    "matrix", "pearson", "spearman", "kendall", "welch", "mann", "whitney", "anova", "chi", "square",
    "squared", "regression", "linear", "logistic", "skewness", "kurtosis", "shapiro", "wilk", "normality",
    "t-test", "ttest", "p-value", "variance", "covariance", "heatmap", "scatter",
    "statistic", "statistics", "significant", "hypothesis", "intercept", "slope", "fit", "model",
    "distributed",
})  # fmt: skip
# Adjectives and participles that restrict the rows they qualify ("cancelled orders", "large orders"):
# before a row noun they are a condition, never a harmless description like "traffic accidents".
_RESTRICTING_SUFFIXES = ("ed", "ing", "ly", "er", "est", "ful", "less", "ive", "able", "ible", "ous", "al")
_RESTRICTING_WORDS = frozenset({
    "large", "big", "small", "expensive", "cheap", "new", "old", "late", "early", "high", "low", "long",
    "short", "good", "bad", "recent", "open", "active", "inactive", "unpaid", "free", "premium", "valid",
    "invalid", "repeat", "fraudulent", "vip", "local", "foreign", "domestic", "international", "urgent",
    "major", "minor", "senior", "junior", "main", "key", "online", "offline", "web", "mobile", "paid",
    "pending", "cancelled", "canceled", "returned", "refunded", "delayed", "failed", "successful",
})  # fmt: skip


def describes_rows(word: str) -> bool:
    """Whether ``word``, right before the noun for the rows, only describes them ("traffic accidents")."""
    return word.isalpha() and word not in _RESTRICTING_WORDS and not word.endswith(_RESTRICTING_SUFFIXES)


def never_value(tokens: list[str], start: int) -> bool:
    """Whether ``tokens[start]`` is grammar or starts an analysis term (so it is no category value)."""
    word = tokens[start]
    if word in FUNCTION_WORDS:
        return True
    return start + 1 < len(tokens) and (word, tokens[start + 1]) in _TERMS


def _split(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Function words of French, German and Spanish with no English word to stand for them (language/languages.py
# puts the others in English): in a request read as that language they are grammar, dropped, never unknown.
# The person asked or asking ("mir", "uns", "moi", "me") and the verbs that only ask for the answer ("zeig",
# "nenne", "dime", "muéstrame", "montre-moi") name no column, value or operation: they never change a number.
_FRENCH_ASKING = _split(
    "donne donnez montre montrez indique indiquez affiche affichez calcule calculez dis dites"
)
_FRENCH_CLITICS = ("moi", "nous")
FOREIGN_FUNCTION_WORDS: dict[str, frozenset[str]] = {
    "fr": _split("y il ils elle elles a-t-il t-il ce cet cette ces sur ensemble tous toutes tout leur"
                    " leurs se qui que qu' ne n' s' c' on son sa ses votre vos moi nous")
          | _FRENCH_ASKING | {f"{verb}-{who}" for verb in _FRENCH_ASKING for who in _FRENCH_CLITICS},
    "de": _split("es gibt sich alle aller allen wie hoch zu zum zur bei an am auf aus da dabei insgesamt"
                    " bitte zeige zeig zeigt berechne gib gebt nenn nenne nennt mir mich uns"),
    "es": _split("se lo su sus hay que todos todas a muestra calcula dame me nos dime dinos danos"
                    " muestrame muestranos indicame indicanos ensename ensenanos calculame"),
}  # fmt: skip
