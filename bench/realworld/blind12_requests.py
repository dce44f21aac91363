"""The 80 requests of the blind split `blind12` (BLIND12.md), each with the pandas / scipy code of its
expectation.

REQUESTS[file] is a list of (id, lang, style, request, code); style is `constraint` (a question with a
method constraint, public-benchmark style), `plain` (a plain question) or `ask` (ask_or_refuse). Each
code runs in make_blind12.py with ``df`` (the file as an analyst reads it), ``pd``, ``np``, ``stats`` and
make_expected.py's helpers, and assigns ``expect``.
"""

from __future__ import annotations

# Spanish epa2021 headers
CIU, CAR, COMB = "MPG en ciudad", "MPG en carretera", "MPG combinado"
FAB, TRAC, TRANS = "Nombre del fabricante", "Descripción de la tracción", "Descripción de la transmisión"
CIL, CILD, FECHA = "Número de cilindros", "Cilindrada del motor", "Fecha de lanzamiento"
# German gdp_countries headers: rows of one measure, World excluded where the request says so
GDP = "g = df[(df['Beschreibung'] == 'GDP') & (df['Land'] != 'World')]\n"
GRO = "g = df[(df['Beschreibung'] == 'GDP growth') & (df['Land'] != 'World')]\n"
PC = "g = df[(df['Beschreibung'] == 'GDP per capita') & (df['Land'] != 'World')]\n"
# French get_it_dunn_run headers; the year of the dd/mm/yyyy date is its last four characters
T, AGE = "Temps de course (minutes)", "Âge"
YR = "yr = df['Date'].str[-4:]\n"

REQUESTS: dict[str, list[tuple[str, str, str, str, str]]] = {
    # ------------------------------------------------ openintro epa2012 (Parquet, English headers)
    "b12_epa2012.parquet": [
        ("b12-e12-01", "en", "plain",
         "How many vehicle configurations are listed in this file?",
         "expect = S(len(df))"),
        ("b12-e12-02", "en", "plain",
         "whats the average combined mpg",
         "expect = S(df['comb_mpg'].mean())"),
        ("b12-e12-03", "en", "plain",
         "Which manufacturer appears most often?",
         "expect = TOP(df['mfr_name'].value_counts(), 1, 'rows')"),
        ("b12-e12-04", "en", "plain",
         "Could you give me the median highway mileage for each drive description?",
         "expect = BY(df.groupby('drive_desc')['hwy_mpg'].median(), 'median hwy_mpg')"),
        ("b12-e12-05", "en", "plain",
         "What share of the vehicles are flagged as gas guzzlers?",
         "expect = S((df['guzzler'] == 'Y').mean() * 100, percent=True)"),
        ("b12-e12-06", "en", "plain",
         "Rank the vehicle classes by mean city mpg and show me the top 5.",
         "expect = TOP(df.groupby('class')['city_mpg'].mean(), 5, 'mean city_mpg')"),
        ("b12-e12-07", "en", "plain",
         "How many of these models had a release date in 2011?",
         "expect = S((df['release_date'].str[:4] == '2011').sum())"),
        ("b12-e12-08", "en", "plain",
         "smallest and largest engine displacement?",
         "expect = NUMS([df['engine_displacement'].min(), df['engine_displacement'].max()])"),
        ("b12-e12-09", "en", "plain",
         "Among manufacturers with at least 30 vehicles in the list, "
         "which one has the best average combined mpg?",
         "n = df['mfr_name'].value_counts()\n"
         "m = df[df['mfr_name'].isin(n[n >= 30].index)].groupby('mfr_name')['comb_mpg'].mean()\n"
         "expect = TOP(m, 1, 'mean comb_mpg')"),
        ("b12-e12-10", "en", "plain",
         "Count the eight-cylinder vehicles that come with a manual transmission.",
         "expect = S(((df['no_cylinders'] == 8) & (df['transmission_desc'] == 'Manual')).sum())"),
        ("b12-e12-11", "en", "constraint",
         "Calculate the Pearson correlation between engine displacement and combined mpg. "
         "Round to 3 decimals.",
         "expect = S(df['engine_displacement'].corr(df['comb_mpg']), round=3)"),
        ("b12-e12-12", "en", "constraint",
         "Using Spearman's rank correlation, measure the association between the number of cylinders and "
         "highway mpg (rows with a missing cylinder count left out). Answer with 3 decimal places.",
         "expect = S(df['no_cylinders'].corr(df['hwy_mpg'], method='spearman'), round=3)"),
        ("b12-e12-13", "en", "constraint",
         "Is city mpg different for turbocharged versus naturally aspirated engines (air aspiration "
         "description)? Use Welch's t-test, alpha = 0.05.",
         "a = df.loc[df['air_aspir_method_desc'] == 'Turbocharged', 'city_mpg']\n"
         "b = df.loc[df['air_aspir_method_desc'] == 'Naturally Aspirated', 'city_mpg']\n"
         "expect = TEST(stats.ttest_ind(a, b, equal_var=False), alpha=0.05, name='Welch t')"),
        ("b12-e12-14", "en", "constraint",
         "Apply a Kruskal-Wallis test to combined mpg grouped by transmission description; "
         "significance level 0.01.",
         "g = [x['comb_mpg'].values for _, x in df.groupby('transmission_desc')]\n"
         "expect = TEST(stats.kruskal(*g), alpha=0.01, name='Kruskal-Wallis')"),
        ("b12-e12-15", "en", "constraint",
         "Is the guzzler flag independent of the drive description? Chi-square test of independence on their "
         "contingency table, alpha 0.05; give the statistic and p-value.",
         "r = stats.chi2_contingency(pd.crosstab(df['guzzler'], df['drive_desc']))\n"
         "expect = TEST((r[0], r[1]), alpha=0.05, name='chi-square')"),
        ("b12-e12-16", "en", "constraint",
         "Using the 1.5*IQR rule (quartiles Q1/Q3), how many highway mpg values count as outliers?",
         "expect = S(iqr_outliers(df['hwy_mpg']))"),
        ("b12-e12-17", "en", "constraint",
         "Define the mpg gap as highway mpg minus city mpg. What is the average gap for all-wheel-drive "
         "vehicles? Round to 2 decimals.",
         "gap = df['hwy_mpg'] - df['city_mpg']\n"
         "expect = S(gap[df['drive_desc'] == 'All Wheel Drive'].mean(), round=2)"),
        ("b12-e12-18", "en", "constraint",
         "Steps: (1) keep only gasoline vehicles (fuel usage description starting with 'Gasoline'); "
         "(2) drop rows without a cylinder count; (3) compute mean combined mpg per number of cylinders; "
         "(4) round to 1 decimal.",
         "g = df[df['fuel_usage_desc'].str.startswith('Gasoline')].dropna(subset=['no_cylinders'])\n"
         "expect = BY(g.groupby('no_cylinders')['comb_mpg'].mean(), 'mean comb_mpg', round=1)"),
        ("b12-e12-19", "en", "ask",
         "What's the average sticker price of these cars by class?",
         "expect = AR('the file has no price column')"),
        ("b12-e12-20", "en", "ask",
         "Which transmission is the most common one?",
         "a = df['transmission_speed'].value_counts().index[0]\n"
         "b = df['transmission_desc'].value_counts().index[0]\n"
         "assert (a, b) == ('Auto(S6)', 'Automatic')\n"
         "expect = AR('transmission: transmission_speed (Auto(S6)) or transmission / transmission_desc "
         "(Automatic) give different answers')"),
    ],
    # ------------------------------------------------ openintro epa2021 (CSV, Spanish headers)
    "b12_epa2021_es.csv": [
        ("b12-e21-01", "es", "plain",
         "¿Cuántos vehículos aparecen en el archivo?",
         "expect = S(len(df))"),
        ("b12-e21-02", "es", "plain",
         "¿Cuál es el MPG medio en carretera según el tipo de tracción?",
         f"codes = df[['{TRAC}', 'Sistema de tracción']].drop_duplicates()\n"
         "aliases = {d: [c] for d, c in codes.itertuples(index=False)}"
         "  # the drive-system code names the same group\n"
         f"expect = BY(df.groupby('{TRAC}')['{CAR}'].mean(), 'media {CAR}', aliases=aliases)"),
        ("b12-e21-03", "es", "plain",
         "Dime los tres fabricantes con más modelos registrados.",
         f"expect = TOP(df['{FAB}'].value_counts(), 3, 'filas')"),
        ("b12-e21-04", "es", "plain",
         "¿Qué porcentaje de los vehículos tiene tracción total (All Wheel Drive)?",
         f"expect = S((df['{TRAC}'] == 'All Wheel Drive').mean() * 100, percent=True)"),
        ("b12-e21-05", "es", "plain",
         "Mediana de la cilindrada para los coches de 6 cilindros, por favor.",
         f"expect = S(df.loc[df['{CIL}'] == 6, '{CILD}'].median())"),
        ("b12-e21-06", "es", "constraint",
         "Calcula el coeficiente de correlación de Pearson entre la cilindrada del motor y el MPG combinado, "
         "redondeado a 3 decimales.",
         f"expect = S(df['{CILD}'].corr(df['{COMB}']), round=3)"),
        ("b12-e21-07", "es", "constraint",
         "Con la prueba U de Mann-Whitney (alfa = 0,05), ¿difiere el MPG en ciudad entre los vehículos de "
         "transmisión manual (Manual) y los automáticos (Automatic)?",
         f"a = df.loc[df['{TRANS}'] == 'Manual', '{CIU}']\n"
         f"b = df.loc[df['{TRANS}'] == 'Automatic', '{CIU}']\n"
         "expect = mwu(a, b)"),
        ("b12-e21-08", "es", "constraint",
         "Cuenta los valores atípicos del MPG en ciudad con la regla de 1,5 veces el rango intercuartílico.",
         f"expect = S(iqr_outliers(df['{CIU}']))"),
        ("b12-e21-09", "es", "constraint",
         "Quédate solo con los vehículos cuya fecha de lanzamiento cae en 2020 y calcula su MPG combinado "
         "medio, con 2 decimales.",
         f"expect = S(df.loc[df['{FECHA}'].str[:4] == '2020', '{COMB}'].mean(), round=2)"),
        ("b12-e21-10", "es", "ask",
         "¿Cuál es el precio medio de venta de los vehículos por fabricante?",
         "expect = AR('el archivo no tiene columna de precio')"),
        ("b12-e21-11", "en", "plain",
         "Which vehicle class has the lowest median combined MPG?",
         f"expect = TOP(df.groupby('Clase')['{COMB}'].median(), 1, 'median {COMB}', ascending=True)"),
        ("b12-e21-12", "en", "plain",
         "how many models have a 10-gear transmission?",
         "expect = S((df['Número de marchas'] == 10).sum())"),
        ("b12-e21-13", "en", "plain",
         "Which three manufacturers have the highest average number of cylinders?",
         f"expect = TOP(df.groupby('{FAB}')['{CIL}'].mean(), 3, 'mean {CIL}')"),
        ("b12-e21-14", "en", "plain",
         "Total number of diesel vehicles (any diesel fuel)?",
         "expect = S(df['Descripción del uso de combustible'].str.startswith('Diesel').sum())"),
        ("b12-e21-15", "en", "constraint",
         "Run a one-way ANOVA of highway MPG across the drive descriptions (alpha = 0.05) "
         "and report F and p.",
         f"g = [x['{CAR}'].values for _, x in df.groupby('{TRAC}')]\n"
         "expect = TEST(stats.f_oneway(*g), alpha=0.05, name='one-way ANOVA')"),
        ("b12-e21-16", "en", "constraint",
         "With z-scores, how many vehicles have a combined MPG more than 3 standard deviations "
         "away from the mean?",
         f"expect = z_outliers_any(df['{COMB}'])"),
        ("b12-e21-17", "en", "constraint",
         "Define the efficiency ratio as city MPG divided by highway MPG. What is its mean for the "
         "Two Seaters class? Give 3 decimals.",
         f"r = df['{CIU}'] / df['{CAR}']\n"
         "expect = S(r[df['Clase'] == 'Two Seaters'].mean(), round=3)"),
        ("b12-e21-18", "en", "constraint",
         "Fill the empty car/truck entries with 'unknown', then count the vehicles in each "
         "car/truck category.",
         "expect = BY(df['Coche o camión'].fillna('unknown').value_counts(), 'rows')"),
        ("b12-e21-19", "en", "constraint",
         "Restricting to release dates in 2020, how many vehicles were released in each month?",
         f"d = df[df['{FECHA}'].str[:4] == '2020']\n"
         f"expect = BY(d.groupby(d['{FECHA}'].str[:7].rename('mes')).size(), 'rows', "
         "aliases={f'2020-{m:02d}': [f'{m}', f'{m:02d}', *MONTHS[str(m)]] for m in range(1, 13)})"),
        ("b12-e21-20", "en", "ask",
         "What is the average CO2 emission per vehicle class?",
         "expect = AR('the file has no CO2 / emissions column')"),
    ],
    # ------------------------------------------------ openintro gdp_countries (xlsx, German headers)
    "b12_gdp_countries_de.xlsx": [
        ("b12-gdp-01", "de", "plain",
         "Wie viele verschiedene Länder sind in der Tabelle?",
         "n = df['Land'].nunique()\n"
         "expect = ANY(S(n), S(n - 1))  # with or without the 'World' aggregate"),
        ("b12-gdp-02", "de", "plain",
         "Welches Land hatte 2020 das höchste BIP pro Kopf?",
         PC + "expect = TOP(g.set_index('Land')['Jahr 2020'], 1, 'GDP per capita 2020')"),
        ("b12-gdp-03", "de", "plain",
         "Wie hoch war das durchschnittliche BIP-Wachstum 2010 über alle Länder, ohne die Zeile World?",
         GRO + "expect = S(g['Jahr 2010'].mean())"),
        ("b12-gdp-04", "de", "plain",
         "Nenne mir die fünf Länder mit dem größten BIP im Jahr 2000 (ohne World).",
         GDP + "expect = TOP(g.set_index('Land')['Jahr 2000'], 5, 'GDP 2000')"),
        ("b12-gdp-05", "de", "plain",
         "In wie vielen Zeilen mit BIP-Wachstum liegt der Wert für 2020 unter null?",
         "expect = S(((df['Beschreibung'] == 'GDP growth') & (df['Jahr 2020'] < 0)).sum())"),
        ("b12-gdp-06", "de", "constraint",
         "Berechne den Median des BIP pro Kopf für 1990 (ohne World, fehlende Werte ignorieren), gerundet "
         "auf 2 Nachkommastellen.",
         PC + "expect = S(g['Jahr 1990'].median(), round=2)"),
        ("b12-gdp-07", "de", "constraint",
         "Pearson-Korrelation zwischen dem BIP pro Kopf 2010 und 2020 über die Länder (ohne World, nur "
         "Länder mit beiden Werten), auf 3 Nachkommastellen.",
         PC + "expect = S(g['Jahr 2010'].corr(g['Jahr 2020']), round=3)"),
        ("b12-gdp-08", "de", "constraint",
         "Fülle fehlende Werte beim BIP-Wachstum 2020 mit 0 auf und berechne dann den Mittelwert über alle "
         "Länder ohne World (4 Nachkommastellen).",
         GRO + "expect = S(g['Jahr 2020'].fillna(0).mean(), round=4)"),
        ("b12-gdp-09", "de", "constraint",
         "Wilcoxon-Vorzeichen-Rang-Test: Unterscheidet sich das BIP-Wachstum von 2010 und 2020 (gepaart je "
         "Land, nur Länder mit beiden Werten, ohne World)? Signifikanzniveau 0,05.",
         GRO + "p = g[['Jahr 2010', 'Jahr 2020']].dropna()\n"
         "r = stats.wilcoxon(p['Jahr 2010'], p['Jahr 2020'])\n"
         "n = len(p)\n"
         "expect = ANY(TEST(r, alpha=0.05, name='Wilcoxon signed-rank'), "
         "TEST((n * (n + 1) / 2 - r.statistic, r.pvalue), alpha=0.05, name='Wilcoxon signed-rank (W+)'))"),
        ("b12-gdp-10", "de", "ask",
         "Wie hoch war die Inflationsrate in Deutschland im Jahr 2020?",
         "expect = AR('die Datei hat keine Inflation')"),
        ("b12-gdp-11", "en", "plain",
         "What was the world's GDP in 1960 and in 2020?",
         "w = df[(df['Land'] == 'World') & (df['Beschreibung'] == 'GDP')].iloc[0]\n"
         "expect = NUMS([w['Jahr 1960'], w['Jahr 2020']])"),
        ("b12-gdp-12", "en", "plain",
         "By how much did Germany's GDP per capita change between 1990 and 2020?",
         "r = df[(df['Land'] == 'Germany') & (df['Beschreibung'] == 'GDP per capita')].iloc[0]\n"
         "expect = S(r['Jahr 2020'] - r['Jahr 1990'])"),
        ("b12-gdp-13", "en", "plain",
         "For each kind of measure in the description column, how many rows have a value for 2020?",
         "expect = BY(df.groupby('Beschreibung')['Jahr 2020'].count(), 'rows with a 2020 value')"),
        ("b12-gdp-14", "en", "plain",
         "list the 3 countries whose GDP grew fastest in 2020",
         GRO + "expect = TOP(g.set_index('Land')['Jahr 2020'], 3, 'GDP growth 2020')"),
        ("b12-gdp-15", "en", "plain",
         "In which of the decade years was world GDP growth highest?",
         "w = df[(df['Land'] == 'World') & (df['Beschreibung'] == 'GDP growth')].iloc[0]\n"
         "s = w[[c for c in df.columns if c.startswith('Jahr ')]].astype(float)\n"
         "expect = TOP(s, 1, 'world GDP growth', aliases={c: [c[5:]] for c in s.index})"),
        ("b12-gdp-16", "en", "constraint",
         "Using Spearman's rho, how related are GDP per capita in 1980 and in 2020 across countries? Leave "
         "out the World row; 3 decimals.",
         PC + "expect = S(g['Jahr 1980'].corr(g['Jahr 2020'], method='spearman'), round=3)"),
        ("b12-gdp-17", "en", "constraint",
         "For every country except World, divide its 2020 GDP by its 2010 GDP; what is the median of that "
         "ratio (countries missing either year skipped)? Round to 3 decimals.",
         GDP + "expect = S((g['Jahr 2020'] / g['Jahr 2010']).median(), round=3)"),
        ("b12-gdp-18", "en", "constraint",
         "Paired t-test: GDP growth in 2010 vs 2020 for the countries that have both values "
         "(World excluded), "
         "alpha 0.01.",
         GRO + "p = g[['Jahr 2010', 'Jahr 2020']].dropna()\n"
         "expect = TEST(stats.ttest_rel(p['Jahr 2010'], p['Jahr 2020']), alpha=0.01, name='paired t')"),
        ("b12-gdp-19", "en", "constraint",
         "Flag outliers in 2020 GDP per capita with the 1.5 x IQR rule (World not counted). How many "
         "countries are flagged?",
         PC + "expect = S(iqr_outliers(g['Jahr 2020']))"),
        ("b12-gdp-20", "en", "ask",
         "What's the average for 2020?",
         "m = df.groupby('Beschreibung')['Jahr 2020'].mean()\n"
         "assert m.nunique() == 3\n"
         "expect = AR('the 2020 column holds three measures (GDP, GDP growth, GDP per capita) "
         "with different means')"),
    ],
    # ------------------------------------------------ openintro get_it_dunn_run (; CSV, French headers)
    "b12_get_it_dunn_run_fr.csv": [
        ("b12-dun-01", "fr", "plain",
         "Combien de coureurs ont pris le départ en 2018 ?",
         YR + "expect = S((yr == '2018').sum())"),
        ("b12-dun-02", "fr", "plain",
         "Quel est le temps moyen pour chaque course (5k et semi-marathon) ?",
         f"expect = BY(df.groupby('Course')['{T}'].mean(), 'temps moyen')"),
        ("b12-dun-03", "fr", "plain",
         "Quel est l'âge médian des femmes inscrites ?",
         f"expect = S(df.loc[df['Sexe'] == 'F', '{AGE}'].median())"),
        ("b12-dun-04", "fr", "plain",
         "Donne-moi les deux États d'où viennent le plus de participants.",
         "expect = TOP(df['État'].value_counts(), 2, 'participants')"),
        ("b12-dun-05", "fr", "plain",
         "Quelle proportion des participants sont des hommes ?",
         "expect = S((df['Sexe'] == 'M').mean() * 100, percent=True)"),
        ("b12-dun-06", "fr", "constraint",
         "Test t de Welch : le temps sur le 5k diffère-t-il entre hommes et femmes ? Seuil alpha = 0,05.",
         f"k = df[df['Course'] == '5k']\n"
         f"expect = TEST(stats.ttest_ind(k.loc[k['Sexe'] == 'M', '{T}'], k.loc[k['Sexe'] == 'F', '{T}'], "
         "equal_var=False), alpha=0.05, name='Welch t')"),
        ("b12-dun-07", "fr", "constraint",
         "Corrélation de Spearman entre l'âge et le temps sur le semi-marathon, arrondie à 3 décimales.",
         f"h = df[df['Course'] == 'half-marathon']\n"
         f"expect = S(h['{AGE}'].corr(h['{T}'], method='spearman'), round=3)"),
        ("b12-dun-08", "fr", "constraint",
         "Remplacez les âges manquants par la médiane des âges, puis calculez l'âge moyen (2 décimales).",
         f"a = df['{AGE}']\n"
         "expect = S(a.fillna(a.median()).mean(), round=2)"),
        ("b12-dun-09", "fr", "constraint",
         "Pour le 5k de 2017 seulement : combien de temps de course sont aberrants "
         "selon la règle 1,5 × IQR ?",  # noqa: RUF001 - the French multiplication sign
         YR + f"expect = S(iqr_outliers(df.loc[(yr == '2017') & (df['Course'] == '5k'), '{T}']))"),
        ("b12-dun-10", "fr", "ask",
         "Donne-moi la valeur moyenne pour chaque type de course.",
         f"m = df.groupby('Course')[['{AGE}', '{T}']].mean()\n"
         f"assert (m['{AGE}'] - m['{T}']).abs().min() > 1\n"
         "expect = AR('valeur moyenne : âge, temps (ou numéro de dossard) donnent des nombres différents')"),
        ("b12-dun-11", "en", "plain",
         "How many runners list a state other than WI?",
         "s = df['État']\n"
         "expect = S((s.notna() & (s != 'WI')).sum())"),
        ("b12-dun-12", "en", "plain",
         "What was the fastest half-marathon time in each year?",
         YR + f"h = df['Course'] == 'half-marathon'\n"
         f"expect = BY(df[h].groupby(yr[h].rename('year'))['{T}'].min(), 'min time')"),
        ("b12-dun-13", "en", "plain",
         "How old is the oldest participant?",
         f"expect = S(df['{AGE}'].max())"),
        ("b12-dun-14", "en", "plain",
         "Average 5k finishing time by sex for the 2018 edition.",
         YR + f"k = df[(yr == '2018') & (df['Course'] == '5k')]\n"
         f"expect = BY(k.groupby('Sexe')['{T}'].mean(), 'mean time')"),
        ("b12-dun-15", "en", "plain",
         "By how many minutes did the median half-marathon time change from 2017 to 2018?",
         YR + f"h = df['Course'] == 'half-marathon'\n"
         f"m = df[h].groupby(yr[h])['{T}'].median()\n"
         "expect = S(m['2018'] - m['2017'])"),
        ("b12-dun-16", "en", "constraint",
         "Chi-square test of independence between sex and race (5k vs half-marathon), alpha 0.05.",
         "t = pd.crosstab(df['Sexe'], df['Course'])\n"
         "r1 = stats.chi2_contingency(t)\n"
         "r0 = stats.chi2_contingency(t, correction=False)\n"
         "expect = ANY(TEST((r1[0], r1[1]), name='chi-square (Yates)'), "
         "TEST((r0[0], r0[1]), name='chi-square'))"),
        ("b12-dun-17", "en", "constraint",
         "Among runners aged 40 or older, what is the mean half-marathon time? Round to 2 decimals.",
         f"h = df[(df['Course'] == 'half-marathon') & (df['{AGE}'] >= 40)]\n"
         f"expect = S(h['{T}'].mean(), round=2)"),
        ("b12-dun-18", "en", "constraint",
         "Within the 5k race only, drop the times whose |z-score| exceeds 3, then report the mean of the "
         "remaining 5k times to 2 decimals.",
         f"s = df.loc[df['Course'] == '5k', '{T}']\n"
         "a = s[((s - s.mean()) / s.std()).abs() <= 3].mean()\n"
         "b = s[((s - s.mean()) / s.std(ddof=0)).abs() <= 3].mean()\n"
         "expect = S(a, round=2) if round(a, 2) == round(b, 2) else ANY(S(a, round=2), S(b, round=2))"),
        ("b12-dun-19", "en", "constraint",
         "Pearson correlation of age with 5k run time (skip rows with no age), 3 decimals please.",
         f"k = df[df['Course'] == '5k']\n"
         f"expect = S(k['{AGE}'].corr(k['{T}']), round=3)"),
        ("b12-dun-20", "en", "ask",
         "What is the average body weight of the runners?",
         "expect = AR('the file has no weight column')"),
    ],
}
