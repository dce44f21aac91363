"""The 80 requests of the blind split `blind7` (BLIND7.md), each with the pandas / scipy code of its expectation.

REQUESTS[file] is a list of (id, lang, style, request, code); style is `constraint` (a question with a
method constraint, public-benchmark style), `plain` (a plain question) or `ask` (ask_or_refuse). Each
code runs in make_blind7.py with ``df`` (the file as an analyst reads it), ``pd``, ``np``, ``stats`` and
make_expected.py's helpers, and assigns ``expect``.
"""

from __future__ import annotations

V, E, A = "Puntuación de vocabulario", "Edad", "Años de educación"
C, R, P, K = ("Log consommation d'essence par voiture", "Log revenu réel par habitant",
              "Log prix réel de l'essence", "Log voitures par habitant")

REQUESTS: dict[str, list[tuple[str, str, str, str, str]]] = {
    # ------------------------------------------------------------------ carData GSSvocab, Spanish headers
    "b7_gssvocab_es.csv": [
        ("b7-voc-01", "es", "plain",
         "¿Cuántas personas encuestadas hay en total en este archivo?",
         "expect = S(len(df))"),
        ("b7-voc-02", "es", "plain",
         "Necesito la puntuación de vocabulario promedio de hombres y de mujeres, por separado.",
         f"expect = BY(df.groupby('Género')['{V}'].mean(), 'mean vocabulary score')"),
        ("b7-voc-03", "es", "constraint",
         "Aplica una prueba t de Welch (varianzas desiguales) para comparar la puntuación de vocabulario "
         "entre hombres y mujeres, con alfa = 0,05. ¿La diferencia es significativa?",
         f"m = df.loc[df['Género'] == 'male', '{V}'].dropna()\n"
         f"f = df.loc[df['Género'] == 'female', '{V}'].dropna()\n"
         "expect = TEST(stats.ttest_ind(m, f, equal_var=False), alpha=0.05, name='Welch t')"),
        ("b7-voc-04", "es", "plain",
         "¿En qué año de la encuesta se registró la puntuación media de vocabulario más alta?",
         f"expect = TOP(df.groupby('Año')['{V}'].mean(), 1, 'mean vocabulary score')"),
        ("b7-voc-05", "es", "constraint",
         "Calcula el coeficiente de correlación de Spearman entre los años de educación y la puntuación "
         "de vocabulario. Redondea a 3 decimales.",
         f"expect = S(df['{A}'].corr(df['{V}'], method='spearman'), round=3)"),
        ("b7-voc-06", "es", "constraint",
         "Mediana de la edad de quienes NO nacieron en EE. UU., con un decimal por favor.",
         f"expect = S(df.loc[df['Nacido en EE. UU.'] == 'no', '{E}'].median(), round=1)"),
        ("b7-voc-07", "es", "ask",
         "¿Cuál es el ingreso anual medio de los encuestados?",
         "expect = AR('no income column: the file has year, gender, birthplace, age / education groups, "
         "vocabulary score, age and years of education')"),
        ("b7-voc-08", "es", "ask",
         "Dame la media de los años, desglosada por género.",
         f"a = df.groupby('Género')['Año'].mean(); b = df.groupby('Género')['{A}'].mean()\n"
         "assert (a - b).abs().min() > 1\n"
         "expect = AR(\"'los años' is the survey year (Año) or the years of education (Años de educación): "
         "different numbers\")"),
        ("b7-voc-09", "es", "constraint",
         "Sigue estos pasos: 1) elimina las filas sin puntuación de vocabulario; 2) quédate solo con las "
         "encuestas de 2000 a 2010, ambos incluidos; 3) calcula la puntuación media por grupo de edad. "
         "Redondea a 2 decimales.",
         f"d = df.dropna(subset=['{V}'])\n"
         "d = d[(d['Año'] >= 2000) & (d['Año'] <= 2010)]\n"
         f"expect = BY(d.groupby('Grupo de edad')['{V}'].mean(), 'mean vocabulary score 2000-2010', round=2)"),
        ("b7-voc-10", "es", "constraint",
         "¿Difiere la puntuación de vocabulario según el grupo de educación? Haz un ANOVA de un factor "
         "con un nivel de significación de 0,01.",
         f"g = [s.dropna() for _, s in df.groupby('Grupo de educación')['{V}']]\n"
         "expect = TEST(stats.f_oneway(*g), alpha=0.01, name='one-way ANOVA')"),
        ("b7-voc-11", "es", "plain",
         "¿Qué porcentaje de los encuestados son mujeres?",
         "expect = S((df['Género'] == 'female').mean() * 100, percent=True)"),
        ("b7-voc-12", "es", "constraint",
         "Prueba de independencia chi-cuadrado entre género y grupo de educación (alfa 0,05): "
         "quiero el estadístico y el valor p.",
         "t = pd.crosstab(df['Género'], df['Grupo de educación'])\n"
         "r = stats.chi2_contingency(t)\n"
         "expect = TEST((r[0], r[1]), alpha=0.05, name='chi-square independence')"),
        ("b7-voc-13", "es", "plain",
         "Los tres años con más encuestados, de mayor a menor.",
         "expect = TOP(df['Año'].value_counts(), 3, 'respondents')"),
        ("b7-voc-14", "es", "constraint",
         "Con el criterio de 1,5 veces el rango intercuartílico, ¿cuántos valores atípicos hay en "
         "los años de educación?",
         f"expect = S(iqr_outliers(df['{A}']))"),
        ("b7-voc-15", "es", "plain",
         "edad minima y maxima de los encuestados",
         f"expect = NUMS([df['{E}'].min(), df['{E}'].max()])"),
        ("b7-voc-16", "es", "constraint",
         "Imputa las puntuaciones de vocabulario faltantes con la mediana de su grupo de educación y "
         "después calcula la media global de la puntuación. Tres decimales.",
         f"fill = df.groupby('Grupo de educación')['{V}'].transform('median')\n"
         f"expect = S(df['{V}'].fillna(fill).mean(), round=3)"),
        ("b7-voc-17", "en", "plain",
         "What's the average vocabulary score for the 18-29 age group compared with the 60+ group?",
         f"expect = BY(df.groupby('Grupo de edad')['{V}'].mean().loc[['18-29', '60+']], 'mean vocabulary score')"),
        ("b7-voc-18", "en", "constraint",
         "Fit an ordinary least squares line of vocabulary score on years of education and report the "
         "slope, rounded to 4 decimal places.",
         f"d = df[['{A}', '{V}']].dropna()\n"
         f"expect = S(stats.linregress(d['{A}'], d['{V}']).slope, round=4)"),
        ("b7-voc-19", "en", "plain",
         "how many respondents in the 2016 survey had more than 16 years of education?",
         f"expect = S(((df['Año'] == 2016) & (df['{A}'] > 16)).sum())"),
        ("b7-voc-20", "es", "plain",
         "¿Cuánto cambió la puntuación media de vocabulario entre la encuesta de 1978 y la de 2016?",
         f"m = df.groupby('Año')['{V}'].mean()\n"
         "expect = S(m.loc[2016] - m.loc[1978])"),
    ],
    # ------------------------------------------------------------------ carData MplsStops, English headers
    "b7_mplsstops.parquet": [
        ("b7-mpl-01", "en", "plain",
         "How many of the stops were traffic stops?",
         "expect = S((df['problem'] == 'traffic').sum())"),
        ("b7-mpl-02", "en", "plain",
         "Give me the number of stops in each police precinct.",
         "expect = BY(df.groupby('policePrecinct').size(), 'stops')"),
        ("b7-mpl-03", "en", "plain",
         "Which five neighborhoods saw the most stops?",
         "expect = TOP(df['neighborhood'].value_counts(), 5, 'stops')"),
        ("b7-mpl-04", "en", "constraint",
         "Is whether a person was searched related to the problem type (traffic vs suspicious)? Run a "
         "chi-square test of independence on the 2x2 table, alpha = 0.05.",
         "t = pd.crosstab(df['personSearch'], df['problem'])\n"
         "a = stats.chi2_contingency(t, correction=True); b = stats.chi2_contingency(t, correction=False)\n"
         "expect = ANY(TEST((a[0], a[1]), name='chi-square (Yates)'), TEST((b[0], b[1]), name='chi-square'))"),
        ("b7-mpl-05", "en", "constraint",
         "Taking the month from the date column as recorded (UTC), which month had the highest number "
         "of stops?",
         "expect = TOP(df['date'].str[:7].value_counts(), 1, 'stops',\n"
         "             aliases={'2017-03': ['March', 'Mar', '3']})"),
        ("b7-mpl-06", "de", "plain",
         "Wie viele Kontrollen fanden im Polizeirevier 3 statt?",
         "expect = S((df['policePrecinct'] == 3).sum())"),
        ("b7-mpl-07", "en", "constraint",
         "Only looking at stops where citationIssued is filled in: what percentage ended with a "
         "citation? One decimal.",
         "c = df['citationIssued'].dropna()\n"
         "expect = S((c == 'YES').mean() * 100, round=1, percent=True)"),
        ("b7-mpl-08", "en", "plain",
         "Among stops with a race entry, what proportion of the people stopped were Black?",
         "expect = S((df['race'].dropna() == 'Black').mean() * 100, percent=True)"),
        ("b7-mpl-09", "en", "ask",
         "What was the average age of the people who got stopped?",
         "expect = AR('no age column in the stops file')"),
        ("b7-mpl-10", "en", "ask",
         "How many of the people stopped were White?",
         "a = (df['race'] == 'White').sum(); b = (df['preRace'] == 'White').sum()\n"
         "assert a != b\n"
         "expect = AR(\"'White' is a value of race (recorded) and of preRace (perceived before the stop): \"\n"
         "            'different counts')"),
        ("b7-mpl-11", "en", "constraint",
         "Restrict to traffic stops. For each precinct, compute the share of stops with a vehicle "
         "search (YES out of the YES/NO answers). Round to 3 decimals.",
         "d = df[(df['problem'] == 'traffic') & df['vehicleSearch'].notna()]\n"
         "expect = BY(d.groupby('policePrecinct')['vehicleSearch'].apply(lambda s: (s == 'YES').mean()),\n"
         "            'vehicle search share, traffic stops', round=3)"),
        ("b7-mpl-12", "en", "plain",
         "mean latitude and mean longitude of all stops?",
         "expect = NUMS([df['lat'].mean(), df['long'].mean()])"),
        ("b7-mpl-13", "en", "constraint",
         "Define a night stop as one whose timestamp hour (UTC, as in the date column) is 22 or later, "
         "or earlier than 6. How many night stops are there?",
         "h = df['date'].str[11:13].astype(int)\n"
         "expect = S(((h >= 22) | (h < 6)).sum())"),
        ("b7-mpl-14", "de", "constraint",
         "Gruppiere nach gender und berechne je Gruppe den Anteil der Personendurchsuchungen "
         "(personSearch = YES) an allen Kontrollen mit Angabe zu personSearch; runde auf 3 "
         "Nachkommastellen.",
         "d = df.dropna(subset=['personSearch', 'gender'])\n"
         "expect = BY(d.groupby('gender')['personSearch'].apply(lambda s: (s == 'YES').mean()),\n"
         "            'person search share', round=3)"),
        ("b7-mpl-15", "en", "plain",
         "Could you break down the stops by the MDC column (counts per value)?",
         "expect = BY(df.groupby('MDC').size(), 'stops')"),
        ("b7-mpl-16", "en", "constraint",
         "Using the timestamps exactly as given (UTC), which day of the week had the most stops?",
         "days = pd.to_datetime(df['date']).dt.day_name()\n"
         "expect = TOP(days.value_counts(), 1, 'stops', aliases={d: [d[:3]] for d in days.unique()})"),
        ("b7-mpl-17", "en", "plain",
         "For suspicious-person stops only, list the 3 most frequent race values.",
         "expect = TOP(df.loc[df['problem'] == 'suspicious', 'race'].value_counts(), 3, 'stops')"),
        ("b7-mpl-18", "de", "plain",
         "Wie viele verschiedene Stadtviertel (neighborhood) kommen in den Daten vor?",
         "expect = S(df['neighborhood'].nunique())"),
        ("b7-mpl-19", "en", "constraint",
         "Compute the standard deviation of latitude within each precinct; which precinct has the "
         "largest spread?",
         "a = df.groupby('policePrecinct')['lat'].std(); b = df.groupby('policePrecinct')['lat'].std(ddof=0)\n"
         "assert a.idxmax() == b.idxmax()\n"
         "expect = TOP(a, 1, 'std of latitude')"),
        ("b7-mpl-20", "en", "constraint",
         "Do traffic and suspicious stops differ in latitude? Use a Mann-Whitney U test, alpha 0.05.",
         "expect = mwu(df.loc[df['problem'] == 'traffic', 'lat'], df.loc[df['problem'] == 'suspicious', 'lat'])"),
    ],
    # ------------------------------------------------------------------ Ecdat Gasoline, French headers
    "b7_gasoline_fr.xlsx": [
        ("b7-gas-01", "fr", "plain",
         "Combien de pays différents figurent dans le tableau ?",
         "expect = S(df['Pays'].nunique())"),
        ("b7-gas-02", "fr", "plain",
         "Pourriez-vous me donner, pays par pays, la moyenne du log de la consommation d'essence par voiture ?",
         f"expect = BY(df.groupby('Pays')[\"{C}\"].mean(), 'mean log gasoline per car')"),
        ("b7-gas-03", "fr", "plain",
         "Quels sont les trois pays où le log du prix réel de l'essence était le plus élevé en 1978 ?",
         f"d = df[df['Année'] == 1978].set_index('Pays')[\"{P}\"]\n"
         "expect = TOP(d, 3, 'log real gasoline price 1978')"),
        ("b7-gas-04", "fr", "constraint",
         "Coefficient de corrélation de Pearson entre le log du revenu réel par habitant et le log des "
         "voitures par habitant, arrondi à 4 décimales.",
         f"expect = S(df[\"{R}\"].corr(df[\"{K}\"]), round=4)"),
        ("b7-gas-05", "fr", "constraint",
         "Test t apparié : le log de la consommation d'essence par voiture a-t-il changé entre 1960 et "
         "1978 (mêmes pays) ? Seuil de 5 %.",
         f"a = df[df['Année'] == 1960].set_index('Pays')[\"{C}\"].sort_index()\n"
         f"b = df[df['Année'] == 1978].set_index('Pays')[\"{C}\"].sort_index()\n"
         "assert list(a.index) == list(b.index)\n"
         "expect = TEST(stats.ttest_rel(b, a), alpha=0.05, name='paired t')"),
        ("b7-gas-06", "fr", "plain",
         "En quelle année la moyenne, tous pays confondus, du log des voitures par habitant a-t-elle été "
         "la plus forte ?",
         f"expect = TOP(df.groupby('Année')[\"{K}\"].mean(), 1, 'mean log cars per capita')"),
        ("b7-gas-07", "fr", "ask",
         "Quel est le prix moyen du litre d'essence en dollars ?",
         "expect = AR('the file holds the log of a real gasoline price index, not a price per litre in dollars')"),
        ("b7-gas-08", "fr", "ask",
         "Quel pays a la valeur log moyenne la plus haute ?",
         "w = df.drop(columns='Année').groupby('Pays').mean().idxmax()\n"
         "assert w.nunique() > 1\n"
         "expect = AR('four log columns (consumption per car, income, price, cars per capita) name different countries')"),
        ("b7-gas-09", "fr", "constraint",
         "ANOVA à un facteur : le log du prix réel de l'essence diffère-t-il d'un pays à l'autre ? "
         "α = 0,01.",
         f"g = [s for _, s in df.groupby('Pays')[\"{P}\"]]\n"
         "expect = TEST(stats.f_oneway(*g), alpha=0.01, name='one-way ANOVA')"),
        ("b7-gas-10", "fr", "plain",
         "Médiane du log du revenu réel par habitant pour la France.",
         f"expect = S(df.loc[df['Pays'] == 'FRANCE', \"{R}\"].median())"),
        ("b7-gas-11", "fr", "constraint",
         "Pour chaque pays, calcule la variation du log de la consommation d'essence par voiture entre "
         "1960 et 1978 (valeur de 1978 moins valeur de 1960), puis donne les 3 pays où la baisse est la "
         "plus forte.",
         f"w = df.pivot(index='Pays', columns='Année', values=\"{C}\")\n"
         "expect = TOP(w[1978] - w[1960], 3, 'change 1960-1978', ascending=True)"),
        ("b7-gas-12", "fr", "plain",
         "Valeurs minimale et maximale du log des voitures par habitant sur l'ensemble de la période.",
         f"expect = NUMS([df[\"{K}\"].min(), df[\"{K}\"].max()])"),
        ("b7-gas-13", "fr", "constraint",
         "En ne gardant que les années 1970 à 1978, quel est l'écart-type du log du prix réel de "
         "l'essence pour le pays JAPAN ?",
         f"s = df.loc[(df['Pays'] == 'JAPAN') & df['Année'].between(1970, 1978), \"{P}\"]\n"
         "assert len(s) == 9\n"
         "expect = std_any(s)"),
        ("b7-gas-14", "fr", "constraint",
         "Régression linéaire par les moindres carrés ordinaires du log de la consommation par voiture "
         "sur le log du prix réel de l'essence : quelle pente obtient-on ? 3 décimales.",
         f"expect = S(stats.linregress(df[\"{P}\"], df[\"{C}\"]).slope, round=3)"),
        ("b7-gas-15", "fr", "plain",
         "Combien d'observations ont un log de consommation d'essence par voiture supérieur à 5 ?",
         f"expect = S((df[\"{C}\"] > 5).sum())"),
        ("b7-gas-16", "fr", "constraint",
         "Selon la règle |z| > 3, combien de valeurs aberrantes compte la colonne du log du prix réel "
         "de l'essence ?",
         f"expect = z_outliers_any(df[\"{P}\"])"),
        ("b7-gas-17", "en", "plain",
         "Average log real income per capita by year - just for 1960, 1970 and 1978.",
         f"expect = BY(df.groupby('Année')[\"{R}\"].mean().loc[[1960, 1970, 1978]], 'mean log real income per capita')"),
        ("b7-gas-18", "en", "constraint",
         "Within 1978 only, test the Spearman rank correlation between the log real gasoline price and "
         "the log gasoline consumption per car at alpha 0.05. Significant?",
         "d = df[df['Année'] == 1978]\n"
         f"expect = TEST(stats.spearmanr(d[\"{P}\"], d[\"{C}\"]), alpha=0.05, name='Spearman')"),
        ("b7-gas-19", "en", "plain",
         "which country has the lowest averge log cars per capita?",
         f"expect = TOP(df.groupby('Pays')[\"{K}\"].mean(), 1, 'mean log cars per capita', ascending=True)"),
        ("b7-gas-20", "fr", "plain",
         "Pour l'Allemagne (GERMANY), de combien le log du revenu réel par habitant a-t-il augmenté "
         "entre 1965 et 1975 ?",
         f"s = df[df['Pays'] == 'GERMANY'].set_index('Année')[\"{R}\"]\n"
         "expect = S(s.loc[1975] - s.loc[1965])"),
    ],
    # ------------------------------------------------------------------ Ecdat Griliches, English headers
    "b7_griliches.json": [
        ("b7-gri-01", "en", "plain",
         "What is the mean IQ in this sample?",
         "expect = S(df['iq'].mean())"),
        ("b7-gri-02", "en", "plain",
         "Show the average log wage (lw) for each observation year.",
         "expect = BY(df.groupby('year')['lw'].mean(), 'mean log wage')"),
        ("b7-gri-03", "en", "constraint",
         "Welch's t-test: do log wages (lw) differ between men living in the South (rns = yes) and the "
         "others? alpha = 0.05",
         "a = df.loc[df['rns'] == 'yes', 'lw']; b = df.loc[df['rns'] == 'no', 'lw']\n"
         "expect = TEST(stats.ttest_ind(a, b, equal_var=False), alpha=0.05, name='Welch t')"),
        ("b7-gri-04", "en", "plain",
         "How many of the men were married in 1980 (mrt80)?",
         "expect = S((df['mrt80'] == 'yes').sum())"),
        ("b7-gri-05", "en", "constraint",
         "Report the Pearson corelation between iq and kww to 3 decimals.",
         "expect = S(df['iq'].corr(df['kww']), round=3)"),
        ("b7-gri-06", "de", "plain",
         "Wie viele Personen wurden im Beobachtungsjahr 69 (Spalte year) erfasst?",
         "expect = S((df['year'] == 69).sum())"),
        ("b7-gri-07", "en", "plain",
         "top 3 observation years by number of people",
         "expect = TOP(df['year'].value_counts(), 3, 'people')"),
        ("b7-gri-08", "en", "ask",
         "What's the average number of children per respondent?",
         "expect = AR('no children column in the Griliches file')"),
        ("b7-gri-09", "en", "ask",
         "What's the average log wage of the married men?",
         "x = [df.loc[df[m] == 'yes', w].mean() for m in ('mrt', 'mrt80') for w in ('lw', 'lw80')]\n"
         "assert len({round(v, 6) for v in x}) == 4\n"
         "expect = AR('married at the first observation (mrt) or in 1980 (mrt80), and log wage then (lw) or in "
         "1980 (lw80): different numbers')"),
        ("b7-gri-10", "en", "constraint",
         "Steps: (1) define wage growth as lw80 minus lw; (2) average it separately for those who lived in "
         "an SMSA in 1980 (smsa80) and those who did not; (3) round to 3 decimals.",
         "g = df['lw80'] - df['lw']\n"
         "expect = BY(g.groupby(df['smsa80']).mean().rename_axis('smsa80'), 'mean wage growth', round=3)"),
        ("b7-gri-11", "en", "plain",
         "Highest and lowest IQ score?",
         "expect = NUMS([df['iq'].max(), df['iq'].min()])"),
        ("b7-gri-12", "en", "constraint",
         "Kruskal-Wallis test of IQ across the observation years (year), alpha 0.05: is there a "
         "difference?",
         "g = [s for _, s in df.groupby('year')['iq']]\n"
         "expect = TEST(stats.kruskal(*g), alpha=0.05, name='Kruskal-Wallis')"),
        ("b7-gri-13", "de", "constraint",
         "Berechne bitte die Spearman-Korrelation zwischen Schuljahren (school) und logarithmiertem "
         "Lohn (lw); auf 3 Nachkommastellen runden.",
         "expect = S(df['school'].corr(df['lw'], method='spearman'), round=3)"),
        ("b7-gri-14", "en", "plain",
         "What share of the sample lived in the South in 1980?",
         "expect = S((df['rns80'] == 'yes').mean() * 100, percent=True)"),
        ("b7-gri-15", "en", "constraint",
         "Count the IQ outliers using the 1.5*IQR rule.",
         "expect = S(iqr_outliers(df['iq']))"),
        ("b7-gri-16", "en", "plain",
         "median tenure80 for married vs not married men in 1980 (mrt80)",
         "expect = BY(df.groupby('mrt80')['tenure80'].median(), 'median tenure 1980')"),
        ("b7-gri-17", "en", "constraint",
         "Regress lw on school by ordinary least squares and give the slope (the return to one more "
         "year of schooling), 4 decimals.",
         "expect = S(stats.linregress(df['school'], df['lw']).slope, round=4)"),
        ("b7-gri-18", "de", "plain",
         "Durchschnittlicher IQ nach Wohnort in einer SMSA (smsa): ja gegenüber nein?",
         "expect = BY(df.groupby('smsa')['iq'].mean(), 'mean IQ')"),
        ("b7-gri-19", "en", "constraint",
         "Cap expr at its 99th percentile (values above it are set to it), then give the mean of expr "
         "rounded to 3 decimals.",
         "expect = S(df['expr'].clip(upper=df['expr'].quantile(0.99)).mean(), round=3)"),
        ("b7-gri-20", "en", "plain",
         "How many people were younger than 20 when first observed (age)?",
         "expect = S((df['age'] < 20).sum())"),
    ],
}
