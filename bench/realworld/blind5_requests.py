"""The 80 requests of the blind split `blind5` (BLIND5.md), with the pandas / scipy code of each expectation.

REQUESTS[file] = [(id, lang, style, request, code)]; style is `constraint` (a question plus a method
constraint), `plain` (a plain question) or `ask` (must be asked or refused). Each code runs with ``df``
(the file as an analyst reads it), ``pd``, ``np``, ``stats`` and make_expected.py's helpers, and
assigns ``expect``. Written by an outside analyst from the data alone (make_blind5.py runs it).
"""

from __future__ import annotations

GSO = "b5_gsoep9402.csv"
GSS = "b5_gss7402_de.csv"
GRU = "b5_grunfeld.json"
GUN = "b5_guns_es.parquet"

REQUESTS: dict[str, list[tuple[str, str, str, str, str]]] = {
    GSO: [
        ("b5-gso-01", "en", "constraint",
         "Is the school track (school) independent of the mother's employment status (memployment)? Use a "
         "chi-square test of independence on their cross-tabulation, alpha = 0.05, and give the statistic and p-value.",
         "r = stats.chi2_contingency(pd.crosstab(df['school'], df['memployment']))\n"
         "expect = TEST((r.statistic, r.pvalue), alpha=0.05, name='chi-square independence')"),
        ("b5-gso-02", "en", "plain",
         "How many children in the file go to a Gymnasium?",
         "expect = S((df['school'] == 'Gymnasium').sum())"),
        ("b5-gso-03", "fr", "plain",
         "Quel est le revenu médian des ménages pour chaque type d'école ?",
         "expect = BY(df.groupby('school')['income'].median(), 'median income')"),
        ("b5-gso-04", "en", "constraint",
         "One-way ANOVA of household income across the three school types. Significance level 1%: "
         "is the difference significant? Report F and the p-value.",
         "g = [x['income'] for _, x in df.groupby('school')]\n"
         "expect = TEST(stats.f_oneway(*g), alpha=0.01, name='one-way ANOVA')"),
        ("b5-gso-05", "en", "plain",
         "Top 3 federal states by number of observations?",
         "expect = TOP(df['state'].value_counts(), 3, 'rows')"),
        ("b5-gso-06", "en", "constraint",
         "Spearman rank correlation between mother's years of education (meducation) and household income, "
         "rounded to 3 decimal places.",
         "expect = S(df['meducation'].corr(df['income'], method='spearman'), round=3)"),
        ("b5-gso-07", "en", "plain",
         "what percentage of the mothers are married?",
         "expect = S((df['marital'] == 'married').mean() * 100, percent=True)"),
        ("b5-gso-08", "en", "constraint",
         "Define income per household member as income divided by household size (size). What is the mean "
         "of this per-member income, rounded to a whole number?",
         "expect = S((df['income'] / df['size']).mean(), round=0)"),
        ("b5-gso-09", "en", "constraint",
         "Kruskal-Wallis H test: does the number of kids in the household differ between the mother's "
         "employment levels? alpha 0.05.",
         "g = [x['kids'] for _, x in df.groupby('memployment')]\n"
         "expect = TEST(stats.kruskal(*g), alpha=0.05, name='Kruskal-Wallis')"),
        ("b5-gso-10", "fr", "constraint",
         "Avec un test de Mann-Whitney (bilatéral, seuil 5 %), le revenu du ménage diffère-t-il entre "
         "garçons et filles (colonne gender) ?",
         "expect = mwu(df.loc[df['gender'] == 'male', 'income'], df.loc[df['gender'] == 'female', 'income'])"),
        ("b5-gso-11", "en", "plain",
         "Mean household income in survey year 2000?",
         "expect = S(df.loc[df['year'] == 2000, 'income'].mean())"),
        ("b5-gso-12", "en", "constraint",
         "Flag household income values outside [Q1 - 1.5*IQR, Q3 + 1.5*IQR] as outliers. How many are flagged?",
         "expect = S(iqr_outliers(df['income']))"),
        ("b5-gso-13", "en", "plain",
         "Give me the highest and the lowest household income in this data.",
         "expect = NUMS([df['income'].max(), df['income'].min()])"),
        ("b5-gso-14", "en", "constraint",
         "Welch's t-test (unequal variances) comparing household income of children whose mother works "
         "full time with those whose mother is not employed ('none'); alpha = 0.05.",
         "a = df.loc[df['memployment'] == 'fulltime', 'income']\n"
         "b = df.loc[df['memployment'] == 'none', 'income']\n"
         "expect = TEST(stats.ttest_ind(a, b, equal_var=False), alpha=0.05, name='Welch t')"),
        ("b5-gso-15", "en", "plain",
         "Which survey year had the largest average household size?",
         "expect = TOP(df.groupby('year')['size'].mean(), 1, 'mean size')"),
        ("b5-gso-16", "en", "constraint",
         "Winsorize income at the 95th percentile (every value above it set to the 95th percentile) and report "
         "the mean of the result with 2 decimals.",
         "q = df['income'].quantile(0.95)\n"
         "expect = S(df['income'].clip(upper=q).mean(), round=2)"),
        ("b5-gso-17", "fr", "plain",
         "Combien d'enfants ont une mère divorcée ou séparée ?",
         "expect = S(df['marital'].isin(['divorced', 'separated']).sum())"),
        ("b5-gso-18", "en", "plain",
         "Median mother's education broken down by the child's gender and school type.",
         "expect = BY(df.groupby(['gender', 'school'])['meducation'].median(), 'median meducation')"),
        ("b5-gso-19", "en", "ask",
         "Which year occurs most often in this file?",
         "expect = AR('ambiguous: survey year (year) or birth year (birthyear); the modes differ (1995 vs 1981)')"),
        ("b5-gso-20", "en", "ask",
         "What is the average monthly rent these households pay?",
         "expect = AR('no rent column in the file')"),
    ],
    GSS: [
        ("b5-gss-01", "de", "plain",
         "Wie viele Personen wurden 1994 befragt?",
         "expect = S((df['Jahr'] == 1994).sum())"),
        ("b5-gss-02", "de", "constraint",
         "Berechne den Pearson-Korrelationskoeffizienten zwischen Bildungsjahren und Anzahl Kinder, gerundet "
         "auf 4 Nachkommastellen.",
         "expect = S(df['Bildungsjahre'].corr(df['Anzahl Kinder']), round=4)"),
        ("b5-gss-03", "de", "plain",
         "Durchschnittliche Kinderzahl je Erhebungsjahr, bitte.",
         "expect = BY(df.groupby('Jahr')['Anzahl Kinder'].mean(), 'mean kids')"),
        ("b5-gss-04", "de", "constraint",
         "Unterscheidet sich die Anzahl Kinder zwischen Einwanderern und Nicht-Einwanderern? Welch-t-Test, "
         "α = 0,05; gib t und p an.",
         "a = df.loc[df['Einwanderer'] == 'yes', 'Anzahl Kinder']\n"
         "b = df.loc[df['Einwanderer'] == 'no', 'Anzahl Kinder']\n"
         "expect = TEST(stats.ttest_ind(a, b, equal_var=False), alpha=0.05, name='Welch t')"),
        ("b5-gss-05", "de", "plain",
         "Was ist der Median des Alters bei der ersten Geburt?",
         "expect = S(df['Alter bei der ersten Geburt'].median())"),
        ("b5-gss-06", "de", "constraint",
         "Ersetze fehlende Werte in 'Alter bei der ersten Geburt' durch den Median der Spalte und berechne "
         "danach den Mittelwert (2 Nachkommastellen).",
         "s = df['Alter bei der ersten Geburt']\n"
         "expect = S(s.fillna(s.median()).mean(), round=2)"),
        ("b5-gss-07", "de", "plain",
         "Wie viel Prozent der Befragten lebten mit 16 in einer Großstadt?",
         "expect = S((df['Großstadt mit 16'] == 'yes').mean() * 100, percent=True)"),
        ("b5-gss-08", "de", "constraint",
         "Chi-Quadrat-Test auf Unabhängigkeit von ethnischer Zugehörigkeit und niedrigem Einkommen mit 16, "
         "Signifikanzniveau 1 %.",
         "ct = pd.crosstab(df['Ethnische Zugehörigkeit'], df['Niedriges Einkommen mit 16'])\n"
         "r1 = stats.chi2_contingency(ct)\n"
         "r0 = stats.chi2_contingency(ct, correction=False)\n"
         "expect = ANY(TEST((r1.statistic, r1.pvalue), alpha=0.01, name='chi-square (Yates)'), "
         "TEST((r0.statistic, r0.pvalue), alpha=0.01, name='chi-square'))"),
        ("b5-gss-09", "en", "plain",
         "What's the largest number of siblings anyone reported?",
         "expect = S(df['Anzahl Geschwister'].max())"),
        ("b5-gss-10", "de", "constraint",
         "Nur Befragte ab 40 Jahren: Mann-Whitney-U-Test der Anzahl Kinder zwischen denen mit und ohne "
         "niedriges Einkommen mit 16 (zweiseitig, 5 %).",
         "d = df[df['Alter'] >= 40]\n"
         "expect = mwu(d.loc[d['Niedriges Einkommen mit 16'] == 'yes', 'Anzahl Kinder'], "
         "d.loc[d['Niedriges Einkommen mit 16'] == 'no', 'Anzahl Kinder'])"),
        ("b5-gss-11", "de", "plain",
         "Wie viele Befragte sind kinderlos?",
         "expect = S((df['Anzahl Kinder'] == 0).sum())"),
        ("b5-gss-12", "de", "constraint",
         "Zähle die Ausreißer der Anzahl Geschwister nach der 1,5×IQR-Regel (Quartile linear interpoliert).",
         "expect = S(iqr_outliers(df['Anzahl Geschwister']))"),
        ("b5-gss-13", "de", "plain",
         "Mittleres Alter getrennt nach ethnischer Zugehörigkeit und Einwandererstatus",
         "expect = BY(df.groupby(['Ethnische Zugehörigkeit', 'Einwanderer'])['Alter'].mean(), 'mean age')"),
        ("b5-gss-14", "de", "constraint",
         "Spearman-Rangkorrelation zwischen Alter und Anzahl Kinder, nur Erhebungsjahre 1990 bis 2002; "
         "auf drei Stellen runden.",
         "d = df[(df['Jahr'] >= 1990) & (df['Jahr'] <= 2002)]\n"
         "expect = S(d['Alter'].corr(d['Anzahl Kinder'], method='spearman'), round=3)"),
        ("b5-gss-15", "en", "constraint",
         "Kruskal-Wallis test of years of education across the survey years; report H and p at alpha 0.05.",
         "g = [x['Bildungsjahre'] for _, x in df.groupby('Jahr')]\n"
         "expect = TEST(stats.kruskal(*g), alpha=0.05, name='Kruskal-Wallis')"),
        ("b5-gss-16", "de", "plain",
         "In welchem Jahr hatten die Befragten im Schnitt die meisten Bildungsjahre?",
         "expect = TOP(df.groupby('Jahr')['Bildungsjahre'].mean(), 1, 'mean education')"),
        ("b5-gss-17", "de", "plain",
         "Nenne das 10., 50. und 90. Perzentil der Bildungsjahre.",
         "expect = NUMS(df['Bildungsjahre'].quantile([0.1, 0.5, 0.9]).tolist())"),
        ("b5-gss-18", "de", "constraint",
         "Als 'kinderreich' gilt, wer mindestens 4 Kinder hat. Anteil der Kinderreichen in Prozent, je Erhebungsjahr.",
         "e = BY((df['Anzahl Kinder'] >= 4).groupby(df['Jahr']).mean() * 100, 'percent with 4+ kids')\n"
         "e['percent'] = True\n"
         "expect = e"),
        ("b5-gss-19", "de", "ask",
         "Wie hoch ist das durchschnittliche Jahreseinkommen der Befragten in Dollar?",
         "expect = AR('no income amount in the file (only a yes/no for low income at 16)')"),
        ("b5-gss-20", "de", "ask",
         "Wie viele junge Befragte gibt es?",
         "expect = AR('ambiguous: no age threshold for young is given, and the count depends on it')"),
    ],
    GRU: [
        ("b5-gru-01", "en", "plain",
         "Total gross investment of all firms together in 1954?",
         "expect = S(df.loc[df['year'] == 1954, 'invest'].sum())"),
        ("b5-gru-02", "en", "constraint",
         "Fit an OLS regression invest = a + b * value over all rows and report the slope b to 4 decimals.",
         "expect = S(stats.linregress(df['value'], df['invest']).slope, round=4)"),
        ("b5-gru-03", "fr", "plain",
         "Quelles sont les trois entreprises qui investissent le plus en moyenne ?",
         "expect = TOP(df.groupby('firm')['invest'].mean(), 3, 'mean invest')"),
        ("b5-gru-04", "en", "plain",
         "per firm, median market value",
         "expect = BY(df.groupby('firm')['value'].median(), 'median value')"),
        ("b5-gru-05", "en", "constraint",
         "Pearson correlation of capital and invest, using only the years 1945 and later, rounded to 3 decimals.",
         "d = df[df['year'] >= 1945]\n"
         "expect = S(d['capital'].corr(d['invest']), round=3)"),
        ("b5-gru-06", "en", "plain",
         "How many firm-year rows show investment above 100?",
         "expect = S((df['invest'] > 100).sum())"),
        ("b5-gru-07", "en", "constraint",
         "Paired t-test, matching the same years: does General Electric's investment differ from "
         "Westinghouse's? alpha = 0.05.",
         "a = df[df['firm'] == 'General Electric'].set_index('year')['invest']\n"
         "b = df[df['firm'] == 'Westinghouse'].set_index('year')['invest']\n"
         "a, b = a.align(b, join='inner')\n"
         "expect = TEST(stats.ttest_rel(a, b), alpha=0.05, name='paired t')"),
        ("b5-gru-08", "en", "plain",
         "In which year was the combined investment of the firms highest?",
         "expect = TOP(df.groupby('year')['invest'].sum(), 1, 'total invest')"),
        ("b5-gru-09", "en", "constraint",
         "Create a feature: the investment-to-capital ratio (invest divided by capital) for every row. "
         "What is its median? Round to 3 decimals.",
         "expect = S((df['invest'] / df['capital']).median(), round=3)"),
        ("b5-gru-10", "fr", "constraint",
         "Test de normalité de Shapiro-Wilk sur l'investissement de General Motors : statistique W et "
         "p-value, seuil 0,05.",
         "expect = TEST(stats.shapiro(df.loc[df['firm'] == 'General Motors', 'invest']), alpha=0.05, name='Shapiro-Wilk')"),
        ("b5-gru-11", "en", "plain",
         "Which firm recorded the single smallest capital stock value?",
         "expect = TOP(df.set_index('firm')['capital'], 1, 'capital', ascending=True)"),
        ("b5-gru-12", "en", "constraint",
         "Standardize value to z-scores over the whole column; how many rows have |z| > 3?",
         "expect = z_outliers_any(df['value'])"),
        ("b5-gru-13", "en", "plain",
         "Average capital per firm over 1935-1944.",
         "d = df[(df['year'] >= 1935) & (df['year'] <= 1944)]\n"
         "expect = BY(d.groupby('firm')['capital'].mean(), 'mean capital')"),
        ("b5-gru-14", "en", "constraint",
         "Take the natural log of invest and run a one-way ANOVA of it across firms (alpha 0.01). F and p?",
         "d = df.assign(li=np.log(df['invest']))\n"
         "g = [x['li'] for _, x in d.groupby('firm')]\n"
         "expect = TEST(stats.f_oneway(*g), alpha=0.01, name='one-way ANOVA on log invest')"),
        ("b5-gru-15", "en", "constraint",
         "Sample standard deviation (n - 1 in the denominator) of value, two decimals.",
         "expect = S(df['value'].std(ddof=1), round=2)"),
        ("b5-gru-16", "en", "constraint",
         "For each firm, market value growth from 1935 to 1954 in percent = (value in 1954 / value in 1935 - 1) * 100. "
         "Which two firms grew the most?",
         "p = df.pivot(index='firm', columns='year', values='value')\n"
         "expect = TOP((p[1954] / p[1935] - 1) * 100, 2, 'value growth %')"),
        ("b5-gru-17", "fr", "plain",
         "Somme des investissements de US Steel sur toute la période ?",
         "expect = S(df.loc[df['firm'] == 'US Steel', 'invest'].sum())"),
        ("b5-gru-18", "en", "plain",
         "number of distinct firms?",
         "expect = S(df['firm'].nunique())"),
        ("b5-gru-19", "en", "ask",
         "What was the firms' average annual growth rate?",
         "expect = AR('ambiguous: growth of invest, value or capital (different numbers), and mean of what')"),
        ("b5-gru-20", "en", "ask",
         "On average, how many employees did IBM have?",
         "expect = AR('no employee column in the file')"),
    ],
    GUN: [
        ("b5-gun-01", "es", "plain",
         "¿Cuál fue la tasa media de homicidios en 1999?",
         "expect = S(df.loc[df['Año'] == 1999, 'Tasa de homicidios'].mean())"),
        ("b5-gun-02", "es", "constraint",
         "Con una prueba t de Welch, compara la tasa de delitos violentos entre las observaciones con ley de "
         "portación de armas y sin ella (alfa = 0,05).",
         "a = df.loc[df['Ley de portación de armas'] == 'yes', 'Tasa de delitos violentos']\n"
         "b = df.loc[df['Ley de portación de armas'] == 'no', 'Tasa de delitos violentos']\n"
         "expect = TEST(stats.ttest_ind(a, b, equal_var=False), alpha=0.05, name='Welch t')"),
        ("b5-gun-03", "es", "plain",
         "Los 5 estados con la tasa media de robos más alta en todo el periodo.",
         "expect = TOP(df.groupby('Estado')['Tasa de robos'].mean(), 5, 'mean robbery rate')"),
        ("b5-gun-04", "es", "plain",
         "¿Cuántos estados distintos aparecen?",
         "expect = S(df['Estado'].nunique())"),
        ("b5-gun-05", "es", "constraint",
         "Correlación de Spearman entre la renta personal per cápita y la tasa de homicidios, redondeada a 3 decimales.",
         "expect = S(df['Renta personal per cápita'].corr(df['Tasa de homicidios'], method='spearman'), round=3)"),
        ("b5-gun-06", "es", "plain",
         "Mediana de presos por 100.000 habitantes para cada año",
         "expect = BY(df.groupby('Año')['Presos por 100.000 habitantes'].median(), 'median prisoners')"),
        ("b5-gun-07", "es", "constraint",
         "Solo para 1990: prueba U de Mann-Whitney de la tasa de homicidios entre estados con la ley y sin la ley.",
         "d = df[df['Año'] == 1990]\n"
         "expect = mwu(d.loc[d['Ley de portación de armas'] == 'yes', 'Tasa de homicidios'], "
         "d.loc[d['Ley de portación de armas'] == 'no', 'Tasa de homicidios'])"),
        ("b5-gun-08", "es", "plain",
         "¿Qué año tuvo la tasa media de delitos violentos más alta?",
         "expect = TOP(df.groupby('Año')['Tasa de delitos violentos'].mean(), 1, 'mean violent rate')"),
        ("b5-gun-09", "es", "constraint",
         "Define la población afroamericana en millones como Población (millones) × porcentaje afroamericano / 100. "
         "¿Cuánto suma en 1999? Dos decimales.",
         "d = df[df['Año'] == 1999]\n"
         "expect = S((d['Población (millones)'] * d['Población afroamericana 10-64 años (%)'] / 100).sum(), round=2)"),
        ("b5-gun-10", "es", "constraint",
         "Cuenta los valores atípicos de la densidad de población con la regla de 1,5 veces el rango intercuartílico.",
         "expect = S(iqr_outliers(df['Densidad de población']))"),
        ("b5-gun-11", "es", "plain",
         "¿Qué porcentaje de las observaciones tiene la ley de portación de armas en vigor?",
         "expect = S((df['Ley de portación de armas'] == 'yes').mean() * 100, percent=True)"),
        ("b5-gun-12", "es", "constraint",
         "Pendiente de la regresión lineal por mínimos cuadrados de la tasa de robos sobre la densidad de "
         "población, con 2 decimales.",
         "expect = S(stats.linregress(df['Densidad de población'], df['Tasa de robos']).slope, round=2)"),
        ("b5-gun-13", "en", "plain",
         "Which state had the highest prisoners per 100,000 in 1999?",
         "d = df[df['Año'] == 1999]\n"
         "expect = TOP(d.set_index('Estado')['Presos por 100.000 habitantes'], 1, 'prisoners')"),
        ("b5-gun-14", "es", "constraint",
         "Prueba chi-cuadrado de independencia entre la ley de portación de armas y el periodo (antes de 1990 "
         "frente a 1990 o después), alfa 0,05.",
         "ct = pd.crosstab(df['Ley de portación de armas'], df['Año'] >= 1990)\n"
         "r1 = stats.chi2_contingency(ct)\n"
         "r0 = stats.chi2_contingency(ct, correction=False)\n"
         "expect = ANY(TEST((r1.statistic, r1.pvalue), alpha=0.05, name='chi-square (Yates)'), "
         "TEST((r0.statistic, r0.pvalue), alpha=0.05, name='chi-square'))"),
        ("b5-gun-15", "es", "plain",
         "Dame el mínimo, la mediana y el máximo de la renta personal per cápita.",
         "s = df['Renta personal per cápita']\n"
         "expect = NUMS([s.min(), s.median(), s.max()])"),
        ("b5-gun-16", "es", "constraint",
         "Variación porcentual de la tasa de delitos violentos de California entre 1977 y 1999, redondeada a 1 decimal.",
         "c = df[df['Estado'] == 'California'].set_index('Año')['Tasa de delitos violentos']\n"
         "expect = S((c[1999] / c[1977] - 1) * 100, round=1)"),
        ("b5-gun-17", "en", "constraint",
         "Texas only, years 1990 through 1999: the murder rate for each year.",
         "d = df[(df['Estado'] == 'Texas') & (df['Año'] >= 1990) & (df['Año'] <= 1999)]\n"
         "expect = BY(d.groupby('Año')['Tasa de homicidios'].mean(), 'murder rate')"),
        ("b5-gun-18", "es", "plain",
         "¿En cuántos estados estaba en vigor la ley en 1999?",
         "expect = S(((df['Año'] == 1999) & (df['Ley de portación de armas'] == 'yes')).sum())"),
        ("b5-gun-19", "es", "ask",
         "¿Cuál es la tasa de criminalidad media?",
         "expect = AR('ambiguous: three crime rates (violent, murder, robbery) with different means')"),
        ("b5-gun-20", "es", "ask",
         "¿Cuántas armas por habitante hay en cada estado?",
         "expect = AR('no gun count in the file')"),
    ],
}
