"""The 80 requests of the blind split `blind10` (BLIND10.md), each with the pandas / scipy code of its expectation.

REQUESTS[file] is a list of (id, lang, style, request, code); style is `constraint` (a question with a
method constraint, public-benchmark style), `plain` (a plain question) or `ask` (ask_or_refuse). Each
code runs in make_blind10.py with ``df`` (the file as an analyst reads it), ``pd``, ``np``, ``stats`` and
make_expected.py's helpers, and assigns ``expect``.
"""

from __future__ import annotations

MON = ("al = {m: [str(i), pd.Timestamp(2000, i, 1).strftime('%B')] for i, m in "
       "enumerate(df.sort_values('mon').drop_duplicates('mon')['month'], 1)}\n")
GS, GQ, CE = "Grasa axilar", "Grasa de la quilla", "Cola estándar"
ZM, TM, SM, N4 = "Zeit (Minuten)", "Tempo (Minuten pro Meile)", "Schuhmarke", "Nach 2004"
YR = "pd.to_datetime(df['Datum'], format='%m/%d/%Y')"
ED, PR, MT, AG, DD, HO = "Éducation", "Profession", "Méthode", "Âge", "Décédé", "Hospitalisé"

REQUESTS: dict[str, list[tuple[str, str, str, str, str]]] = {
    # ------------------------------------------------ HistData Prostitutes (Parquet, English headers)
    "b10_prostitutes.parquet": [
        ("b10-pro-01", "en", "plain",
         "How many monthly records does this table hold?",
         "expect = S(len(df))"),
        ("b10-pro-02", "en", "plain",
         "what was the registered count for March 1848",
         "expect = S(df.loc[(df['Year'] == 1848) & (df['mon'] == 3), 'count'].iloc[0])"),
        ("b10-pro-03", "en", "plain",
         "Could you tell me which year had the highest average monthly count?",
         "expect = TOP(df.groupby('Year')['count'].mean(), 1, 'mean count')"),
        ("b10-pro-04", "en", "constraint",
         "Mean monthly count over the 1820s (1820 through 1829, both included), rounded to one decimal place.",
         "expect = S(df.loc[df['Year'].between(1820, 1829), 'count'].mean(), round=1)"),
        ("b10-pro-05", "en", "plain",
         "When was the smallest number of registered women recorded (which date)?",
         "expect = TOP(df.set_index('date')['count'], 1, 'count', ascending=True)"),
        ("b10-pro-06", "en", "plain",
         "Median of the count column?",
         "expect = S(df['count'].median())"),
        ("b10-pro-07", "en", "constraint",
         "Using Pearson's r, how strongly does the count move with the year? Give r to 3 decimals.",
         "expect = S(df['count'].corr(df['Year']), round=3)"),
        ("b10-pro-08", "en", "constraint",
         "Fit an ordinary least-squares line of count against Year over all rows and report the slope "
         "(registrations gained per year), rounded to 2 decimals.",
         "expect = S(stats.linregress(df['Year'], df['count']).slope, round=2)"),
        ("b10-pro-09", "en", "plain",
         "Give me the average count for each calendar month (Jan to Dec), pooled over all years.",
         MON + "expect = BY(df.groupby('month')['count'].mean(), 'mean count', aliases=al)"),
        ("b10-pro-10", "en", "plain",
         "By how much did the January figure change between 1815 and 1850?",
         "j = df[df['mon'] == 1].set_index('Year')['count']\n"
         "expect = S(j[1850] - j[1815])"),
        ("b10-pro-11", "en", "constraint",
         "Define the December growth of a year as the percent change of its December count versus the "
         "previous year's December. In which year was that growth largest?",
         "d = df[df['mon'] == 12].sort_values('Year').set_index('Year')['count']\n"
         "expect = TOP(d.pct_change() * 100, 1, 'December growth %')"),
        ("b10-pro-12", "en", "constraint",
         "Split the months at 1830: are the counts from 1830 onward different from those before 1830? "
         "Use Welch's t-test (unequal variances), alpha = 0.01.",
         "expect = TEST(stats.ttest_ind(df.loc[df['Year'] >= 1830, 'count'], df.loc[df['Year'] < 1830, 'count'], "
         "equal_var=False), alpha=0.01, name='Welch t')"),
        ("b10-pro-13", "en", "plain",
         "In how many months were more than 4000 women on the register?",
         "expect = S(int((df['count'] > 4000).sum()))"),
        ("b10-pro-14", "en", "constraint",
         "What is the 90th percentile of the monthly count (linear interpolation)? Round to the nearest whole number.",
         "expect = S(df['count'].quantile(0.9), round=0)"),
        ("b10-pro-15", "en", "constraint",
         "1) Keep only the years 1840-1849. 2) For every month name take the maximum count. "
         "3) Which month name has the biggest maximum?",
         "d = df[df['Year'].between(1840, 1849)]\n"
         + MON + "expect = TOP(d.groupby('month')['count'].max(), 1, 'max count', aliases=al)"),
        ("b10-pro-16", "en", "constraint",
         "Take the month-to-month change of count (each row minus the previous one, in date order). "
         "How many of those changes are outliers by the 1.5*IQR rule?",
         "ch = df.sort_values('date')['count'].diff()\n"
         "expect = S(iqr_outliers(ch))"),
        ("b10-pro-17", "de", "constraint",
         "Rangkorrelation nach Spearman zwischen Monatsnummer (mon) und count, nur ab dem Jahr 1840; "
         "bitte auf 3 Stellen runden.",
         "d = df[df['Year'] >= 1840]\n"
         "expect = S(d['mon'].corr(d['count'], method='spearman'), round=3)"),
        ("b10-pro-18", "en", "plain",
         "top 3 years ranked by their peak monthly count",
         "expect = TOP(df.groupby('Year')['count'].max(), 3, 'max count')"),
        ("b10-pro-19", "en", "ask",
         "What was the average age of the registered women in 1825?",
         "expect = AR('the file has no age: only year, month, count and date')"),
        ("b10-pro-20", "en", "ask",
         "Which month had the highest count?",
         "by_name = df.groupby('month')['count'].mean().idxmax()\n"
         "row = df.loc[df['count'].idxmax(), 'date']\n"
         "assert by_name != row[:7]\n"
         "expect = AR('month: a calendar month pooled over years (' + by_name + ') or one month of one year (' + row[:7] + ')')"),
    ],
    # ------------------------------------------------ Stat2Data Hawks (',' CSV, UTF-8, Spanish headers)
    "b10_hawks_es.csv": [
        ("b10-haw-01", "es", "plain",
         "¿Cuántas aves hay registradas en el archivo?",
         "expect = S(len(df))"),
        ("b10-haw-02", "es", "plain",
         "Necesito el peso medio de cada especie, por favor.",
         "expect = BY(df.groupby('Especie')['Peso'].mean(), 'mean weight')"),
        ("b10-haw-03", "es", "constraint",
         "En los ratoneros de cola roja (Especie RT), ¿difiere la longitud del ala entre adultos (A) e "
         "inmaduros (I)? Aplica la prueba U de Mann-Whitney con alfa 0,05.",
         "d = df[df['Especie'] == 'RT']\n"
         "expect = mwu(d.loc[d['Edad'] == 'A', 'Ala'], d.loc[d['Edad'] == 'I', 'Ala'])"),
        ("b10-haw-04", "es", "plain",
         "¿En qué año se capturaron más aves?",
         "expect = TOP(df['Año'].value_counts(), 1, 'captures')"),
        ("b10-haw-05", "es", "constraint",
         "Calcula la correlación de Pearson entre Ala y Peso solo para la especie SS, redondeada a 3 decimales.",
         "d = df[df['Especie'] == 'SS']\n"
         "expect = S(d['Ala'].corr(d['Peso']), round=3)"),
        ("b10-haw-06", "es", "plain",
         "¿Cuál es la mediana del culmen de los gavilanes de Cooper (CH)?",
         "expect = S(df.loc[df['Especie'] == 'CH', 'Culmen'].median())"),
        ("b10-haw-07", "es", "constraint",
         "Rellena los valores que faltan en Grasa de la quilla con la mediana de esa columna y dime la media "
         "resultante, con 2 decimales.",
         f"s = df['{GQ}']\n"
         "expect = S(s.fillna(s.median()).mean(), round=2)"),
        ("b10-haw-08", "es", "constraint",
         "Entre las aves con el sexo anotado, ¿qué porcentaje son hembras (F)? Redondea a un decimal.",
         "s = df['Sexo'].dropna()\n"
         "expect = S((s == 'F').mean() * 100, round=1, percent=True)"),
        ("b10-haw-09", "es", "constraint",
         "Haz una prueba chi-cuadrado de independencia entre Especie y Edad, con nivel de significación 0,01.",
         "expect = TEST(stats.chi2_contingency(pd.crosstab(df['Especie'], df['Edad'])), alpha=0.01, name='chi-square')"),
        ("b10-haw-10", "es", "ask",
         "¿Cuál es la grasa media de las aves?",
         f"a, b = df['{GS}'].mean(), df['{GQ}'].mean()\n"
         "assert abs(a - b) > 0.1\n"
         f"expect = AR('grasa: {GS} or {GQ}, different means')"),
        ("b10-haw-11", "en", "plain",
         "How many hawks were caught in October?",
         "expect = S(int((df['Mes'] == 10).sum()))"),
        ("b10-haw-12", "en", "plain",
         "What's the heaviest weight on record, in grams?",
         "expect = S(df['Peso'].max())"),
        ("b10-haw-13", "en", "constraint",
         "For red-tailed hawks only (RT), how many tail lengths (Cola) are outliers with |z| > 3?",
         "expect = z_outliers_any(df.loc[df['Especie'] == 'RT', 'Cola'])"),
        ("b10-haw-14", "en", "constraint",
         "Run a Kruskal-Wallis test of Hallux across the three species at alpha 0.05.",
         "g = [x['Hallux'].dropna() for _, x in df.groupby('Especie')]\n"
         "expect = TEST(stats.kruskal(*g), alpha=0.05, name='Kruskal-Wallis')"),
        ("b10-haw-15", "en", "plain",
         "mean tail length broken down by species and age class",
         "expect = BY(df.groupby(['Especie', 'Edad'])['Cola'].mean(), 'mean tail')"),
        ("b10-haw-16", "en", "constraint",
         "Define a condition index as weight divided by wing length. What is its mean for species RT, "
         "to 3 decimals?",
         "d = df[df['Especie'] == 'RT']\n"
         "expect = S((d['Peso'] / d['Ala']).mean(), round=3)"),
        ("b10-haw-17", "en", "plain",
         "Which species has the longest median wing?",
         "expect = TOP(df.groupby('Especie')['Ala'].median(), 1, 'median wing')"),
        ("b10-haw-18", "en", "constraint",
         "Only birds captured in 2000 or later: do females and males differ in weight? Welch t-test, alpha 0.05.",
         "d = df[df['Año'] >= 2000]\n"
         "expect = TEST(stats.ttest_ind(d.loc[d['Sexo'] == 'F', 'Peso'].dropna(), d.loc[d['Sexo'] == 'M', 'Peso'].dropna(), "
         "equal_var=False), alpha=0.05, name='Welch t')"),
        ("b10-haw-19", "en", "ask",
         "What was the mean flight altitude at capture?",
         "expect = AR('the file has no altitude')"),
        ("b10-haw-20", "en", "plain",
         "what fraction of the captured birds were adults",
         "expect = S((df['Edad'] == 'A').mean() * 100, percent=True)"),
    ],
    # ------------------------------------------------ Stat2Data Marathon (xlsx, German headers)
    "b10_marathon_de.xlsx": [
        ("b10-mar-01", "de", "plain",
         "Wie viele Läufe sind in der Tabelle erfasst?",
         "expect = S(len(df))"),
        ("b10-mar-02", "de", "constraint",
         "Wie viele Meilen wurden im Kalenderjahr 2005 insgesamt gelaufen? Auf eine Nachkommastelle.",
         f"y = {YR}.dt.year\n"
         "expect = S(df.loc[y == 2005, 'Meilen'].sum(), round=1)"),
        ("b10-mar-03", "de", "constraint",
         "Unterscheidet sich das Tempo (Minuten pro Meile) zwischen kurzen Läufen (Kurz = 1) und den übrigen? "
         "Mann-Whitney-U-Test, Signifikanzniveau 5 %.",
         f"expect = mwu(df.loc[df['Kurz'] == 1, '{TM}'], df.loc[df['Kurz'] == 0, '{TM}'])"),
        ("b10-mar-04", "de", "plain",
         "Welche Schuhmarke kommt am häufigsten vor?",
         f"expect = TOP(df['{SM}'].value_counts(), 1, 'runs')"),
        ("b10-mar-05", "de", "plain",
         "Durchschnittliche Meilen pro Lauf je Schuhmarke?",
         f"expect = BY(df.groupby('{SM}')['Meilen'].mean(), 'mean miles')"),
        ("b10-mar-06", "de", "constraint",
         "Spearman-Korrelation zwischen Meilen und Tempo (Minuten pro Meile), gerundet auf 3 Nachkommastellen.",
         f"expect = S(df['Meilen'].corr(df['{TM}'], method='spearman'), round=3)"),
        ("b10-mar-07", "de", "constraint",
         "Ersetze fehlende Werte in Zeit (Minuten) durch den Median der Spalte und gib dann die gesamte "
         "Laufzeit in Stunden an (eine Nachkommastelle).",
         f"s = df['{ZM}']\n"
         "expect = S(s.fillna(s.median()).sum() / 60, round=1)"),
        ("b10-mar-08", "de", "plain",
         "Was war der längste Lauf, in Meilen?",
         "expect = S(df['Meilen'].max())"),
        ("b10-mar-09", "de", "ask",
         "Welche Schuhmarke ist die beste?",
         f"g = df.groupby('{SM}')\n"
         f"a, b, c = df['{SM}'].value_counts().idxmax(), g['{TM}'].mean().idxmin(), g['Meilen'].sum().idxmax()\n"
         "assert len({a, b, c}) > 1\n"
         "expect = AR('best: most runs, fastest mean pace or most miles give different brands')"),
        ("b10-mar-10", "de", "ask",
         "Wie hoch war die durchschnittliche Herzfrequenz bei den langen Läufen?",
         "expect = AR('the file has no heart rate')"),
        ("b10-mar-11", "en", "plain",
         "What's the average pace in minutes per mile over all runs?",
         f"expect = S(df['{TM}'].mean())"),
        ("b10-mar-12", "en", "plain",
         "In which year did the runner log the most miles?",
         f"y = {YR}.dt.year\n"
         "expect = TOP(df.groupby(y)['Meilen'].sum(), 1, 'total miles')"),
        ("b10-mar-13", "en", "constraint",
         "Compare pace before vs. after 2004 (the 'Nach 2004' flag) with Welch's t-test, alpha 0.05.",
         f"expect = TEST(stats.ttest_ind(df.loc[df['{N4}'] == 1, '{TM}'].dropna(), df.loc[df['{N4}'] == 0, '{TM}'].dropna(), "
         "equal_var=False), alpha=0.05, name='Welch t')"),
        ("b10-mar-14", "en", "constraint",
         "Count the pace values (minutes per mile) that are outliers under the 1.5 x IQR rule.",
         f"expect = S(iqr_outliers(df['{TM}']))"),
        ("b10-mar-15", "en", "plain",
         "how many runs were 10 miles or longer?",
         "expect = S(int((df['Meilen'] >= 10).sum()))"),
        ("b10-mar-16", "en", "constraint",
         "Restricting to runs dated in 2006 or 2007, what is the median time in minutes? Round to 1 decimal.",
         f"y = {YR}.dt.year\n"
         f"expect = S(df.loc[y.isin([2006, 2007]), '{ZM}'].median(), round=1)"),
        ("b10-mar-17", "en", "plain",
         "number of runs per year please",
         f"y = {YR}.dt.year.rename('year')\n"
         "expect = BY(df.groupby(y).size(), 'runs')"),
        ("b10-mar-18", "en", "constraint",
         "Create a speed feature in miles per hour as 60 divided by the pace in minutes per mile. "
         "What's the mean speed across runs, to 2 decimals?",
         f"expect = S((60 / df['{TM}']).mean(), round=2)"),
        ("b10-mar-19", "en", "plain",
         "What are the 25th and 75th percentiles of the distance run?",
         "expect = NUMS([df['Meilen'].quantile(0.25), df['Meilen'].quantile(0.75)])"),
        ("b10-mar-20", "en", "plain",
         "Which month of the year has the highest average mileage per run?",
         f"m = {YR}.dt.month\n"
         "expect = TOP(df.groupby(m)['Meilen'].mean(), 1, 'mean miles', aliases=MONTHS)"),
    ],
    # ------------------------------------------------ Stat2Data SuicideChina (';' CSV, UTF-8, French headers)
    "b10_suicidechina_fr.csv": [
        ("b10-sui-01", "fr", "plain",
         "Combien de cas compte le fichier ?",
         "expect = S(len(df))"),
        ("b10-sui-02", "fr", "plain",
         "Quel est l'âge moyen selon le sexe ?",
         f"expect = BY(df.groupby('Sexe')['{AG}'].mean(), 'mean age')"),
        ("b10-sui-03", "fr", "constraint",
         "Test du khi-deux d'indépendance entre Sexe et Décédé, au seuil de 5 %.",
         f"expect = TEST(stats.chi2_contingency(pd.crosstab(df['Sexe'], df['{DD}'])), alpha=0.05, name='chi-square')"),
        ("b10-sui-04", "fr", "plain",
         "Quelle est la méthode la plus fréquente ?",
         f"expect = TOP(df['{MT}'].value_counts(), 1, 'cases')"),
        ("b10-sui-05", "fr", "constraint",
         "Parmi les cas hospitalisés, quelle proportion est décédée ? En pourcentage, arrondi à 1 décimale.",
         f"d = df[df['{HO}'] == 'yes']\n"
         f"expect = S((d['{DD}'] == 'yes').mean() * 100, round=1, percent=True)"),
        ("b10-sui-06", "fr", "plain",
         "Nombre de cas par année, s'il vous plaît.",
         "expect = BY(df.groupby('Année').size(), 'cases')"),
        ("b10-sui-07", "fr", "constraint",
         "Comparez l'âge des personnes décédées et celui des survivants avec un test t de Welch, alpha = 0,01.",
         f"expect = TEST(stats.ttest_ind(df.loc[df['{DD}'] == 'yes', '{AG}'], df.loc[df['{DD}'] == 'no', '{AG}'], "
         "equal_var=False), alpha=0.01, name='Welch t')"),
        ("b10-sui-08", "fr", "plain",
         "Quel mois compte le plus de cas ?",
         "expect = TOP(df['Mois'].value_counts(), 1, 'cases', aliases=MONTHS)"),
        ("b10-sui-09", "fr", "ask",
         "Quel pourcentage des cas est « inconnu » ?",
         f"a, b, c = (df['Urbain'] == 'unknown').mean(), (df['{ED}'] == 'unknown').mean(), (df['{PR}'] == 'others/unknown').mean()\n"
         "assert len({a, b, c}) == 3\n"
         "expect = AR('unknown: in Urbain, Éducation or Profession, different shares')"),
        ("b10-sui-10", "fr", "constraint",
         "Âge médian des agriculteurs (Profession = farming), en excluant les moins de 18 ans.",
         f"d = df[(df['{PR}'] == 'farming') & (df['{AG}'] >= 18)]\n"
         f"expect = S(d['{AG}'].median())"),
        ("b10-sui-11", "en", "plain",
         "Top 3 occupations by number of cases?",
         f"expect = TOP(df['{PR}'].value_counts(), 3, 'cases')"),
        ("b10-sui-12", "en", "constraint",
         "Leaving out the 'unknown' education level, run a Kruskal-Wallis test of age across education "
         "levels; alpha 0.05.",
         f"d = df[df['{ED}'] != 'unknown']\n"
         f"g = [x['{AG}'] for _, x in d.groupby('{ED}')]\n"
         "expect = TEST(stats.kruskal(*g), alpha=0.05, name='Kruskal-Wallis')"),
        ("b10-sui-13", "en", "plain",
         "How many urban cases were there in 2011?",
         "expect = S(int(((df['Urbain'] == 'yes') & (df['Année'] == 2011)).sum()))"),
        ("b10-sui-14", "en", "constraint",
         "Flag a case as elderly when the person is 65 or older. What percentage of elderly cases died? "
         "Round to 2 decimals.",
         f"d = df[df['{AG}'] >= 65]\n"
         f"expect = S((d['{DD}'] == 'yes').mean() * 100, round=2, percent=True)"),
        ("b10-sui-15", "en", "plain",
         "For each method, what fraction of the cases ended in death (as a fraction between 0 and 1)?",
         f"expect = BY(df.groupby('{MT}')['{DD}'].apply(lambda s: (s == 'yes').mean()), 'share died')"),
        ("b10-sui-16", "en", "constraint",
         "Code death as 1 (yes) / 0 (no) and give the Pearson correlation between age and death, 3 decimals.",
         f"expect = S(df['{AG}'].corr((df['{DD}'] == 'yes').astype(int)), round=3)"),
        ("b10-sui-17", "en", "plain",
         "youngest and oldest age in the data set?",
         f"expect = NUMS([df['{AG}'].min(), df['{AG}'].max()])"),
        ("b10-sui-18", "en", "constraint",
         "Step 1: keep the female cases. Step 2: count them per year. Step 3: what is the change in that "
         "count from 2009 to 2011?",
         "c = df[df['Sexe'] == 'female'].groupby('Année').size()\n"
         "expect = S(c[2011] - c[2009])"),
        ("b10-sui-19", "en", "ask",
         "What was the average monthly income of these patients?",
         "expect = AR('the file has no income')"),
        ("b10-sui-20", "en", "constraint",
         "Considering only education levels with at least 50 cases, which level has the highest mean age?",
         f"c = df['{ED}'].value_counts()\n"
         f"d = df[df['{ED}'].isin(c[c >= 50].index)]\n"
         f"expect = TOP(d.groupby('{ED}')['{AG}'].mean(), 1, 'mean age')"),
    ],
}
