"""The 80 requests of the blind split `blind11` (BLIND11.md), each with the pandas / scipy code of its expectation.

REQUESTS[file] is a list of (id, lang, style, request, code); style is `constraint` (a question with a
method constraint, public-benchmark style), `plain` (a plain question) or `ask` (ask_or_refuse). Each
code runs in make_blind11.py with ``df`` (the file as an analyst reads it), ``pd``, ``np``, ``stats`` and
make_expected.py's helpers, and assigns ``expect``.
"""

from __future__ import annotations

BY_YEAR = "yr = pd.to_datetime(df['Fecha'], format='%m/%d/%Y %H:%M:%S').dt.year.rename('Año')\n"
PI, FI = "Gesamtes persönliches Einkommen", "Gesamtes Familieneinkommen"
ETH, FS, BS = "Ethnische Zugehörigkeit (allgemein)", "Familienstand", "FIPS-Code des Bundesstaats"
RP, EC, OE = "Revenu personnel", "État civil", "Origine ethnique"

REQUESTS: dict[str, list[tuple[str, str, str, str, str]]] = {
    # ------------------------------------------------ openintro ames (Parquet, English headers)
    "b11_ames.parquet": [
        ("b11-ame-01", "en", "plain",
         "how many house sales does the file contain?",
         "expect = S(len(df))"),
        ("b11-ame-02", "en", "plain",
         "What is the median sale price?",
         "expect = S(df['price'].median())"),
        ("b11-ame-03", "en", "plain",
         "Which neighbourhood has the highest avergae sale price?",
         "expect = TOP(df.groupby('Neighborhood')['price'].mean(), 1, 'mean price')"),
        ("b11-ame-04", "en", "plain",
         "I'd like the mean above-ground living area for each building type.",
         "expect = BY(df.groupby('Bldg.Type')['area'].mean(), 'mean area')"),
        ("b11-ame-05", "en", "plain",
         "Number of homes sold in 2008?",
         "expect = S((df['Yr.Sold'] == 2008).sum())"),
        ("b11-ame-06", "en", "plain",
         "List the three neighborhoods with the most sales.",
         "expect = TOP(df['Neighborhood'].value_counts(), 3, 'sales')"),
        ("b11-ame-07", "en", "plain",
         "What percentage of the houses have central air conditioning?",
         "expect = S((df['Central.Air'] == 'Y').mean() * 100, percent=True)"),
        ("b11-ame-08", "en", "plain",
         "By how much did the median price move from 2006 to 2010 (year of sale)?",
         "m = df.groupby('Yr.Sold')['price'].median()\n"
         "expect = S(m[2010] - m[2006])"),
        ("b11-ame-09", "en", "constraint",
         "Compute the Pearson correlation coefficient between living area and sale price; report it to 3 decimal places.",
         "expect = S(df['area'].corr(df['price']), round=3)"),
        ("b11-ame-10", "en", "constraint",
         "Using Spearman's rank correlation, how strongly is the overall quality rating associated with price? "
         "Round to 3 decimals.",
         "expect = S(df['Overall.Qual'].corr(df['price'], method='spearman'), round=3)"),
        ("b11-ame-11", "en", "constraint",
         "Do homes with central air sell for more than homes without it? Run Welch's t-test on price "
         "(unequal variances) at alpha = 0.05.",
         "expect = TEST(stats.ttest_ind(df.loc[df['Central.Air'] == 'Y', 'price'], "
         "df.loc[df['Central.Air'] == 'N', 'price'], equal_var=False), alpha=0.05, name='Welch t')"),
        ("b11-ame-12", "en", "constraint",
         "Test whether sale prices differ across foundation types with a Kruskal-Wallis H test (alpha 0.01).",
         "g = [x['price'].values for _, x in df.groupby('Foundation')]\n"
         "expect = TEST(stats.kruskal(*g), alpha=0.01, name='Kruskal-Wallis')"),
        ("b11-ame-13", "en", "constraint",
         "Impute the missing Lot.Frontage values with the column median, then give the mean lot frontage "
         "to 2 decimals.",
         "s = df['Lot.Frontage']\n"
         "expect = S(s.fillna(s.median()).mean(), round=2)"),
        ("b11-ame-14", "en", "constraint",
         "Using the 1.5 x IQR rule on price, how many sales count as outliers?",
         "expect = S(iqr_outliers(df['price']))"),
        ("b11-ame-15", "en", "constraint",
         "Define a house's age at sale as year sold minus year built. What is the mean age at sale, rounded to 1 decimal?",
         "expect = S((df['Yr.Sold'] - df['Year.Built']).mean(), round=1)"),
        ("b11-ame-16", "en", "constraint",
         "Price per square foot = price / area. Considering only neighborhoods with at least 20 sales, which one "
         "has the highest median price per square foot?",
         "d = df.assign(ppsf=df['price'] / df['area'])\n"
         "g = d.groupby('Neighborhood')\n"
         "m = g['ppsf'].median()[g.size() >= 20]\n"
         "expect = TOP(m, 1, 'median price per sq ft')"),
        ("b11-ame-17", "en", "constraint",
         "Restrict to houses built in 2000 or later. What is the mean price for each count of full bathrooms? "
         "Round to whole dollars.",
         "d = df[df['Year.Built'] >= 2000]\n"
         "expect = BY(d.groupby('Full.Bath')['price'].mean(), 'mean price', round=0)"),
        ("b11-ame-18", "en", "constraint",
         "Step 1: keep only sales whose condition is Normal. Step 2: group them by year sold. Step 3: report the "
         "90th percentile of price in each year.",
         "d = df[df['Sale.Condition'] == 'Normal']\n"
         "expect = BY(d.groupby('Yr.Sold')['price'].quantile(0.9), 'p90 price')"),
        ("b11-ame-19", "en", "ask",
         "What is the average annual property tax paid on these houses?",
         "assert not any('tax' in c.lower() for c in df.columns)\n"
         "expect = AR('no property tax column in the file')"),
        ("b11-ame-20", "en", "ask",
         "what's the typical size of a house here? just the average please",
         "assert abs(df['area'].mean() - df['Lot.Area'].mean()) > 1000\n"
         "expect = AR('size: living area (area), lot area (Lot.Area) or basement / garage area give different means')"),
    ],
    # ------------------------------------------------ openintro birds (CSV, Spanish headers, sample of 5000)
    "b11_birds_es.csv": [
        ("b11-bir-01", "es", "plain",
         "¿Cuántos impactos de aves hay registrados en el archivo?",
         "expect = S(len(df))"),
        ("b11-bir-02", "es", "plain",
         "¿Qué especie aparece con más frecuencia?",
         "expect = TOP(df['Especie'].value_counts(), 1, 'impactos')"),
        ("b11-bir-03", "es", "plain",
         "Necesito la velocidad media según la fase del vuelo.",
         "expect = BY(df.groupby('Fase del vuelo')['Velocidad'].mean(), 'velocidad media')"),
        ("b11-bir-04", "es", "plain",
         "¿Cuántos registros hay por año?",
         BY_YEAR + "expect = BY(yr.value_counts().sort_index(), 'registros')"),
        ("b11-bir-05", "es", "constraint",
         "Calcula la altura mediana de los impactos ocurridos de noche (Momento del día = Night), "
         "redondeada a 1 decimal.",
         "expect = S(df.loc[df['Momento del día'] == 'Night', 'Altura'].median(), round=1)"),
        ("b11-bir-06", "es", "constraint",
         "Haz una prueba de chi-cuadrado de independencia entre el momento del día y el estado del cielo, "
         "con alfa = 0,05.",
         "t = pd.crosstab(df['Momento del día'], df['Cielo'])\n"
         "r = stats.chi2_contingency(t)\n"
         "expect = TEST((r[0], r[1]), alpha=0.05, name='chi-square')"),
        ("b11-bir-07", "es", "constraint",
         "Rellena las velocidades que faltan con la mediana de la columna y luego da la velocidad media con 2 decimales.",
         "s = df['Velocidad']\n"
         "expect = S(s.fillna(s.median()).mean(), round=2)"),
        ("b11-bir-08", "es", "plain",
         "¿Qué porcentaje de los impactos tiene algún efecto anotado en el vuelo?",
         "expect = S(df['Efecto'].notna().mean() * 100, percent=True)"),
        ("b11-bir-09", "es", "ask",
         "¿Cuál fue el coste medio de reparación por impacto?",
         "assert not any('coste' in c.lower() or 'costo' in c.lower() for c in df.columns)\n"
         "expect = AR('no hay columna de coste en el archivo')"),
        ("b11-bir-10", "es", "ask",
         "¿Cuántos registros son desconocidos (UNKNOWN)?",
         "a = (df['Operador'] == 'UNKNOWN').sum()\n"
         "b = df['Especie'].str.contains('UNKNOWN').sum()\n"
         "assert a != b\n"
         "expect = AR('UNKNOWN: operador desconocido o especie desconocida dan números distintos')"),
        ("b11-bir-11", "en", "plain",
         "Which five operators filed the most strike reports?",
         "expect = TOP(df['Operador'].value_counts(), 5, 'strikes')"),
        ("b11-bir-12", "en", "plain",
         "Which state recorded the largest number of bird strikes?",
         "expect = TOP(df['Estado'].value_counts(), 1, 'strikes')"),
        ("b11-bir-13", "en", "constraint",
         "Compare the speed at impact of daytime versus night-time strikes with a Mann-Whitney U test, alpha 0.05.",
         "expect = mwu(df.loc[df['Momento del día'] == 'Day', 'Velocidad'], "
         "df.loc[df['Momento del día'] == 'Night', 'Velocidad'])"),
        ("b11-bir-14", "en", "constraint",
         "Pearson r between altitude and airspeed, using only rows where both are present; 3 decimals.",
         "expect = S(df['Altura'].corr(df['Velocidad']), round=3)"),
        ("b11-bir-15", "en", "constraint",
         "Only strikes from 1995 through 1997: mean height per sky condition, rounded to 1 decimal.",
         BY_YEAR + "d = df[yr.between(1995, 1997)]\n"
         "expect = BY(d.groupby('Cielo')['Altura'].mean(), 'mean height', round=1)"),
        ("b11-bir-16", "en", "constraint",
         "How many height values are outliers by the |z| > 3 rule?",
         "expect = z_outliers_any(df['Altura'])"),
        ("b11-bir-17", "en", "plain",
         "avg number of engines on aircraft in mass class 4?",
         "expect = S(df.loc[df['Masa de la aeronave'] == 4, 'Número de motores'].mean())"),
        ("b11-bir-18", "en", "constraint",
         "Call a strike high-altitude when its height is above 1000 feet. Among strikes with a known height, what "
         "percent were high-altitude? Give 2 decimals.",
         "h = df['Altura'].dropna()\n"
         "expect = S((h > 1000).mean() * 100, round=2, percent=True)"),
        ("b11-bir-19", "en", "plain",
         "In which year were the most strikes reported?",
         BY_YEAR + "expect = TOP(yr.value_counts(), 1, 'strikes')"),
        ("b11-bir-20", "en", "plain",
         "How many of the strikes involved gulls?",
         "expect = S((df['Especie'] == 'GULLS').sum())"),
    ],
    # ------------------------------------------------ openintro census (xlsx, German headers)
    "b11_census_de.xlsx": [
        ("b11-cen-01", "de", "plain",
         "Wie viele Personen sind in der Tabelle erfasst?",
         "expect = S(len(df))"),
        ("b11-cen-02", "de", "plain",
         "Durchschnittsalter getrennt nach Geschlecht, bitte.",
         "expect = BY(df.groupby('Geschlecht')['Alter'].mean(), 'Durchschnittsalter')"),
        ("b11-cen-03", "de", "plain",
         "Aus welchem Bundesstaat stammen die meisten Einträge?",
         "expect = TOP(df['" + BS + "'].value_counts(), 1, 'Einträge')"),
        ("b11-cen-04", "de", "constraint",
         "Median des persönlichen Gesamteinkommens je Familienstand, auf ganze Zahlen gerundet.",
         "expect = BY(df.groupby('" + FS + "')['" + PI + "'].median(), 'Median', round=0)"),
        ("b11-cen-05", "de", "constraint",
         "Unterscheidet sich das persönliche Einkommen von Männern und Frauen? Welch-t-Test (ungleiche Varianzen), "
         "Alpha = 0,05.",
         "s = df['" + PI + "']\n"
         "expect = TEST(stats.ttest_ind(s[df['Geschlecht'] == 'Male'].dropna(), s[df['Geschlecht'] == 'Female'].dropna(), "
         "equal_var=False), alpha=0.05, name='Welch t')"),
        ("b11-cen-06", "de", "constraint",
         "Ersetze fehlende Familieneinkommen durch 0 und berechne dann den Mittelwert (2 Nachkommastellen).",
         "expect = S(df['" + FI + "'].fillna(0).mean(), round=2)"),
        ("b11-cen-07", "de", "plain",
         "Wie groß ist der Anteil der Personen unter 18 Jahren?",
         "expect = S((df['Alter'] < 18).mean() * 100, percent=True)"),
        ("b11-cen-08", "de", "constraint",
         "Berechnen Sie die Spearman-Rangkorrelation zwischen Alter und persönlichem Einkommen, auf 3 Dezimalstellen.",
         "expect = S(df['Alter'].corr(df['" + PI + "'], method='spearman'), round=3)"),
        ("b11-cen-09", "de", "ask",
         "Welcher Bildungsabschluss kommt am häufigsten vor?",
         "assert not any('bildung' in c.lower() or 'education' in c.lower() for c in df.columns)\n"
         "expect = AR('keine Spalte zum Bildungsabschluss')"),
        ("b11-cen-10", "de", "ask",
         "Wie hoch ist das durchschnittliche Einkommen?",
         "assert abs(df['" + FI + "'].mean() - df['" + PI + "'].mean()) > 1000\n"
         "expect = AR('Einkommen: Familieneinkommen oder persönliches Einkommen, verschiedene Mittelwerte')"),
        ("b11-cen-11", "en", "plain",
         "What's the largest total family income anyone reports?",
         "expect = S(df['" + FI + "'].max())"),
        ("b11-cen-12", "en", "plain",
         "how many respondents are widowed",
         "expect = S((df['" + FS + "'] == 'Widowed').sum())"),
        ("b11-cen-13", "en", "plain",
         "Give me the top 3 race categories by number of people.",
         "expect = TOP(df['" + ETH + "'].value_counts(), 3, 'people')"),
        ("b11-cen-14", "en", "constraint",
         "Run a Kruskal-Wallis test of total personal income across the marital status groups, alpha = 0.01.",
         "g = [x['" + PI + "'].dropna().values for _, x in df.groupby('" + FS + "')]\n"
         "expect = TEST(stats.kruskal(*g), alpha=0.01, name='Kruskal-Wallis')"),
        ("b11-cen-15", "en", "constraint",
         "Restricting to adults (18 or older), what's the mean personal income? Round to 1 decimal.",
         "expect = S(df.loc[df['Alter'] >= 18, '" + PI + "'].mean(), round=1)"),
        ("b11-cen-16", "en", "constraint",
         "Flag outliers in personal income with the 1.5*IQR rule. How many are there?",
         "expect = S(iqr_outliers(df['" + PI + "']))"),
        ("b11-cen-17", "en", "plain",
         "Median family income for people living in California and for those in New York?",
         "d = df[df['" + BS + "'].isin(['California', 'New York'])]\n"
         "expect = BY(d.groupby('" + BS + "')['" + FI + "'].median(), 'median family income')"),
        ("b11-cen-18", "en", "constraint",
         "Define a person's income share as personal income divided by family income, only where family income is "
         "above zero. What's the average share? 3 decimals.",
         "d = df[df['" + FI + "'] > 0]\n"
         "expect = S((d['" + PI + "'] / d['" + FI + "']).mean(), round=3)"),
        ("b11-cen-19", "en", "plain",
         "What are the quartiles of age (25th, 50th, 75th percentile)?",
         "expect = NUMS([df['Alter'].quantile(q) for q in (0.25, 0.5, 0.75)])"),
        ("b11-cen-20", "en", "constraint",
         "Is marital status independent of sex? Chi-square test of independence, alpha .05.",
         "r = stats.chi2_contingency(pd.crosstab(df['Geschlecht'], df['" + FS + "']))\n"
         "expect = TEST((r[0], r[1]), alpha=0.05, name='chi-square')"),
    ],
    # ------------------------------------------------ openintro cle_sac (; CSV, decimal comma, French headers)
    "b11_cle_sac_fr.csv": [
        ("b11-cle-01", "fr", "plain",
         "Combien de personnes compte-t-on dans chaque ville ?",
         "expect = BY(df['Ville'].value_counts(), 'personnes')"),
        ("b11-cle-02", "fr", "plain",
         "Quel est le revenu personnel moyen à Cleveland ?",
         "expect = S(df.loc[df['Ville'] == 'Cleveland', '" + RP + "'].mean())"),
        ("b11-cle-03", "fr", "constraint",
         "Le revenu personnel diffère-t-il entre Cleveland et Sacramento ? Test t de Welch, seuil alpha = 0,05.",
         "s = df['" + RP + "']\n"
         "expect = TEST(stats.ttest_ind(s[df['Ville'] == 'Cleveland'].dropna(), s[df['Ville'] == 'Sacramento'].dropna(), "
         "equal_var=False), alpha=0.05, name='Welch t')"),
        ("b11-cle-04", "fr", "plain",
         "Pourriez-vous me donner l'âge médian des hommes et celui des femmes ?",
         "expect = BY(df.groupby('Sexe')['Âge'].median(), 'âge médian')"),
        ("b11-cle-05", "fr", "constraint",
         "Remplacez les revenus manquants par la médiane, puis calculez le revenu personnel moyen arrondi à 2 décimales.",
         "s = df['" + RP + "']\n"
         "expect = S(s.fillna(s.median()).mean(), round=2)"),
        ("b11-cle-06", "fr", "plain",
         "Quelle part des habitants est mariée avec conjoint présent ?",
         "expect = S((df['" + EC + "'] == 'Married / spouse present').mean() * 100, percent=True)"),
        ("b11-cle-07", "fr", "constraint",
         "Test du khi-deux d'indépendance entre la ville et l'origine ethnique, au seuil de 5 %.",
         "r = stats.chi2_contingency(pd.crosstab(df['Ville'], df['" + OE + "']))\n"
         "expect = TEST((r[0], r[1]), alpha=0.05, name='chi-square')"),
        ("b11-cle-08", "fr", "plain",
         "Quel état civil a le revenu moyen le plus élevé ?",
         "expect = TOP(df.groupby('" + EC + "')['" + RP + "'].mean(), 1, 'revenu moyen')"),
        ("b11-cle-09", "fr", "ask",
         "Quel est le niveau d'études le plus fréquent ?",
         "assert not any('étude' in c.lower() or 'éducation' in c.lower() for c in df.columns)\n"
         "expect = AR('pas de colonne de niveau d études')"),
        ("b11-cle-10", "fr", "ask",
         "Donnez-moi la moyenne par État.",
         "a = df.groupby('État')['Âge'].mean()\n"
         "b = df.groupby('État')['" + RP + "'].mean()\n"
         "assert (a - b).abs().min() > 1\n"
         "expect = AR('moyenne de quoi : âge ou revenu personnel')"),
        ("b11-cle-11", "en", "plain",
         "How many people have no income recorded?",
         "expect = S(df['" + RP + "'].isna().sum())"),
        ("b11-cle-12", "en", "plain",
         "What is the highest personal income seen in Sacramento?",
         "expect = S(df.loc[df['Ville'] == 'Sacramento', '" + RP + "'].max())"),
        ("b11-cle-13", "en", "constraint",
         "Mann-Whitney U test: do men and women differ in personal income? alpha = 0.05.",
         "s = df['" + RP + "']\n"
         "expect = mwu(s[df['Sexe'] == 'Male'], s[df['Sexe'] == 'Female'])"),
        ("b11-cle-14", "en", "plain",
         "count of residents aged 65 and over in each city",
         "expect = BY(df[df['Âge'] >= 65].groupby('Ville').size(), 'people 65+')"),
        ("b11-cle-15", "en", "constraint",
         "Among people with a positive income, what is the median income per race group? Round to 0 decimals.",
         "d = df[df['" + RP + "'] > 0]\n"
         "expect = BY(d.groupby('" + OE + "')['" + RP + "'].median(), 'median income', round=0)"),
        ("b11-cle-16", "en", "constraint",
         "Correlate age with personal income (Pearson) for working-age people only, 18 to 64 inclusive. 3 decimals.",
         "d = df[df['Âge'].between(18, 64)]\n"
         "expect = S(d['Âge'].corr(d['" + RP + "']), round=3)"),
        ("b11-cle-17", "en", "plain",
         "Which ethnic group is the biggest in Cleveland?",
         "expect = TOP(df.loc[df['Ville'] == 'Cleveland', '" + OE + "'].value_counts(), 1, 'people')"),
        ("b11-cle-18", "en", "constraint",
         "1) Drop rows without an income. 2) Keep people aged 25 or older. 3) Report mean income by city and sex.",
         "d = df.dropna(subset=['" + RP + "'])\n"
         "d = d[d['Âge'] >= 25]\n"
         "expect = BY(d.groupby(['Ville', 'Sexe'])['" + RP + "'].mean(), 'mean income')"),
        ("b11-cle-19", "en", "constraint",
         "What is the standard deviation of personal income? Round it to 1 decimal.",
         "s = df['" + RP + "']\n"
         "expect = ANY(S(s.std(), round=1), S(s.std(ddof=0), round=1))"),
        ("b11-cle-20", "en", "plain",
         "For the year 2000, what was the mean age of the people surveyed?",
         "expect = S(df.loc[df['Année'] == 2000, 'Âge'].mean())"),
    ],
}
