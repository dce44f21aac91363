"""The words of a statistical method a test, correlation or regression reading may leave unread.

The statistical reading checks every word it did not use, as the general reading does, including words
that resemble nothing known ("t-test of income by sex banana" is refused naming 'banana'). Before that
check, the words that only name or describe the method the reading computes are set aside here, each by
what it can do to the numbers:

- The test's own name, in any of the four languages ("Mann-Whitney", "Kruskal-Wallis-Test", "Welch's",
  "chi-cuadrado", "one-way"), only when it names the test that is read: "Mann-Whitney" beside a t-test
  is another test, and stays a leftover.
- What every such test asks ("differ", "diffère-t-il", "unterscheidet", "significantly", "independent",
  "normally distributed", "two-sided"): the default the reading computes. A word that would change the
  numbers stays a leftover, refused naming it: one-sided alternatives ("one-sided", "einseitig",
  "unilatéral"), "unequal variances" beside a test that assumes them equal.
- A number word that restates how many groups there are ("across the five cut grades"): only when the
  data has that many groups; any other count is a leftover.
- A noun for the groups of the grouping column ("levels", "grades", "Stufen") beside a test by groups.
- Words that describe a name given in brackets after them ("likely voters (lv)"), and a word before
  the name of a column the reading tests that names nothing else in the file ("marriage rating" for
  ``rating``, "the mother's memployment", "le revenu du ménage"; never a modifier such as "net", which
  changes the numbers, nor a value: "General Electric's invest" is a condition): named in the reading as
  not used.
- A plural noun right after the last named group ("between Métropole = 1 and Métropole = 0 counties"):
  what the rows are, named in the reading as not used.
- Verbs of instruction ("run", "faites", "führe … durch", "haz"): named in the reading as not used.
- In French, Spanish and German: words of asking ("je voudrais", "merci", "gracias"), a question turned
  round ("est-elle"), the method's own words ("distribución", "le tableau croisé") and a noun of membership
  before a categorical column the test reads (language/method_discourse.py).
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.models import Filter, Intent
from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.language.languages import detect_language
from mcpforge.pipeline.intent.language.method_discourse import asking_word, membership_noun, method_word
from mcpforge.pipeline.intent.names.described_names import (
    NUMBER_CHANGING_MODIFIERS,
    _described_column,
    names_nothing,
)
from mcpforge.pipeline.intent.words import ColumnResolver

# Each part of a test's name, and the tests it names.
_NAME_PARTS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("mann", "whitney", "u", "rank-sum", "wilcoxon-rank-sum"), frozenset({"mannwhitney"})),
    **dict.fromkeys(("kruskal", "wallis", "h"), frozenset({"kruskal"})),
    **dict.fromkeys(("shapiro", "wilk", "w"), frozenset({"shapiro"})),
    **dict.fromkeys(("levene", "levene's", "levenes"), frozenset({"levene"})),
    **dict.fromkeys(("wilcoxon", "signed", "signed-rank", "vorzeichen"),
                    frozenset({"wilcoxon", "mannwhitney"})),
    **dict.fromkeys(("kolmogorov", "smirnov", "ks"), frozenset({"ks_2samp"})),
    **dict.fromkeys(("welch", "welch's", "welchs"), frozenset({"welch_ttest"})),
    **dict.fromkeys(("student", "student's", "students"),
                    frozenset({"ttest_ind", "ttest_rel", "ttest_1samp"})),
    **dict.fromkeys(("chi", "chi2", "square", "squared", "quadrat", "cuadrado", "carre", "x2"),
                    frozenset({"chi2"})),
    **dict.fromkeys(("anova", "way", "facteur", "factor", "faktor"), frozenset({"anova", "kruskal"})),
    "f": frozenset({"anova"}),  # the statistic of an ANOVA, not of a Kruskal-Wallis test
    **dict.fromkeys(("agostino", "d'agostino", "normaltest", "k2"), frozenset({"dagostino"})),
    **dict.fromkeys(("paired", "apparie", "pareada", "gepaarter", "matching", "matched"),
                    frozenset({"ttest_rel", "wilcoxon"})),
    **dict.fromkeys(("t",), frozenset({"ttest_ind", "welch_ttest", "ttest_rel", "ttest_1samp"})),
}  # fmt: skip
# Parts that say which kind of test without naming one: read with any test of that kind.
_KIND_PARTS: dict[str, frozenset[str]] = {
    "one": frozenset({"anova", "kruskal", "ttest_1samp"}),  # "one-way", "one-sample"
    "two": frozenset({"ttest_ind", "welch_ttest", "mannwhitney", "ks_2samp"}),  # "two-sample"
    "sample": frozenset({"ttest_ind", "welch_ttest", "mannwhitney", "ks_2samp", "ttest_1samp"}),
    "samples": frozenset({"ttest_ind", "welch_ttest", "mannwhitney", "ks_2samp", "ttest_rel", "wilcoxon"}),
    "rank": frozenset({"mannwhitney", "kruskal", "wilcoxon"}),
    "ranks": frozenset({"mannwhitney", "kruskal", "wilcoxon"}),
    "independent": frozenset({"ttest_ind", "welch_ttest", "mannwhitney", "ks_2samp"}),  # two samples
    "unabhangigkeit": frozenset({"chi2"}),
    "unabhangigkeits": frozenset({"chi2"}),
    "normalverteilung": frozenset({"shapiro", "dagostino"}),
}
_TEST_WORDS = frozenset({"test", "tests", "testes", "prueba", "pruebas"})
_REGRESSION_PARTS = frozenset({"ols", "least", "squares", "least-squares", "ordinary", "regress", "regressed",
                               "regressing", "regresses", "predict", "predicts", "predicting", "prediction",
                               "against", "versus", "vs"})  # fmt: skip
# What every test of two or more groups asks, and the defaults the catalogue computes (two-sided).
_DIFFERENCE_WORDS = frozenset({
    "differ", "differs", "differed", "different", "differently", "differences", "differe", "differes",
    "differer", "difiere", "difieren", "diferencia", "diferencias", "diferente", "diferentes",
    "unterscheidet", "unterscheiden", "unterschied", "unterschiede", "unterschiedlich", "vary", "varies",
    "varied", "varie", "varient", "varia", "varian", "compare", "compares", "compared", "comparing",
    "comparison", "compara", "comparar", "comparez", "comparer", "vergleiche", "vergleichen", "versus",
    "contre", "gegen", "gegenuber", "same", "misma", "mismo", "meme", "memes", "gleich", "identical",
    "cambiaron", "cambio", "cambia", "cambiado", "changed", "change", "changes", "verandert", "veranderte",
    "geandert", "anderte",
})  # fmt: skip
_SIGNIFICANCE_WORDS = frozenset({
    "significant", "significantly", "significance", "significatif", "significative", "significativa",
    "significativo", "significativement", "significativamente", "signifikant", "statistically",
    "two-sided", "two-tailed", "bilateral", "zweiseitig", "zweiseitiger", "assuming", "assume", "assumes",
})  # fmt: skip
_INDEPENDENCE_WORDS = frozenset({
    "independent", "independence", "independance", "independencia", "independiente", "independientes",
    "unabhangig", "unabhangigkeit", "associated", "association", "related", "dependent", "dependence",
})  # fmt: skip
_NORMALITY_WORDS = frozenset({
    "normally", "normal", "normality", "normalite", "normalidad", "normalverteilung", "normalverteilt",
    "distributed", "distribuido", "distribuidos", "distribuee", "distribue", "verteilt", "gaussian",
    "distribution", "distributions", "distribucion", "verteilung", "verteilungen",
})  # fmt: skip
_EQUAL_VARIANCE = frozenset({"ttest_ind", "anova", "levene"})
_UNEQUAL_WORDS = frozenset({"unequal", "ungleiche", "ungleichen", "desiguales", "inegales", "heterogeneous"})
_VARIANCE_WORDS = frozenset({"variance", "variances", "varianzen", "varianza", "varianzas", "homogeneity"})
# Nouns for the groups of a grouping column ("the levels of rating", "the five cut grades").
_GROUP_NOUNS = frozenset({
    "level", "levels", "grade", "grades", "stufen", "stufe", "niveau", "niveaux", "nivel", "niveles",
    "categorie", "categories", "categoria", "categorias", "kategorien", "gruppen", "groupes", "grupos",
})  # fmt: skip
_COUNT_WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5,
    "zwei": 2, "drei": 3, "vier": 4, "funf": 5,
}  # fmt: skip
# Verbs of instruction in the four languages: what the person asks whoever answers to do.
_INSTRUCTION_VERBS = frozenset({
    "run", "conduct", "carry", "do", "perform", "faites", "faire", "effectuez", "realisez", "utilisez",
    "appliquez", "testez", "tester", "haz", "haga", "realiza", "aplica", "aplique", "usa", "utiliza",
    "ver", "fuhre", "fuhren", "durch", "prufe", "prufen", "verwende", "nutze", "teste", "lauten",
})  # fmt: skip
_NEVER = frozenset({"one-sided", "one-tailed", "unilateral", "einseitig", "einseitiger", "greater", "less"})


def _parts(token: str) -> list[str]:
    """``kruskal-wallis-test`` → kruskal, wallis; ``differe-t-il`` → differe; "unabhangigkeitstest" too."""
    out: list[str] = []
    for piece in token.split("-"):
        if piece in {"t", "il", "ils", "elle", "elles"} and out and out[-1] in _DIFFERENCE_WORDS:
            continue  # the French question ending "-t-il"
        part = piece
        if part not in _TEST_WORDS and part.endswith(("test", "tests")) and len(part) > 5:
            part = part[: part.rindex("test")]  # "unabhangigkeitstest"
        if part and part not in _TEST_WORDS:
            out.append(part)
    return out


def _names_the_method(token: str, intent: Intent) -> bool:
    test = str(intent.options.get("test", ""))
    parts = _parts(token)
    if not parts:
        return token in _TEST_WORDS
    for part in parts:
        tests = _NAME_PARTS.get(part) or _KIND_PARTS.get(part)
        if intent.operation == "linear_regression" and part in _REGRESSION_PARTS:
            continue
        if tests is None or test not in tests:
            return False
    return True


def _group_count(intent: Intent, resolver: ColumnResolver) -> int | None:
    groups = intent.options.get("groups")
    if groups:
        return len(groups)
    if len(intent.group_by) != 1:
        return None
    info = resolver.schema.get(intent.group_by[0])
    if info is None or resolver.schema.sampled:
        return None
    return info.distinct_count or None


_OWNER_LINKS = frozenset({"of", "du", "de", "des", "del", "der"})  # "revenu du ménage": whose it is
_DETERMINERS = frozenset({"the", "a", "le", "la", "l", "el", "los", "las", "les", "des"})
_BRACKET_DESCRIPTION = 4  # words before "(name)" read as its description


def _described_before_bracket(tokens: list[str], used: set[int]) -> set[int]:
    """``the mother's employment status (memployment)``: the words before a bracketed name it reads."""
    found: set[int] = set()
    for k, token in enumerate(tokens):
        if token != "(" or k + 2 >= len(tokens) or tokens[k + 2] != ")" or k + 1 not in used:
            continue
        for j in range(k - 1, max(k - 1 - _BRACKET_DESCRIPTION, -1), -1):
            if j in used or not tokens[j].replace("'", "").isalpha():
                break
            if tokens[j] not in FUNCTION_WORDS:
                found.add(j)
    return found


_CLAUSE_END = frozenset({"", ".", "?", "!", ",", ";", ":", ")"})


def _names_the_rows_after_groups(tokens: list[str], i: int, used: set[int], intent: Intent) -> bool:
    """``between Métropole = 1 and Métropole = 0 counties``, "fog days and drizzle days": a plural noun
    right after the last named group, ending the clause, says what the rows are; named as not used."""
    token, after = tokens[i], tokens[i + 1] if i + 1 < len(tokens) else ""
    if not intent.options.get("groups") or i - 1 not in used or after not in _CLAUSE_END:
        return False
    return token.isalpha() and len(token) >= 4 and token.endswith("s") and not token.endswith("ss")


def _negated_group(token: str, tokens: list[str], used: set[int]) -> bool:
    """``Nicht-Einwanderern`` beside ``Einwanderern``, "non-smokers" beside "smokers": the other group."""
    head, _, rest = token.partition("-")
    return head in {"nicht", "non", "no", "sin", "sans"} and any(
        tokens[k] == rest for k in used if k < len(tokens)
    )


def _described_name(tokens: list[str], i: int, intent: Intent, resolver: ColumnResolver) -> bool:
    """The words around a tested column's name that name nothing else in the file: "marriage rating"
    for ``rating``, "the mother's memployment", "le revenu du ménage" (never a modifier such as "net")."""
    word = tokens[i]
    stem = word.removesuffix("'s").removesuffix("'")
    if stem in NUMBER_CHANGING_MODIFIERS or i + 1 >= len(tokens):
        return False
    if stem != word:  # a possessive: the owner of what the column holds, when it names nothing itself
        hit = resolver.match_at(tokens, i + 1)
        return hit is not None and hit[0] in intent.columns and names_nothing([stem], 0, resolver)
    k = i - 1
    while k > 0 and tokens[k] in _DETERMINERS:
        k -= 1
    if k >= 1 and tokens[k] in _OWNER_LINKS:  # "le revenu du ménage", "the income of the household"
        hit = resolver.match_at(tokens, k - 1)
        tested = hit is not None and hit[1] == 1 and hit[0] in intent.columns
        if tested and names_nothing(tokens, i, resolver):
            return True
    column = _described_column(tokens, i, resolver, anywhere=True)
    return column is not None and column in intent.columns


def _possessive_labels(tokens: list[str], intent: Intent) -> set[int]:
    """``General Electric's``, ``Westinghouse's``: the test's own groups, said with a possessive."""
    found: set[int] = set()
    for label in intent.options.get("groups") or []:
        words = str(label).lower().split()
        for i in range(len(tokens) - len(words) + 1):
            span = tokens[i : i + len(words)]
            if span[:-1] == words[:-1] and span[-1].removesuffix("'s").removesuffix("'") == words[-1]:
                found.update(range(i, i + len(words)))
    return found


def _describes_the_test(
    tokens: list[str], i: int, intent: Intent, resolver: ColumnResolver, used: set[int]
) -> bool:
    """``tokens[i]`` names the test read, what it asks or a default it computes (see the module)."""
    token, test = tokens[i], str(intent.options.get("test", ""))
    parts = _parts(token)
    if _negated_group(token, tokens, used) or _names_the_method(token, intent):
        return True
    if intent.operation in {"correlation", "linear_regression"}:
        return token in _SIGNIFICANCE_WORDS
    return intent.operation == "statistical_test" and (
        token in _SIGNIFICANCE_WORDS
        or token in _DIFFERENCE_WORDS
        or (bool(parts) and parts[0] in _DIFFERENCE_WORDS)  # "differe-t-il"
        or (token in _INDEPENDENCE_WORDS and test == "chi2")
        or (token in _NORMALITY_WORDS and test in {"shapiro", "dagostino", "ks_2samp"})
        or (token in _UNEQUAL_WORDS and test == "welch_ttest")
        or (token in _VARIANCE_WORDS and (test == "welch_ttest" or test in _EQUAL_VARIANCE))
        or (token in _GROUP_NOUNS and bool(intent.group_by))
        or (token in _COUNT_WORDS and _COUNT_WORDS[token] == _group_count(intent, resolver))
    )


def method_words(
    tokens: list[str], used: set[int], intent: Intent, resolver: ColumnResolver
) -> tuple[set[int], list[str]]:
    """The positions of the words that only name or describe the method read, and those among them
    the reading names as not used (verbs of instruction, descriptions of a name)."""
    found: set[int] = set()
    verbs: list[str] = []
    described = _described_before_bracket(tokens, used)
    labels = _possessive_labels(tokens, intent)
    language = detect_language(intent.request, resolver)  # "merci", "est-elle" (method_discourse.py)
    for i, token in enumerate(tokens):
        if i in used or token in _NEVER or resolver.resolve(token, fuzzy=False) is not None:
            continue
        before = tokens[i - 1] if i > 0 else ""
        if token in {"sided", "tailed"} and before == "one":
            continue  # "one sided": an alternative the catalogue does not compute
        if i in labels:  # the test's own groups, said with a possessive
            found.add(i)
            continue
        if (
            token in _INSTRUCTION_VERBS
            or i in described
            or _described_name(tokens, i, intent, resolver)
            or _names_the_rows_after_groups(tokens, i, used, intent)
            or asking_word(tokens, i, language, resolver)
            or membership_noun(tokens, i, intent, resolver)
        ):
            verbs.append(token)
            found.add(i)
        elif _describes_the_test(tokens, i, intent, resolver, used) or method_word(token, intent, language):
            found.add(i)
    return found, verbs


def one_sided_words(tokens: list[str], used: set[int]) -> list[str]:
    """Unread words that ask for a one-sided test ("one-sided", "one tailed", "greater"): the catalogue's
    tests are two-sided, so these are leftovers, never read as the two-sided default."""
    found: list[str] = []
    for i, token in enumerate(tokens):
        if token in {"sided", "tailed"} and i > 0 and tokens[i - 1] == "one":
            found.append(f"one {token}")  # "sided" alone is a word of the reading's vocabulary
        elif token in _NEVER and i not in used:
            found.append(token)
    return found


_NEGATIONS = frozenset({"not", "no", "without", "never", "ohne", "sin", "sans", "nicht"})


def equal_variances_beside_welch(tokens: list[str], intent: Intent) -> list[str]:
    """ "Welch's t-test assuming equal variances": Welch's test assumes them unequal, so the words
    contradict the test read (a Student test gives other numbers); "not assuming equal variances" agrees."""
    if intent.options.get("test") != "welch_ttest":
        return []
    for i, token in enumerate(tokens):
        after = tokens[i + 1] if i + 1 < len(tokens) else ""
        negated = any(word in _NEGATIONS for word in tokens[max(0, i - 3) : i])
        if token in {"equal", "gleiche", "iguales", "egales"} and after in _VARIANCE_WORDS and not negated:
            return [f"{token} {after}"]
    return []


def other_tests(tokens: list[str], used: set[int], intent: Intent) -> list[str]:
    """Unread names of a test other than the one read ("Kruskal-Wallis …, then a Welch test"): a second
    test the reading would drop. A "t-test" across more than two groups is read as the ANOVA it becomes."""
    test = str(intent.options.get("test", ""))
    found: list[str] = []
    for i, token in enumerate(tokens):
        if i in used or intent.operation != "statistical_test":
            continue
        parts = _parts(token)
        named = [
            _NAME_PARTS[part] for part in parts if part in _NAME_PARTS and (len(part) > 1 or part == "t")
        ]
        if not named or any(test in tests for tests in named) or (test == "anova" and parts == ["t"]):
            continue
        found.append(token)
    return found


def exclusive_equalities(filters: list[Filter]) -> bool:
    """``Métropole = 1`` and ``Métropole = 0`` read as conditions: no row has both, so they name the two
    groups of a test, never two row filters (whose answer would be computed on no rows)."""
    seen: dict[str, str] = {}
    for rule in filters:
        if rule.op != "==":
            continue
        value = str(rule.value)
        if seen.setdefault(rule.column, value) != value:
            return True
    return False


def without_settings(text: str, settings: re.Pattern[str]) -> str:
    """``text`` without the phrases that set a split, a seed or a correction, each to the end of its last
    word ("20% of the data for testing": not "test" + a leftover "ing")."""
    out: list[str] = []
    last = 0
    for match in settings.finditer(text):
        end = match.end()
        while end < len(text) and text[end].isalnum():
            end += 1
        out += [text[last : match.start()], " "]
        last = end
    return "".join([*out, text[last:]])
