"""Compute every expected answer of the real-world benchmark and write requests_dev.jsonl / requests_test.jsonl.

Runs in the scratch venv (pandas, scipy, openpyxl, pyarrow), not in mcpforge's:

    /tmp/rwvenv/bin/python bench/realworld/make_expected.py

Each request below carries the pandas / scipy code that computes its expectation from the benchmark's
own data file, read the way an analyst would read it (LOADERS). The code runs with ``df`` (a fresh
copy), ``pd``, ``np``, ``stats`` (scipy.stats) and the shape helpers S / BY / TOP / NUMS / TEST / ANY /
AR, and must assign ``expect``. The code is copied into each jsonl line's ``notes`` so every expectation
can be audited where it is used. Deterministic: no clock, no unseeded randomness; the dev/test split is
a seeded shuffle per dataset (SPLIT_SEED).

Shapes (README.md): scalar, numbers, by, top, test, any_of; ask_or_refuse items carry
{"ask_or_refuse": reason}.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
SPLIT_SEED = 20250101


def _load_json_records(p: Path) -> pd.DataFrame:
    return pd.DataFrame(json.loads(p.read_text(encoding="utf-8")))


LOADERS = {
    "diamonds.csv": lambda p: pd.read_csv(p),
    "midwest_fr.csv": lambda p: pd.read_csv(p, sep=";", decimal=",", encoding="cp1252"),
    "mpg_de.xlsx": lambda p: pd.read_excel(p),
    "txhousing.parquet": lambda p: pd.read_parquet(p),
    "airports.json": _load_json_records,
    "cars.tsv": lambda p: pd.read_csv(p, sep="\t"),
    "seattle_weather.csv": lambda p: pd.read_csv(p),
    "penguins.csv": lambda p: pd.read_csv(p),
}


# ----------------------------------------------------------------------------------------- shapes
def _num(x):
    x = float(x)
    if math.isnan(x) or math.isinf(x):
        raise ValueError(f"expected value is not finite: {x}")
    return x


def _key(k) -> str:
    if isinstance(k, tuple):
        return "|".join(_key(p) for p in k)
    if isinstance(k, (float, np.floating)) and float(k).is_integer():
        return str(int(k))
    if isinstance(k, pd.Timestamp):
        return k.strftime("%Y-%m-%d")
    if isinstance(k, pd.Period):
        return str(k)
    return str(k)


def S(x, round=None, percent=False):
    e = {"scalar": _num(x)}
    if round is not None:
        e["round"] = round
    if percent:
        e["percent"] = True
    return e


def BY(s: pd.Series, measure: str, round=None, aliases=None):
    s = s.dropna()
    names = [str(n) for n in (s.index.names if s.index.nlevels > 1 else [s.index.name])]
    e = {"by": names, "values": {_key(k): _num(v) for k, v in s.items()}, "measure": measure}
    if round is not None:
        e["round"] = round
    if aliases:
        e["aliases"] = aliases
    return e


def TOP(s: pd.Series, k: int, measure: str, ascending=False, aliases=None):
    """The first k labels of s ordered by value; refuses a tie at the cut (the answer would be arbitrary)."""
    s = s.dropna().sort_values(ascending=ascending, kind="mergesort")
    if len(s) > k and s.iloc[k - 1] == s.iloc[k]:
        raise ValueError(f"tie at the top-{k} cut for {measure}: {s.iloc[: k + 1].to_dict()}")
    if len(set(s.iloc[:k].tolist())) < k:
        raise ValueError(f"tie inside the top {k} for {measure}: {s.iloc[:k].to_dict()}")
    e = {"top": [_key(x) for x in s.index[:k]], "values": [_num(v) for v in s.iloc[:k]], "measure": measure}
    if aliases:
        e["aliases"] = aliases
    return e


def NUMS(xs, round=None):
    e = {"numbers": [_num(x) for x in xs]}
    if round is not None:
        e["round"] = round
    return e


def TEST(res, alpha=0.05, name=""):
    stat, p = float(res[0]), float(res[1])
    return {"test": {"name": name, "statistic": _num(stat), "p_value": _num(p), "alpha": alpha,
                     "significant": bool(p < alpha)}}


def ANY(*expects):
    return {"any_of": list(expects)}


def AR(reason):
    return {"ask_or_refuse": reason}


MONTHS = {str(i): [pd.Timestamp(2000, i, 1).strftime("%B"), pd.Timestamp(2000, i, 1).strftime("%b")] for i in range(1, 13)}


def _mwu(a, b, name="Mann-Whitney U"):
    a, b = pd.Series(a).dropna(), pd.Series(b).dropna()
    r = stats.mannwhitneyu(a, b, alternative="two-sided")
    u2 = len(a) * len(b) - r.statistic
    return ANY(TEST(r, name=name), TEST((u2, r.pvalue), name=name + " (other group first)"))


def _ttest_plain(a, b):
    """'t-test' without a stated variance assumption: Student's (scipy's default) or Welch's both count."""
    a, b = pd.Series(a).dropna(), pd.Series(b).dropna()
    return ANY(TEST(stats.ttest_ind(a, b), name="Student t"), TEST(stats.ttest_ind(a, b, equal_var=False), name="Welch t"))


def _std_any(s: pd.Series):
    """'standard deviation' without a stated convention: sample (ddof=1, pandas) or population (ddof=0)."""
    return ANY(S(s.std()), S(s.std(ddof=0)))


def _skew_any(s: pd.Series):
    s = s.dropna()
    return ANY(S(s.skew()), S(stats.skew(s)))


def _iqr_outliers(s: pd.Series) -> int:
    s = s.dropna()
    q1, q3 = s.quantile(0.25), s.quantile(0.75)
    i = q3 - q1
    return int(((s < q1 - 1.5 * i) | (s > q3 + 1.5 * i)).sum())


def _z_outliers_any(s: pd.Series, thr=3.0):
    s = s.dropna()
    a = int((((s - s.mean()) / s.std()).abs() > thr).sum())
    b = int((((s - s.mean()) / s.std(ddof=0)).abs() > thr).sum())
    return S(a) if a == b else ANY(S(a), S(b))


HELPERS = dict(S=S, BY=BY, TOP=TOP, NUMS=NUMS, TEST=TEST, ANY=ANY, AR=AR, MONTHS=MONTHS, mwu=_mwu,
               ttest_plain=_ttest_plain, std_any=_std_any, skew_any=_skew_any, iqr_outliers=_iqr_outliers,
               z_outliers_any=_z_outliers_any)

# --------------------------------------------------------------------------------------- requests
# (id, lang, request, code). kind is "ask_or_refuse" when code calls AR(...), else "answer".
REQUESTS: dict[str, list[tuple[str, str, str, str]]] = {}

REQUESTS["diamonds.csv"] = [
    ("dia-01", "en", "average price by cut",
     "expect = BY(df.groupby('cut').price.mean(), 'mean of price')"),
    ("dia-02", "en", "How many diamonds cost more than 10000?",
     "expect = S((df.price > 10000).sum())"),
    ("dia-03", "en", "What is the median carat of Ideal cut diamonds?",
     "expect = S(df.loc[df.cut == 'Ideal', 'carat'].median())"),
    ("dia-04", "en", "Which clarity grade has the highest mean price?",
     "expect = TOP(df.groupby('clarity').price.mean(), 1, 'mean of price')"),
    ("dia-05", "en", "1. What are the 10th, 50th and 90th percentiles of price?",
     "expect = NUMS(df.price.quantile([0.1, 0.5, 0.9]).tolist())"),
    ("dia-06", "en", "Using pandas, compute the price per carat for each diamond (price divided by carat) and give its mean over all diamonds.",
     "expect = S((df.price / df.carat).mean())"),
    ("dia-07", "en", "count diamonds per color",
     "expect = BY(df.groupby('color').size(), 'count of rows')"),
    ("dia-08", "en", "Mean depth for every combination of cut and color.",
     "expect = BY(df.groupby(['cut', 'color']).depth.mean(), 'mean of depth')"),
    ("dia-09", "en", "Is the price of Premium diamonds significantly different from Ideal ones? Use Welch's t-test and say whether it is significant at p < 0.05.",
     "expect = TEST(stats.ttest_ind(df.price[df.cut == 'Premium'], df.price[df.cut == 'Ideal'], equal_var=False), name='Welch t')"),
    ("dia-10", "en", "After removing rows where x, y or z is 0, what is the average z?",
     "d = df[(df.x != 0) & (df.y != 0) & (df.z != 0)]\nexpect = S(d.z.mean())"),
    ("dia-11", "en", "Flag outliers in price with |z| > 3. How many diamonds are flagged?",
     "expect = z_outliers_any(df.price)"),
    ("dia-12", "en", "How many price outliers are there by the 1.5×IQR rule?",
     "expect = S(iqr_outliers(df.price))"),
    ("dia-13", "en", "What is the Pearson correlation between carat and price?",
     "expect = S(df.carat.corr(df.price))"),
    ("dia-14", "en", "Which cut is the cheapest on average?",
     "expect = TOP(df.groupby('cut').price.mean(), 1, 'mean of price', ascending=True)"),
    ("dia-15", "en", "total price of all color D diamonds",
     "expect = S(df.loc[df.color == 'D', 'price'].sum())"),
    ("dia-16", "en", "Average table for diamonds heavier than 1 carat, rounded to 2 decimals.",
     "expect = S(df.loc[df.carat > 1, 'table'].mean(), round=2)"),
    ("dia-17", "en", "standard deviation of price for each clarity",
     "expect = ANY(BY(df.groupby('clarity').price.std(), 'std of price'), BY(df.groupby('clarity').price.std(ddof=0), 'population std of price'))"),
    ("dia-18", "en", "Top 3 colors by number of diamonds priced above 5000.",
     "expect = TOP(df[df.price > 5000].groupby('color').size(), 3, 'count of rows')"),
    ("dia-19", "en", "Spearman rank correlation between depth and price, please.",
     "expect = S(df.depth.corr(df.price, method='spearman'))"),
    ("dia-20", "en", "What percentage of the diamonds are Ideal cut?",
     "expect = S((df.cut == 'Ideal').mean() * 100, percent=True)"),
    ("dia-21", "en", "What's the mean of x minus y across all diamonds?",
     "expect = S((df.x - df.y).mean())"),
    ("dia-22", "en", "Does the mean price differ across the five cut grades? Run a one-way ANOVA and report F and the p-value.",
     "expect = TEST(stats.f_oneway(*[g.price for _, g in df.groupby('cut')]), name='one-way ANOVA')"),
    ("dia-23", "en", "max carat by clarity",
     "expect = BY(df.groupby('clarity').carat.max(), 'max of carat')"),
    ("dia-24", "en", "Number of diamonds per cut, counting only stones of at least 2 carats.",
     "expect = BY(df[df.carat >= 2].groupby('cut').size(), 'count of rows')"),
    ("dia-25", "en", "Chi-square test of independence between cut and color: is there an association at the 5% level?",
     "r = stats.chi2_contingency(pd.crosstab(df.cut, df.color))\nexpect = TEST((r[0], r[1]), name='chi-square independence')"),
    ("dia-26", "en", "skewness of price",
     "expect = skew_any(df.price)"),
    ("dia-27", "en", "Give me the minimum, maximum and average price of VS1 diamonds.",
     "s = df.loc[df.clarity == 'VS1', 'price']\nexpect = NUMS([s.min(), s.max(), s.mean()])"),
    ("dia-28", "en", "Among the Fair cut diamonds, how many are there of each clarity?",
     "expect = BY(df[df.cut == 'Fair'].groupby('clarity').size(), 'count of rows')"),
    ("dia-29", "es", "¿Cuál es el precio medio (price) por color?",
     "expect = BY(df.groupby('color').price.mean(), 'mean of price')"),
    ("dia-30", "fr", "Quel est le prix médian (price) des diamants de taille Premium ?",
     "expect = S(df.loc[df.cut == 'Premium', 'price'].median())"),
    ("dia-31", "de", "Wie viele Diamanten haben mehr als 1,5 Karat (carat)?",
     "expect = S((df.carat > 1.5).sum())"),
    ("dia-32", "en", "What is the average size of the diamonds?",
     "expect = AR('size could be carat (weight) or the x / y / z dimensions, with different numbers')"),
    ("dia-33", "en", "average certification fee by cut",
     "expect = AR('no certification fee column')"),
    ("dia-34", "en", "Total profit per color.",
     "expect = AR('no profit or cost column')"),
    ("dia-35", "en", "How many diamonds did each shop sell?",
     "expect = AR('no shop column')"),
    ("dia-36", "en", "mean dimension by cut",
     "expect = AR('dimension could be x, y or z (or depth), with different numbers')"),
    ("dia-37", "en", "What's the variance of carat?",
     "expect = ANY(S(df.carat.var()), S(df.carat.var(ddof=0)))"),
    ("dia-38", "en", "Kendall's tau between carat and table.",
     "expect = S(df.carat.corr(df.table, method='kendall'))"),
    ("dia-39", "en", "Of the diamonds priced under 1000, what percentage are Ideal cut?",
     "d = df[df.price < 1000]\nexpect = S((d.cut == 'Ideal').mean() * 100, percent=True)"),
    ("dia-40", "en", "Average price of diamonds whose clarity is IF or VVS1.",
     "expect = S(df.loc[df.clarity.isin(['IF', 'VVS1']), 'price'].mean())"),
    ("dia-41", "en", "Run a Shapiro-Wilk normality test on the depth of Fair cut diamonds. Is depth normal at alpha = 0.05?",
     "expect = TEST(stats.shapiro(df.loc[df.cut == 'Fair', 'depth']), name='Shapiro-Wilk')"),
    ("dia-42", "en", "For colour J only, what is the mean carat of each cut?",
     "expect = BY(df[df.color == 'J'].groupby('cut').carat.mean(), 'mean of carat')"),
]

# midwest_fr.csv: French headers (see make_data.py)
REQUESTS["midwest_fr.csv"] = [
    ("mid-01", "fr", "Population totale moyenne par État",
     "expect = BY(df.groupby('État')['Population totale'].mean(), 'mean of Population totale')"),
    ("mid-02", "fr", "Quel État compte le plus de comtés ?",
     "expect = TOP(df.groupby('État').size(), 1, 'count of rows')"),
    ("mid-03", "en", "total Population totale per État",
     "expect = BY(df.groupby('État')['Population totale'].sum(), 'sum of Population totale')"),
    ("mid-04", "en", "How many counties have a Densité above 3000?",
     "expect = S((df['Densité'] > 3000).sum())"),
    ("mid-05", "fr", "Médiane de « Sous le seuil de pauvreté (%) » pour les comtés en zone métropolitaine (Métropole = 1)",
     "expect = S(df.loc[df['Métropole'] == 1, 'Sous le seuil de pauvreté (%)'].median())"),
    ("mid-06", "en", "mean Diplômés du supérieur (%) by Métropole",
     "expect = BY(df.groupby('Métropole')['Diplômés du supérieur (%)'].mean(), 'mean of Diplômés du supérieur (%)')"),
    ("mid-07", "en", "Does the poverty share 'Sous le seuil de pauvreté (%)' differ between metropolitan (Métropole = 1) and other counties (Métropole = 0)? Use a Welch t-test and tell me whether it is significant at p < 0.05.",
     "expect = TEST(stats.ttest_ind(df.loc[df['Métropole'] == 1, 'Sous le seuil de pauvreté (%)'], df.loc[df['Métropole'] == 0, 'Sous le seuil de pauvreté (%)'], equal_var=False), name='Welch t')"),
    ("mid-08", "en", "Which 5 counties (Comté) have the largest Population totale?",
     "expect = TOP(df.set_index('Comté')['Population totale'], 5, 'Population totale')"),
    ("mid-09", "en", "Correlation between Diplômés du supérieur (%) and Sous le seuil de pauvreté (%)",
     "expect = S(df['Diplômés du supérieur (%)'].corr(df['Sous le seuil de pauvreté (%)']))"),
    ("mid-10", "en", "count of counties per Catégorie",
     "expect = BY(df.groupby('Catégorie').size(), 'count of rows')"),
    ("mid-11", "en", "For each État, the share of the population that is Black: sum of Population noire divided by sum of Population totale, as a percentage.",
     "g = df.groupby('État')\nexpect = BY(g['Population noire'].sum() / g['Population totale'].sum() * 100, 'percent: sum Population noire / sum Population totale')"),
    ("mid-12", "en", "The ratio of Population adulte to Population totale per county, averaged over all counties.",
     "expect = S((df['Population adulte'] / df['Population totale']).mean())"),
    ("mid-13", "en", "What are the 25th, 50th and 75th percentiles of Densité?",
     "expect = NUMS(df['Densité'].quantile([0.25, 0.5, 0.75]).tolist())"),
    ("mid-14", "en", "Densité: how many counties are outliers by the 1.5×IQR rule?",
     "expect = S(iqr_outliers(df['Densité']))"),
    ("mid-15", "en", "One-way ANOVA of Part blanche (%) across the five États.",
     "expect = TEST(stats.f_oneway(*[g['Part blanche (%)'] for _, g in df.groupby('État')]), name='one-way ANOVA')"),
    ("mid-16", "en", "Standard deviation of Enfants pauvres (%) in Ohio (État = OH)",
     "expect = std_any(df.loc[df['État'] == 'OH', 'Enfants pauvres (%)'])"),
    ("mid-17", "fr", "Combien de comtés de l'Illinois (État = IL) ont une Population totale supérieure à 100 000 ?",
     "expect = S(((df['État'] == 'IL') & (df['Population totale'] > 100000)).sum())"),
    ("mid-18", "fr", "Écart-type de la Superficie par État",
     "expect = ANY(BY(df.groupby('État')['Superficie'].std(), 'std of Superficie'), BY(df.groupby('État')['Superficie'].std(ddof=0), 'population std of Superficie'))"),
    ("mid-19", "fr", "Quelle est la Superficie totale des comtés du Wisconsin (WI) ?",
     "expect = S(df.loc[df['État'] == 'WI', 'Superficie'].sum())"),
    ("mid-20", "en", "average poverty rate by state",
     "expect = AR('poverty rate could be Sous le seuil de pauvreté (%), Enfants pauvres (%), Adultes pauvres (%) or Personnes âgées pauvres (%)')"),
    ("mid-21", "fr", "Taux de chômage moyen par État",
     "expect = AR('no unemployment column')"),
    ("mid-22", "en", "median household income by Catégorie",
     "expect = AR('no income column')"),
    ("mid-23", "en", "What is the average share per État?",
     "expect = AR('share could be any of the Part ... (%) columns')"),
    ("mid-24", "en", "Max Part asiatique (%) per État",
     "expect = BY(df.groupby('État')['Part asiatique (%)'].max(), 'max of Part asiatique (%)')"),
    ("mid-25", "en", "Which Catégorie has the highest mean Professions libérales (%)?",
     "expect = TOP(df.groupby('Catégorie')['Professions libérales (%)'].mean(), 1, 'mean of Professions libérales (%)')"),
    ("mid-26", "en", "Sum of Population asiatique for the counties of Michigan (MI).",
     "expect = S(df.loc[df['État'] == 'MI', 'Population asiatique'].sum())"),
    ("mid-27", "en", "Mann-Whitney U test of Densité between Métropole = 1 and Métropole = 0 counties.",
     "expect = mwu(df.loc[df['Métropole'] == 1, 'Densité'], df.loc[df['Métropole'] == 0, 'Densité'])"),
    ("mid-28", "en", "How many counties per État have Part noire (%) above 20?",
     "expect = BY(df[df['Part noire (%)'] > 20].groupby('État').size(), 'count of rows')"),
    ("mid-29", "en", "Mean Superficie of the counties with a Population totale under 10000",
     "expect = S(df.loc[df['Population totale'] < 10000, 'Superficie'].mean())"),
    ("mid-30", "en", "How many distinct values does Catégorie take?",
     "expect = S(df['Catégorie'].nunique())"),
    ("mid-31", "en", "Pearson correlation, with its p-value, between Densité and Population totale.",
     "expect = TEST(stats.pearsonr(df['Densité'], df['Population totale']), name='Pearson r')"),
    ("mid-32", "en", "Average Population totale in Indiana (IN), rounded to the nearest integer.",
     "expect = S(df.loc[df['État'] == 'IN', 'Population totale'].mean(), round=0)"),
    ("mid-33", "fr", "1. Moyenne de « Pauvreté connue (%) » sur l'ensemble des comtés.",
     "expect = S(df['Pauvreté connue (%)'].mean())"),
    ("mid-34", "de", "Durchschnittliche Densité je État",
     "expect = BY(df.groupby('État')['Densité'].mean(), 'mean of Densité')"),
    ("mid-35", "es", "¿Cuántos condados (filas) hay en total?",
     "expect = S(len(df))"),
    ("mid-36", "en", "Top 3 États by median Diplômés du secondaire (%)",
     "expect = TOP(df.groupby('État')['Diplômés du secondaire (%)'].median(), 3, 'median of Diplômés du secondaire (%)')"),
    ("mid-37", "en", "skewness of Population totale",
     "expect = skew_any(df['Population totale'])"),
    ("mid-38", "en", "In Ohio (État OH), what is the mean of Adultes pauvres (%) minus Personnes âgées pauvres (%)?",
     "d = df[df['État'] == 'OH']\nexpect = S((d['Adultes pauvres (%)'] - d['Personnes âgées pauvres (%)']).mean())"),
    ("mid-39", "en", "Over all counties, (sum of Population blanche + sum of Population noire) divided by the sum of Population totale.",
     "expect = S((df['Population blanche'].sum() + df['Population noire'].sum()) / df['Population totale'].sum())"),
    ("mid-40", "fr", "Nombre de comtés par Catégorie pour l'État OH",
     "expect = BY(df[df['État'] == 'OH'].groupby('Catégorie').size(), 'count of rows')"),
    ("mid-41", "fr", "Quelle est la Densité maximale par Catégorie ?",
     "expect = BY(df.groupby('Catégorie')['Densité'].max(), 'max of Densité')"),
    ("mid-42", "en", "How many counties are metropolitan (Métropole = 1) in each État?",
     "expect = BY(df[df['Métropole'] == 1].groupby('État').size(), 'count of rows')"),
    ("mid-43", "en", "average crime rate per county by État",
     "expect = AR('no crime column')"),
]

# mpg_de.xlsx: German headers
REQUESTS["mpg_de.xlsx"] = [
    ("mpg-01", "de", "Durchschnittlicher MPG Autobahn je Hersteller",
     "expect = BY(df.groupby('Hersteller')['MPG Autobahn'].mean(), 'mean of MPG Autobahn')"),
    ("mpg-02", "de", "Wie viele Fahrzeuge haben das Baujahr 2008?",
     "expect = S((df['Baujahr'] == 2008).sum())"),
    ("mpg-03", "de", "Median der Motorgröße (l) je Fahrzeugklasse",
     "expect = BY(df.groupby('Fahrzeugklasse')['Motorgröße (l)'].median(), 'median of Motorgröße (l)')"),
    ("mpg-04", "de", "Welcher Hersteller hat den höchsten durchschnittlichen MPG Stadt?",
     "expect = TOP(df.groupby('Hersteller')['MPG Stadt'].mean(), 1, 'mean of MPG Stadt')"),
    ("mpg-05", "en", "mean MPG Stadt by Baujahr",
     "expect = BY(df.groupby('Baujahr')['MPG Stadt'].mean(), 'mean of MPG Stadt')"),
    ("mpg-06", "en", "Compare MPG Autobahn between Baujahr 1999 and Baujahr 2008 with a Welch t-test. Is the difference significant at the 0.05 level?",
     "expect = TEST(stats.ttest_ind(df.loc[df['Baujahr'] == 1999, 'MPG Autobahn'], df.loc[df['Baujahr'] == 2008, 'MPG Autobahn'], equal_var=False), name='Welch t')"),
    ("mpg-07", "en", "number of cars per Antriebsart",
     "expect = BY(df.groupby('Antriebsart').size(), 'count of rows')"),
    ("mpg-08", "en", "For each Zylinder count, what is the average MPG Autobahn?",
     "expect = BY(df.groupby('Zylinder')['MPG Autobahn'].mean(), 'mean of MPG Autobahn')"),
    ("mpg-09", "en", "MPG Autobahn minus MPG Stadt, averaged over all cars",
     "expect = S((df['MPG Autobahn'] - df['MPG Stadt']).mean())"),
    ("mpg-10", "en", "What is the correlation between Motorgröße (l) and MPG Autobahn?",
     "expect = S(df['Motorgröße (l)'].corr(df['MPG Autobahn']))"),
    ("mpg-11", "en", "Which Hersteller has the most distinct Modell values?",
     "expect = TOP(df.groupby('Hersteller')['Modell'].nunique(), 1, 'distinct count of Modell')"),
    ("mpg-12", "en", "How many cars get more than 30 MPG Autobahn?",
     "expect = S((df['MPG Autobahn'] > 30).sum())"),
    ("mpg-13", "en", "Chi-square test of independence between Antriebsart and Fahrzeugklasse.",
     "r = stats.chi2_contingency(pd.crosstab(df['Antriebsart'], df['Fahrzeugklasse']))\nexpect = TEST((r[0], r[1]), name='chi-square independence')"),
    ("mpg-14", "en", "Does MPG Stadt differ between the Antriebsart groups? One-way ANOVA, alpha 0.05.",
     "expect = TEST(stats.f_oneway(*[g['MPG Stadt'] for _, g in df.groupby('Antriebsart')]), name='one-way ANOVA')"),
    ("mpg-15", "en", "Please give the 10th, 25th, 75th and 90th percentiles of MPG Stadt.",
     "expect = NUMS(df['MPG Stadt'].quantile([0.1, 0.25, 0.75, 0.9]).tolist())"),
    ("mpg-16", "en", "Which Fahrzeugklasse is the least fuel efficient in town, i.e. has the lowest mean MPG Stadt?",
     "expect = TOP(df.groupby('Fahrzeugklasse')['MPG Stadt'].mean(), 1, 'mean of MPG Stadt', ascending=True)"),
    ("mpg-17", "en", "mean Motorgröße (l) where Kraftstoff is p",
     "expect = S(df.loc[df['Kraftstoff'] == 'p', 'Motorgröße (l)'].mean())"),
    ("mpg-18", "en", "average price per Hersteller",
     "expect = AR('no price column')"),
    ("mpg-19", "en", "mean fuel economy by Fahrzeugklasse",
     "expect = AR('fuel economy could be MPG Stadt or MPG Autobahn, with different numbers')"),
    ("mpg-20", "de", "Durchschnittsverbrauch je Hersteller",
     "expect = AR('Verbrauch could be MPG Stadt or MPG Autobahn, with different numbers')"),
    ("mpg-21", "en", "average horsepower by Zylinder",
     "expect = AR('no horsepower column')"),
    ("mpg-22", "en", "max MPG Autobahn per Fahrzeugklasse",
     "expect = BY(df.groupby('Fahrzeugklasse')['MPG Autobahn'].max(), 'max of MPG Autobahn')"),
    ("mpg-23", "de", "Anzahl Fahrzeuge je Fahrzeugklasse und Baujahr",
     "expect = BY(df.groupby(['Fahrzeugklasse', 'Baujahr']).size(), 'count of rows')"),
    ("mpg-24", "en", "What percentage of cars have an automatic Getriebe (values starting with 'auto')?",
     "expect = S(df['Getriebe'].str.startswith('auto').mean() * 100, percent=True)"),
    ("mpg-25", "en", "How many Antriebsart 4 cars are from Baujahr 2008?",
     "expect = S(((df['Antriebsart'] == '4') & (df['Baujahr'] == 2008)).sum())"),
    ("mpg-26", "en", "Flag MPG Autobahn outliers with |z| > 3 and count them.",
     "expect = z_outliers_any(df['MPG Autobahn'])"),
    ("mpg-27", "en", "How many outliers does MPG Stadt have under the 1.5×IQR rule?",
     "expect = S(iqr_outliers(df['MPG Stadt']))"),
    ("mpg-28", "en", "Mann-Whitney U test of MPG Stadt between Antriebsart f and Antriebsart r.",
     "expect = mwu(df.loc[df['Antriebsart'] == 'f', 'MPG Stadt'], df.loc[df['Antriebsart'] == 'r', 'MPG Stadt'])"),
    ("mpg-29", "en", "standard deviation of MPG Autobahn per Antriebsart",
     "expect = ANY(BY(df.groupby('Antriebsart')['MPG Autobahn'].std(), 'std of MPG Autobahn'), BY(df.groupby('Antriebsart')['MPG Autobahn'].std(ddof=0), 'population std of MPG Autobahn'))"),
    ("mpg-30", "de", "Mittelwert von MPG Stadt für Fahrzeuge mit einer Motorgröße (l) über 4",
     "expect = S(df.loc[df['Motorgröße (l)'] > 4, 'MPG Stadt'].mean())"),
    ("mpg-31", "es", "Número de coches por Hersteller",
     "expect = BY(df.groupby('Hersteller').size(), 'count of rows')"),
    ("mpg-32", "en", "The ratio MPG Autobahn / MPG Stadt for each car, averaged within each Fahrzeugklasse.",
     "expect = BY((df['MPG Autobahn'] / df['MPG Stadt']).groupby(df['Fahrzeugklasse']).mean(), 'mean of MPG Autobahn / MPG Stadt')"),
    ("mpg-33", "en", "Spearman correlation between Zylinder and MPG Stadt",
     "expect = S(df['Zylinder'].corr(df['MPG Stadt'], method='spearman'))"),
    ("mpg-34", "en", "how many 8-Zylinder cars does each Hersteller have?",
     "expect = BY(df[df['Zylinder'] == 8].groupby('Hersteller').size(), 'count of rows')"),
    ("mpg-35", "de", "Durchschnittliche Motorgröße (l) je Baujahr",
     "expect = BY(df.groupby('Baujahr')['Motorgröße (l)'].mean(), 'mean of Motorgröße (l)')"),
    ("mpg-36", "en", "Kendall's tau between Motorgröße (l) and Zylinder.",
     "expect = S(df['Motorgröße (l)'].corr(df['Zylinder'], method='kendall'))"),
    ("mpg-37", "en", "How many distinct Modell are there?",
     "expect = S(df['Modell'].nunique())"),
    ("mpg-38", "en", "What is the median MPG Autobahn of compact cars (Fahrzeugklasse compact)? Round to one decimal.",
     "expect = S(df.loc[df['Fahrzeugklasse'] == 'compact', 'MPG Autobahn'].median(), round=1)"),
    ("mpg-39", "de", "Welche Fahrzeugklasse hat die meisten Fahrzeuge?",
     "expect = TOP(df.groupby('Fahrzeugklasse').size(), 1, 'count of rows')"),
    ("mpg-40", "en", "Between 1999 and 2008, what is the average MPG Stadt of the suv class? I need it to 2 decimal places.",
     "expect = S(df.loc[df['Baujahr'].between(1999, 2008) & (df['Fahrzeugklasse'] == 'suv'), 'MPG Stadt'].mean(), round=2)"),
    ("mpg-41", "de", "Wie hoch ist der maximale MPG Autobahn im Baujahr 1999?",
     "expect = S(df.loc[df['Baujahr'] == 1999, 'MPG Autobahn'].max())"),
    ("mpg-42", "de", "Anteil (%) der Fahrzeuge mit Antriebsart f",
     "expect = S((df['Antriebsart'] == 'f').mean() * 100, percent=True)"),
    ("mpg-43", "en", "Using pandas, give the mean MPG Stadt of the audi cars (Hersteller audi) for each Baujahr.",
     "expect = BY(df[df['Hersteller'] == 'audi'].groupby('Baujahr')['MPG Stadt'].mean(), 'mean of MPG Stadt')"),
]

REQUESTS["txhousing.parquet"] = [
    ("tx-01", "en", "total sales in 2015",
     "expect = S(df.loc[df.year == 2015, 'sales'].sum())"),
    ("tx-02", "en", "Total sales per year between 2010 and 2014.",
     "expect = BY(df[df.year.between(2010, 2014)].groupby('year').sales.sum(), 'sum of sales')"),
    ("tx-03", "en", "Which city had the highest total sales in 2014?",
     "expect = TOP(df[df.year == 2014].groupby('city').sales.sum(), 1, 'sum of sales')"),
    ("tx-04", "en", "average median price (the median column) by city for 2012",
     "expect = BY(df[df.year == 2012].groupby('city')['median'].mean(), 'mean of median')"),
    ("tx-05", "en", "For Houston, which month of 2013 had the most sales?",
     "expect = TOP(df[(df.city == 'Houston') & (df.year == 2013)].set_index('month').sales, 1, 'sales', aliases=MONTHS)"),
    ("tx-06", "en", "How many rows have a missing listings value?",
     "expect = S(df.listings.isna().sum())"),
    ("tx-07", "en", "Average inventory by year, ignoring missing values.",
     "expect = BY(df.groupby('year').inventory.mean(), 'mean of inventory')"),
    ("tx-08", "en", "For each row with sales > 0, compute volume divided by sales (the average sale price), then average it over those rows.",
     "d = df[df.sales > 0]\nexpect = S((d.volume / d.sales).mean())"),
    ("tx-09", "en", "top 5 cities by total volume between 2000 and 2015",
     "expect = TOP(df[df.year.between(2000, 2015)].groupby('city').volume.sum(), 5, 'sum of volume')"),
    ("tx-10", "en", "Is the monthly median price different between Austin and Dallas? Welch t-test on the median column, ignoring missing values; significant at 0.05?",
     "a = df.loc[df.city == 'Austin', 'median'].dropna(); b = df.loc[df.city == 'Dallas', 'median'].dropna()\nexpect = TEST(stats.ttest_ind(a, b, equal_var=False), name='Welch t')"),
    ("tx-11", "en", "correlation between listings and sales",
     "expect = S(df.listings.corr(df.sales))"),
    ("tx-12", "en", "Median sales for each month number (1 to 12), over all cities and years.",
     "expect = BY(df.groupby('month').sales.median(), 'median of sales', aliases=MONTHS)"),
    ("tx-13", "en", "How many distinct cities are in the data?",
     "expect = S(df.city.nunique())"),
    ("tx-14", "en", "What was the mean of median for San Antonio in 2009?",
     "expect = S(df.loc[(df.city == 'San Antonio') & (df.year == 2009), 'median'].mean())"),
    ("tx-15", "en", "sum of sales by year for Austin",
     "expect = BY(df[df.city == 'Austin'].groupby('year').sales.sum(), 'sum of sales')"),
    ("tx-16", "en", "What are the 5th, 50th and 95th percentiles of the median column (ignore missing values)?",
     "expect = NUMS(df['median'].dropna().quantile([0.05, 0.5, 0.95]).tolist())"),
    ("tx-17", "en", "Count the sales outliers, flagging rows with |z| > 3.",
     "expect = z_outliers_any(df.sales)"),
    ("tx-18", "en", "One-way ANOVA of median across the years 2013, 2014 and 2015 (one group per year), missing values dropped.",
     "d = df[df.year.isin([2013, 2014, 2015])].dropna(subset=['median'])\nexpect = TEST(stats.f_oneway(*[g['median'] for _, g in d.groupby('year')]), name='one-way ANOVA')"),
    ("tx-19", "en", "What share (%) of the total 2015 volume comes from Houston?",
     "d = df[df.year == 2015]\nexpect = S(d.loc[d.city == 'Houston', 'volume'].sum() / d.volume.sum() * 100, percent=True)"),
    ("tx-20", "en", "How many cities have an average inventory above 10?",
     "expect = S((df.groupby('city').inventory.mean() > 10).sum())"),
    ("tx-21", "en", "average mortgage rate by year",
     "expect = AR('no mortgage rate column')"),
    ("tx-22", "en", "Total sales by county.",
     "expect = AR('no county column (only city)')"),
    ("tx-23", "en", "How many houses per city in 2015?",
     "expect = AR('houses could be sales, listings or inventory, with different numbers')"),
    ("tx-24", "en", "average days on market by city",
     "expect = AR('no days-on-market column')"),
    ("tx-25", "en", "Top 3 cities by average listings in 2015.",
     "expect = TOP(df[df.year == 2015].groupby('city').listings.mean(), 3, 'mean of listings')"),
    ("tx-26", "en", "What is the lowest median ever recorded for Abilene?",
     "expect = S(df.loc[df.city == 'Abilene', 'median'].min())"),
    ("tx-27", "en", "Which city had the largest sales in a single month?",
     "expect = TOP(df.groupby('city').sales.max(), 1, 'max of sales')"),
    ("tx-28", "es", "Ventas totales (sales) por año",
     "expect = BY(df.groupby('year').sales.sum(), 'sum of sales')"),
    ("tx-29", "fr", "Quelle ville (city) a le plus grand total de ventes (sales) en 2010 ?",
     "expect = TOP(df[df.year == 2010].groupby('city').sales.sum(), 1, 'sum of sales')"),
    ("tx-30", "de", "Durchschnittlicher Wert der Spalte median in Dallas im Jahr 2011",
     "expect = S(df.loc[(df.city == 'Dallas') & (df.year == 2011), 'median'].mean())"),
    ("tx-31", "en", "For 2015, total sales divided by total listings, per city.",
     "d = df[df.year == 2015]\ng = d.groupby('city')\nexpect = BY(g.sales.sum() / g.listings.sum(), 'sum of sales / sum of listings')"),
    ("tx-32", "en", "Spearman correlation between inventory and median.",
     "expect = S(df.inventory.corr(df['median'], method='spearman'))"),
    ("tx-33", "en", "number of rows per year",
     "expect = BY(df.groupby('year').size(), 'count of rows')"),
    ("tx-34", "en", "Mean sales in the summer months (month 6, 7 and 8) of 2014.",
     "expect = S(df.loc[(df.year == 2014) & df.month.isin([6, 7, 8]), 'sales'].mean())"),
    ("tx-35", "en", "El Paso: standard deviation of the median price, ignoring missing values.",
     "expect = std_any(df.loc[df.city == 'El Paso', 'median'].dropna())"),
    ("tx-36", "en", "In how many months did Dallas have sales above 5000?",
     "expect = S(((df.city == 'Dallas') & (df.sales > 5000)).sum())"),
    ("tx-37", "en", "After removing rows where sales is missing, what is the average volume for Fort Worth?",
     "d = df.dropna(subset=['sales'])\nexpect = S(d.loc[d.city == 'Fort Worth', 'volume'].mean())"),
    ("tx-38", "en", "Which year had the highest average median price across all cities?",
     "expect = TOP(df.groupby('year')['median'].mean(), 1, 'mean of median')"),
    ("tx-39", "en", "1. What is the total volume of Collin County in 2006?",
     "expect = S(df.loc[(df.city == 'Collin County') & (df.year == 2006), 'volume'].sum())"),
    ("tx-40", "en", "Count of rows per city where inventory is above 12.",
     "expect = BY(df[df.inventory > 12].groupby('city').size(), 'count of rows')"),
    ("tx-41", "en", "What was the median of the median column across all rows in 2008?",
     "expect = S(df.loc[df.year == 2008, 'median'].median())"),
    ("tx-42", "en", "For Houston, average listings per year from 2011 to 2013.",
     "expect = BY(df[(df.city == 'Houston') & df.year.between(2011, 2013)].groupby('year').listings.mean(), 'mean of listings')"),
]

REQUESTS["airports.json"] = [
    ("air-01", "en", "number of airports per state",
     "expect = BY(df.groupby('state').size(), 'count of rows')"),
    ("air-02", "en", "Top 4 states by number of airports.",
     "expect = TOP(df.groupby('state').size(), 4, 'count of rows')"),
    ("air-03", "en", "How many airports are outside the USA?",
     "expect = S((df.country != 'USA').sum())"),
    ("air-04", "en", "average latitude of the airports in Alaska (state AK)",
     "expect = S(df.loc[df.state == 'AK', 'latitude'].mean())"),
    ("air-05", "en", "Which airport (name) is the furthest north?",
     "expect = TOP(df.set_index('name').latitude, 1, 'latitude')"),
    ("air-06", "en", "mean longitude by country",
     "expect = BY(df.groupby('country').longitude.mean(), 'mean of longitude')"),
    ("air-07", "en", "How many airports have a latitude between 30 and 40?",
     "expect = S(df.latitude.between(30, 40).sum())"),
    ("air-08", "en", "How many cities have more than 5 airports?",
     "expect = S((df.groupby('city').size() > 5).sum())"),
    ("air-09", "en", "count of airports in Texas (TX)",
     "expect = S((df.state == 'TX').sum())"),
    ("air-10", "en", "What are the minimum and maximum longitude?",
     "expect = NUMS([df.longitude.min(), df.longitude.max()])"),
    ("air-11", "en", "Which state has the most airports?",
     "expect = TOP(df.groupby('state').size(), 1, 'count of rows')"),
    ("air-12", "en", "Median latitude for each of the states CA, TX and FL.",
     "expect = BY(df[df.state.isin(['CA', 'TX', 'FL'])].groupby('state').latitude.median(), 'median of latitude')"),
    ("air-13", "en", "average elevation of airports by state",
     "expect = AR('no elevation column')"),
    ("air-14", "en", "number of flights per airport",
     "expect = AR('no flights column; one row per airport')"),
    ("air-15", "en", "What is the average runway length in Texas?",
     "expect = AR('no runway column')"),
    ("air-16", "en", "mean coordinate per state",
     "expect = AR('coordinate could be latitude or longitude, with different numbers')"),
    ("air-17", "es", "¿Cuántos aeropuertos hay en California (state CA)?",
     "expect = S((df.state == 'CA').sum())"),
    ("air-18", "fr", "Nombre d'aéroports par pays (country)",
     "expect = BY(df.groupby('country').size(), 'count of rows')"),
    ("air-19", "de", "Wie viele Flughäfen gibt es in Florida (state FL)?",
     "expect = S((df.state == 'FL').sum())"),
    ("air-20", "en", "standard deviation of latitude",
     "expect = std_any(df.latitude)"),
    ("air-21", "en", "How many airports have no state recorded?",
     "expect = S(df.state.isna().sum())"),
    ("air-22", "en", "Which city has the most airports?",
     "expect = TOP(df.groupby('city').size(), 1, 'count of rows')"),
    ("air-23", "en", "Pearson correlation between latitude and longitude",
     "expect = S(df.latitude.corr(df.longitude))"),
    ("air-24", "en", "How many airports have 'Municipal' in their name?",
     "expect = S(df.name.str.contains('Municipal', na=False).sum())"),
    ("air-25", "en", "Average latitude of the airports west of longitude -100 (longitude < -100).",
     "expect = S(df.loc[df.longitude < -100, 'latitude'].mean())"),
    ("air-26", "en", "What percentage of all airports are in Alaska (AK)?",
     "expect = S((df.state == 'AK').mean() * 100, percent=True)"),
    ("air-27", "en", "For WA, OR and CA, the largest latitude in each state.",
     "expect = BY(df[df.state.isin(['WA', 'OR', 'CA'])].groupby('state').latitude.max(), 'max of latitude')"),
    ("air-28", "en", "How many distinct cities are there?",
     "expect = S(df.city.nunique())"),
    ("air-29", "en", "Count latitude outliers with the 1.5×IQR rule.",
     "expect = S(iqr_outliers(df.latitude))"),
    ("air-30", "en", "Which 3 states have the lowest mean latitude (the most southern)?",
     "expect = TOP(df.groupby('state').latitude.mean(), 3, 'mean of latitude', ascending=True)"),
    ("air-31", "en", "Mean latitude and mean longitude of the airports in Colorado (CO).",
     "d = df[df.state == 'CO']\nexpect = NUMS([d.latitude.mean(), d.longitude.mean()])"),
    ("air-32", "en", "How many airports are east of longitude -80?",
     "expect = S((df.longitude > -80).sum())"),
    ("air-33", "en", "Number of airports per country for the airports north of latitude 60.",
     "expect = BY(df[df.latitude > 60].groupby('country').size(), 'count of rows')"),
    ("air-34", "en", "1. What is the southernmost latitude in the file?",
     "expect = S(df.latitude.min())"),
    ("air-35", "en", "In Alaska (AK), how many airports lie above the Arctic circle (latitude above 66.56)?",
     "expect = S(((df.state == 'AK') & (df.latitude > 66.56)).sum())"),
    ("air-36", "en", "How many airports does each country other than the USA have?",
     "expect = BY(df[df.country != 'USA'].groupby('country').size(), 'count of rows')"),
    ("air-37", "en", "Average longitude of the airports in Hawaii (HI), rounded to 3 decimals.",
     "expect = S(df.loc[df.state == 'HI', 'longitude'].mean(), round=3)"),
    ("air-38", "en", "Which airport is the busiest?",
     "expect = AR('no passenger or traffic column')"),
]

REQUESTS["cars.tsv"] = [
    ("car-01", "en", "how many cars weigh more than 3000 lbs",
     "expect = S((df.Weight_in_lbs > 3000).sum())"),
    ("car-02", "en", "Average Miles_per_Gallon by Origin, ignoring missing values.",
     "expect = BY(df.groupby('Origin').Miles_per_Gallon.mean(), 'mean of Miles_per_Gallon')"),
    ("car-03", "en", "mean Horsepower per number of Cylinders",
     "expect = BY(df.groupby('Cylinders').Horsepower.mean(), 'mean of Horsepower')"),
    ("car-04", "en", "Which Origin has the heaviest cars on average?",
     "expect = TOP(df.groupby('Origin').Weight_in_lbs.mean(), 1, 'mean of Weight_in_lbs')"),
    ("car-05", "en", "What was the average Miles_per_Gallon of the cars from 1975?",
     "expect = S(df.loc[df.Year.str[:4].astype(int) == 1975, 'Miles_per_Gallon'].mean())"),
    ("car-06", "en", "Between 1976 and 1980, how many cars per Origin?",
     "y = df.Year.str[:4].astype(int)\nexpect = BY(df[y.between(1976, 1980)].groupby('Origin').size(), 'count of rows')"),
    ("car-07", "en", "Power-to-weight: Horsepower divided by Weight_in_lbs for each car, averaged (skip cars without Horsepower).",
     "expect = S((df.Horsepower / df.Weight_in_lbs).dropna().mean())"),
    ("car-08", "en", "t-test of Miles_per_Gallon between USA and Japan cars: is the difference significant at 0.05?",
     "expect = ttest_plain(df.loc[df.Origin == 'USA', 'Miles_per_Gallon'], df.loc[df.Origin == 'Japan', 'Miles_per_Gallon'])"),
    ("car-09", "en", "Pearson correlation between Weight_in_lbs and Miles_per_Gallon",
     "expect = S(df.Weight_in_lbs.corr(df.Miles_per_Gallon))"),
    ("car-10", "en", "What is the Name of the heaviest car?",
     "expect = TOP(df.set_index('Name').Weight_in_lbs, 1, 'Weight_in_lbs')"),
    ("car-11", "en", "List the 3 cars with the best Miles_per_Gallon.",
     "expect = TOP(df.set_index('Name').Miles_per_Gallon, 3, 'Miles_per_Gallon')"),
    ("car-12", "en", "25th, 50th and 75th percentile of Acceleration",
     "expect = NUMS(df.Acceleration.quantile([0.25, 0.5, 0.75]).tolist())"),
    ("car-13", "en", "How many cars are there for each model Year?",
     "expect = BY(df.groupby(df.Year.str[:4].rename('Year')).size(), 'count of rows')"),
    ("car-14", "en", "Flag Horsepower outliers with |z| > 3. How many are there?",
     "expect = z_outliers_any(df.Horsepower)"),
    ("car-15", "en", "Acceleration outliers by 1.5×IQR: count them.",
     "expect = S(iqr_outliers(df.Acceleration))"),
    ("car-16", "en", "Run a one-way ANOVA of Miles_per_Gallon across Origin (drop missing values). Significant at the 5% level?",
     "d = df.dropna(subset=['Miles_per_Gallon'])\nexpect = TEST(stats.f_oneway(*[g.Miles_per_Gallon for _, g in d.groupby('Origin')]), name='one-way ANOVA')"),
    ("car-17", "en", "After dropping rows with missing Horsepower, what is the mean Horsepower of 8-cylinder cars?",
     "d = df.dropna(subset=['Horsepower'])\nexpect = S(d.loc[d.Cylinders == 8, 'Horsepower'].mean())"),
    ("car-18", "en", "median Displacement by Origin and Cylinders",
     "expect = BY(df.groupby(['Origin', 'Cylinders']).Displacement.median(), 'median of Displacement')"),
    ("car-19", "en", "What percentage of cars have 4 Cylinders?",
     "expect = S((df.Cylinders == 4).mean() * 100, percent=True)"),
    ("car-20", "en", "Which model Year had the highest average Miles_per_Gallon?",
     "expect = TOP(df.groupby(df.Year.str[:4]).Miles_per_Gallon.mean(), 1, 'mean of Miles_per_Gallon')"),
    ("car-21", "en", "average price by Origin",
     "expect = AR('no price column')"),
    ("car-22", "en", "mean engine size by Origin",
     "expect = AR('engine size could be Displacement or Cylinders, with different numbers')"),
    ("car-23", "en", "What is the average top speed per Origin?",
     "expect = AR('no top speed column')"),
    ("car-24", "en", "average torque for each number of Cylinders",
     "expect = AR('no torque column')"),
    ("car-25", "es", "Peso medio (Weight_in_lbs) por origen (Origin)",
     "expect = BY(df.groupby('Origin').Weight_in_lbs.mean(), 'mean of Weight_in_lbs')"),
    ("car-26", "de", "Wie viele Autos haben 6 Zylinder (Cylinders)?",
     "expect = S((df.Cylinders == 6).sum())"),
    ("car-27", "fr", "Quelle est la moyenne de Miles_per_Gallon des voitures japonaises (Origin = Japan) ?",
     "expect = S(df.loc[df.Origin == 'Japan', 'Miles_per_Gallon'].mean())"),
    ("car-28", "en", "Spearman correlation between Displacement and Horsepower",
     "expect = S(df.Displacement.corr(df.Horsepower, method='spearman'))"),
    ("car-29", "en", "max Acceleration per Origin",
     "expect = BY(df.groupby('Origin').Acceleration.max(), 'max of Acceleration')"),
    ("car-30", "en", "How many cars have a missing Miles_per_Gallon?",
     "expect = S(df.Miles_per_Gallon.isna().sum())"),
    ("car-31", "en", "Displacement per cylinder (Displacement divided by Cylinders), averaged by Origin.",
     "expect = BY((df.Displacement / df.Cylinders).groupby(df.Origin).mean(), 'mean of Displacement / Cylinders')"),
    ("car-32", "en", "standard deviation of Weight_in_lbs for European cars (Origin Europe)",
     "expect = std_any(df.loc[df.Origin == 'Europe', 'Weight_in_lbs'])"),
    ("car-33", "en", "Mean weight in kilograms, where kg = Weight_in_lbs × 0.4536.",
     "expect = S((df.Weight_in_lbs * 0.4536).mean())"),
    ("car-34", "en", "Count of cars with Miles_per_Gallon of at least 30, by Origin.",
     "expect = BY(df[df.Miles_per_Gallon >= 30].groupby('Origin').size(), 'count of rows')"),
    ("car-35", "en", "Kendall tau between Cylinders and Miles_per_Gallon.",
     "expect = S(df.Cylinders.corr(df.Miles_per_Gallon, method='kendall'))"),
    ("car-36", "en", "1. How many cars come from Europe?",
     "expect = S((df.Origin == 'Europe').sum())"),
    ("car-37", "en", "Mann-Whitney U test comparing Acceleration of Europe and Japan cars.",
     "expect = mwu(df.loc[df.Origin == 'Europe', 'Acceleration'], df.loc[df.Origin == 'Japan', 'Acceleration'])"),
    ("car-38", "en", "In 1982, which Origin had the best average Miles_per_Gallon?",
     "d = df[df.Year.str[:4] == '1982']\nexpect = TOP(d.groupby('Origin').Miles_per_Gallon.mean(), 1, 'mean of Miles_per_Gallon')"),
    ("car-39", "en", "We are preparing a report on the fleet. Please compute, for the cars of model years 1970 through 1974 only, the average Weight_in_lbs, rounded to one decimal place.",
     "y = df.Year.str[:4].astype(int)\nexpect = S(df.loc[y.between(1970, 1974), 'Weight_in_lbs'].mean(), round=1)"),
    ("car-40", "en", "Mean Acceleration of the cars with Horsepower above 150.",
     "expect = S(df.loc[df.Horsepower > 150, 'Acceleration'].mean())"),
]

REQUESTS["seattle_weather.csv"] = [
    ("sea-01", "en", "Which month of 2015 had the highest average temp_max?",
     "d = df[df.date.str[:4] == '2015']\nexpect = TOP(d.groupby(d.date.str[:7]).temp_max.mean(), 1, 'mean of temp_max', aliases={k: [k[5:].lstrip('0')] + MONTHS[k[5:].lstrip('0')] for k in d.date.str[:7].unique()})"),
    ("sea-02", "en", "total precipitation per year",
     "expect = BY(df.groupby(df.date.str[:4].rename('year')).precipitation.sum(), 'sum of precipitation')"),
    ("sea-03", "en", "count of days per weather type",
     "expect = BY(df.groupby('weather').size(), 'count of rows')"),
    ("sea-04", "en", "average wind by weather",
     "expect = BY(df.groupby('weather').wind.mean(), 'mean of wind')"),
    ("sea-05", "en", "How many days had precipitation above 20?",
     "expect = S((df.precipitation > 20).sum())"),
    ("sea-06", "en", "What is the mean daily temperature range, i.e. temp_max minus temp_min?",
     "expect = S((df.temp_max - df.temp_min).mean())"),
    ("sea-07", "en", "In 2014, how many days had weather = rain?",
     "expect = S(((df.date.str[:4] == '2014') & (df.weather == 'rain')).sum())"),
    ("sea-08", "en", "monthly total precipitation in 2012",
     "d = df[df.date.str[:4] == '2012']\nexpect = BY(d.groupby(d.date.str[:7].rename('month')).precipitation.sum(), 'sum of precipitation')"),
    ("sea-09", "en", "Compare temp_max on rain days and sun days with a Welch t-test. Is it significant at p < 0.05?",
     "expect = TEST(stats.ttest_ind(df.loc[df.weather == 'rain', 'temp_max'], df.loc[df.weather == 'sun', 'temp_max'], equal_var=False), name='Welch t')"),
    ("sea-10", "en", "correlation between temp_max and temp_min",
     "expect = S(df.temp_max.corr(df.temp_min))"),
    ("sea-11", "en", "The 10th, 50th and 90th percentiles of wind, please.",
     "expect = NUMS(df.wind.quantile([0.1, 0.5, 0.9]).tolist())"),
    ("sea-12", "en", "What was the wettest month of 2013 (highest total precipitation)?",
     "d = df[df.date.str[:4] == '2013']\nexpect = TOP(d.groupby(d.date.str[:7]).precipitation.sum(), 1, 'sum of precipitation', aliases={k: [k[5:].lstrip('0')] + MONTHS[k[5:].lstrip('0')] for k in d.date.str[:7].unique()})"),
    ("sea-13", "en", "Which day was the windiest?",
     "expect = TOP(df.set_index('date').wind, 1, 'wind')"),
    ("sea-14", "en", "Number of days with temp_min below 0, per year.",
     "d = df[df.temp_min < 0]\nexpect = BY(d.groupby(d.date.str[:4].rename('year')).size(), 'count of rows')"),
    ("sea-15", "en", "Chi-square test of independence between weather and year.",
     "r = stats.chi2_contingency(pd.crosstab(df.weather, df.date.str[:4]))\nexpect = TEST((r[0], r[1]), name='chi-square independence')"),
    ("sea-16", "en", "One-way ANOVA of wind across the weather types.",
     "expect = TEST(stats.f_oneway(*[g.wind for _, g in df.groupby('weather')]), name='one-way ANOVA')"),
    ("sea-17", "en", "Mean temp_max between 2013 and 2014 (both years included).",
     "y = df.date.str[:4].astype(int)\nexpect = S(df.loc[y.between(2013, 2014), 'temp_max'].mean())"),
    ("sea-18", "en", "How many precipitation outliers are there by the 1.5×IQR rule?",
     "expect = S(iqr_outliers(df.precipitation))"),
    ("sea-19", "en", "Flag wind outliers with |z| > 3: how many days?",
     "expect = z_outliers_any(df.wind)"),
    ("sea-20", "en", "After removing days with zero precipitation, what is the median precipitation?",
     "expect = S(df.loc[df.precipitation != 0, 'precipitation'].median())"),
    ("sea-21", "en", "average humidity by month",
     "expect = AR('no humidity column')"),
    ("sea-22", "en", "What is the average temperature for each weather type?",
     "expect = AR('temperature could be temp_max or temp_min, with different numbers')"),
    ("sea-23", "en", "average air pressure per year",
     "expect = AR('no pressure column')"),
    ("sea-24", "en", "mean UV index in July",
     "expect = AR('no UV index column')"),
    ("sea-25", "es", "Precipitación total (precipitation) en 2015",
     "expect = S(df.loc[df.date.str[:4] == '2015', 'precipitation'].sum())"),
    ("sea-26", "fr", "Nombre de jours de neige (weather = snow) par année",
     "d = df[df.weather == 'snow']\nexpect = BY(d.groupby(d.date.str[:4].rename('year')).size(), 'count of rows')"),
    ("sea-27", "de", "Durchschnittliche Windgeschwindigkeit (wind) im Jahr 2012",
     "expect = S(df.loc[df.date.str[:4] == '2012', 'wind'].mean())"),
    ("sea-28", "en", "Which weather type has the lowest average temp_min?",
     "expect = TOP(df.groupby('weather').temp_min.mean(), 1, 'mean of temp_min', ascending=True)"),
    ("sea-29", "en", "What share of days were sunny (weather = sun), in percent?",
     "expect = S((df.weather == 'sun').mean() * 100, percent=True)"),
    ("sea-30", "en", "Average temp_max for each calendar month (1-12), over all years.",
     "expect = BY(df.groupby(df.date.str[5:7].astype(int).rename('month')).temp_max.mean(), 'mean of temp_max', aliases=MONTHS)"),
    ("sea-31", "en", "skewness of precipitation",
     "expect = skew_any(df.precipitation)"),
    ("sea-32", "en", "max temp_max per year",
     "expect = BY(df.groupby(df.date.str[:4].rename('year')).temp_max.max(), 'max of temp_max')"),
    ("sea-33", "en", "Mann-Whitney U test of wind between fog days and drizzle days.",
     "expect = mwu(df.loc[df.weather == 'fog', 'wind'], df.loc[df.weather == 'drizzle', 'wind'])"),
    ("sea-34", "en", "Spearman correlation between precipitation and wind",
     "expect = S(df.precipitation.corr(df.wind, method='spearman'))"),
    ("sea-35", "en", "How many days in July 2015 had temp_max above 30?",
     "expect = S(((df.date.str[:7] == '2015-07') & (df.temp_max > 30)).sum())"),
    ("sea-36", "en", "What is the average temp_min in December, across all years?",
     "expect = S(df.loc[df.date.str[5:7] == '12', 'temp_min'].mean())"),
    ("sea-37", "en", "1. How many days are recorded in the file?",
     "expect = S(len(df))"),
    ("sea-38", "en", "standard deviation of temp_max in 2013",
     "expect = std_any(df.loc[df.date.str[:4] == '2013', 'temp_max'])"),
    ("sea-39", "en", "Which year was the warmest, by mean temp_max?",
     "expect = TOP(df.groupby(df.date.str[:4]).temp_max.mean(), 1, 'mean of temp_max')"),
    ("sea-40", "en", "In 2015, which 2 weather types occurred on the most days?",
     "d = df[df.date.str[:4] == '2015']\nexpect = TOP(d.groupby('weather').size(), 2, 'count of rows')"),
    ("sea-41", "en", "For 2014, the mean of the daily midpoint temperature, defined as (temp_max + temp_min) / 2.",
     "d = df[df.date.str[:4] == '2014']\nexpect = S(((d.temp_max + d.temp_min) / 2).mean())"),
    ("sea-42", "es", "¿Cuál fue la temperatura máxima (temp_max) más alta registrada en 2012?",
     "expect = S(df.loc[df.date.str[:4] == '2012', 'temp_max'].max())"),
]

REQUESTS["penguins.csv"] = [
    ("pen-01", "en", "Average body_mass_g by species, ignoring missing values.",
     "expect = BY(df.groupby('species').body_mass_g.mean(), 'mean of body_mass_g')"),
    ("pen-02", "en", "How many penguins per island?",
     "expect = BY(df.groupby('island').size(), 'count of rows')"),
    ("pen-03", "en", "Welch t-test of flipper_length_mm between male and female penguins; significant at 0.05?",
     "expect = TEST(stats.ttest_ind(df.loc[df.sex == 'male', 'flipper_length_mm'].dropna(), df.loc[df.sex == 'female', 'flipper_length_mm'].dropna(), equal_var=False), name='Welch t')"),
    ("pen-04", "en", "Does bill_length_mm differ between Adelie and Gentoo? Use a t-test and say whether the difference is significant at p < 0.05.",
     "expect = ttest_plain(df.loc[df.species == 'Adelie', 'bill_length_mm'], df.loc[df.species == 'Gentoo', 'bill_length_mm'])"),
    ("pen-05", "en", "mean bill_depth_mm per species and sex",
     "expect = BY(df.groupby(['species', 'sex']).bill_depth_mm.mean(), 'mean of bill_depth_mm')"),
    ("pen-06", "en", "Which species is the heaviest on average (body_mass_g)?",
     "expect = TOP(df.groupby('species').body_mass_g.mean(), 1, 'mean of body_mass_g')"),
    ("pen-07", "en", "Pearson correlation between flipper_length_mm and body_mass_g",
     "expect = S(df.flipper_length_mm.corr(df.body_mass_g))"),
    ("pen-08", "en", "How many penguins were measured in 2008?",
     "expect = S((df.year == 2008).sum())"),
    ("pen-09", "en", "Between 2007 and 2008, what was the average body_mass_g of Chinstrap penguins?",
     "expect = S(df.loc[df.year.between(2007, 2008) & (df.species == 'Chinstrap'), 'body_mass_g'].mean())"),
    ("pen-10", "en", "The ratio of bill_length_mm to bill_depth_mm per penguin, averaged by species.",
     "expect = BY((df.bill_length_mm / df.bill_depth_mm).groupby(df.species).mean(), 'mean of bill_length_mm / bill_depth_mm')"),
    ("pen-11", "en", "How many penguins have a missing sex?",
     "expect = S(df.sex.isna().sum())"),
    ("pen-12", "en", "25th, 50th and 75th percentiles of body_mass_g",
     "expect = NUMS(df.body_mass_g.quantile([0.25, 0.5, 0.75]).tolist())"),
    ("pen-13", "en", "One-way ANOVA of body_mass_g across species (drop missing values).",
     "d = df.dropna(subset=['body_mass_g'])\nexpect = TEST(stats.f_oneway(*[g.body_mass_g for _, g in d.groupby('species')]), name='one-way ANOVA')"),
    ("pen-14", "en", "Chi-square test of independence between species and island.",
     "r = stats.chi2_contingency(pd.crosstab(df.species, df.island))\nexpect = TEST((r[0], r[1]), name='chi-square independence')"),
    ("pen-15", "en", "Count the bill_length_mm outliers using the 1.5×IQR rule.",
     "expect = S(iqr_outliers(df.bill_length_mm))"),
    ("pen-16", "en", "flag flipper_length_mm outliers with |z| > 3 — how many?",
     "expect = z_outliers_any(df.flipper_length_mm)"),
    ("pen-17", "en", "After removing rows with a missing sex, what is the median body_mass_g of the females?",
     "d = df.dropna(subset=['sex'])\nexpect = S(d.loc[d.sex == 'female', 'body_mass_g'].median())"),
    ("pen-18", "en", "number of penguins per year and island",
     "expect = BY(df.groupby(['year', 'island']).size(), 'count of rows')"),
    ("pen-19", "en", "Shapiro-Wilk test: is body_mass_g of Gentoo penguins normally distributed at alpha 0.05?",
     "expect = TEST(stats.shapiro(df.loc[df.species == 'Gentoo', 'body_mass_g'].dropna()), name='Shapiro-Wilk')"),
    ("pen-20", "en", "Which island has the longest average flipper_length_mm?",
     "expect = TOP(df.groupby('island').flipper_length_mm.mean(), 1, 'mean of flipper_length_mm')"),
    ("pen-21", "en", "average age by species",
     "expect = AR('no age column')"),
    ("pen-22", "en", "average bill size per island",
     "expect = AR('bill size could be bill_length_mm or bill_depth_mm, with different numbers')"),
    ("pen-23", "en", "What is the average dive depth of each species?",
     "expect = AR('no dive depth column')"),
    ("pen-24", "en", "average size per species",
     "expect = AR('size could be body_mass_g, flipper_length_mm or the bill measures, with different numbers')"),
    ("pen-25", "es", "Masa corporal media (body_mass_g) por isla (island)",
     "expect = BY(df.groupby('island').body_mass_g.mean(), 'mean of body_mass_g')"),
    ("pen-26", "fr", "Combien de manchots Gentoo (species) y a-t-il ?",
     "expect = S((df.species == 'Gentoo').sum())"),
    ("pen-27", "de", "Durchschnittliche Schnabellänge (bill_length_mm) je Art (species)",
     "expect = BY(df.groupby('species').bill_length_mm.mean(), 'mean of bill_length_mm')"),
    ("pen-28", "en", "Kendall's tau between bill_length_mm and bill_depth_mm",
     "expect = S(df.bill_length_mm.corr(df.bill_depth_mm, method='kendall'))"),
    ("pen-29", "en", "standard deviation of body_mass_g per species",
     "expect = ANY(BY(df.groupby('species').body_mass_g.std(), 'std of body_mass_g'), BY(df.groupby('species').body_mass_g.std(ddof=0), 'population std of body_mass_g'))"),
    ("pen-30", "en", "Among penguins whose sex is recorded, what percentage are female?",
     "d = df.dropna(subset=['sex'])\nexpect = S((d.sex == 'female').mean() * 100, percent=True)"),
    ("pen-31", "en", "Top 2 species by maximum flipper_length_mm.",
     "expect = TOP(df.groupby('species').flipper_length_mm.max(), 2, 'max of flipper_length_mm')"),
    ("pen-32", "en", "Minimum body_mass_g of Adelie penguins on Dream island.",
     "expect = S(df.loc[(df.species == 'Adelie') & (df.island == 'Dream'), 'body_mass_g'].min())"),
    ("pen-33", "en", "Mann-Whitney U test of bill_depth_mm between Dream and Biscoe islands.",
     "expect = mwu(df.loc[df.island == 'Dream', 'bill_depth_mm'], df.loc[df.island == 'Biscoe', 'bill_depth_mm'])"),
    ("pen-34", "en", "How many penguins per species weigh more than 5000 g (body_mass_g)?",
     "expect = BY(df[df.body_mass_g > 5000].groupby('species').size(), 'count of rows')"),
    ("pen-35", "en", "skewness of flipper_length_mm",
     "expect = skew_any(df.flipper_length_mm)"),
    ("pen-36", "en", "Mean of body_mass_g divided by flipper_length_mm, computed per penguin.",
     "expect = S((df.body_mass_g / df.flipper_length_mm).mean())"),
    ("pen-37", "en", "How many penguins were recorded on Torgersen in 2009?",
     "expect = S(((df.island == 'Torgersen') & (df.year == 2009)).sum())"),
    ("pen-38", "en", "Spearman correlation of bill_length_mm with body_mass_g",
     "expect = S(df.bill_length_mm.corr(df.body_mass_g, method='spearman'))"),
    ("pen-39", "en", "1. What is the average bill_depth_mm of male Gentoo penguins? Round to 2 decimals.",
     "expect = S(df.loc[(df.species == 'Gentoo') & (df.sex == 'male'), 'bill_depth_mm'].mean(), round=2)"),
    ("pen-40", "en", "Dear analyst, for our field report I would like the mean flipper_length_mm of the Adelie penguins on Biscoe, after removing any rows where flipper_length_mm is missing.",
     "d = df.dropna(subset=['flipper_length_mm'])\nexpect = S(d.loc[(d.species == 'Adelie') & (d.island == 'Biscoe'), 'flipper_length_mm'].mean())"),
]


# ------------------------------------------------------------------------------------------ build
def build() -> tuple[list[dict], list[dict]]:
    dev: list[dict] = []
    test: list[dict] = []
    rng = random.Random(SPLIT_SEED)
    seen: set[str] = set()
    errors: list[str] = []
    for dataset in sorted(REQUESTS):
        base = LOADERS[dataset](DATA / dataset)
        lines = []
        for rid, lang, request, code in REQUESTS[dataset]:
            if rid in seen:
                raise SystemExit(f"duplicate id {rid}")
            seen.add(rid)
            ns = {"df": base.copy(), "pd": pd, "np": np, "stats": stats, **HELPERS}
            try:
                exec(code, ns)  # noqa: S102 - our own audited source above
            except Exception as e:
                errors.append(f"{rid}: {type(e).__name__}: {e}")
                continue
            expect = ns["expect"]
            kind = "ask_or_refuse" if "ask_or_refuse" in expect else "answer"
            lines.append({"id": rid, "dataset": dataset, "lang": lang, "request": request,
                          "expect": expect, "kind": kind, "notes": "pandas/scipy: " + code})
        order = sorted(range(len(lines)), key=lambda i: lines[i]["id"])
        rng.shuffle(order)
        half = (len(order) + 1) // 2
        dev += [lines[i] for i in sorted(order[:half])]
        test += [lines[i] for i in sorted(order[half:])]
    if errors:
        raise SystemExit("expectations that could not be computed:\n" + "\n".join(errors))
    return dev, test


def main() -> None:
    dev, test = build()
    for name, rows in (("requests_dev.jsonl", dev), ("requests_test.jsonl", test)):
        with open(HERE / name, "w", encoding="utf-8", newline="\n") as f:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False, sort_keys=False) + "\n")
    from collections import Counter
    allr = dev + test
    print(f"{len(allr)} requests: dev {len(dev)}, test {len(test)}")
    print("kind:", dict(Counter(r["kind"] for r in allr)))
    print("lang:", dict(Counter(r["lang"] for r in allr)))
    for split, rows in (("dev", dev), ("test", test)):
        print(split, "kind", dict(Counter(r["kind"] for r in rows)), "lang", dict(Counter(r["lang"] for r in rows)))


if __name__ == "__main__":
    main()
