"""The 80 requests of the blind split `blind6` (BLIND6.md), with the pandas / scipy code of each expectation.

REQUESTS[file] = [(id, lang, style, request, code)]; style is `constraint` (a question plus a method
constraint), `plain` (a plain question) or `ask` (must be asked or refused). Each code runs with ``df``
(the file as an analyst reads it), ``pd``, ``np``, ``stats`` and make_expected.py's helpers, and
assigns ``expect``. Written by an outside analyst from the data alone (make_blind6.py runs it).
"""

from __future__ import annotations

OEC = "b6_oecdgas.xlsx"
PSI = "b6_psid7682_fr.tsv"
SEA = "b6_usseatbelts.csv"
ARR = "b6_arrests_de.parquet"

# a 2x2 chi-square accepts the statistic with or without Yates' continuity correction
CHI2_2X2 = (
    "r1 = stats.chi2_contingency(ct, correction=True)\n"
    "r2 = stats.chi2_contingency(ct, correction=False)\n"
    "expect = ANY(TEST((r1.statistic, r1.pvalue), alpha=A, name='chi-square (Yates)'),\n"
    "             TEST((r2.statistic, r2.pvalue), alpha=A, name='chi-square (no correction)'))"
)

REQUESTS: dict[str, list[tuple[str, str, str, str, str]]] = {
    OEC: [
        ("b6-oec-01", "en", "constraint",
         "Across all country-year rows, is log real income per capita (income) linearly related to gasoline "
         "consumption per car (gas)? Run a Pearson correlation test at the 5% level and report r and its p-value.",
         "expect = TEST(stats.pearsonr(df['income'], df['gas']), alpha=0.05, name='Pearson r')"),
        ("b6-oec-02", "en", "plain",
         "Which country burns the most gasoline per car on average over the whole 1960-1978 period?",
         "expect = TOP(df.groupby('country')['gas'].mean(), 1, 'mean gas')"),
        ("b6-oec-03", "en", "plain",
         "Three cheapest countries for gasoline in 1978 (lowest price first), please.",
         "expect = TOP(df[df['year'] == 1978].set_index('country')['price'], 3, 'price 1978', ascending=True)"),
        ("b6-oec-04", "es", "plain",
         "¿Cuál es la mediana de la variable cars para Japón?",
         "expect = S(df.loc[df['country'] == 'Japan', 'cars'].median())"),
        ("b6-oec-05", "en", "constraint",
         "Fit an ordinary least squares line gas = a + b * price on all 342 observations. What is the slope b? "
         "Round to 4 decimal places.",
         "expect = S(stats.linregress(df['price'], df['gas']).slope, round=4)"),
        ("b6-oec-06", "en", "plain",
         "gas by country, 1970 only",
         "expect = BY(df[df['year'] == 1970].groupby('country')['gas'].mean(), 'gas 1970')"),
        ("b6-oec-07", "en", "constraint",
         "Restrict the data to the years 1970 through 1978 (inclusive) and compute the Spearman rank correlation "
         "between cars and gas. Give rho to 3 decimals.",
         "d = df[(df['year'] >= 1970) & (df['year'] <= 1978)]\n"
         "expect = S(stats.spearmanr(d['cars'], d['gas']).statistic, round=3)"),
        ("b6-oec-08", "en", "plain",
         "By how much did the USA's gas value change from 1960 to 1978?",
         "u = df[df['country'] == 'USA'].set_index('year')['gas']\n"
         "expect = S(u[1978] - u[1960])"),
        ("b6-oec-09", "en", "constraint",
         "Steps: (1) drop every row before 1965; (2) for each country, compute the standard deviation of price; "
         "(3) report the country where price varied the most.",
         "d = df[df['year'] >= 1965].groupby('country')['price']\n"
         "a, b = TOP(d.std(), 1, 'std price (sample)'), TOP(d.std(ddof=0), 1, 'std price (population)')\n"
         "expect = a if a['top'] == b['top'] else ANY(a, b)"),
        ("b6-oec-10", "es", "constraint",
         "Haz una prueba de Kruskal-Wallis para ver si la distribución de gas difiere entre France, Germany, "
         "Italy y Spain. Nivel de significación 0,05: dame el estadístico H y el p-valor.",
         "g = [df.loc[df['country'] == c, 'gas'] for c in ['France', 'Germany', 'Italy', 'Spain']]\n"
         "expect = TEST(stats.kruskal(*g), alpha=0.05, name='Kruskal-Wallis')"),
        ("b6-oec-11", "en", "plain",
         "What percentage of the rows have a positive price value?",
         "expect = S(100 * (df['price'] > 0).mean(), percent=True)"),
        ("b6-oec-12", "en", "constraint",
         "How many observations of income are outliers by the 1.5 x IQR rule (quartiles with linear interpolation)?",
         "expect = S(iqr_outliers(df['income']))"),
        ("b6-oec-13", "en", "plain",
         "In which year was the cross-country average of income highest?",
         "expect = TOP(df.groupby('year')['income'].mean(), 1, 'mean income')"),
        ("b6-oec-14", "en", "constraint",
         "Compare gas for the Nordic countries (Denmark, Norway, Sweden) against all other countries with a "
         "Welch two-sample t-test (unequal variances). Use alpha = 0.01; is the difference significant?",
         "nordic = df['country'].isin(['Denmark', 'Norway', 'Sweden'])\n"
         "expect = TEST(stats.ttest_ind(df.loc[nordic, 'gas'], df.loc[~nordic, 'gas'], equal_var=False), "
         "alpha=0.01, name='Welch t')"),
        ("b6-oec-15", "en", "plain",
         "For Turkey: the minimum, maximum and mean of cars.",
         "t = df.loc[df['country'] == 'Turkey', 'cars']\n"
         "expect = NUMS([t.min(), t.max(), t.mean()])"),
        ("b6-oec-16", "en", "constraint",
         "Create a new column gap = income - price. Then give me the mean gap for every country, rounded to two decimals.",
         "df['gap'] = df['income'] - df['price']\n"
         "expect = BY(df.groupby('country')['gap'].mean(), 'mean gap', round=2)"),
        ("b6-oec-17", "es", "plain",
         "¿Cuántos países tienen un promedio de gas mayor que 4,5?",
         "expect = S((df.groupby('country')['gas'].mean() > 4.5).sum())"),
        ("b6-oec-18", "en", "constraint",
         "I want to see whether the 1973-74 oil shock moved prices: do a paired t-test of each country's price in "
         "1973 against its price in 1974 (alpha 0.05) and report t and p.",
         "p = df.pivot(index='country', columns='year', values='price')\n"
         "expect = TEST(stats.ttest_rel(p[1973], p[1974]), alpha=0.05, name='paired t')"),
        ("b6-oec-19", "en", "ask",
         "How much gasoline tax revenue did Germany collect in 1975?",
         "expect = AR('no tax or revenue data in the file (only log consumption, income, price and cars)')"),
        ("b6-oec-20", "en", "ask",
         "Which country grew the most between 1960 and 1978?",
         "expect = AR('grew in what: gas, income, price or cars give different countries')"),
    ],
    PSI: [
        ("b6-psi-01", "fr", "constraint",
         "La Profession est-elle indépendante de l'appartenance à un Syndicat ? Faites un test du khi-deux "
         "d'indépendance sur le tableau croisé, seuil de 5 %, et donnez la statistique et la p-valeur.",
         "ct = pd.crosstab(df['Profession'], df['Syndicat'])\nA = 0.05\n" + CHI2_2X2),
        ("b6-psi-02", "fr", "plain",
         "Salaire moyen pour chaque année ?",
         "expect = BY(df.groupby('Année')['Salaire'].mean(), 'salaire moyen')"),
        ("b6-psi-03", "fr", "plain",
         "Combien d'individus distincts (Identifiant) le fichier contient-il ?",
         "expect = S(df['Identifiant'].nunique())"),
        ("b6-psi-04", "fr", "constraint",
         "Je voudrais comparer le salaire des hommes et des femmes avec un test U de Mann-Whitney bilatéral "
         "(α = 0,05). Merci d'indiquer U et la p-valeur.",
         "expect = mwu(df.loc[df['Sexe'] == 'male', 'Salaire'], df.loc[df['Sexe'] == 'female', 'Salaire'])"),
        ("b6-psi-05", "fr", "plain",
         "Médiane des années d'études chez les personnes qui vivent dans le Sud",
         "expect = S(df.loc[df['Sud'] == 'yes', \"Années d'études\"].median())"),
        ("b6-psi-06", "en", "plain",
         "In 1982, what percent of the observations had their wage set by a union contract?",
         "expect = S(100 * (df.loc[df['Année'] == 1982, 'Syndicat'] == 'yes').mean(), percent=True)"),
        ("b6-psi-07", "fr", "constraint",
         "Sur l'année 1982 uniquement, calculez le coefficient de corrélation de Pearson entre l'expérience et "
         "le salaire, arrondi à 3 décimales.",
         "d = df[df['Année'] == 1982]\n"
         "expect = S(d['Expérience (années)'].corr(d['Salaire']), round=3)"),
        ("b6-psi-08", "fr", "plain",
         "Classez les années selon le salaire médian et donnez les trois premières.",
         "expect = TOP(df.groupby('Année')['Salaire'].median(), 3, 'salaire médian')"),
        ("b6-psi-09", "fr", "constraint",
         "1) Gardez seulement l'année 1976. 2) Calculez un revenu annuel = Salaire × Semaines travaillées. "
         "3) Donnez la moyenne de ce revenu annuel par Profession, arrondie à l'unité.",
         "d = df[df['Année'] == 1976].copy()\n"
         "d['revenu'] = d['Salaire'] * d['Semaines travaillées']\n"
         "expect = BY(d.groupby('Profession')['revenu'].mean(), 'revenu annuel moyen', round=0)"),
        ("b6-psi-10", "fr", "constraint",
         "ANOVA à un facteur : regroupez les années d'études en trois classes (11 ans ou moins, exactement 12, "
         "13 ou plus) et testez si le salaire moyen diffère entre ces classes, au seuil de 1 %.",
         "e = df[\"Années d'études\"]\n"
         "g = [df.loc[e <= 11, 'Salaire'], df.loc[e == 12, 'Salaire'], df.loc[e >= 13, 'Salaire']]\n"
         "expect = TEST(stats.f_oneway(*g), alpha=0.01, name='one-way ANOVA')"),
        ("b6-psi-11", "fr", "plain",
         "nb de lignes avec Marié = no et Sexe = female",
         "expect = S(((df['Marié'] == 'no') & (df['Sexe'] == 'female')).sum())"),
        ("b6-psi-12", "en", "constraint",
         "Cap the wage at its 99th percentile (every value above the 99th percentile is replaced by it) and then "
         "report the mean wage, 2 decimals.",
         "q = df['Salaire'].quantile(0.99)\n"
         "expect = S(df['Salaire'].clip(upper=q).mean(), round=2)"),
        ("b6-psi-13", "fr", "plain",
         "Proportion (entre 0 et 1) des observations qui travaillent dans l'industrie manufacturière, selon "
         "qu'elles sont dans le Sud ou non.",
         "expect = BY((df['Industrie manufacturière'] == 'yes').groupby(df['Sud']).mean(), 'proportion manufacturière')"),
        ("b6-psi-14", "fr", "constraint",
         "Pour 1980 seulement : test t de Welch sur le salaire entre Origine ethnique = afam et = other. "
         "Seuil 5 %. La différence est-elle significative ?",
         "d = df[df['Année'] == 1980]\n"
         "expect = TEST(stats.ttest_ind(d.loc[d['Origine ethnique'] == 'afam', 'Salaire'], "
         "d.loc[d['Origine ethnique'] == 'other', 'Salaire'], equal_var=False), alpha=0.05, name='Welch t')"),
        ("b6-psi-15", "fr", "plain",
         "Quels sont le salaire le plus élevé et le plus bas observés en 1979 ?",
         "s = df.loc[df['Année'] == 1979, 'Salaire']\n"
         "expect = NUMS([s.max(), s.min()])"),
        ("b6-psi-16", "fr", "constraint",
         "Combien de valeurs aberrantes compte la variable Semaines travaillées si l'on retient la règle |z| > 3 ?",
         "expect = z_outliers_any(df['Semaines travaillées'])"),
        ("b6-psi-17", "en", "plain",
         "Could you break down the average experience by gender and marital status?",
         "expect = BY(df.groupby(['Sexe', 'Marié'])['Expérience (années)'].mean(), 'mean experience')"),
        ("b6-psi-18", "fr", "plain",
         "De combien le salaire moyen a-t-il progressé entre 1976 et 1982 ?",
         "m = df.groupby('Année')['Salaire'].mean()\n"
         "expect = S(m[1982] - m[1976])"),
        ("b6-psi-19", "fr", "ask",
         "Quel est l'âge moyen des salariés syndiqués ?",
         "expect = AR('no age column in the file (only years of experience and of education)')"),
        ("b6-psi-20", "fr", "ask",
         "Quelle est la part des femmes mariées ?",
         "expect = AR('share of married among women, or share of married women among all rows: different numbers')"),
    ],
    SEA: [
        ("b6-sea-01", "en", "constraint",
         "Do fatality rates differ by seat-belt law enforcement type (enforce)? One-way ANOVA, alpha 0.05; give "
         "F and p.",
         "g = [x['fatalities'] for _, x in df.groupby('enforce')]\n"
         "expect = TEST(stats.f_oneway(*g), alpha=0.05, name='one-way ANOVA')"),
        ("b6-sea-02", "en", "plain",
         "Top 5 states by traffic miles in 1997?",
         "expect = TOP(df[df['year'] == 1997].set_index('state')['miles'], 5, 'miles 1997')"),
        ("b6-sea-03", "es", "plain",
         "¿Cuál fue el uso medio del cinturón de seguridad (seatbelt) en 1995?",
         "expect = S(df.loc[df['year'] == 1995, 'seatbelt'].mean())"),
        ("b6-sea-04", "en", "constraint",
         "Impute missing seatbelt values with the median seatbelt of the same state (a state with no value at all "
         "stays missing), then compute the overall mean seatbelt. Round to 4 decimals.",
         "f = df['seatbelt'].fillna(df.groupby('state')['seatbelt'].transform('median'))\n"
         "expect = S(f.mean(), round=4)"),
        ("b6-sea-05", "en", "plain",
         "how many rows are missing the seatbelt rate?",
         "expect = S(df['seatbelt'].isna().sum())"),
        ("b6-sea-06", "en", "constraint",
         "Using only the rows where seatbelt is observed, test the Pearson correlation between seatbelt usage and "
         "fatalities (alpha = 0.05). Report r and the p-value.",
         "d = df.dropna(subset=['seatbelt'])\n"
         "expect = TEST(stats.pearsonr(d['seatbelt'], d['fatalities']), alpha=0.05, name='Pearson r')"),
        ("b6-sea-07", "en", "plain",
         "Mean fatality rate for each year from 1990 to 1995.",
         "d = df[(df['year'] >= 1990) & (df['year'] <= 1995)]\n"
         "expect = BY(d.groupby('year')['fatalities'].mean(), 'mean fatalities')"),
        ("b6-sea-08", "en", "constraint",
         "Two-sided Mann-Whitney U test: are fatalities different in state-years with the 0.08 BAC limit "
         "(alcohol = yes) versus without? alpha 0.05.",
         "expect = mwu(df.loc[df['alcohol'] == 'yes', 'fatalities'], df.loc[df['alcohol'] == 'no', 'fatalities'])"),
        ("b6-sea-09", "es", "plain",
         "¿En qué año fue más alta la tasa media de mortalidad (fatalities)?",
         "expect = TOP(df.groupby('year')['fatalities'].mean(), 1, 'mean fatalities')"),
        ("b6-sea-10", "en", "plain",
         "Total traffic miles summed over all states: give the 1983 total and the 1997 total.",
         "t = df.groupby('year')['miles'].sum()\n"
         "expect = NUMS([t[1983], t[1997]])"),
        ("b6-sea-11", "en", "constraint",
         "fatalities is a rate per million traffic miles and miles is in millions, so deaths = fatalities * miles. "
         "Compute that for every row, add it up per state over 1983-1997, and tell me which state comes first.",
         "df['deaths'] = df['fatalities'] * df['miles']\n"
         "expect = TOP(df.groupby('state')['deaths'].sum(), 1, 'estimated deaths')"),
        ("b6-sea-12", "en", "plain",
         "What share of the state-year observations had primary enforcement?",
         "expect = S(100 * (df['enforce'] == 'primary').mean(), percent=True)"),
        ("b6-sea-13", "en", "constraint",
         "Chi-square test of independence between speed65 and drinkage (alpha = 0.05). Statistic and p-value?",
         "ct = pd.crosstab(df['speed65'], df['drinkage'])\nA = 0.05\n" + CHI2_2X2),
        ("b6-sea-14", "en", "plain",
         "median income per enforcement category",
         "expect = BY(df.groupby('enforce')['income'].median(), 'median income')"),
        ("b6-sea-15", "en", "constraint",
         "Looking only at 1990 and later, count the fatalities values flagged as outliers by the 1.5*IQR rule.",
         "expect = S(iqr_outliers(df.loc[df['year'] >= 1990, 'fatalities']))"),
        ("b6-sea-16", "en", "plain",
         "What are the 10th and 90th percentiles of the fatality rate?",
         "expect = NUMS([df['fatalities'].quantile(0.1), df['fatalities'].quantile(0.9)])"),
        ("b6-sea-17", "es", "constraint",
         "Ajusta una regresión lineal simple de fatalities sobre seatbelt (sólo filas con seatbelt disponible) e "
         "indica la pendiente redondeada a 4 decimales.",
         "d = df.dropna(subset=['seatbelt'])\n"
         "expect = S(stats.linregress(d['seatbelt'], d['fatalities']).slope, round=4)"),
        ("b6-sea-18", "en", "plain",
         "How many states have an average age above 36 over all their years?",
         "expect = S((df.groupby('state')['age'].mean() > 36).sum())"),
        ("b6-sea-19", "en", "ask",
         "What was the average state population in 1990?",
         "expect = AR('no population column in the file')"),
        ("b6-sea-20", "en", "ask",
         "In how many state-years was the higher speed limit in force?",
         "expect = AR('higher speed limit: speed65 or speed70, different counts')"),
    ],
    ARR: [
        ("b6-arr-01", "de", "constraint",
         "Sind Hautfarbe und Freilassung unabhängig? Bitte einen Chi-Quadrat-Unabhängigkeitstest "
         "(α = 0,05) und Teststatistik sowie p-Wert angeben.",
         "ct = pd.crosstab(df['Hautfarbe'], df['Freigelassen'])\nA = 0.05\n" + CHI2_2X2),
        ("b6-arr-02", "de", "plain",
         "Wie viele Festnahmen gab es in jedem Jahr?",
         "expect = BY(df.groupby('Jahr').size(), 'Festnahmen')"),
        ("b6-arr-03", "de", "plain",
         "Durchschnittsalter nach Geschlecht",
         "expect = BY(df.groupby('Geschlecht')['Alter'].mean(), 'Durchschnittsalter')"),
        ("b6-arr-04", "de", "constraint",
         "Unterscheidet sich die Zahl der Datenbankeinträge zwischen Freigelassenen (Yes) und nicht "
         "Freigelassenen (No)? Zweiseitiger Mann-Whitney-U-Test mit α = 0,01.",
         "a = df.loc[df['Freigelassen'] == 'Yes', 'Datenbankeinträge']\n"
         "b = df.loc[df['Freigelassen'] == 'No', 'Datenbankeinträge']\n"
         "r = stats.mannwhitneyu(a, b, alternative='two-sided')\n"
         "expect = ANY(TEST(r, alpha=0.01, name='Mann-Whitney U'), "
         "TEST((len(a) * len(b) - r.statistic, r.pvalue), alpha=0.01, name='Mann-Whitney U (other group first)'))"),
        ("b6-arr-05", "de", "plain",
         "Freilassungsquote in Prozent, aufgeschlüsselt nach Jahr.",
         "expect = BY(100 * (df['Freigelassen'] == 'Yes').groupby(df['Jahr']).mean(), 'Freilassungsquote %')"),
        ("b6-arr-06", "en", "plain",
         "Which year had the highest release rate?",
         "expect = TOP((df['Freigelassen'] == 'Yes').groupby(df['Jahr']).mean(), 1, 'release rate')"),
        ("b6-arr-07", "de", "constraint",
         "Welch-t-Test (ungleiche Varianzen) für das Alter: Staatsbürger = Yes gegen Staatsbürger = No, "
         "Signifikanzniveau 5 %. Ist der Unterschied signifikant?",
         "expect = TEST(stats.ttest_ind(df.loc[df['Staatsbürger'] == 'Yes', 'Alter'], "
         "df.loc[df['Staatsbürger'] == 'No', 'Alter'], equal_var=False), alpha=0.05, name='Welch t')"),
        ("b6-arr-08", "de", "plain",
         "Median des Alters bei Festgenommenen ohne Beschäftigung?",
         "expect = S(df.loc[df['Erwerbstätig'] == 'No', 'Alter'].median())"),
        ("b6-arr-09", "de", "constraint",
         "Bitte so vorgehen: 1. nur Festnahmen ab dem Jahr 2000; 2. nach Hautfarbe und Geschlecht gruppieren; "
         "3. den Mittelwert der Datenbankeinträge je Gruppe berechnen, auf 3 Nachkommastellen gerundet.",
         "d = df[df['Jahr'] >= 2000]\n"
         "expect = BY(d.groupby(['Hautfarbe', 'Geschlecht'])['Datenbankeinträge'].mean(), 'mittlere Einträge', round=3)"),
        ("b6-arr-10", "de", "constraint",
         "Kruskal-Wallis-Test: Unterscheidet sich die Altersverteilung zwischen den Jahren 1997 bis 2002? "
         "α = 0,05, H-Statistik und p-Wert.",
         "g = [x['Alter'] for _, x in df.groupby('Jahr')]\n"
         "expect = TEST(stats.kruskal(*g), alpha=0.05, name='Kruskal-Wallis')"),
        ("b6-arr-11", "de", "plain",
         "Wie viele Personen hatten keinen einzigen Datenbankeintrag?",
         "expect = S((df['Datenbankeinträge'] == 0).sum())"),
        ("b6-arr-12", "de", "constraint",
         "Als polizeibekannt zählt, wer in mindestens 3 Datenbanken auftaucht. Wie groß ist der Anteil "
         "(zwischen 0 und 1) polizeibekannter Personen je Hautfarbe?",
         "expect = BY((df['Datenbankeinträge'] >= 3).groupby(df['Hautfarbe']).mean(), 'Anteil polizeibekannt')"),
        ("b6-arr-13", "en", "constraint",
         "Spearman correlation between Alter and Datenbankeinträge, tested at alpha = 0.05. I need rho and the p-value.",
         "expect = TEST(stats.spearmanr(df['Alter'], df['Datenbankeinträge']), alpha=0.05, name='Spearman rho')"),
        ("b6-arr-14", "de", "plain",
         "Jüngste und älteste Person im Datensatz: welches Alter?",
         "expect = NUMS([df['Alter'].min(), df['Alter'].max()])"),
        ("b6-arr-15", "de", "plain",
         "Wie viele Frauen ohne Staatsbürgerschaft wurden 2001 festgenommen?",
         "expect = S(((df['Geschlecht'] == 'Female') & (df['Staatsbürger'] == 'No') & (df['Jahr'] == 2001)).sum())"),
        ("b6-arr-16", "de", "constraint",
         "Zähle die Ausreißer beim Alter nach der 1,5×IQR-Regel (Quartile mit linearer Interpolation).",
         "expect = S(iqr_outliers(df['Alter']))"),
        ("b6-arr-17", "de", "plain",
         "Um wie viele Festnahmen lag 2000 über 1997?",
         "n = df['Jahr'].value_counts()\n"
         "expect = S(n[2000] - n[1997])"),
        ("b6-arr-18", "en", "constraint",
         "For people who were not released (Freigelassen = No), give the 25th, 50th and 75th percentiles of age, "
         "linear interpolation.",
         "s = df.loc[df['Freigelassen'] == 'No', 'Alter']\n"
         "expect = NUMS([s.quantile(0.25), s.quantile(0.5), s.quantile(0.75)])"),
        ("b6-arr-19", "de", "ask",
         "Wie verteilen sich die Festnahmen auf die Stadtbezirke?",
         "expect = AR('no district / neighbourhood column in the file')"),
        ("b6-arr-20", "de", "ask",
         "Welcher Anteil wurde nicht freigelassen, aufgeschlüsselt nach Herkunft?",
         "expect = AR('Herkunft: Hautfarbe or Staatsbürger, different groups and shares')"),
    ],
}
