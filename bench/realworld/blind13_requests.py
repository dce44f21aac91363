"""The 80 requests of the blind split `blind13` (BLIND13.md), each with the pandas / scipy code of its
expectation.

REQUESTS[file] is a list of (id, lang, style, request, code); style is `constraint` (a question with a
method constraint, public-benchmark style), `plain` (a plain question) or `ask` (ask_or_refuse). Each
code runs in make_blind13.py with ``df`` (the file as an analyst reads it), ``pd``, ``np``, ``stats`` and
make_expected.py's helpers, and assigns ``expect``.
"""

from __future__ import annotations

REQUESTS: dict[str, list[tuple[str, str, str, str, str]]] = {
    # ------------------------------------------------ openintro hfi (`,` CSV, English headers; a sample)
    "b13_hfi.csv": [
        ("b13-hfi-01", "en", "plain",
         "How many country-year records are in this table?",
         "expect = S(len(df))"),
        ("b13-hfi-02", "en", "constraint",
         "Restricting the data to 2016, compute the mean human freedom score, rounded to 3 decimals.",
         "expect = S(round(df.loc[df['year'] == 2016, 'hf_score'].mean(), 3), round=3)"),
        ("b13-hfi-03", "en", "plain",
         "Which region has the highest median economic freedom score?",
         "expect = TOP(df.groupby('region')['ef_score'].median(), 1, 'median ef_score')"),
        ("b13-hfi-04", "en", "plain",
         "give me the top 3 countries by personal freedom score for 2015",
         "s = df[df['year'] == 2015].set_index('countries')['pf_score']\n"
         "expect = TOP(s, 3, 'pf_score 2015')"),
        ("b13-hfi-05", "en", "plain",
         "What are the lowest and highest values of the homicide indicator (pf_ss_homicide)?",
         "expect = NUMS([df['pf_ss_homicide'].min(), df['pf_ss_homicide'].max()])"),
        ("b13-hfi-06", "en", "plain",
         "What's the 90th percentile of ef_score?",
         "expect = S(df['ef_score'].quantile(0.9))"),
        ("b13-hfi-07", "en", "constraint",
         "Mean hf_score per region please, each rounded to two decimals.",
         "expect = BY(df.groupby('region')['hf_score'].mean().round(2), 'mean hf_score', round=2)"),
        ("b13-hfi-08", "en", "plain",
         "Of the Western Europe rows, what percentage have a human freedom score above 8?",
         "w = df[df['region'] == 'Western Europe']\n"
         "expect = S((w['hf_score'] > 8).sum() / len(w) * 100, percent=True)"),
        ("b13-hfi-09", "en", "plain",
         "In which year was the mean economic freedom score highest?",
         "expect = TOP(df.groupby('year')['ef_score'].mean(), 1, 'mean ef_score')"),
        ("b13-hfi-10", "en", "plain",
         "How much did the average hf_score change from 2008 to 2016 (2016 minus 2008)?",
         "m = df.groupby('year')['hf_score'].mean()\n"
         "expect = S(m[2016] - m[2008])"),
        ("b13-hfi-11", "en", "constraint",
         "Is hf_score significantly different between Eastern Europe and Latin America & the Caribbean? "
         "Use Welch's t-test at alpha = 0.05 and report t and the p-value.",
         "a = df.loc[df['region'] == 'Eastern Europe', 'hf_score'].dropna()\n"
         "b = df.loc[df['region'] == 'Latin America & the Caribbean', 'hf_score'].dropna()\n"
         "expect = TEST(stats.ttest_ind(a, b, equal_var=False), 0.05, 'Welch t')"),
        ("b13-hfi-12", "en", "constraint",
         "Compute the Pearson correlation coefficient between pf_score and ef_score. "
         "Round to 3 decimal places.",
         "expect = S(round(df['pf_score'].corr(df['ef_score']), 3), round=3)"),
        ("b13-hfi-13", "en", "constraint",
         "For the year 2012 only, what is the Spearman rank correlation between ef_money_inflation "
         "and ef_score?",
         "y = df[df['year'] == 2012]\n"
         "expect = S(y['ef_money_inflation'].corr(y['ef_score'], method='spearman'))"),
        ("b13-hfi-14", "en", "constraint",
         "Applying the 1.5*IQR rule (below Q1-1.5*IQR or above Q3+1.5*IQR), how many outliers are there in "
         "pf_ss_homicide?",
         "expect = S(iqr_outliers(df['pf_ss_homicide']))"),
        ("b13-hfi-15", "en", "constraint",
         "Fill the missing hf_score values with the median of the column, then report the mean of hf_score "
         "rounded to 2 decimals.",
         "s = df['hf_score'].fillna(df['hf_score'].median())\n"
         "expect = S(round(s.mean(), 2), round=2)"),
        ("b13-hfi-16", "en", "constraint",
         "Run a one-way ANOVA of ef_score across regions (significance level 0.01). What are F and p?",
         "groups = [g.dropna() for _, g in df.groupby('region')['ef_score']]\n"
         "expect = TEST(stats.f_oneway(*groups), 0.01, 'one-way ANOVA')"),
        ("b13-hfi-17", "en", "constraint",
         "Define the freedom gap of a row as pf_score minus ef_score. What is the average freedom gap for "
         "Sub-Saharan Africa, to 2 decimals?",
         "a = df[df['region'] == 'Sub-Saharan Africa']\n"
         "expect = S(round((a['pf_score'] - a['ef_score']).mean(), 2), round=2)"),
        ("b13-hfi-18", "en", "constraint",
         "Steps: (1) keep the years 2010 through 2014; (2) drop rows where hf_rank is missing; "
         "(3) count the rows ranked in the top 20 (hf_rank of 20 or better).",
         "y = df[df['year'].between(2010, 2014)].dropna(subset=['hf_rank'])\n"
         "expect = S((y['hf_rank'] <= 20).sum())"),
        ("b13-hfi-19", "en", "ask",
         "What is the average GDP per capita in each region?",
         "assert not any('gdp' in c.lower() for c in df.columns)\n"
         "expect = AR('no GDP column in the file')"),
        ("b13-hfi-20", "en", "ask",
         "What was the average freedom score in 2014?",
         "y = df[df['year'] == 2014]\n"
         "m = [y[c].mean() for c in ('pf_score', 'ef_score', 'hf_score')]\n"
         "assert len({round(v, 3) for v in m}) == 3\n"
         "expect = AR('freedom score: personal (pf_score), economic (ef_score) or human (hf_score)')"),
    ],
    # ------------------------- openintro labor_market_discrimination (TSV, French headers; a sample)
    "b13_labor_market_discrimination_fr.tsv": [
        ("b13-lab-01", "fr", "plain",
         "Combien de CV y a-t-il dans ce fichier ?",
         "expect = S(len(df))"),
        ("b13-lab-02", "fr", "constraint",
         "Donne-moi la proportion de rappels (moyenne de la colonne Rappel) pour chaque race, "
         "arrondie à 3 décimales.",
         "expect = BY(df.groupby('Race')['Rappel'].mean().round(3), 'mean Rappel', round=3)"),
        ("b13-lab-03", "fr", "plain",
         "Quelle est la médiane des années d'expérience chez les femmes ?",
         "expect = S(df.loc[df['Sexe'] == 'f', \"Années d'expérience\"].median())"),
        ("b13-lab-04", "fr", "plain",
         "Quels sont les 4 prénoms les plus fréquents ?",
         "expect = TOP(df['Prénom'].value_counts(), 4, 'rows')"),
        ("b13-lab-05", "fr", "plain",
         "Combien de candidats de Boston (Ville = b) ont été rappelés ?",
         "expect = S(((df['Ville'] == 'b') & (df['Rappel'] == 1)).sum())"),
        ("b13-lab-06", "fr", "constraint",
         "Faites un test du khi-deux d'indépendance entre Race et Rappel au seuil de 5 %. "
         "Donnez la statistique et la p-valeur.",
         "ct = pd.crosstab(df['Race'], df['Rappel'])\n"
         "expect = ANY(TEST(stats.chi2_contingency(ct)[:2], 0.05, 'chi-square (Yates)'),\n"
         "             TEST(stats.chi2_contingency(ct, correction=False)[:2], 0.05, 'chi-square'))"),
        ("b13-lab-07", "fr", "constraint",
         "Test de Mann-Whitney : les années d'expérience diffèrent-elles entre hommes et femmes ? "
         "alpha = 0,05",
         "x = \"Années d'expérience\"\n"
         "expect = mwu(df.loc[df['Sexe'] == 'm', x], df.loc[df['Sexe'] == 'f', x])"),
        ("b13-lab-08", "fr", "constraint",
         "En ne gardant que les employeurs privés (Propriété = Private), quel est le taux de rappel ? "
         "Arrondir à 4 décimales.",
         "p = df[df['Propriété'] == 'Private']\n"
         "expect = S(round(p['Rappel'].mean(), 4), round=4)"),
        ("b13-lab-09", "fr", "plain",
         "Nombre de CV par niveau d'études, svp",
         "expect = BY(df.groupby(\"Niveau d'études\").size(), 'rows')"),
        ("b13-lab-10", "fr", "ask",
         "Quel est le salaire moyen proposé dans les annonces ?",
         "assert not any('salaire' in c.lower() for c in df.columns)\n"
         "expect = AR('pas de colonne de salaire')"),
        ("b13-lab-11", "en", "plain",
         "What's the overall callback rate, in percent?",
         "expect = S(df['Rappel'].mean() * 100, percent=True)"),
        ("b13-lab-12", "en", "plain",
         "max years of experience listed on any resume?",
         "expect = S(df[\"Années d'expérience\"].max())"),
        ("b13-lab-13", "en", "plain",
         "Show the callback rate for every combination of race and sex.",
         "expect = BY(df.groupby(['Race', 'Sexe'])['Rappel'].mean(), 'mean Rappel')"),
        ("b13-lab-14", "en", "constraint",
         "Do callback rates differ between Chicago (Ville = c) and Boston (Ville = b)? Use a chi-square test "
         "on the 2x2 table without continuity correction, alpha 0.05.",
         "ct = pd.crosstab(df['Ville'], df['Rappel'])\n"
         "expect = TEST(stats.chi2_contingency(ct, correction=False)[:2], 0.05, 'chi-square')"),
        ("b13-lab-15", "en", "constraint",
         "Pearson correlation between years of experience and the number of previous jobs; give 3 decimals.",
         "expect = S(round(df[\"Années d'expérience\"].corr(df[\"Nombre d'emplois\"]), 3), round=3)"),
        ("b13-lab-16", "en", "plain",
         "Which broad occupation category has the most resumes?",
         "expect = TOP(df['Catégorie de profession'].value_counts(), 1, 'rows')"),
        ("b13-lab-17", "en", "constraint",
         "How many resumes are outliers in years of experience by the |z| > 3 rule?",
         "expect = z_outliers_any(df[\"Années d'expérience\"])"),
        ("b13-lab-18", "en", "constraint",
         "1) keep only resumes that list honors (Distinctions = 1); 2) group them by race; "
         "3) report the mean callback for each group.",
         "h = df[df['Distinctions'] == 1]\n"
         "expect = BY(h.groupby('Race')['Rappel'].mean(), 'mean Rappel')"),
        ("b13-lab-19", "en", "constraint",
         "Using linear interpolation, what are the 25th and 75th percentiles of years of experience?",
         "x = df[\"Années d'expérience\"]\n"
         "expect = NUMS([x.quantile(0.25), x.quantile(0.75)])"),
        ("b13-lab-20", "en", "ask",
         "What's the average log income by city?",
         "cols = ['Log du revenu par habitant', 'Log du revenu médian des ménages',\n"
         "        \"Log du revenu par habitant (code postal de l'employeur)\"]\n"
         "m = [df.groupby('Ville')[c].mean().round(3).tolist() for c in cols]\n"
         "assert m[0] != m[1] and m[0] != m[2]\n"
         "expect = AR('log income: per capita or median household, applicant or employer zip')"),
    ],
    # ------------------------------------------------ openintro london_murders (Parquet, German headers)
    "b13_london_murders_de.parquet": [
        ("b13-lon-01", "de", "plain",
         "Wie viele Mordopfer sind in der Datei erfasst?",
         "expect = S(len(df))"),
        ("b13-lon-02", "de", "plain",
         "Welcher Bezirk hat die meisten Fälle?",
         "expect = TOP(df['Bezirk'].value_counts(), 1, 'rows')"),
        ("b13-lon-03", "de", "constraint",
         "Durchschnittsalter der Opfer je Jahr bitte, auf 2 Nachkommastellen gerundet",
         "expect = BY(df.groupby('Jahr')['Alter'].mean().round(2), 'mean Alter', round=2)"),
        ("b13-lon-04", "de", "plain",
         "Wie viele Opfer waren jünger als 18?",
         "expect = S((df['Alter'] < 18).sum())"),
        ("b13-lon-05", "de", "plain",
         "Was ist das Median-Alter der Opfer im Bezirk Southwark?",
         "expect = S(df.loc[df['Bezirk'] == 'Southwark', 'Alter'].median())"),
        ("b13-lon-06", "de", "constraint",
         "Kruskal-Wallis-Test: Unterscheidet sich das Alter der Opfer zwischen den Jahren? "
         "Signifikanzniveau 0,05; bitte Teststatistik und p-Wert angeben.",
         "groups = [g for _, g in df.groupby('Jahr')['Alter']]\n"
         "expect = TEST(stats.kruskal(*groups), 0.05, 'Kruskal-Wallis')"),
        ("b13-lon-07", "de", "constraint",
         "Wie viele Ausreißer gibt es beim Alter nach der Regel 1,5 mal IQR?",
         "expect = S(iqr_outliers(df['Alter']))"),
        ("b13-lon-08", "de", "plain",
         "Welche drei Bezirke verzeichnen die meisten Opfer zwischen 2009 und 2011?",
         "s = df[df['Jahr'].between(2009, 2011)]['Bezirk'].value_counts()\n"
         "expect = TOP(s, 3, 'rows')"),
        ("b13-lon-09", "de", "constraint",
         "Welcher Kalendermonat (aus dem Datum) hatte über alle Jahre hinweg die meisten Fälle?",
         "m = df['Datum'].str[5:7].astype(int).value_counts()\n"
         "expect = TOP(m, 1, 'rows', aliases=MONTHS)"),
        ("b13-lon-10", "de", "ask",
         "Wie hoch ist der Anteil männlicher Opfer?",
         "assert not any(c.lower() in ('geschlecht', 'sex', 'gender') for c in df.columns)\n"
         "expect = AR('keine Spalte zum Geschlecht')"),
        ("b13-lon-11", "en", "plain",
         "How many murders were recorded in 2008?",
         "expect = S((df['Jahr'] == 2008).sum())"),
        ("b13-lon-12", "en", "plain",
         "How many fewer victims were there in 2011 than in 2006?",
         "c = df['Jahr'].value_counts()\n"
         "expect = S(c[2006] - c[2011])"),
        ("b13-lon-13", "en", "plain",
         "oldest and youngest victim - what ages?",
         "expect = NUMS([df['Alter'].max(), df['Alter'].min()])"),
        ("b13-lon-14", "en", "constraint",
         "Compare victim ages in Lambeth and Newham with Welch's t-test (alpha = 0.05).",
         "a = df.loc[df['Bezirk'] == 'Lambeth', 'Alter']\n"
         "b = df.loc[df['Bezirk'] == 'Newham', 'Alter']\n"
         "expect = TEST(stats.ttest_ind(a, b, equal_var=False), 0.05, 'Welch t')"),
        ("b13-lon-15", "en", "constraint",
         "Considering only killings dated in December (any year), what is the mean victim age? "
         "Round to 1 decimal.",
         "d = df[df['Datum'].str[5:7] == '12']\n"
         "expect = S(round(d['Alter'].mean(), 1), round=1)"),
        ("b13-lon-16", "en", "plain",
         "What share of the victims were 65 or older?",
         "expect = S((df['Alter'] >= 65).mean() * 100, percent=True)"),
        ("b13-lon-17", "en", "constraint",
         "Define a teenage victim as one aged 13 to 19 inclusive. "
         "Which borough had the most teenage victims?",
         "t = df[df['Alter'].between(13, 19)]\n"
         "expect = TOP(t['Bezirk'].value_counts(), 1, 'rows')"),
        ("b13-lon-18", "en", "plain",
         "Which day of the week saw the most killings?",
         "w = pd.to_datetime(df['Datum']).dt.day_name().value_counts()\n"
         "expect = TOP(w, 1, 'rows')"),
        ("b13-lon-19", "en", "constraint",
         "Chi-square goodness-of-fit test: are the killings spread evenly over the six years? alpha 0.05",
         "c = df['Jahr'].value_counts().sort_index()\n"
         "expect = TEST(stats.chisquare(c), 0.05, 'chi-square goodness of fit')"),
        ("b13-lon-20", "en", "ask",
         "What was the most common weapon used?",
         "assert not any('waffe' in c.lower() or 'weapon' in c.lower() for c in df.columns)\n"
         "expect = AR('no weapon column')"),
    ],
    # ------------------------------------------------ openintro mlb_teams (xlsx, Spanish headers)
    "b13_mlb_teams_es.xlsx": [
        ("b13-mlb-01", "es", "plain",
         "¿Cuántas temporadas de equipo (filas) hay en el archivo?",
         "expect = S(len(df))"),
        ("b13-mlb-02", "es", "plain",
         "¿Qué equipo suma más victorias en total?",
         "expect = TOP(df.groupby('Nombre del equipo')['Victorias'].sum(), 1, 'sum Victorias')"),
        ("b13-mlb-03", "es", "constraint",
         "Promedio de jonrones por liga, redondeado a 1 decimal",
         "expect = BY(df.groupby('Liga')['Jonrones'].mean().round(1), 'mean Jonrones', round=1)"),
        ("b13-mlb-04", "es", "plain",
         "¿En qué año se anotaron más carreras en total?",
         "expect = TOP(df.groupby('Año')['Carreras anotadas'].sum(), 1, 'sum Carreras anotadas')"),
        ("b13-mlb-05", "es", "plain",
         "¿Cuál fue la mediana de asistencia en casa en 2019?",
         "expect = S(df.loc[df['Año'] == 2019, 'Asistencia en casa'].median())"),
        ("b13-mlb-06", "es", "constraint",
         "Calcula la correlación de Spearman entre Victorias y Carreras anotadas, solo desde el año 2000 "
         "(inclusive).",
         "y = df[df['Año'] >= 2000]\n"
         "expect = S(y['Victorias'].corr(y['Carreras anotadas'], method='spearman'))"),
        ("b13-mlb-07", "es", "constraint",
         "Prueba t de Welch: ¿difiere el promedio de carreras limpias entre la AL y la NL desde 1973? "
         "alfa = 0,05",
         "y = df[df['Año'] >= 1973]\n"
         "a = y.loc[y['Liga'] == 'AL', 'Promedio de carreras limpias']\n"
         "b = y.loc[y['Liga'] == 'NL', 'Promedio de carreras limpias']\n"
         "expect = TEST(stats.ttest_ind(a, b, equal_var=False), 0.05, 'Welch t')"),
        ("b13-mlb-08", "es", "constraint",
         "Rellena con 0 los valores faltantes de Bases robadas y calcula la media. Redondea a 2 decimales.",
         "expect = S(round(df['Bases robadas'].fillna(0).mean(), 2), round=2)"),
        ("b13-mlb-09", "es", "plain",
         "¿Cuántos equipos ganaron la Serie Mundial entre 1990 y 1999?",
         "y = df[df['Año'].between(1990, 1999)]\n"
         "expect = S((y['Ganador de la Serie Mundial'] == 'Y').sum())"),
        ("b13-mlb-10", "es", "ask",
         "¿Cuál fue el salario medio de los jugadores por equipo?",
         "assert not any('salario' in c.lower() for c in df.columns)\n"
         "expect = AR('no hay columna de salario')"),
        ("b13-mlb-11", "en", "plain",
         "Total home runs hit in the 2001 season?",
         "expect = S(df.loc[df['Año'] == 2001, 'Jonrones'].sum())"),
        ("b13-mlb-12", "en", "plain",
         "Which 5 ballparks appear in the most team-seasons?",
         "expect = TOP(df['Estadio'].value_counts(), 5, 'rows')"),
        ("b13-mlb-13", "en", "constraint",
         "Define win percentage as wins / (wins + losses). Which team had the single best season by that "
         "measure since 1950?",
         "y = df[df['Año'] >= 1950]\n"
         "w = y['Victorias'] / (y['Victorias'] + y['Derrotas'])\n"
         "s = pd.Series(w.values, index=y['Nombre del equipo'])\n"
         "expect = TOP(s, 1, 'win percentage')"),
        ("b13-mlb-14", "en", "constraint",
         "Using the Pearson correlation, how strongly is the ERA related to the runs scored by opponents, "
         "for seasons from 1950 on? Round to 3 decimals.",
         "y = df[df['Año'] >= 1950]\n"
         "r = y['Promedio de carreras limpias'].corr(y['Carreras anotadas por los rivales'])\n"
         "expect = S(round(r, 3), round=3)"),
        ("b13-mlb-15", "en", "constraint",
         "Since 2010 (inclusive), what's the mean number of batter strikeouts per team-season in each "
         "league? One decimal is enough.",
         "y = df[df['Año'] >= 2010]\n"
         "m = y.groupby('Liga')['Ponches de los bateadores'].mean().round(1)\n"
         "expect = BY(m, 'mean Ponches de los bateadores', round=1)"),
        ("b13-mlb-16", "en", "constraint",
         "Among seasons from 1980 onwards, how many have an outlier number of errors by the 1.5xIQR rule?",
         "expect = S(iqr_outliers(df.loc[df['Año'] >= 1980, 'Errores']))"),
        ("b13-mlb-17", "en", "plain",
         "In which decade did teams average the most triples per season?",
         "d = df.groupby(df['Año'] // 10 * 10)['Triples'].mean()\n"
         "top = d.idxmax()\n"
         "expect = TOP(d, 1, 'mean Triples', aliases={str(top): [f'{top}s']})"),
        ("b13-mlb-18", "en", "constraint",
         "For American League team-seasons since 2000, use a Wilcoxon signed-rank test to check whether "
         "strikeouts by the team's batters differ from strikeouts by its pitchers. alpha = 0.05",
         "y = df[(df['Año'] >= 2000) & (df['Liga'] == 'AL')]\n"
         "r = stats.wilcoxon(y['Ponches de los bateadores'], y['Ponches de los lanzadores'])\n"
         "expect = TEST(r, 0.05, 'Wilcoxon signed-rank')"),
        ("b13-mlb-19", "en", "plain",
         "how many teams won their division in the AL in 2015",
         "y = df[(df['Año'] == 2015) & (df['Liga'] == 'AL')]\n"
         "expect = S((y['Ganador de división'] == 'Y').sum())"),
        ("b13-mlb-20", "en", "ask",
         "How many strikeouts did the 2010 New York Yankees have?",
         "y = df[(df['Año'] == 2010) & (df['Nombre del equipo'] == 'New York Yankees')]\n"
         "assert len(y) == 1\n"
         "assert y['Ponches de los bateadores'].iloc[0] != y['Ponches de los lanzadores'].iloc[0]\n"
         "expect = AR('strikeouts by its batters or by its pitchers')"),
    ],
}
